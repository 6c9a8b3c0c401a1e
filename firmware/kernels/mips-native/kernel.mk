# mips-native: the compact reference Keccak (kernels/common/ref.c: loops over x and y with
# run-time % 5 indexing, rho offsets computed in the rho-pi walk, LFSR round constants,
# lane-wise state access in kernels/common/lanes.c) for the native-datapath ISE of seed 000 (Table 1): every 64-bit
# rotation is rot1/rot2/mfleast, chi's ~a & b is andnot. Lanes are (low, high) word pairs.
# Intrinsics: isa/mips-native/include/mips_native.h (included by path).
ARCH          := mips
MARCH         ?= mips32
CFLAGS_KERNEL ?= -O2
KERNEL_SRCS   := kernels/mips-native/keccak.c kernels/common/lanes.c
# qemu cannot execute the custom SPECIAL2 instructions; verified on the project simulator
# (isa/mips-native/tests/firmware.rs and the flow's tests).
QEMU_UNSUPPORTED := custom instructions
