# mips-sw: the rv32-sw C source (bit-interleaved, lane-complemented, in place) on MIPS32.
ARCH          := mips
MARCH         ?= mips32
CFLAGS_KERNEL ?= -Os
KERNEL_SRCS   := kernels/rv32-sw/kernel.c
