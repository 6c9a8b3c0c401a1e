# RV32 toolchain settings (included by firmware/Makefile after the kernel's kernel.mk).
CROSS    ?= riscv64-unknown-elf-
CC       := $(CROSS)gcc
OBJDUMP  := $(CROSS)objdump
NM       := $(CROSS)nm
MARCH    ?= rv32im
MABI     ?= ilp32
ARCH_CFLAGS := -march=$(MARCH) -mabi=$(MABI)
# The libgcc of the plain rv32im/ilp32 multilib (also valid for rv32im + extensions).
LIBGCC   := $(shell $(CC) -march=rv32im -mabi=ilp32 -print-libgcc-file-name 2>/dev/null)
QEMU     ?= qemu-riscv32
ARCH_LDFLAGS :=
