/* sha3-asip rv32-v: Keccak-p[1600, rounds] on the RISC-V vector extension at VLEN = 128
 * (zve64x; with -DRVV_ZVKB also the Zvkb rotates and vandn), hand-written.
 *
 * Layout: one plane (row y: lanes x = 0..4) per register group, SEW = 64, LMUL = 4, vl = 5:
 * R0..R4 = v4, v8, v12, v16, v20 (element x in register 4y+4 + x/2). One instruction works
 * on a whole row of five lanes (three 128-bit beats). Temporaries: v0, v24, v28 (groups);
 * the vrgatherei16 index vectors (x+1, x+2, x-1 mod 5) live in v7, v11, v15, the
 * registers of the row groups past element 5 that vl = 5 never writes (tail undisturbed,
 * vtype "tu").
 *
 *   theta  C = R0^R1^R2^R3^R4 (4), D = C[x-1] ^ rol(C[x+1], 1) (2 gathers + rotate + xor),
 *          R_y ^= D (5)
 *   rho    R_y = rol(R_y, r[x][y]) with the amounts loaded as a row (vle64 + rotate)
 *   pi     the rows stored twice in a row of 10 lanes (scratch), then row Y of the new state
 *          is one strided load: B[X][Y] = A[(X + 3Y) % 5][X] = scratch[11X + (3Y % 5)]
 *   chi    R_Y ^= ~R_Y[x+1] & R_Y[x+2] (2 gathers, andn, xor)
 *   iota   R0 ^= (RC, 0, 0, 0, 0) (vle64 + xor)
 * The state is plain lanes in memory (kernels/common/lanes.c gives the byte access). */
#include "rvv_keccak.h"

	.text
	.globl kernel_permute
	.type kernel_permute, @function
/* void kernel_permute(keccak_state_t *s (a0), unsigned rounds (a1)) */
kernel_permute:
	addi sp, sp, -48
	SPILL sw, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9
	/* s0..s9: the ten 40-byte halves of the scratch rows (pi stores) */
	la s0, .Lscratch
	addi s1, s0, 40
	addi s2, s0, 80
	addi s3, s0, 120
	addi s4, s0, 160
	addi s5, s0, 200
	addi s6, s0, 240
	addi s7, s0, 280
	addi s8, s0, 320
	addi s9, s0, 360
	/* pi loads: row Y starts at lane 3Y % 5 = 0, 3, 1, 4, 2; stride 11 lanes */
	addi t3, s0, 8
	addi t4, s0, 16
	addi t5, s0, 24
	addi t6, s0, 32
	li t0, 88
	/* rho amounts, one row each */
	la a2, .Lrot
	addi a3, a2, 40
	addi a4, a2, 80
	addi a5, a2, 120
	addi a6, a2, 160
	/* round constants: rows 24 - rounds .. 23 */
	la a7, .Lrc
	li t1, 24
	sub t1, t1, a1
	slli t2, t1, 5
	slli t1, t1, 3
	add t1, t1, t2
	add a7, a7, t1
	la t2, .Lrc + 24 * 40
	li a1, 63 /* theta's rotate without Zvkb: x >> 63 */
	/* gather indices */
	LOAD_GATHER_INDICES v7, v11, v15
	vsetivli zero, 5, e64, m4, tu, mu
	/* the state: row y at a0 + 40y */
	STATE_ROWS vle, 64, 8
	beq a7, t2, 2f
1:
	/* theta */
	THETA v7, v15, a1, RVV_USE_ZVKB
	/* rho */
	RHO_ROW 64, 4, a2, RVV_USE_ZVKB
	RHO_ROW 64, 8, a3, RVV_USE_ZVKB
	RHO_ROW 64, 12, a4, RVV_USE_ZVKB
	RHO_ROW 64, 16, a5, RVV_USE_ZVKB
	RHO_ROW 64, 20, a6, RVV_USE_ZVKB
	/* pi: each row twice, then one strided load per new row */
	vse64.v v4, (s0)
	vse64.v v4, (s1)
	vse64.v v8, (s2)
	vse64.v v8, (s3)
	vse64.v v12, (s4)
	vse64.v v12, (s5)
	vse64.v v16, (s6)
	vse64.v v16, (s7)
	vse64.v v20, (s8)
	vse64.v v20, (s9)
	PI_LOADS 64
	/* chi */
	CHI_ROW 4, v7, v11, RVV_USE_ZVKB
	CHI_ROW 8, v7, v11, RVV_USE_ZVKB
	CHI_ROW 12, v7, v11, RVV_USE_ZVKB
	CHI_ROW 16, v7, v11, RVV_USE_ZVKB
	CHI_ROW 20, v7, v11, RVV_USE_ZVKB
	/* iota */
	vle64.v v24, (a7)
	vxor.vv v4, v4, v24
	addi a7, a7, 40
	bne a7, t2, 1b
2:
	STATE_ROWS vse, 64, 8
	SPILL lw, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9
	addi sp, sp, 48
	ret
	.size kernel_permute, . - kernel_permute

#include "keccak_tables.h"
	.section .rodata
/* rho rotation amounts, row y = 0..4, element x = 0..4 (left rotations; keccak_tables.h) */
	.p2align 3
.Lrot:
	ROT 64, .dword
/* iota: round i's constant as element 0 of a 5-lane row (the other lanes zero) */
.Lrc:
	RC 64, .dword
/* vrgatherei16 indices: x + 1, x + 2, x - 1 (mod 5); keccakp.S uses them too */
	.p2align 4
	.globl rvv_keccak_idx
rvv_keccak_idx:
	.half 1, 2, 3, 4, 0, 0, 0, 0
	.half 2, 3, 4, 0, 1, 0, 0, 0
	.half 4, 0, 1, 2, 3, 0, 0, 0

	.bss
	.p2align 3
/* pi scratch: five rows of ten lanes (each row twice) */
.Lscratch:
	.space 400
