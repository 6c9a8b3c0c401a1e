/* rv32-xkeccak: Keccak-p[1600, rounds] for RV32IM + xkeccak (isa/xkeccak).
 *
 * State in memory: 25 plain little-endian 64-bit lanes, lane (x, y) at s + 8*(x + 5y).
 * In the unit: bank A holds the state, bank B the rho+pi output, the ring R0..R4 the
 * column parities. Lanes are written and transformed column by column (x = 0..4, y = 0..4
 * in each column): that order keeps the ring's parities right (isa/xkeccak/README.md).
 *
 *   load    kput lane, lo, hi for the 25 lanes (two lanes per six instructions, no
 *           load-use stall); the ring then holds C[0..4]
 *   kround  first round index 24 - rounds
 *   round   25 ktrp (B[pi(l)] = rotl(A[l] ^ D[x], rho(l)), D from the ring), 25 kchi
 *           (A[l] = chi of B's row, iota on lane 0, next C into the ring); two rounds per
 *           loop iteration, an odd count enters at the second
 *   store   kgetlo/kgethi + sw per lane
 */
#include "xkeccak.h"

/* lanes in column order */
#define COLS 0,5,10,15,20, 1,6,11,16,21, 2,7,12,17,22, 3,8,13,18,23, 4,9,14,19,24

.macro round
    .irp l, COLS
    ktrp \l
    .endr
    .irp l, COLS
    kchi \l
    .endr
.endm

/* two lanes: four loads, then the two puts (each put two instructions after its last load) */
.macro put2 a, b
    lw      t1, 8*\a(a0)
    lw      t2, 8*\a+4(a0)
    lw      t3, 8*\b(a0)
    lw      t4, 8*\b+4(a0)
    kput    \a, t1, t2
    kput    \b, t3, t4
.endm

.macro get1 l
    kgetlo  t1, \l
    kgethi  t2, \l
    sw      t1, 8*\l(a0)
    sw      t2, 8*\l+4(a0)
.endm

    .text
    .p2align 2
    .globl kernel_permute
    .type kernel_permute, @function
/* a0 = state, a1 = rounds (0..24) */
kernel_permute:
    put2 0, 5
    put2 10, 15
    put2 20, 1
    put2 6, 11
    put2 16, 21
    put2 2, 7
    put2 12, 17
    put2 22, 3
    put2 8, 13
    put2 18, 23
    put2 4, 9
    put2 14, 19
    lw      t1, 8*24(a0)
    lw      t2, 8*24+4(a0)
    li      t0, 24
    sub     t0, t0, a1
    kput    24, t1, t2
    kround  t0
    addi    t0, a1, 1
    srli    t0, t0, 1               /* loop iterations: ceil(rounds / 2) */
    andi    t1, a1, 1
    bnez    t1, .Lsecond
    beqz    t0, .Lstore
.Lloop:
    round
.Lsecond:
    round
    addi    t0, t0, -1
    bnez    t0, .Lloop
.Lstore:
    .irp l, COLS
    get1 \l
    .endr
    ret
    .size kernel_permute, .-kernel_permute
