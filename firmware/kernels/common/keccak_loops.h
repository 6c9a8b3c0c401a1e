/* sha3-asip — what the loop-style kernels (kernels/common/ref.c, mips-native, mips-coproc)
 * share. The round-constant LFSR: x^8 + x^6 + x^5 + x^4 + 1, one step being
 * r = (r << 1) ^ ((r & 0x80) ? 0x71 : 0); round i's constant has bit 2^j - 1 set when
 * step 7i + j shifts out a 1. The in-place rho-pi walk (ref.c, mips-native). These are
 * macros: the kernels compile to the same code as with the loops written out in each. */
#ifndef SHA3_ASIP_KECCAK_LOOPS_H
#define SHA3_ASIP_KECCAK_LOOPS_H

#include <stdint.h>

/* One step of the round-constant LFSR; returns the bit shifted out (old bit 0). */
static inline unsigned lfsr_step(uint8_t *r)
{
    unsigned bit = *r & 1;
    *r = (uint8_t)((*r << 1) ^ ((*r & 0x80) ? 0x71 : 0));
    return bit;
}

/* Keccak-p[1600, rounds] runs the last `rounds` rounds of Keccak-f[1600]: the LFSR r skips
 * the first rounds' 7 steps each. */
#define LFSR_SKIP(r, rounds)                                                                   \
    do {                                                                                       \
        for (unsigned i_ = 0; i_ < 7 * (24 - (rounds)); i_++)                                 \
            lfsr_step(&(r));                                                                   \
    } while (0)

/* rho and pi together, in place: follow the 24-lane cycle of pi starting at (1, 0), lane
 * (x, y) moving to (y, 2x + 3y) rotated left by its rho offset (t + 1)(t + 2)/2 mod 64.
 * lane_type is the lane's type, AT(x, y) the lane (an lvalue), ROTL_TO(dst, v, n) sets dst
 * to v rotated left by n. */
#define RHO_PI_WALK(lane_type, AT, ROTL_TO)                                                    \
    do {                                                                                       \
        unsigned x_ = 1, y_ = 0;                                                               \
        lane_type moving_ = AT(x_, y_);                                                        \
        for (unsigned t_ = 0; t_ < 24; t_++) {                                                 \
            unsigned nx_ = y_, ny_ = (2 * x_ + 3 * y_) % 5;                                    \
            lane_type next_ = AT(nx_, ny_);                                                    \
            ROTL_TO(AT(nx_, ny_), moving_, ((t_ + 1) * (t_ + 2) / 2) % 64);                    \
            moving_ = next_;                                                                   \
            x_ = nx_;                                                                          \
            y_ = ny_;                                                                          \
        }                                                                                      \
    } while (0)

#endif
