# rv32-zbkb: bit-interleaved, in-place, two-round-unrolled Keccak for RV32IM + Zbkb.
# kernel_permute is generated assembly (gen_permute.py: register allocation, scheduling and
# a model check against Keccak-f[1600] at generation time); state access is C with Zbkb
# inline assembly (unzip/zip + pack convert lanes to and from the interleaved form).
ARCH          := rv32
MARCH         ?= rv32im_zbkb
CFLAGS_KERNEL ?= -O2
KERNEL_SRCS   := kernels/rv32-zbkb/kernel.c kernels/rv32-zbkb/keccak_permute.S
# Generated source (checked in; regenerated when the generator changes).
KERNEL_GEN     := kernels/rv32-zbkb/keccak_permute.S
KERNEL_GEN_DEP := kernels/rv32-zbkb/gen_permute.py scripts/keccak_model.py
KERNEL_GEN_CMD := $(PYTHON) kernels/rv32-zbkb/gen_permute.py -o $(KERNEL_GEN)
# Debian's qemu-riscv32 (7.2) does not enable Zbkb by default: select a CPU with it for
# `make test` (check_qemu.py runs $(QEMU) from this environment). For
# scripts/count_insns.py set QEMU_CPU=rv32,zbkb=true yourself.
export QEMU_CPU := rv32,zbkb=true
