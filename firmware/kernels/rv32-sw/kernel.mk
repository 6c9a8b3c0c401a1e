# rv32-sw: bit-interleaved, lane-complemented, in-place unrolled Keccak in C, plain RV32IM.
# -Os beats -O2/-O3 here: at -O2 the pre-RA scheduler hoists loads and the register
# allocator spills heavily (see docs/firmware.md); column parities reloaded from memory
# (--parity load) beat accumulating them on the fly for the same reason.
ARCH          := rv32
MARCH         ?= rv32im
CFLAGS_KERNEL ?= -Os
KERNEL_SRCS   := kernels/rv32-sw/kernel.c
# Generated source (checked in; regenerated when the generator or these options change).
KERNEL_GEN     := kernels/rv32-sw/keccak_rounds.h
KERNEL_GEN_DEP := kernels/rv32-sw/gen_rounds.py kernels/rv32-sw/kernel.mk
KERNEL_GEN_CMD := $(PYTHON) kernels/rv32-sw/gen_rounds.py --parity load -o $(KERNEL_GEN)
