# rv32-ref: compact reference Keccak (the seed's baseline style), plain RV32IM, -O2.
ARCH          := rv32
MARCH         ?= rv32im
CFLAGS_KERNEL ?= -O2
KERNEL_SRCS   := kernels/common/ref.c kernels/common/lanes.c
