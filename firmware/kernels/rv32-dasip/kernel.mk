# rv32-dasip: Keccak rewritten for DASIP (seed 001, Sect. 4.2): aux register file holds a
# row of C / D / B lanes per step, step-5 and mod-5 lane addressing, VLIW pairs.
# kernel_permute in assembly (permute.S), state access shared with the plain-lane kernels
# (kernels/common/lanes.c).
ARCH          := rv32
MARCH         ?= rv32im
CFLAGS_KERNEL ?= -O2 -I../isa/dasip/include
KERNEL_SRCS   := kernels/rv32-dasip/permute.S kernels/common/lanes.c
# qemu cannot execute custom-opcode instructions; verified on the project simulator.
QEMU_UNSUPPORTED := custom instructions
