/* rv32-dasip: the sponge (absorb word-wise, pad, squeeze) around the DASIP permutation.
 * State representation: 25 plain little-endian 64-bit lanes, lane (x, y) at x + 5y. */
#include "kernel.h"

static uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void kernel_sponge(unsigned rate_bytes, uint8_t suffix, const uint8_t *in, size_t inlen,
                   uint8_t *out, size_t outlen)
{
    keccak_state_t st;
    uint32_t *w = (uint32_t *)st.lanes;
    uint8_t *bytes = (uint8_t *)st.lanes;
    unsigned words = rate_bytes / 4;

    for (unsigned i = 0; i < 50; i++)
        w[i] = 0;

    /* absorb whole blocks, one word at a time */
    while (inlen >= rate_bytes) {
        if (((uintptr_t)in & 3) == 0) {
            const uint32_t *iw = (const uint32_t *)in;
            for (unsigned i = 0; i < words; i++)
                w[i] ^= iw[i];
        } else {
            for (unsigned i = 0; i < words; i++)
                w[i] ^= load32_le(in + 4 * i);
        }
        kernel_permute(&st);
        in += rate_bytes;
        inlen -= rate_bytes;
    }

    /* the last partial block, byte-wise, then pad: suffix at pos, 0x80 at rate - 1 */
    for (size_t i = 0; i < inlen; i++)
        bytes[i] ^= in[i];
    bytes[inlen] ^= suffix;
    if ((suffix & 0x80) && inlen == rate_bytes - 1)
        kernel_permute(&st);
    bytes[rate_bytes - 1] ^= 0x80;
    kernel_permute(&st);

    /* squeeze */
    for (;;) {
        size_t n = outlen < rate_bytes ? outlen : rate_bytes;
        for (size_t i = 0; i < n; i++)
            out[i] = bytes[i];
        out += n;
        outlen -= n;
        if (outlen == 0)
            break;
        kernel_permute(&st);
    }
}
