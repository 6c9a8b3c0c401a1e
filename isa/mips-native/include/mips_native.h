/* mips_native.h — C intrinsics and assembler macros for xmipsnative, the native-datapath
 * SHA-3 ISE of seed 000 (Table 1), MIPS32 SPECIAL2 (0x1c) function codes 0x10..0x13.
 *
 * Encodings and semantics: isa/mips-native/README.md.
 *
 *   andnot rd, rs, rt   SPECIAL2 rs rt rd 0 0x10   rd = ~rs & rt
 *   rot1   rs, rt       SPECIAL2 rs rt 0  0 0x11   Most/Least = first half of rotl64(rs:?, rt)
 *   rot2   rd, rs, rt   SPECIAL2 rs rt rd 0 0x12   Most/Least |= second half; rd = Most
 *   mfleast rd          SPECIAL2 0  0  rd 0 0x13   rd = Least
 *
 * The function codes are the MIPS32 user-defined-instruction (UDI / CorExtend) slots
 * udi0..udi3, which GNU as assembles with register operands once the architecture allows
 * them (`.set arch=m4k`, the MIPS32 M4K core, which has UDI): `udiN rs, rt, rd, 0`. That keeps normal
 * register allocation (no fixed registers, no hand-built `.word`s); the object's ELF flags
 * are those of -march (the `.set` is scoped by push/pop).
 *
 * C: rot1/rot2/mfleast communicate through the internal Most/Least registers, which the
 * compiler cannot see, so they are `volatile` asm statements (kept in program order).
 * mn_rotl64(hi, lo, n, &new_hi, &new_lo) is the three-instruction 64-bit rotation.
 *
 * Assembly (.S files, after cpp): MN_ANDNOT(rd, rs, rt), MN_ROT1(rs, rt),
 * MN_ROT2(rd, rs, rt), MN_MFLEAST(rd) with numeric registers ($8) or names ($t0).
 *
 * MIPS_NATIVE_EMULATE: plain-C versions of the four operations (Most/Least as static
 * variables), so that a kernel's algorithm can be checked under qemu-mipsel, which cannot
 * execute the custom instructions. Never used for measurements. */
#ifndef MIPS_NATIVE_H
#define MIPS_NATIVE_H

#define MN_SPECIAL2 0x1c
#define MN_F_ANDNOT 0x10
#define MN_F_ROT1 0x11
#define MN_F_ROT2 0x12
#define MN_F_MFLEAST 0x13

#ifdef __ASSEMBLER__

#define MN_ANDNOT(rd, rs, rt) .set push; .set arch=m4k; udi0 rs, rt, rd, 0; .set pop
#define MN_ROT1(rs, rt) .set push; .set arch=m4k; udi1 rs, rt, $0, 0; .set pop
#define MN_ROT2(rd, rs, rt) .set push; .set arch=m4k; udi2 rs, rt, rd, 0; .set pop
#define MN_MFLEAST(rd) .set push; .set arch=m4k; udi3 $0, $0, rd, 0; .set pop

#else /* C */

#include <stdint.h>

#ifndef MIPS_NATIVE_EMULATE

#define MN_ASM(body) ".set push\n\t.set arch=m4k\n\t" body "\n\t.set pop"

/* ~rs & rt */
static inline __attribute__((always_inline)) uint32_t mn_andnot(uint32_t rs, uint32_t rt)
{
    uint32_t rd;
    __asm__(MN_ASM("udi0 %1, %2, %0, 0") : "=r"(rd) : "r"(rs), "r"(rt));
    return rd;
}

/* first half of a 64-bit rotation: rs = the high word, n = amount (mod 64) */
static inline __attribute__((always_inline)) void mn_rot1(uint32_t rs, uint32_t n)
{
    __asm__ volatile(MN_ASM("udi1 %0, %1, $0, 0") : : "r"(rs), "r"(n));
}

/* second half: rs = the low word, same n; returns Most (the rotated high word) */
static inline __attribute__((always_inline)) uint32_t mn_rot2(uint32_t rs, uint32_t n)
{
    uint32_t rd;
    __asm__ volatile(MN_ASM("udi2 %1, %2, %0, 0") : "=r"(rd) : "r"(rs), "r"(n));
    return rd;
}

/* Least (the rotated low word) */
static inline __attribute__((always_inline)) uint32_t mn_mfleast(void)
{
    uint32_t rd;
    __asm__ volatile(MN_ASM("udi3 $0, $0, %0, 0") : "=r"(rd));
    return rd;
}

#else /* MIPS_NATIVE_EMULATE: the semantics of isa/mips-native/src/lib.rs in C */

static uint32_t mn_most_, mn_least_;
static inline uint32_t mn_shl_(uint32_t x, uint32_t n) { n &= 63; return n >= 32 ? 0 : x << n; }
static inline uint32_t mn_shr_(uint32_t x, uint32_t n) { n &= 63; return n >= 32 ? 0 : x >> n; }
static inline uint32_t mn_andnot(uint32_t rs, uint32_t rt) { return ~rs & rt; }
static inline void mn_rot1(uint32_t rs, uint32_t n)
{
    n &= 63;
    if (n < 32) { mn_most_ = mn_shl_(rs, n); mn_least_ = mn_shr_(rs, 32 - n); }
    else { mn_least_ = mn_shl_(rs, n - 32); mn_most_ = mn_shr_(rs, 64 - n); }
}
static inline uint32_t mn_rot2(uint32_t rs, uint32_t n)
{
    n &= 63;
    if (n < 32) { mn_least_ |= mn_shl_(rs, n); mn_most_ |= mn_shr_(rs, 32 - n); }
    else { mn_most_ |= mn_shl_(rs, n - 32); mn_least_ |= mn_shr_(rs, 64 - n); }
    return mn_most_;
}
static inline uint32_t mn_mfleast(void) { return mn_least_; }

#endif /* MIPS_NATIVE_EMULATE */

/* {*hi_out, *lo_out} = rotl64({hi, lo}, n mod 64): rot1, rot2, mfleast */
#define mn_rotl64(hi, lo, n, hi_out, lo_out)                                               \
    do {                                                                                   \
        mn_rot1((hi), (n));                                                                \
        *(hi_out) = mn_rot2((lo), (n));                                                    \
        *(lo_out) = mn_mfleast();                                                          \
    } while (0)

#endif /* __ASSEMBLER__ */
#endif /* MIPS_NATIVE_H */
