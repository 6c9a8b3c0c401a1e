/* sha3-asip rv32-v: Keccak-p[b, rounds] for b = 200, 400, 800 (and 1600 through
 * kernel_permute) on the RISC-V vector extension at VLEN = 128, hand-written: the design's
 * kernel_keccakp (include/kernel.h), which Keyak and Ketje (aead/) run on.
 *
 * The same algorithm as permute.S, one plane per register group with vl = 5, at the lane
 * width w = b/25 as the element width: e8 / e16 at LMUL = 1 (one 128-bit register holds a
 * plane), e32 at LMUL = 2. Rows R0..R4 = v4, v8, v12, v16, v20; temporaries v0, v24, v28;
 * the vrgatherei16 index vectors (x+1, x+2, x-1 mod 5) in v6, v10, v14 (free at LMUL <= 2;
 * at e8 the 16-bit indices span two registers, v6-v7, ...). Rotations: vsll by r and vsrl
 * by -r, whose low log2(w) bits are w - r mod w, so one code serves every width. The state
 * is the b/8-byte FIPS 202 byte string (lanes little-endian), loaded and stored as rows of
 * 5 elements; it must be aligned to w/8 bytes. The round steps are rvv_keccak.h's, shared
 * with permute.S (here always without Zvkb: zvkb = 0). */
#include "rvv_keccak.h"

	.text
	.globl kernel_keccakp
	.type kernel_keccakp, @function
/* int kernel_keccakp(uint8_t *s (a0), unsigned b (a1), unsigned rounds (a2)):
 * 0 done, -1 (b, rounds) not served. */
kernel_keccakp:
	li t0, 1600
	bne a1, t0, 1f
	/* b = 1600: kernel_permute works on plain lanes, which the byte state is on RV32 */
	addi t0, a2, -1
	li t1, 24
	bgeu t0, t1, 9f
	addi sp, sp, -16
	sw ra, 12(sp)
	mv a1, a2
	call kernel_permute
	lw ra, 12(sp)
	addi sp, sp, 16
	li a0, 0
	ret
1:	li t0, 800
	beq a1, t0, .Lp800
	li t0, 400
	beq a1, t0, .Lp400
	li t0, 200
	beq a1, t0, .Lp200
9:	li a0, -1
	ret

/* One width's permutation: SEW, LMUL, element bytes, rounds of Keccak-f[b], tables. */
.macro KECCAKP sew, lmul, eb, nmax, rot, rc
	addi t0, a2, -1
	li t1, \nmax
	bgeu t0, t1, 9b
	addi sp, sp, -48
	SPILL sw, s0, s1, s2, s3, s4
	/* s0..s4: the scratch rows (each row stored twice, 10 elements); pi's strided loads
	 * start at element 3Y % 5 = 0, 3, 1, 4, 2 with a stride of 11 elements */
	la s0, .Lscratch
	addi s1, s0, 10 * \eb
	addi s2, s0, 20 * \eb
	addi s3, s0, 30 * \eb
	addi s4, s0, 40 * \eb
	addi t3, s0, 1 * \eb
	addi t4, s0, 2 * \eb
	addi t5, s0, 3 * \eb
	addi t6, s0, 4 * \eb
	li t0, 11 * \eb
	/* rho amounts, one row each */
	la a3, \rot
	addi a4, a3, 5 * \eb
	addi a5, a3, 10 * \eb
	addi a6, a3, 15 * \eb
	addi a1, a3, 20 * \eb
	/* round constants: rows nmax - rounds .. nmax - 1 */
	li t1, \nmax
	sub t1, t1, a2
	li t2, 5 * \eb
	mul t1, t1, t2
	la a7, \rc
	add a7, a7, t1
	la t2, \rc + \nmax * 5 * \eb
	li a2, \sew - 1 /* theta's rotate: x >> (w - 1) */
	LOAD_GATHER_INDICES v6, v10, v14
	vsetivli zero, 5, e\sew, \lmul, tu, mu
	STATE_ROWS vle, \sew, \eb
1:
	/* theta */
	THETA v6, v14, a2, 0
	/* rho */
	RHO_ROW \sew, 4, a3, 0
	RHO_ROW \sew, 8, a4, 0
	RHO_ROW \sew, 12, a5, 0
	RHO_ROW \sew, 16, a6, 0
	RHO_ROW \sew, 20, a1, 0
	/* pi: each row twice, then one strided load per new row */
	STORE_TWICE \sew, \eb, 4, s0
	STORE_TWICE \sew, \eb, 8, s1
	STORE_TWICE \sew, \eb, 12, s2
	STORE_TWICE \sew, \eb, 16, s3
	STORE_TWICE \sew, \eb, 20, s4
	PI_LOADS \sew
	/* chi */
	CHI_ROW 4, v6, v10, 0
	CHI_ROW 8, v6, v10, 0
	CHI_ROW 12, v6, v10, 0
	CHI_ROW 16, v6, v10, 0
	CHI_ROW 20, v6, v10, 0
	/* iota */
	vle\sew\().v v24, (a7)
	vxor.vv v4, v4, v24
	addi a7, a7, 5 * \eb
	bne a7, t2, 1b
	STATE_ROWS vse, \sew, \eb
	SPILL lw, s0, s1, s2, s3, s4
	addi sp, sp, 48
	li a0, 0
	ret
.endm

/* pi, first half: row stored twice in a row of 10 elements at (base) */
.macro STORE_TWICE sew, eb, row, base
	vse\sew\().v v\row, (\base)
	addi t1, \base, 5 * \eb
	vse\sew\().v v\row, (t1)
.endm

.Lp800:
	KECCAKP 32, m2, 4, 22, .Lrot800, .Lrc800
.Lp400:
	KECCAKP 16, m1, 2, 20, .Lrot400, .Lrc400
.Lp200:
	KECCAKP 8, m1, 1, 18, .Lrot200, .Lrc200
	.size kernel_keccakp, . - kernel_keccakp

#include "keccak_tables.h"
	.section .rodata
	.p2align 3
	.p2align 2
/* Keccak-p[200]: rho amounts mod 8, row y, element x (keccak_tables.h) */
.Lrot200:
	ROT 8, .byte
/* Keccak-f[200]'s round constants, each as a row (keccak_tables.h) */
.Lrc200:
	RC 8, .byte
.Lrc200_end:
	.p2align 2
/* Keccak-p[400]: rho amounts mod 16, row y, element x (keccak_tables.h) */
.Lrot400:
	ROT 16, .half
/* Keccak-f[400]'s round constants, each as a row (keccak_tables.h) */
.Lrc400:
	RC 16, .half
.Lrc400_end:
	.p2align 2
/* Keccak-p[800]: rho amounts mod 32, row y, element x (keccak_tables.h) */
.Lrot800:
	ROT 32, .word
/* Keccak-f[800]'s round constants, each as a row (keccak_tables.h) */
.Lrc800:
	RC 32, .word
.Lrc800_end:

	.bss
	.p2align 3
/* pi scratch: five rows of ten elements (each row twice), at most 32-bit elements */
.Lscratch:
	.space 200
