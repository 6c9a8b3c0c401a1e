# rv32-sw: bit-interleaved, lane-complemented, in-place two-round-unrolled Keccak, plain
# RV32IM. kernel_permute is generated assembly (keccak_permute.S, from
# kernels/rv32-zbkb/gen_permute.py --isa rv32im: register-allocated and scheduled, column
# parities accumulated in registers, checked against Keccak-f[1600] at generation time);
# state access (interleaving, complementing) is C (kernel.c, -Os), whose C kernel_permute (from
# keccak_rounds.h) is what mips-sw builds.
ARCH          := rv32
MARCH         ?= rv32im
CFLAGS_KERNEL ?= -Os
KERNEL_SRCS   := kernels/rv32-sw/kernel.c kernels/rv32-sw/keccak_permute.S
# Generated sources (checked in; regenerated when a generator or these options change).
KERNEL_GEN     := kernels/rv32-sw/keccak_rounds.h kernels/rv32-sw/keccak_permute.S
KERNEL_GEN_DEP := kernels/rv32-sw/gen_rounds.py kernels/rv32-zbkb/gen_permute.py scripts/keccak_model.py \
                  kernels/rv32-sw/kernel.mk
KERNEL_GEN_CMD  = $(if $(filter %.S,$@),\
  $(PYTHON) kernels/rv32-zbkb/gen_permute.py --isa rv32im --search 100 -o $@,\
  $(PYTHON) kernels/rv32-sw/gen_rounds.py --parity load -o $@)
