/* mips_coproc.h — C intrinsics and assembler macros for xmipscop, the coprocessor-based
 * SHA-3 ISE of seed 000 (Table 2), in the MIPS32 coprocessor-2 load/store opcodes.
 *
 * Encodings and semantics: isa/mips-coproc/README.md.
 *
 *   lwau  AuN, off(base)   LWC2 base rt=N        off   Au[N] = mem[base + off]  (N = 0..4)
 *   xor5  off(base)        SWC2 base rt=0b00000  off   mem = Au0^Au1^Au2^Au3^Au4
 *   chi   #i, off(base)    SWC2 base rt=0b01iii  off   mem = Au[i] ^ (~Au[i+1] & Au[i+2]) (mod 5)
 *   rot   off(base)        SWC2 base rt=0b10000  off   {Most,Least} = rotl64({Au0,Au1}, Au2); mem = Most
 *   swleast off(base)      SWC2 base rt=0b11000  off   mem = Least
 *
 * GNU as knows lwc2/swc2 (`lwc2 $N, off(base)`: rt is written as `$N`), so no `.word`
 * tricks are needed and the compiler chooses the addressing: the C intrinsics take an
 * lvalue and use the "R" constraint (a memory operand a single MIPS load/store can
 * address), which also tells gcc which memory word is read or written. The Au registers
 * and Least are invisible to the compiler, so every intrinsic is a `volatile` asm statement
 * (kept in program order). The Au index / Chi index must be a compile-time constant.
 *
 * Assembly (.S files): MC_LWAU(n, mem), MC_XOR5(mem), MC_CHI(i, mem), MC_ROT(mem),
 * MC_SWLEAST(mem), with mem = off(base).
 *
 * MIPS_COPROC_EMULATE: plain-C versions (the state as static variables) so that a kernel's
 * algorithm can be checked under qemu-mipsel, which does not implement coprocessor 2.
 * Never used for measurements. */
#ifndef MIPS_COPROC_H
#define MIPS_COPROC_H

#define MC_OP_LWC2 0x32
#define MC_OP_SWC2 0x3a
#define MC_RT_XOR5 0
#define MC_RT_CHI 8 /* + index */
#define MC_RT_ROT 16
#define MC_RT_SWLEAST 24

#define MC_STR2_(x) #x
#define MC_STR_(x) MC_STR2_(x)

#ifdef __ASSEMBLER__

#define MC_LWAU(n, mem) lwc2 $##n, mem
#define MC_XOR5(mem) swc2 $0, mem
#define MC_CHI(i, mem) swc2 $(8 + i), mem
#define MC_ROT(mem) swc2 $16, mem
#define MC_SWLEAST(mem) swc2 $24, mem

#else /* C */

#include <stdint.h>

#ifndef MIPS_COPROC_EMULATE

/* Au[n] = word (n: constant 0..4; word: a uint32_t lvalue) */
#define mc_lwau(n, word) __asm__ volatile("lwc2 $%1, %0" : : "R"(word), "i"(n))
/* word = Au0 ^ Au1 ^ Au2 ^ Au3 ^ Au4 */
#define mc_xor5(word) __asm__ volatile("swc2 $0, %0" : "=R"(word))
/* word = Au[i] ^ (~Au[i+1] & Au[i+2]), indices mod 5 (i: constant 0..4) */
#define mc_chi(i, word) __asm__ volatile("swc2 $%1, %0" : "=R"(word) : "i"(8 + (i)))
/* {Most, Least} = rotl64({Au0, Au1}, Au2 mod 64); word = Most */
#define mc_rot(word) __asm__ volatile("swc2 $16, %0" : "=R"(word))
/* word = Least */
#define mc_swleast(word) __asm__ volatile("swc2 $24, %0" : "=R"(word))

#else /* MIPS_COPROC_EMULATE: the semantics of isa/mips-coproc/src/lib.rs in C */

static uint32_t mc_au_[5], mc_least_;
static inline uint32_t mc_rot_(void)
{
    uint64_t v = ((uint64_t)mc_au_[0] << 32) | mc_au_[1];
    unsigned n = mc_au_[2] & 63;
    if (n)
        v = (v << n) | (v >> (64 - n));
    mc_least_ = (uint32_t)v;
    return (uint32_t)(v >> 32);
}
#define mc_lwau(n, word) (mc_au_[(n)] = (word))
#define mc_xor5(word) ((word) = mc_au_[0] ^ mc_au_[1] ^ mc_au_[2] ^ mc_au_[3] ^ mc_au_[4])
#define mc_chi(i, word)                                                                    \
    ((word) = mc_au_[(i) % 5] ^ (~mc_au_[((i) + 1) % 5] & mc_au_[((i) + 2) % 5]))
#define mc_rot(word) ((word) = mc_rot_())
#define mc_swleast(word) ((word) = mc_least_)

#endif /* MIPS_COPROC_EMULATE */
#endif /* __ASSEMBLER__ */
#endif /* MIPS_COPROC_H */
