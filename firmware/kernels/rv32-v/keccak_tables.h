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

/* RC mask, n, d: Keccak-f[25w]'s n = 12 + 2l round constants (the first n of Keccak-f[1600]'s,
 * their low w bits: mask), each as element 0 of a five-lane row of d elements (the others
 * zero), so iota is one row XOR. */
.macro RC mask, n, d
	.set .Lrc_left, \n
	.irp rc, KECCAK_RC
	.if .Lrc_left > 0
	\d \rc & \mask, 0, 0, 0, 0
	.endif
	.set .Lrc_left, .Lrc_left - 1
	.endr
.endm
