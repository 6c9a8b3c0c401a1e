/* sha3-asip rv32-v-keccak: Keccak-p[1600, rounds] on the RISC-V vector base (zve64x,
 * VLEN = 128) with the xvkeccak extension (isa/xvkeccak/README.md).
 *
 * Layout: the 25 lanes packed as in memory (lane i = element i at SEW = 64), block A =
 * v0..v12, block B = v16..v28; D (theta's five lanes) in v13..v15. A round is
 *   vktheta D, A           column parities and D
 *   vkround B, A, D, y     y = 0..4: theta (D applied) + rho + pi + chi of plane y
 *   vkiota  B, index       iota
 * and the next round goes back from B to A. rounds is even (24 or 12), so the state ends
 * in block A. */
#include "xvkeccak.h"

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
1:
	vktheta 13, 0
	vkround 16, 0, 13, 0
	vkround 16, 0, 13, 1
	vkround 16, 0, 13, 2
	vkround 16, 0, 13, 3
	vkround 16, 0, 13, 4
	vkiota 16, a1
	addi a1, a1, 1
	vktheta 13, 16
	vkround 0, 16, 13, 0
	vkround 0, 16, 13, 1
	vkround 0, 16, 13, 2
	vkround 0, 16, 13, 3
	vkround 0, 16, 13, 4
	vkiota 0, a1
	addi a1, a1, 1
	bne a1, a3, 1b
	vse64.v v8, (a2)
	vsetivli zero, 16, e64, m8, ta, ma
	vse64.v v0, (a0)
2:
	ret
	.size kernel_permute, .-kernel_permute
