/* oasip.h — C intrinsics and assembler macros for the xoasip extension (custom-0, 0x0b).
 *
 * Encodings and semantics: isa/oasip/README.md. Everything is emitted with `.insn`, so the
 * distro's binutils (2.40) assemble it without knowing the extension.
 *
 * C: every intrinsic is `volatile` inline asm, because pack/rotl/extlw communicate through
 * the auxiliary register `aux`, which the compiler cannot see; volatile asm statements keep
 * their relative order.
 *
 * Assembly (.S files, after cpp): OASIP_REMV(rd, rs1, imm), OASIP_HMASK(rd, rs1),
 * OASIP_PACK(rs1, rs2), OASIP_ROTL(rd, rs1), OASIP_EXTLW(rd), OASIP_LFSR(rd, rs1),
 * OASIP_DOLOOP(rs1, last) where `last` labels the LAST instruction of the loop body. */
#ifndef OASIP_H
#define OASIP_H

#define OASIP_F3_REMV 0
#define OASIP_F3_R 1
#define OASIP_F3_DOLOOP 2
#define OASIP_F7_HMASK 0
#define OASIP_F7_PACK 1
#define OASIP_F7_ROTL 2
#define OASIP_F7_EXTLW 3
#define OASIP_F7_LFSR 4

#ifdef __ASSEMBLER__

#define OASIP_REMV(rd, rs1, imm) .insn i 0x0b, 0, rd, rs1, imm
#define OASIP_HMASK(rd, rs1) .insn r 0x0b, 1, 0, rd, rs1, x0
#define OASIP_PACK(rs1, rs2) .insn r 0x0b, 1, 1, x0, rs1, rs2
#define OASIP_ROTL(rd, rs1) .insn r 0x0b, 1, 2, rd, rs1, x0
#define OASIP_EXTLW(rd) .insn r 0x0b, 1, 3, rd, x0, x0
#define OASIP_LFSR(rd, rs1) .insn r 0x0b, 1, 4, rd, rs1, x0
#define OASIP_DOLOOP(rs1, last) .insn b 0x0b, 2, rs1, x0, last

#else /* C */

#include <stdint.h>

/* rd = (a + imm) mod 5 for a + imm in [-9, 9] (illegal-instruction trap otherwise).
 * imm must be a compile-time constant in [-2048, 2047]. */
#define oasip_remv(a, imm)                                                                 \
    __extension__({                                                                        \
        uint32_t _oasip_r;                                                                 \
        __asm__ volatile(".insn i 0x0b, 0, %0, %1, %2"                                     \
                         : "=r"(_oasip_r)                                                  \
                         : "r"((uint32_t)(a)), "i"(imm));                                  \
        _oasip_r;                                                                          \
    })

/* (a >> 1) mod 64 */
static inline __attribute__((always_inline)) uint32_t oasip_hmask(uint32_t a)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x0b, 1, 0, %0, %1, x0" : "=r"(r) : "r"(a));
    return r;
}

/* aux = hi:lo */
static inline __attribute__((always_inline)) void oasip_pack(uint32_t hi, uint32_t lo)
{
    __asm__ volatile(".insn r 0x0b, 1, 1, x0, %0, %1" : : "r"(hi), "r"(lo));
}

/* aux = rotl64(aux, n mod 64); returns aux[63:32] */
static inline __attribute__((always_inline)) uint32_t oasip_rotl(uint32_t n)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x0b, 1, 2, %0, %1, x0" : "=r"(r) : "r"(n));
    return r;
}

/* aux[31:0] */
static inline __attribute__((always_inline)) uint32_t oasip_extlw(void)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x0b, 1, 3, %0, x0, x0" : "=r"(r));
    return r;
}

/* one step of the round-constant LFSR x^8 + x^6 + x^5 + x^4 + 1 */
static inline __attribute__((always_inline)) uint32_t oasip_lfsr(uint32_t a)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x0b, 1, 4, %0, %1, x0" : "=r"(r) : "r"(a));
    return r;
}

/* 64-bit rotation through aux: pack, rotl, extlw. */
static inline __attribute__((always_inline)) uint64_t oasip_rotl64(uint64_t v, uint32_t n)
{
    oasip_pack((uint32_t)(v >> 32), (uint32_t)v);
    uint32_t hi = oasip_rotl(n);
    uint32_t lo = oasip_extlw();
    return ((uint64_t)hi << 32) | lo;
}

/* Hardware loop from C. OASIP_DOLOOP(count, L) starts a loop whose body ends with the
 * instruction emitted by OASIP_LOOP_END(L) (a nop carrying the label L; use a label name
 * like .Lname, unique per function, and don't let the function be inlined twice).
 * Fragile: gcc sees neither the loop nor the back edge. The "memory" clobbers order memory
 * accesses around the loop boundaries, but register values are not protected: gcc may
 * move register computations (e.g. a "n = 0" initialisation) across the doloop or the end
 * label. Keep loop-carried variables in memory (volatile) or write the loop in assembly,
 * as kernels/rv32-oasip does. */
#define OASIP_DOLOOP(count, label)                                                         \
    __asm__ volatile(".insn b 0x0b, 2, %0, x0, " #label : : "r"((uint32_t)(count)) : "memory")
#define OASIP_LOOP_END(label) __asm__ volatile(#label ": nop" : : : "memory")

#endif /* __ASSEMBLER__ */
#endif /* OASIP_H */
