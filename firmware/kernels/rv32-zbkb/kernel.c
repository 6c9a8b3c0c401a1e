/* sha3-asip rv32-zbkb: Keccak for RV32IM + Zbkb (the ratified scalar-crypto bit
 * manipulation set).
 *
 * kernel_permute is generated assembly (keccak_permute.S from gen_permute.py): bit
 * interleaving with rori for rho and theta, andn for chi (no lane complementing), in place,
 * two rounds unrolled, column parities accumulated in registers, lane (0,0) in registers;
 * Keccak-p[1600, rounds] for any even rounds (24 and 12 used).
 *
 * Kernel representation (keccak_state_t): 50 words, lane i = x + 5y as words 2i (even bits)
 * and 2i+1 (odd bits). This file converts lanes on state access with Zbkb: unzip splits a
 * word into its even bits (low half) and odd bits (high half), pack joins two low halves,
 * zip is the inverse of unzip. */
#include "kernel.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "rv32-zbkb assumes a little-endian target"
#endif

/* gcc 12 does not emit Zbkb instructions by itself: inline assembly. */
static inline uint32_t unzip32(uint32_t x)
{
    uint32_t r;
    __asm__("unzip %0, %1" : "=r"(r) : "r"(x));
    return r;
}

static inline uint32_t zip32(uint32_t x)
{
    uint32_t r;
    __asm__("zip %0, %1" : "=r"(r) : "r"(x));
    return r;
}

/* low half of lo | low half of hi << 16 */
static inline uint32_t pack32(uint32_t lo, uint32_t hi)
{
    uint32_t r;
    __asm__("pack %0, %1, %2" : "=r"(r) : "r"(lo), "r"(hi));
    return r;
}

/* Lane access for kernels/common/lane_walk.h (kernel_xor_bytes, kernel_extract_bytes). */
static inline void lane_xor(uint32_t *s, uint32_t lo, uint32_t hi)
{
    lo = unzip32(lo); /* even bits in 0..15, odd bits in 16..31 */
    hi = unzip32(hi);
    s[0] ^= pack32(lo, hi);
    s[1] ^= pack32(lo >> 16, hi >> 16);
}

static inline void lane_get(const uint32_t *s, unsigned lane, uint32_t *lo, uint32_t *hi)
{
    uint32_t e = s[0], o = s[1];
    (void)lane;
    *lo = zip32(pack32(e, o));
    *hi = zip32(pack32(e >> 16, o >> 16));
}

#include "../common/lane_walk.h"

void kernel_state_init(keccak_state_t *st)
{
    uint32_t *s = (uint32_t *)st->lanes;
    for (unsigned i = 0; i < 50; i++)
        s[i] = 0;
}
