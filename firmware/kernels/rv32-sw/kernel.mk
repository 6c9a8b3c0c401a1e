# rv32-sw: bit-interleaved, lane-complemented, in-place unrolled Keccak in C, plain RV32IM.
ARCH          := rv32
MARCH         ?= rv32im
CFLAGS_KERNEL ?= -O2
KERNEL_SRCS   := kernels/rv32-sw/kernel.c
