/* xdasip intrinsics (seed 001, Table 3) — encodings in isa/dasip/README.md.
 *
 * Auxiliary registers ar0..ar5 are named by plain numbers 0..5, which must be literal
 * tokens (they are pasted into the instruction text).
 *
 * C (GNU inline asm, .insn):
 *   DASIP_XOR64(d, s0, s1)            ar[d] = ar[s0] ^ ar[s1]
 *   DASIP_ROTL64(d, s0, amount)       ar[d] = rotl64(ar[s0], amount % 64)   (amount: GPR)
 *   DASIP_NANDXOR64(d, s0, s1)        ar[d] ^= ~ar[s0] & ar[s1]
 *   DASIP_MVAR(d, s0)                 ar[d] = ar[s0]
 *   DASIP_LDLW32S5I(a, base, idx, imm)  ar[a][31:0]  = mem32[base + 8*(5*idx + imm)]
 *   DASIP_LDHW32S5I / STLW32S5I / STHW32S5I, and the ...M5I forms:
 *                                     lane (idx + imm) mod 5 of the row at base
 *   imm: a constant -32..31 (lanes).
 *   Pairs: DASIP_PAIR_LDHW_S5_XOR64(a, base, idx, imm, d, s0, s1) etc.; base and idx must
 *   be in x8..x15 (idx may be x0 via the constant 0 form ..._Z), imm 0..7, see README.
 *
 * Assembly (#include from a .S file): macros with the same operand order,
 *   xor64 d, s0, s1 / rotl64 d, s0, rs / nandxor64 d, s0, s1 / mvar d, s0
 *   ldlw32s5i a, rs0, rs1, imm (and ldhw/stlw/sthw, s5i/m5i)
 *   ldhw32s5i_xor64 a, rs0, rs1, imm, d, s0, s1   (pairs: {ld,st}hw32{s5,m5}i_{xor64,
 *   rotl64, mvar, nandxor64}; for rotl64 the last operand is a GPR in x8..x15; for mvar
 *   there is no s1). rs1 may be `zero`.
 */
#ifndef SHA3_ASIP_DASIP_H
#define SHA3_ASIP_DASIP_H

#ifdef __ASSEMBLER__

/* GPR name -> number, for the pair encodings (3-bit register fields). */
.irp n,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
.set .L__dasip_gpr_x\n, \n
.endr
.set .L__dasip_gpr_zero, 0
.set .L__dasip_gpr_ra, 1
.set .L__dasip_gpr_sp, 2
.set .L__dasip_gpr_gp, 3
.set .L__dasip_gpr_tp, 4
.set .L__dasip_gpr_t0, 5
.set .L__dasip_gpr_t1, 6
.set .L__dasip_gpr_t2, 7
.set .L__dasip_gpr_s0, 8
.set .L__dasip_gpr_fp, 8
.set .L__dasip_gpr_s1, 9
.set .L__dasip_gpr_a0, 10
.set .L__dasip_gpr_a1, 11
.set .L__dasip_gpr_a2, 12
.set .L__dasip_gpr_a3, 13
.set .L__dasip_gpr_a4, 14
.set .L__dasip_gpr_a5, 15

.macro xor64 d, s0, s1
    .insn r 0x2b, 0, 0, x\d, x\s0, x\s1
.endm
.macro rotl64 d, s0, rs
    .insn r 0x2b, 0, 1, x\d, x\s0, \rs
.endm
.macro nandxor64 d, s0, s1
    .insn r 0x2b, 0, 2, x\d, x\s0, x\s1
.endm
.macro mvar d, s0
    .insn r 0x2b, 0, 3, x\d, x\s0, x0
.endm

.macro __dasip_mem f3, m5, a, rs0, rs1, imm
    .if (\imm) < -32 || (\imm) > 31
    .error "xdasip load/store: lane offset out of range -32..31"
    .endif
    .insn r 0x2b, \f3, ((\m5) << 6) | ((\imm) & 63), x\a, \rs0, \rs1
.endm
.macro ldlw32s5i a, rs0, rs1, imm
    __dasip_mem 4, 0, \a, \rs0, \rs1, \imm
.endm
.macro ldhw32s5i a, rs0, rs1, imm
    __dasip_mem 5, 0, \a, \rs0, \rs1, \imm
.endm
.macro stlw32s5i a, rs0, rs1, imm
    __dasip_mem 6, 0, \a, \rs0, \rs1, \imm
.endm
.macro sthw32s5i a, rs0, rs1, imm
    __dasip_mem 7, 0, \a, \rs0, \rs1, \imm
.endm
.macro ldlw32m5i a, rs0, rs1, imm
    __dasip_mem 4, 1, \a, \rs0, \rs1, \imm
.endm
.macro ldhw32m5i a, rs0, rs1, imm
    __dasip_mem 5, 1, \a, \rs0, \rs1, \imm
.endm
.macro stlw32m5i a, rs0, rs1, imm
    __dasip_mem 6, 1, \a, \rs0, \rs1, \imm
.endm
.macro sthw32m5i a, rs0, rs1, imm
    __dasip_mem 7, 1, \a, \rs0, \rs1, \imm
.endm

/* pair: st (0 ldhw, 1 sthw), m5, op (0 xor64, 1 rotl64, 2 mvar, 3 nandxor64), s1 field */
.macro __dasip_pair st, m5, op, a, rs0, rs1, imm, d, s0, s1f
    .if .L__dasip_gpr_\rs0 < 8 || .L__dasip_gpr_\rs0 > 15
    .error "xdasip pair: base register must be one of x8..x15"
    .endif
    .if (.L__dasip_gpr_\rs1 != 0) && (.L__dasip_gpr_\rs1 < 9 || .L__dasip_gpr_\rs1 > 15)
    .error "xdasip pair: index register must be zero or one of x9..x15"
    .endif
    .if (\imm) < 0 || (\imm) > 7
    .error "xdasip pair: lane offset out of range 0..7"
    .endif
    .word 0x5b | ((\d) << 7) | ((\s0) << 10) | ((\s1f) << 13) | ((\st) << 16) | ((\op) << 17) | ((\m5) << 19) | ((\a) << 20) | ((.L__dasip_gpr_\rs0 - 8) << 23) | (((.L__dasip_gpr_\rs1 - 8) & 7) << 26) | ((\imm) << 29)
.endm
.macro __dasip_pair_rot st, m5, a, rs0, rs1, imm, d, s0, rs
    .if .L__dasip_gpr_\rs < 8 || .L__dasip_gpr_\rs > 15
    .error "xdasip pair rotl64: amount register must be one of x8..x15"
    .endif
    __dasip_pair \st, \m5, 1, \a, \rs0, \rs1, \imm, \d, \s0, (.L__dasip_gpr_\rs - 8)
.endm

.macro ldhw32s5i_xor64 a, rs0, rs1, imm, d, s0, s1
    __dasip_pair 0, 0, 0, \a, \rs0, \rs1, \imm, \d, \s0, \s1
.endm
.macro ldhw32s5i_rotl64 a, rs0, rs1, imm, d, s0, rs
    __dasip_pair_rot 0, 0, \a, \rs0, \rs1, \imm, \d, \s0, \rs
.endm
.macro ldhw32s5i_mvar a, rs0, rs1, imm, d, s0
    __dasip_pair 0, 0, 2, \a, \rs0, \rs1, \imm, \d, \s0, 0
.endm
.macro ldhw32s5i_nandxor64 a, rs0, rs1, imm, d, s0, s1
    __dasip_pair 0, 0, 3, \a, \rs0, \rs1, \imm, \d, \s0, \s1
.endm
.macro sthw32s5i_xor64 a, rs0, rs1, imm, d, s0, s1
    __dasip_pair 1, 0, 0, \a, \rs0, \rs1, \imm, \d, \s0, \s1
.endm
.macro sthw32s5i_rotl64 a, rs0, rs1, imm, d, s0, rs
    __dasip_pair_rot 1, 0, \a, \rs0, \rs1, \imm, \d, \s0, \rs
.endm
.macro sthw32s5i_mvar a, rs0, rs1, imm, d, s0
    __dasip_pair 1, 0, 2, \a, \rs0, \rs1, \imm, \d, \s0, 0
.endm
.macro sthw32s5i_nandxor64 a, rs0, rs1, imm, d, s0, s1
    __dasip_pair 1, 0, 3, \a, \rs0, \rs1, \imm, \d, \s0, \s1
.endm
.macro ldhw32m5i_xor64 a, rs0, rs1, imm, d, s0, s1
    __dasip_pair 0, 1, 0, \a, \rs0, \rs1, \imm, \d, \s0, \s1
.endm
.macro ldhw32m5i_rotl64 a, rs0, rs1, imm, d, s0, rs
    __dasip_pair_rot 0, 1, \a, \rs0, \rs1, \imm, \d, \s0, \rs
.endm
.macro ldhw32m5i_mvar a, rs0, rs1, imm, d, s0
    __dasip_pair 0, 1, 2, \a, \rs0, \rs1, \imm, \d, \s0, 0
.endm
.macro ldhw32m5i_nandxor64 a, rs0, rs1, imm, d, s0, s1
    __dasip_pair 0, 1, 3, \a, \rs0, \rs1, \imm, \d, \s0, \s1
.endm
.macro sthw32m5i_xor64 a, rs0, rs1, imm, d, s0, s1
    __dasip_pair 1, 1, 0, \a, \rs0, \rs1, \imm, \d, \s0, \s1
.endm
.macro sthw32m5i_rotl64 a, rs0, rs1, imm, d, s0, rs
    __dasip_pair_rot 1, 1, \a, \rs0, \rs1, \imm, \d, \s0, \rs
.endm
.macro sthw32m5i_mvar a, rs0, rs1, imm, d, s0
    __dasip_pair 1, 1, 2, \a, \rs0, \rs1, \imm, \d, \s0, 0
.endm
.macro sthw32m5i_nandxor64 a, rs0, rs1, imm, d, s0, s1
    __dasip_pair 1, 1, 3, \a, \rs0, \rs1, \imm, \d, \s0, \s1
.endm

#else /* C */

#include <stdint.h>

#define DASIP_STR_(x) #x
#define DASIP_STR(x) DASIP_STR_(x)

#define DASIP_XOR64(d, s0, s1) \
    __asm__ volatile(".insn r 0x2b, 0, 0, x" DASIP_STR(d) ", x" DASIP_STR(s0) ", x" DASIP_STR(s1))
#define DASIP_ROTL64(d, s0, amount) \
    __asm__ volatile(".insn r 0x2b, 0, 1, x" DASIP_STR(d) ", x" DASIP_STR(s0) ", %0" ::"r"(amount))
#define DASIP_NANDXOR64(d, s0, s1) \
    __asm__ volatile(".insn r 0x2b, 0, 2, x" DASIP_STR(d) ", x" DASIP_STR(s0) ", x" DASIP_STR(s1))
#define DASIP_MVAR(d, s0) \
    __asm__ volatile(".insn r 0x2b, 0, 3, x" DASIP_STR(d) ", x" DASIP_STR(s0) ", x0")

#define DASIP_MEM_(f3, m5, a, base, idx, imm)                                                 \
    __asm__ volatile(".insn r 0x2b, " #f3 ", %2, x" DASIP_STR(a) ", %0, %1" ::"r"(base),     \
                     "r"(idx), "n"(((m5) << 6) | ((imm) & 63))                                \
                     : "memory")
#define DASIP_LDLW32S5I(a, base, idx, imm) DASIP_MEM_(4, 0, a, base, idx, imm)
#define DASIP_LDHW32S5I(a, base, idx, imm) DASIP_MEM_(5, 0, a, base, idx, imm)
#define DASIP_STLW32S5I(a, base, idx, imm) DASIP_MEM_(6, 0, a, base, idx, imm)
#define DASIP_STHW32S5I(a, base, idx, imm) DASIP_MEM_(7, 0, a, base, idx, imm)
#define DASIP_LDLW32M5I(a, base, idx, imm) DASIP_MEM_(4, 1, a, base, idx, imm)
#define DASIP_LDHW32M5I(a, base, idx, imm) DASIP_MEM_(5, 1, a, base, idx, imm)
#define DASIP_STLW32M5I(a, base, idx, imm) DASIP_MEM_(6, 1, a, base, idx, imm)
#define DASIP_STHW32M5I(a, base, idx, imm) DASIP_MEM_(7, 1, a, base, idx, imm)

/* Pairs: the GPR numbers of base/idx come from the register names the compiler prints
 * (%0/%1 -> .L__dasip_gpr_<name>); bind the variables to x8..x15 with
 * `register uint32_t b __asm__("a0")`. The symbols are defined by DASIP_PAIR_PRELUDE. */
#define DASIP_PAIR_PRELUDE                                                                    \
    ".ifndef .L__dasip_gpr_a0\n"                                                              \
    ".set .L__dasip_gpr_zero, 0\n.set .L__dasip_gpr_s0, 8\n.set .L__dasip_gpr_fp, 8\n"       \
    ".set .L__dasip_gpr_s1, 9\n.set .L__dasip_gpr_a0, 10\n.set .L__dasip_gpr_a1, 11\n"       \
    ".set .L__dasip_gpr_a2, 12\n.set .L__dasip_gpr_a3, 13\n.set .L__dasip_gpr_a4, 14\n"      \
    ".set .L__dasip_gpr_a5, 15\n.endif\n"
#define DASIP_PAIR_(st, m5, op, a, base, idx, imm, d, s0, s1f)                                \
    __asm__ volatile(DASIP_PAIR_PRELUDE                                                       \
                     ".word 0x5b | (" DASIP_STR(d) " << 7) | (" DASIP_STR(s0) " << 10) | ("   \
                     DASIP_STR(s1f) " << 13) | (" #st " << 16) | (" #op " << 17) | (" #m5     \
                     " << 19) | (" DASIP_STR(a) " << 20) | ((.L__dasip_gpr_%0 - 8) << 23) | " \
                     "(((.L__dasip_gpr_%1 - 8) & 7) << 26) | (%2 << 29)" ::"r"(base),         \
                     "r"(idx), "n"((imm) & 7)                                                 \
                     : "memory")
#define DASIP_PAIR_LDHW_S5_XOR64(a, base, idx, imm, d, s0, s1) \
    DASIP_PAIR_(0, 0, 0, a, base, idx, imm, d, s0, s1)
#define DASIP_PAIR_LDHW_S5_MVAR(a, base, idx, imm, d, s0) \
    DASIP_PAIR_(0, 0, 2, a, base, idx, imm, d, s0, 0)
#define DASIP_PAIR_LDHW_S5_NANDXOR64(a, base, idx, imm, d, s0, s1) \
    DASIP_PAIR_(0, 0, 3, a, base, idx, imm, d, s0, s1)
#define DASIP_PAIR_STHW_S5_XOR64(a, base, idx, imm, d, s0, s1) \
    DASIP_PAIR_(1, 0, 0, a, base, idx, imm, d, s0, s1)
#define DASIP_PAIR_STHW_S5_MVAR(a, base, idx, imm, d, s0) \
    DASIP_PAIR_(1, 0, 2, a, base, idx, imm, d, s0, 0)
#define DASIP_PAIR_STHW_S5_NANDXOR64(a, base, idx, imm, d, s0, s1) \
    DASIP_PAIR_(1, 0, 3, a, base, idx, imm, d, s0, s1)

#endif /* __ASSEMBLER__ */
#endif /* SHA3_ASIP_DASIP_H */
