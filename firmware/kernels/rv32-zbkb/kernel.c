/* sha3-asip rv32-zbkb: Keccak for RV32IM + Zbkb (the ratified scalar-crypto bit
 * manipulation set).
 *
 * kernel_permute is generated assembly (keccak_permute.S from gen_permute.py): bit
 * interleaving with rori for rho and theta, andn for chi (no lane complementing), in place,
 * two rounds unrolled, column parities accumulated in registers, lane (0,0) in registers.
 *
 * Kernel representation (keccak_state_t): 50 words, lane i = x + 5y as words 2i (even bits)
 * and 2i+1 (odd bits). This file converts at absorb and squeeze with Zbkb: unzip splits a
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

static uint32_t load32le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

/* XOR one 64-bit lane (lo = bits 0..31, hi = bits 32..63) into its two interleaved words. */
static inline void absorb_lane(uint32_t *s, uint32_t lo, uint32_t hi)
{
    lo = unzip32(lo); /* even bits in 0..15, odd bits in 16..31 */
    hi = unzip32(hi);
    s[0] ^= pack32(lo, hi);
    s[1] ^= pack32(lo >> 16, hi >> 16);
}

/* XOR nlanes 64-bit little-endian lanes from p into the interleaved state. Two loops: in
 * one, gcc would use the byte loads for the aligned case too. */
static void absorb_lanes(uint32_t *s, const uint8_t *p, unsigned nlanes)
{
    if (((uintptr_t)p & 3) == 0) {
        const uint32_t *q = (const uint32_t *)p;
        for (unsigned i = 0; i < nlanes; i++, q += 2, s += 2)
            absorb_lane(s, q[0], q[1]);
    } else {
        for (unsigned i = 0; i < nlanes; i++, p += 8, s += 2)
            absorb_lane(s, load32le(p), load32le(p + 4));
    }
}

/* Write n (<= rate) output bytes from the interleaved state. */
static void squeeze_bytes(const uint32_t *s, uint8_t *out, unsigned n)
{
    for (; n > 0; s += 2) {
        uint32_t e = s[0], o = s[1];
        uint32_t w[2];
        w[0] = zip32(pack32(e, o));
        w[1] = zip32(pack32(e >> 16, o >> 16));
        for (unsigned j = 0; j < 8 && n > 0; j++, n--)
            *out++ = (uint8_t)(w[j >> 2] >> (8 * (j & 3)));
    }
}

void kernel_sponge(unsigned rate_bytes, uint8_t suffix, const uint8_t *in, size_t inlen,
                   uint8_t *out, size_t outlen)
{
    keccak_state_t st;
    uint32_t *s = (uint32_t *)st.lanes;
    union {
        uint32_t w[50];
        uint8_t b[200];
    } last;
    unsigned nlanes = rate_bytes / 8;

    for (unsigned i = 0; i < 50; i++)
        s[i] = 0;

    while (inlen >= rate_bytes) {
        absorb_lanes(s, in, nlanes);
        kernel_permute(&st);
        in += rate_bytes;
        inlen -= rate_bytes;
    }

    /* last (partial) block with padding, built in an aligned buffer */
    for (unsigned i = 0; i < 50; i++)
        last.w[i] = 0;
    for (unsigned i = 0; i < inlen; i++)
        last.b[i] = in[i];
    last.b[inlen] ^= suffix;
    if ((suffix & 0x80) && inlen == rate_bytes - 1) {
        /* the suffix filled the block: the final pad bit goes into a block of its own */
        absorb_lanes(s, last.b, nlanes);
        kernel_permute(&st);
        for (unsigned i = 0; i < 50; i++)
            last.w[i] = 0;
    }
    last.b[rate_bytes - 1] ^= 0x80;
    absorb_lanes(s, last.b, nlanes);
    kernel_permute(&st);

    for (;;) {
        unsigned n = outlen < rate_bytes ? (unsigned)outlen : rate_bytes;
        squeeze_bytes(s, out, n);
        out += n;
        outlen -= n;
        if (outlen == 0)
            break;
        kernel_permute(&st);
    }
}
