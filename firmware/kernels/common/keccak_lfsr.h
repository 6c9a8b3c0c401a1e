/* sha3-asip — the round-constant LFSR of the loop-style kernels (kernels/common/ref.c,
 * mips-native, mips-coproc): x^8 + x^6 + x^5 + x^4 + 1, one step being
 * r = (r << 1) ^ ((r & 0x80) ? 0x71 : 0); round i's constant has bit 2^j - 1 set when
 * step 7i + j shifts out a 1. */
#ifndef SHA3_ASIP_KECCAK_LFSR_H
#define SHA3_ASIP_KECCAK_LFSR_H

#include <stdint.h>

/* One step of the round-constant LFSR; returns the bit shifted out (old bit 0). */
static inline unsigned lfsr_step(uint8_t *r)
{
    unsigned bit = *r & 1;
    *r = (uint8_t)((*r << 1) ^ ((*r & 0x80) ? 0x71 : 0));
    return bit;
}

/* Keccak-p[1600, rounds] runs the last `rounds` rounds of Keccak-f[1600]: the LFSR r skips
 * the first rounds' 7 steps each. (A macro: the kernels compile to the same code as with the
 * loop written out in each.) */
#define LFSR_SKIP(r, rounds)                                                                   \
    do {                                                                                       \
        for (unsigned i_ = 0; i_ < 7 * (24 - (rounds)); i_++)                                 \
            lfsr_step(&(r));                                                                   \
    } while (0)

#endif
