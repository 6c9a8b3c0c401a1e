# rv32-xkeccak: Keccak-p[1600] on the project's own extension xkeccak (isa/xkeccak): the
# state moves into the unit's lane file (kput, column order: the column parities come
# with it), each round is 25 ktrp (theta + rho + pi) and 25 kchi (chi + iota), and the
# state goes back to memory (kgetlo/kgethi). kernel_permute in assembly (permute.S), state
# access in kernels/common/lanes.c (plain lanes).
ARCH          := rv32
MARCH         ?= rv32im
CFLAGS_KERNEL ?= -O2 -I../isa/xkeccak/include
KERNEL_SRCS   := kernels/rv32-xkeccak/permute.S kernels/common/lanes.c
# qemu cannot execute custom-opcode instructions; verified on the project simulator.
QEMU_UNSUPPORTED := custom instructions
