# rv32-v: Keccak-p[1600] on the RISC-V vector extension at VLEN = 128 (zve64x), hand-written
# assembly (permute.S: one plane per LMUL=4 register group, pi through a strided load);
# state access in kernels/common/lanes.c (plain lanes); keccakp.S: Keccak-p[200/400/800] (and
# 1600 through permute.S) for Keyak and Ketje. RVV_ZVKB=1 also uses the Zvkb
# rotates and vandn (design rv32-v-zvkb; qemu 7.2 lacks Zvkb).
ARCH          := rv32
MARCH         ?= rv32im_zve64x
CFLAGS_KERNEL ?= -O2
KERNEL_SRCS   := kernels/rv32-v/permute.S kernels/rv32-v/keccakp.S kernels/common/lanes.c
QEMU_CPU      := rv32,v=true,vlen=128,elen=64,vext_spec=v1.0
