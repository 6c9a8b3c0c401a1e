# mips-coproc: the compact reference Keccak (kernels/common/ref.c: loops over x and y with
# run-time % 5 indexing, rho offsets computed in the pi walk, LFSR round constants,
# lane-wise state access in kernels/common/lanes.c) for the coprocessor ISE of seed 000 (Table 2): column parities by
# lwau x5 + xor5, theta's rotl 1 and rho by lwau x3 + rot + swleast into a copy of the
# state (rho-pi out of place), chi by lwau x5 + chi x5 per row half.
# Intrinsics: isa/mips-coproc/include/mips_coproc.h (included by path).
ARCH          := mips
MARCH         ?= mips32
CFLAGS_KERNEL ?= -O2
KERNEL_SRCS   := kernels/mips-coproc/keccak.c kernels/common/lanes.c
# qemu cannot execute the custom coprocessor-2 instructions; verified on the project
# simulator (isa/mips-coproc/tests/firmware.rs and the flow's tests).
QEMU_UNSUPPORTED := custom instructions
