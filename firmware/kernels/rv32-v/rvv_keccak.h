/* sha3-asip rv32-v: the Keccak round steps that permute.S (Keccak-p[1600], SEW = 64) and
 * keccakp.S (Keccak-p[200/400/800], SEW = 8/16/32) share, as assembler macros on their
 * common layout: rows R0..R4 in v4, v8, v12, v16, v20 (a row argument is the register
 * number), temporaries v0, v24, v28, the state at a0. An argument zvkb = 1 uses the Zvkb
 * rotates and vandn (permute.S with -DRVV_ZVKB: RVV_USE_ZVKB), 0 the base shift-or and
 * vnot/vand. */
#ifdef RVV_ZVKB
#define RVV_USE_ZVKB 1
#else
#define RVV_USE_ZVKB 0
#endif

/* Zvkb is not in binutils 2.40: encoded here (funct6 | vm=1 | vs2 | vs1/imm | funct3 | vd). */
#define OPV(f6, vs2, s1, f3, vd) .word ((f6) << 26) | (1 << 25) | ((vs2) << 20) | ((s1) << 15) | ((f3) << 12) | ((vd) << 7) | 0x57
/* vror.vi vd, vs2, 64 - n = rotate left by n */
#define ROL_I(vd, vs2, n) OPV(0x14 | (((64 - (n)) >> 5) & 1), vs2, (64 - (n)) & 31, 3, vd)
/* vrol.vv vd, vs2, vs1 */
#define ROL_V(vd, vs2, vs1) OPV(0x15, vs2, vs1, 0, vd)
/* vandn.vv vd, vs2, vs1: vd = vs2 & ~vs1 */
#define ANDN_V(vd, vs2, vs1) OPV(0x01, vs2, vs1, 0, vd)

/* The callee-saved registers regs stored (op = sw) or reloaded (op = lw) at 0(sp), 4(sp),
 * ... in order. */
.macro SPILL op, regs:vararg
	.set .Lspill_off, 0
	.irp r, \regs
	\op \r, .Lspill_off(sp)
	.set .Lspill_off, .Lspill_off + 4
	.endr
.endm

/* The vrgatherei16 index vectors x+1, x+2, x-1 (mod 5) into i1, i2, i3 (rvv_keccak_idx,
 * permute.S). */
.macro LOAD_GATHER_INDICES i1, i2, i3
	vsetivli zero, 5, e16, m1, tu, mu
	la t1, rvv_keccak_idx
	vle16.v \i1, (t1)
	addi t1, t1, 16
	vle16.v \i2, (t1)
	addi t1, t1, 16
	vle16.v \i3, (t1)
.endm

/* The five rows of the state at a0 (eb bytes per element) loaded (op = vle) or stored
 * (op = vse). */
.macro STATE_ROWS op, sew, eb
	\op\sew\().v v4, (a0)
	addi t1, a0, 5 * \eb
	\op\sew\().v v8, (t1)
	addi t1, a0, 10 * \eb
	\op\sew\().v v12, (t1)
	addi t1, a0, 15 * \eb
	\op\sew\().v v16, (t1)
	addi t1, a0, 20 * \eb
	\op\sew\().v v20, (t1)
.endm

/* theta: C = R0^R1^R2^R3^R4 (v24), D = C[x-1] ^ rol(C[x+1], 1) (v28; gather indices x+1 in
 * inext, x-1 in iprev, sh = w - 1 in a register), R_y ^= D. */
.macro THETA inext, iprev, sh, zvkb
	vxor.vv v24, v4, v8
	vxor.vv v24, v24, v12
	vxor.vv v24, v24, v16
	vxor.vv v24, v24, v20
	vrgatherei16.vv v28, v24, \inext
.if \zvkb
	ROL_I(28, 28, 1)
.else
	vsrl.vx v0, v28, \sh
	vsll.vi v28, v28, 1
	vxor.vv v28, v28, v0
.endif
	vrgatherei16.vv v0, v24, \iprev
	vxor.vv v28, v28, v0
	vxor.vv v4, v4, v28
	vxor.vv v8, v8, v28
	vxor.vv v12, v12, v28
	vxor.vv v16, v16, v28
	vxor.vv v20, v20, v28
.endm

/* rho: row = rol(row, amounts at (ptr)); without Zvkb vsll by r and vsrl by -r, whose low
 * log2(w) bits are w - r mod w, so one code serves every width. */
.macro RHO_ROW sew, row, ptr, zvkb
	vle\sew\().v v24, (\ptr)
.if \zvkb
	ROL_V(\row, \row, 24)
.else
	vsll.vv v28, v\row, v24
	vrsub.vi v24, v24, 0
	vsrl.vv v\row, v\row, v24
	vor.vv v\row, v\row, v28
.endif
.endm

/* pi, second half: row Y of the new state is one strided load (stride t0) from the scratch
 * rows, starting at element 3Y % 5 = 0, 3, 1, 4, 2 (s0, t5, t3, t6, t4). */
.macro PI_LOADS sew
	vlse\sew\().v v4, (s0), t0
	vlse\sew\().v v8, (t5), t0
	vlse\sew\().v v12, (t3), t0
	vlse\sew\().v v16, (t6), t0
	vlse\sew\().v v20, (t4), t0
.endm

/* chi: row ^= ~row[x+1] & row[x+2] (gather indices x+1 in i1, x+2 in i2). */
.macro CHI_ROW row, i1, i2, zvkb
	vrgatherei16.vv v24, v\row, \i1
	vrgatherei16.vv v28, v\row, \i2
.if \zvkb
	ANDN_V(24, 28, 24)
.else
	vnot.v v24, v24
	vand.vv v24, v24, v28
.endif
	vxor.vv v\row, v\row, v24
.endm
