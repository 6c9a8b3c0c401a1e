/* rv32-oasip: Keccak-p[1600, rounds] (Keccak-f[1600] for 24) for RV32IM +
 * xoasip (seed 001, Sect. 4.1).
 *
 * The compact reference algorithm (kernels/common/ref.c) rewritten with the OASIP
 * instructions, as the seed did:
 *   - doloop on the two outer loop levels: the 24 rounds (level 0), and inside a round the
 *     loops over x (theta), t (rho-pi) and y (chi) (level 1); the third level (y in theta,
 *     x in chi, j in iota) is unrolled;
 *   - remv for the mod-5 lane indices: (x+4)%5 and (x+1)%5 in theta, the pi walk
 *     y' = (2x+3y)%5 = remv(2(x-y), 0);
 *   - pack/rotl/extlw for every 64-bit rotation (theta's rotl by 1, rho);
 *   - hmask for the rho offset (t+1)(t+2)/2 mod 64 from n = (t+1)(t+2), kept by additions;
 *   - lfsr for iota: bit j of the round constant (lane bit 2^j-1) is bit 0 of the LFSR
 *     before its j-th step of the round, added without branches.
 * State: 25 lanes, lane (x, y) at byte 8(x+5y), low word first (little endian).
 * Stack: P[5] column parities (40 bytes). Leaf function, caller-saved registers only.
 * Loop counts live in a1/a2 only until the doloop latches them; inside the bodies a1/a2
 * are free (used as temporaries in chi). */
#include "../../../isa/oasip/include/oasip.h"

/* chi, lane x of the row held in registers (A[x] = l0:h0, A[x+1] = l1:h1, A[x+2] = l2:h2):
 * S[x,y] at off(a3) = A[x] ^ (~A[x+1] & A[x+2]), word by word through a1. */
.macro CHI_LANE off, l0, h0, l1, h1, l2, h2
    not     a1, \l1
    and     a1, a1, \l2
    xor     a1, a1, \l0
    sw      a1, \off(a3)
    not     a1, \h1
    and     a1, a1, \h2
    xor     a1, a1, \h0
    sw      a1, (\off + 4)(a3)
.endm

/* iota, bit j: the round constant's bit 2^j - 1 (bit sh of lane word w) is bit 0 of the
 * LFSR before its j-th step of the round; then that step. */
.macro IOTA_BIT w, sh
    andi    t2, a7, 1
    .if \sh
    slli    t2, t2, \sh
    .endif
    xor     \w, \w, t2
    OASIP_LFSR(a7, a7)
.endm

    .text
    .globl  kernel_permute
    .type   kernel_permute, @function
    .p2align 2
kernel_permute:
    addi    sp, sp, -48
    li      a7, 1                   /* LFSR state */
    /* Keccak-p[1600, a1 rounds] is the last a1 rounds: the LFSR skips 7 steps per round
     * left out (none for the 24 of Keccak-f). */
    li      t0, 24
    sub     t0, t0, a1
    slli    t1, t0, 3
    sub     t0, t1, t0              /* 7 * (24 - rounds) */
    beqz    t0, 2f
1:  OASIP_LFSR(a7, a7)
    addi    t0, t0, -1
    bnez    t0, 1b
2:
    OASIP_DOLOOP(a1, .Lround_end)   /* level 0: rounds (a1 of them) */

    /* theta 1: P[x] = S[x,0] ^ ... ^ S[x,4] */
    mv      a3, a0                  /* &S[x,0] */
    mv      a4, sp                  /* &P[x] */
    li      a2, 5
    OASIP_DOLOOP(a2, .Ltheta1_end)
    lw      t0, 0(a3)
    lw      t1, 4(a3)
    lw      t2, 40(a3)
    lw      t3, 44(a3)
    lw      t4, 80(a3)
    lw      t5, 84(a3)
    xor     t0, t0, t2
    xor     t1, t1, t3
    lw      t2, 120(a3)
    lw      t3, 124(a3)
    xor     t0, t0, t4
    xor     t1, t1, t5
    lw      t4, 160(a3)
    lw      t5, 164(a3)
    xor     t0, t0, t2
    xor     t1, t1, t3
    xor     t0, t0, t4
    xor     t1, t1, t5
    sw      t0, 0(a4)
    sw      t1, 4(a4)
    addi    a3, a3, 8
.Ltheta1_end:
    addi    a4, a4, 8

    /* theta 2: D = P[(x+4)%5] ^ rotl(P[(x+1)%5], 1); S[x,y] ^= D */
    li      a5, 0                   /* x */
    mv      a3, a0                  /* &S[x,0] */
    li      a6, 1                   /* rotation amount */
    li      a2, 5
    OASIP_DOLOOP(a2, .Ltheta2_end)
    OASIP_REMV(t0, a5, 4)
    OASIP_REMV(t1, a5, 1)
    slli    t0, t0, 3
    slli    t1, t1, 3
    add     t0, sp, t0
    add     t1, sp, t1
    lw      t2, 0(t1)
    lw      t3, 4(t1)
    lw      t4, 0(t0)
    lw      t5, 4(t0)
    OASIP_PACK(t3, t2)
    OASIP_ROTL(t3, a6)
    OASIP_EXTLW(t2)
    xor     t4, t4, t2
    xor     t5, t5, t3
    lw      t0, 0(a3)
    lw      t1, 4(a3)
    xor     t0, t0, t4
    xor     t1, t1, t5
    sw      t0, 0(a3)
    sw      t1, 4(a3)
    lw      t0, 40(a3)
    lw      t1, 44(a3)
    xor     t0, t0, t4
    xor     t1, t1, t5
    sw      t0, 40(a3)
    sw      t1, 44(a3)
    lw      t0, 80(a3)
    lw      t1, 84(a3)
    xor     t0, t0, t4
    xor     t1, t1, t5
    sw      t0, 80(a3)
    sw      t1, 84(a3)
    lw      t0, 120(a3)
    lw      t1, 124(a3)
    xor     t0, t0, t4
    xor     t1, t1, t5
    sw      t0, 120(a3)
    sw      t1, 124(a3)
    lw      t0, 160(a3)
    lw      t1, 164(a3)
    xor     t0, t0, t4
    xor     t1, t1, t5
    sw      t0, 160(a3)
    sw      t1, 164(a3)
    addi    a5, a5, 1
.Ltheta2_end:
    addi    a3, a3, 8

    /* rho and pi: walk (x, y) -> (y, (2x+3y)%5) from (1, 0), 24 steps; the lane moving
     * into (x', y') is rotated by hmask(n), n = (t+1)(t+2) */
    li      a3, 1                   /* x */
    li      a4, 0                   /* y */
    li      a5, 2                   /* n = (t+1)(t+2) */
    li      a6, 4                   /* n(t+1) - n(t) = 2(t+2) */
    lw      t5, 8(a0)               /* moving lane = S[1,0] */
    lw      t6, 12(a0)
    li      a2, 24
    OASIP_DOLOOP(a2, .Lrhopi_end)
    sub     t0, a3, a4
    slli    t0, t0, 1
    OASIP_REMV(t1, t0, 0)           /* y' = 2(x-y) mod 5 = (2x+3y) mod 5 */
    mv      a3, a4                  /* x' = y */
    mv      a4, t1
    slli    t0, t1, 2
    add     t0, t0, t1
    add     t0, t0, a3
    slli    t0, t0, 3
    add     t0, a0, t0              /* &S[x',y'] */
    OASIP_PACK(t6, t5)
    OASIP_HMASK(t4, a5)
    lw      t2, 0(t0)
    lw      t3, 4(t0)
    OASIP_ROTL(t6, t4)
    OASIP_EXTLW(t5)
    sw      t5, 0(t0)
    sw      t6, 4(t0)
    mv      t5, t2
    mv      t6, t3
    add     a5, a5, a6
.Lrhopi_end:
    addi    a6, a6, 2

    /* chi: row by row, S[x,y] = A[x] ^ (~A[x+1] & A[x+2]) on the row held in registers */
    mv      a3, a0                  /* &S[0,y] */
    li      a2, 5
    OASIP_DOLOOP(a2, .Lchi_end)
    lw      t0, 0(a3)               /* A0 = t0:t1 */
    lw      t1, 4(a3)
    lw      t2, 8(a3)               /* A1 = t2:t3 */
    lw      t3, 12(a3)
    lw      t4, 16(a3)              /* A2 = t4:t5 */
    lw      t5, 20(a3)
    lw      t6, 24(a3)              /* A3 = t6:a4 */
    lw      a4, 28(a3)
    lw      a5, 32(a3)              /* A4 = a5:a6 */
    lw      a6, 36(a3)
    CHI_LANE 0, t0, t1, t2, t3, t4, t5
    CHI_LANE 8, t2, t3, t4, t5, t6, a4
    CHI_LANE 16, t4, t5, t6, a4, a5, a6
    CHI_LANE 24, t6, a4, a5, a6, t0, t1
    CHI_LANE 32, a5, a6, t0, t1, t2, t3
.Lchi_end:
    addi    a3, a3, 40

    /* iota: RC bit at lane position 2^j - 1 is bit 0 of the LFSR before step j */
    lw      t0, 0(a0)
    lw      t1, 4(a0)
    .irp j, 0, 1, 2, 3, 4, 5
    IOTA_BIT t0, (1 << \j) - 1     /* j = 0..5: bits 0, 1, 3, 7, 15, 31 of the low word */
    .endr
    IOTA_BIT t1, 31                 /* j = 6: bit 63 */
    sw      t0, 0(a0)
.Lround_end:
    sw      t1, 4(a0)

    addi    sp, sp, 48
    ret
    .size   kernel_permute, .-kernel_permute
