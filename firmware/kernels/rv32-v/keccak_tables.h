/* sha3-asip rv32-v — the rho amounts and round constants of Keccak-f[b], b = 200, 400, 800,
 * 1600, as assembler macros that permute.S and keccakp.S expand under their own labels: every
 * width from Keccak-f[1600]'s lists (include/keccak_constants.h, generated from
 * scripts/keccak_model.py), reduced to the lane width w by the assembler. */
#include "keccak_constants.h"

/* ROT w, d: Keccak-p[25w]'s rho amounts (mod w), five rows (y = 0..4) of five d elements
 * (x = 0..4). */
.macro ROT w, d
	.irp r, KECCAK_RHO
	\d \r % \w
	.endr
.endm

/* RC w, d: Keccak-f[25w]'s n = 12 + 2l round constants (w = 2^l; the first n of
 * Keccak-f[1600]'s, their low w bits), each as element 0 of a five-lane row of d elements (the
 * others zero), so iota is one row XOR. */
.macro RC w, d
	.set .Lrc_left, 12
	.set .Lrc_w, \w
	.rept 6
	.if .Lrc_w > 1
	.set .Lrc_w, .Lrc_w / 2
	.set .Lrc_left, .Lrc_left + 2
	.endif
	.endr
	.if \w == 64
	.set .Lrc_mask, -1
	.else
	.set .Lrc_mask, (1 << \w) - 1
	.endif
	.irp rc, KECCAK_RC
	.if .Lrc_left > 0
	\d \rc & .Lrc_mask, 0, 0, 0, 0
	.endif
	.set .Lrc_left, .Lrc_left - 1
	.endr
.endm
