# rv32-oasip: the compact reference Keccak rewritten for the OASIP extension (seed 001,
# Sect. 4.1): remv indexing, pack/rotl/extlw 64-bit rotations, hmask rho offsets, lfsr
# round constants, doloop on the two outer loop levels (rounds; x/y/t), third level
# unrolled. kernel_permute in assembly (permute.S), state access in C shared with
# rv32-ref (kernels/common/lanes.c). Intrinsics: isa/oasip/include/oasip.h (included by path).
ARCH          := rv32
MARCH         ?= rv32im
CFLAGS_KERNEL ?= -O2
KERNEL_SRCS   := kernels/rv32-oasip/permute.S kernels/common/lanes.c
# qemu cannot execute custom-opcode instructions; verified on the project simulator.
QEMU_UNSUPPORTED := custom instructions
# qemu cannot execute custom-opcode instructions; verified on the project simulator
# (isa/oasip/tests/firmware.rs and the flow's bench).
QEMU_UNSUPPORTED := custom instructions
