/* sha3-asip rv32-v-keccak: Keccak-p[b, rounds] on the RISC-V vector base (zve64x,
 * VLEN = 128) with the xvkeccak extension (isa/xvkeccak/README.md).
 *
 * Layout: the 25 lanes packed as in memory (lane i = element i at SEW = w = b / 25), block
 * A from v0 (v0..v12 at b = 1600), block B from v16; D (theta's five lanes) from v13. A
 * round is
 *   vktheta D, A           column parities and D
 *   vkround B, A, D, y     y = 0..4: theta (D applied) + rho + pi + chi of plane y
 *   vkiota  B, index       iota
 * and the next round goes back from B to A. kernel_permute (b = 1600, even rounds) starts
 * and ends in block A; kernel_keccakp (Keyak, Ketje: b = 200..1600, any round count)
 * starts in B for an odd count. The state in memory is the packed byte state in both. */
#include "xvkeccak.h"

/* One round from the block at \src into the block at \dst, round index in a1. */
.macro ROUND src, dst
	vktheta 13, \src
	vkround \dst, \src, 13, 0
	vkround \dst, \src, 13, 1
	vkround \dst, \src, 13, 2
	vkround \dst, \src, 13, 3
	vkround \dst, \src, 13, 4
	vkiota \dst, a1
	addi a1, a1, 1
.endm

	.text
	.globl kernel_permute
	.type kernel_permute, @function
/* void kernel_permute(keccak_state_t *s (a0), unsigned rounds (a1)) */
kernel_permute:
	vsetivli zero, 16, e64, m8, ta, ma
	vle64.v v0, (a0)
	addi a2, a0, 128
	vsetivli zero, 9, e64, m8, ta, ma
	vle64.v v8, (a2)
	li a3, 24
	sub a1, a3, a1		/* round index 24 - rounds .. 23 */
	beq a1, a3, 2f
1:	ROUND 0, 16
	ROUND 16, 0
	bne a1, a3, 1b
	vse64.v v8, (a2)
	vsetivli zero, 16, e64, m8, ta, ma
	vse64.v v0, (a0)
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
	srli t1, a1, 3		/* state bytes */
	li t3, 128
	sub t4, t1, t3		/* bytes past the first 128 (b = 1600: 72) */
	addi t5, a0, 128
	vsetvli zero, t1, e8, m8, ta, ma	/* vl = min(bytes, 128) */
	sub a1, a3, a2		/* round index 12 + 2l - rounds .. */
	andi t0, a2, 1
	bnez t0, 3f
	vle8.v v0, (a0)
	blez t4, 4f
	vsetvli zero, t4, e8, m8, ta, ma
	vle8.v v8, (t5)
	j 4f
3:	/* odd: load into B, one round into A */
	vle8.v v16, (a0)
	blez t4, 2f
	vsetvli zero, t4, e8, m8, ta, ma
	vle8.v v24, (t5)
2:	li t0, 1
	vsetvl zero, t0, t2
	ROUND 16, 0
	j 5f
4:	li t0, 1
	vsetvl zero, t0, t2
5:	beq a1, a3, 6f
7:	ROUND 0, 16
	ROUND 16, 0
	bne a1, a3, 7b
6:	vsetvli zero, t1, e8, m8, ta, ma
	vse8.v v0, (a0)
	blez t4, 8f
	vsetvli zero, t4, e8, m8, ta, ma
	vse8.v v8, (t5)
8:	li a0, 0
	ret
	.size kernel_keccakp, .-kernel_keccakp
