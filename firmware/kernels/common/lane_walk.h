/* The one implementation of kernel_xor_bytes and kernel_extract_bytes, for every kernel.
 *
 * A kernel keeps lane i (= x + 5y) in words 2i and 2i+1 of its state, in its own form (plain,
 * bit-interleaved, complemented, ...). Before including this file it defines how a 64-bit
 * lane, given as its little-endian halves lo (bits 0..31) and hi (bits 32..63), enters and
 * leaves that form:
 *
 *   static inline void lane_xor(uint32_t *w, uint32_t lo, uint32_t hi);  w[0..1] ^= lane
 *   static inline void lane_get(const uint32_t *w, unsigned lane, uint32_t *lo, uint32_t *hi);
 *
 * Whole lanes go straight from and to the caller's buffer (word accesses when it is 4-byte
 * aligned); a partial lane at either end goes through an 8-byte buffer.
 * Requires a little-endian target. */
#ifndef SHA3_ASIP_LANE_WALK_H
#define SHA3_ASIP_LANE_WALK_H

#include "kernel.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "lane_walk.h assumes a little-endian target"
#endif

typedef uint32_t __attribute__((may_alias)) lw_word_t;

typedef union {
    uint32_t w[2];
    uint8_t b[8];
} lw_lane_t;

static inline uint32_t lw_load32le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

/* XOR bytes [o, o + n) of a lane (0 < n, o + n <= 8) from in. */
static void lw_xor_partial(uint32_t *w, unsigned o, const uint8_t *in, unsigned n)
{
    lw_lane_t t = {{0, 0}};
    for (unsigned i = 0; i < n; i++)
        t.b[o + i] = in[i];
    lane_xor(w, t.w[0], t.w[1]);
}

void kernel_xor_bytes(keccak_state_t *s, unsigned offset, const uint8_t *in, size_t len)
{
    uint32_t *w = (uint32_t *)s->lanes + 2 * (offset / 8);
    unsigned o = offset % 8;

    if (o != 0 && len > 0) {
        unsigned n = 8 - o < len ? 8 - o : (unsigned)len;
        lw_xor_partial(w, o, in, n);
        w += 2;
        in += n;
        len -= n;
    }
    /* Two loops: in one, gcc would use the byte loads for the aligned case too. */
    if (((uintptr_t)in & 3) == 0) {
        const lw_word_t *q = (const lw_word_t *)in;
        for (; len >= 8; len -= 8, q += 2, w += 2)
            lane_xor(w, q[0], q[1]);
        in = (const uint8_t *)q;
    } else {
        for (; len >= 8; len -= 8, in += 8, w += 2)
            lane_xor(w, lw_load32le(in), lw_load32le(in + 4));
    }
    if (len > 0)
        lw_xor_partial(w, 0, in, (unsigned)len);
}

void kernel_extract_bytes(const keccak_state_t *s, unsigned offset, uint8_t *out, size_t len)
{
    const uint32_t *w = (const uint32_t *)s->lanes + 2 * (offset / 8);
    unsigned lane = offset / 8, o = offset % 8;

    while (len > 0) {
        lw_lane_t t;
        lane_get(w, lane, &t.w[0], &t.w[1]);
        if (o == 0 && len >= 8 && ((uintptr_t)out & 3) == 0) {
            ((lw_word_t *)out)[0] = t.w[0];
            ((lw_word_t *)out)[1] = t.w[1];
            out += 8;
            len -= 8;
        } else {
            unsigned n = 8 - o < len ? 8 - o : (unsigned)len;
            for (unsigned i = 0; i < n; i++)
                out[i] = t.b[o + i];
            out += n;
            len -= n;
            o = 0;
        }
        w += 2;
        lane++;
    }
}

#endif
