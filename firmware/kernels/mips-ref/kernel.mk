# mips-ref: the same compact reference Keccak as rv32-ref (kernels/common/ref.c), MIPS32.
ARCH          := mips
MARCH         ?= mips32
CFLAGS_KERNEL ?= -O2
KERNEL_SRCS   := kernels/common/ref.c kernels/common/lanes.c
