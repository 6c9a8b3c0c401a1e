# MIPS32 little-endian toolchain settings (included by firmware/Makefile after kernel.mk).
# -G 0: no gp-relative small data (gp is still set by crt0 for safety).
CROSS    ?= mipsel-linux-gnu-
CC       := $(CROSS)gcc
OBJDUMP  := $(CROSS)objdump
NM       := $(CROSS)nm
MARCH    ?= mips32
ARCH_CFLAGS := -march=$(MARCH) -EL -mabi=32 -mno-abicalls -fno-pic -G 0
# The Debian libgcc is built for PIC/abicalls; kernels must not need it (the kernel link
# step fails if they do).
LIBGCC   :=
QEMU     ?= qemu-mipsel
ARCH_LDFLAGS := -Wl,--build-id=none
