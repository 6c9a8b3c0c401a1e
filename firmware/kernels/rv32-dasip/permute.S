/* rv32-dasip: Keccak-p[1600, rounds] (Keccak-f[1600] for 24) for RV32IM +
 * xdasip (seed 001, Sect. 4.2, Table 3).
 *
 * State: 25 plain 64-bit lanes, lane (x, y) at A + 8*(x + 5y) (the ref layout).
 * Frame: C[5] (column parities) at sp, B'[25] (rho+pi output, transposed: B(X, Y) at
 * B' + 8*(5X + Y)) at sp + 40.
 *
 * Per round (aux registers ar0..ar5):
 *   theta-1  row loop y = 1..4 (row 0 loaded directly): C[x] in ar0..ar4, lane (x, y)
 *            through ar5 with step-5 loads (A, y, x); the high-half load is paired with
 *            `xor64 C[x], C[x], ar5`.
 *   theta-2  C stored, D[x] = C[x-1] ^ rotl(C[x+1], 1) built in ar0..ar4 with the pairs
 *            ldhw.rotl64 / ldhw.xor64.
 *   rho, pi  row loop over y: lane (x, y) loaded step-5 (A, y, x) with the pair
 *            ldhw.xor64 (applies D[x]), rotl64 by the rho offset (lbu from a table),
 *            stored mod-5 into B' at (y, 2x + 3y): B' + 40y + 8*((3y + 2x) mod 5).
 *   chi      row loop over y: row y of B (a column of B') into ar0..ar4, outputs 0 and 1
 *            through ar5 (mvar + nandxor64), outputs 2..4 in place (nandxor64 paired
 *            with the high-half store of the previous output), stored step-5 (A, y, x).
 *   iota     A[0] ^= RC[round] (table).
 */
#include "dasip.h"
#include "keccak_constants.h"

/* Lane (x, y) of the rho-pi row loop: B'(y, 2x + 3y) = rotl(A(x, y) ^ D[x], amt) through
 * ar5, with `next` (the next rho offset's load, alternating a4/t4) in the rotate's shadow. */
.macro RHO_PI_LANE x, amt, next
    ldlw32s5i 5, a0, a3, \x
    ldhw32s5i_xor64 5, a0, a3, \x, 5, 5, \x
    \next
    rotl64  5, 5, \amt
    stlw32m5i 5, a5, s1, (2 * \x)
    sthw32m5i 5, a5, s1, (2 * \x)
.endm

    .section .rodata.kdasip,"a"
    .p2align 3
.Lrc:    /* round constants, round 0 first (keccak_constants.h) */
    .dword KECCAK_RC
.Lrho:   /* rho offset of lane x + 5y, row by row (keccak_constants.h) */
    .byte KECCAK_RHO

    .text
    .p2align 2
    .globl kernel_permute
    .type kernel_permute, @function
/* a0 = A, a1 = rounds (read first). Pair operands live in x8..x15: a0 A, a1 C, a2 = 1, a3 = y, a5 = B' row
 * pointer, s1 = 3y (rho/pi) or 3 (chi). */
kernel_permute:
    addi    sp, sp, -256
    /* Keccak-p[1600, a1 rounds] is the last a1 rounds: start a1 constants before the end */
    la      t1, .Lrc + 192
    slli    t0, a1, 3
    sub     t0, t1, t0
    sw      s0, 248(sp)
    sw      s1, 244(sp)
    mv      a1, sp                  /* C  */
    addi    s0, sp, 40              /* B' */
    li      a2, 1
    li      t3, 5
.Lround:
    /* ---- theta 1: column parities C[x] -> ar x ---- */
    .irp x,0,1,2,3,4
    ldlw32s5i \x, a0, zero, \x
    ldhw32s5i \x, a0, zero, \x
    .endr
    li      a3, 1
.Lpar:
    .irp x,0,1,2,3,4
    ldlw32s5i 5, a0, a3, \x
    ldhw32s5i_xor64 5, a0, a3, \x, \x, \x, 5
    .endr
    addi    a3, a3, 1
    bne     a3, t3, .Lpar

    /* ---- theta 2: store C, D[x] = C[x-1] ^ rotl(C[x+1], 1) -> ar x ---- */
    .irp x,0,1,2,3,4
    stlw32s5i \x, a1, zero, \x
    sthw32s5i \x, a1, zero, \x
    .endr
    .irp x,0,1,2,3,4
    ldlw32s5i \x, a1, zero, ((\x + 1) % 5)
    ldhw32s5i_rotl64 \x, a1, zero, ((\x + 1) % 5), \x, \x, a2
    ldlw32s5i 5, a1, zero, ((\x + 4) % 5)
    ldhw32s5i_xor64 5, a1, zero, ((\x + 4) % 5), \x, \x, 5
    .endr

    /* ---- theta apply + rho + pi: B'(y, 2x+3y) = rotl(A(x,y) ^ D[x], rho(x,y)) ---- */
    li      a3, 0                   /* y */
    li      s1, 0                   /* 3y */
    mv      a5, s0                  /* B' + 40y */
    la      t2, .Lrho               /* rho row y */
    lbu     a4, 0(t2)
.Lrp:
    RHO_PI_LANE 0, a4, "lbu t4, 1(t2)"
    RHO_PI_LANE 1, t4, "lbu a4, 2(t2)"
    RHO_PI_LANE 2, a4, "lbu t4, 3(t2)"
    RHO_PI_LANE 3, t4, "lbu a4, 4(t2)"
    RHO_PI_LANE 4, a4, "addi t2, t2, 5"
    lbu     a4, 0(t2)               /* next row's first offset (one past the table at the end: harmless) */
    addi    a3, a3, 1
    addi    s1, s1, 3
    addi    a5, a5, 40
    bne     a3, t3, .Lrp

    /* ---- chi: A(x, y) = B(x,y) ^ (~B(x+1,y) & B(x+2,y)); B(x, y) at B' + 8*(5x + y) ---- */
    li      a3, 0                   /* y */
    li      s1, 3
    mv      a5, s0                  /* B' + 8y */
.Lchi:
    ldlw32s5i 0, a5, zero, 0
    ldhw32s5i 0, a5, zero, 0
    ldlw32s5i 1, a5, a2, 0          /* 5*1 + 0  */
    ldhw32s5i 1, a5, a2, 0
    ldlw32s5i 2, a5, a2, 5          /* 5*1 + 5  */
    ldhw32s5i_mvar 2, a5, a2, 5, 5, 0
    ldlw32s5i 3, a5, s1, 0          /* 5*3 + 0  */
    ldhw32s5i_nandxor64 3, a5, s1, 0, 5, 1, 2
    ldlw32s5i 4, a5, s1, 5          /* 5*3 + 5  */
    ldhw32s5i 4, a5, s1, 5
    stlw32s5i 5, a0, a3, 0
    sthw32s5i_mvar 5, a0, a3, 0, 5, 1
    nandxor64 5, 2, 3
    stlw32s5i 5, a0, a3, 1
    sthw32s5i_nandxor64 5, a0, a3, 1, 2, 3, 4
    stlw32s5i 2, a0, a3, 2
    sthw32s5i_nandxor64 2, a0, a3, 2, 3, 4, 0
    stlw32s5i 3, a0, a3, 3
    sthw32s5i_nandxor64 3, a0, a3, 3, 4, 0, 1
    stlw32s5i 4, a0, a3, 4
    sthw32s5i 4, a0, a3, 4
    addi    a3, a3, 1
    addi    a5, a5, 8
    bne     a3, t3, .Lchi

    /* ---- iota ---- */
    ldlw32s5i 1, t0, zero, 0
    ldhw32s5i 1, t0, zero, 0
    ldlw32s5i 0, a0, zero, 0
    ldhw32s5i_xor64 0, a0, zero, 0, 0, 0, 1
    addi    t0, t0, 8
    stlw32s5i 0, a0, zero, 0
    sthw32s5i 0, a0, zero, 0
    bne     t0, t1, .Lround

    lw      s0, 248(sp)
    lw      s1, 244(sp)
    addi    sp, sp, 256
    ret
    .size kernel_permute, .-kernel_permute
