# rv32-v-keccak: Keccak-p[1600] on the vector base (zve64x, VLEN = 128) with the project's
# Keccak SIMD extension xvkeccak (isa/xvkeccak): the state is loaded into the register
# block v0..v12 (lanes packed as in memory), each round is vktheta (column parities + D),
# five vkround (theta + rho + pi + chi, one output plane each) into the other block
# v16..v28, and vkiota; two rounds per loop pass, so the state ends in v0..v12 again.
# kernel_permute and kernel_keccakp (Keccak-p[200..1600], any round count, for Keyak and
# Ketje) in assembly (permute.S), state access in kernels/common/lanes.c.
ARCH          := rv32
MARCH         ?= rv32im_zve64x
CFLAGS_KERNEL ?= -O2 -I../isa/xvkeccak/include
KERNEL_SRCS   := kernels/rv32-v-keccak/permute.S kernels/common/lanes.c
# qemu cannot execute custom-opcode instructions; verified on the project simulator.
QEMU_UNSUPPORTED := custom instructions
