/* sha3-asip rv32-v-keccakr: Keccak-p[b, rounds] on the RISC-V vector base (zve64x,
 * VLEN = 128) with the xvkeccakr extension (isa/xvkeccakr/README.md).
 *
 * Registers (G = registers per column: 3 at w = 64, 2 at 32, 1 at 16 and 8):
 *   v0 ..         A, the state as a column block (5 G registers)
 *   v16 ..        B, the block rho and pi write (5 G registers); inside it, while B is
 *                 dead: the packed state (loads and stores), C (v16..v20), D (v21..v25)
 *                 and iota's constant (v24)
 * A round is
 *   vkc  16, 0     C[x] in every element of v16 + x
 *   vkd  21, 16    D[x] in every element of v21 + x
 *   vkth 0, 21     A[x, y] ^= D[x]
 *   vkrp 16, 0     B = pi(rho(A))
 *   vkchi 0, 16    A = chi(B)
 *   vle64.v v24, (t0); vxor.vv v0, v0, v24    iota (vl = 1, SEW = w: the constant's low
 *                  w bits into lane (0, 0))
 * The round constants are a table of 64-bit words; the state in memory is the packed byte
 * state. */
#include "xvkeccakr.h"

	.section .rodata
	.balign 8
rc_table:
	.dword 0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000
	.dword 0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009
	.dword 0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a
	.dword 0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003
	.dword 0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a
	.dword 0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008

/* Rounds from the constant at t0 up to t1 (exclusive), vtype SEW = w, vl = 1. */
.macro ROUNDS
1:	vkc 16, 0
	vkd 21, 16
	vkth 0, 21
	vkrp 16, 0
	vkchi 0, 16
	vle64.v v24, (t0)
	vxor.vv v0, v0, v24
	addi t0, t0, 8
	bne t0, t1, 1b
.endm

	.text
	.globl kernel_permute
	.type kernel_permute, @function
/* void kernel_permute(keccak_state_t *s (a0), unsigned rounds (a1)): Keccak-f[1600]'s
 * last `rounds` rounds */
kernel_permute:
	vsetivli zero, 16, e64, m8, ta, ma
	vle64.v v16, (a0)
	addi a2, a0, 128
	vsetivli zero, 9, e64, m8, ta, ma
	vle64.v v24, (a2)
	beqz a1, 2f
	vsetivli zero, 1, e64, m1, ta, ma
	vkcol 0, 16
	la t1, rc_table + 8 * 24
	slli t0, a1, 3
	sub t0, t1, t0
	ROUNDS
	vkpack 16, 0
	vsetivli zero, 9, e64, m8, ta, ma
	vse64.v v24, (a2)
	vsetivli zero, 16, e64, m8, ta, ma
	vse64.v v16, (a0)
2:	ret
	.size kernel_permute, .-kernel_permute

	.globl kernel_keccakp
	.type kernel_keccakp, @function
/* int kernel_keccakp(uint8_t *s (a0), unsigned b (a1), unsigned rounds (a2)): the packed
 * b/8-byte state; 0, or -1 for a width or round count it does not serve. */
kernel_keccakp:
	/* t2 = vtype (SEW = w, LMUL = 1), a3 = 12 + 2l (the rounds of Keccak-f[b]) */
	li t2, 0 << 3
	li a3, 18
	li t0, 200
	beq a1, t0, 1f
	li t2, 1 << 3
	li a3, 20
	li t0, 400
	beq a1, t0, 1f
	li t2, 2 << 3
	li a3, 22
	li t0, 800
	beq a1, t0, 1f
	li t2, 3 << 3
	li a3, 24
	li t0, 1600
	beq a1, t0, 1f
9:	li a0, -1
	ret
1:	addi t0, a2, -1
	bgeu t0, a3, 9b		/* 1 <= rounds <= 12 + 2l */
	srli t3, a1, 3		/* state bytes */
	li t4, 128
	sub t4, t3, t4		/* bytes past the first 128 (b = 1600: 72) */
	addi t5, a0, 128
	vsetvli zero, t3, e8, m8, ta, ma	/* vl = min(bytes, 128) */
	vle8.v v16, (a0)
	blez t4, 2f
	vsetvli zero, t4, e8, m8, ta, ma
	vle8.v v24, (t5)
2:	li t0, 1
	vsetvl zero, t0, t2
	vkcol 0, 16
	/* constants 12 + 2l - rounds .. 12 + 2l - 1 */
	la t6, rc_table
	slli t1, a3, 3
	add t1, t6, t1
	slli t0, a2, 3
	sub t0, t1, t0
	ROUNDS
	vkpack 16, 0
	vsetvli zero, t3, e8, m8, ta, ma
	vse8.v v16, (a0)
	blez t4, 8f
	vsetvli zero, t4, e8, m8, ta, ma
	vse8.v v24, (t5)
8:	li a0, 0
	ret
	.size kernel_keccakp, .-kernel_keccakp
