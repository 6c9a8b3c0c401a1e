/* rv32-xkeccak — TEMPORARY (issue 18 part 2 brings one sponge layer for every design and
 * the kernel API kernel_state_init / kernel_permute(s, rounds) / kernel_xor_bytes /
 * kernel_extract_bytes): until it lands, this file gives the harness the current API
 * (kernel_permute(s), kernel_sponge) over xk_keccak_p (permute.S) and the three state
 * functions of the new API. Delete it, and rename xk_keccak_p to kernel_permute, when the
 * new firmware/include/kernel.h is on main.
 *
 * State representation: 25 plain little-endian 64-bit lanes (the FIPS 202 state bytes). */
#include "kernel.h"

void xk_keccak_p(keccak_state_t *s, unsigned rounds);
void kernel_state_init(keccak_state_t *s);
void kernel_xor_bytes(keccak_state_t *s, unsigned offset, const uint8_t *in, size_t len);
void kernel_extract_bytes(const keccak_state_t *s, unsigned offset, uint8_t *out, size_t len);

void kernel_state_init(keccak_state_t *s)
{
    uint32_t *w = (uint32_t *)s->lanes;
    for (unsigned i = 0; i < 50; i++)
        w[i] = 0;
}

void kernel_xor_bytes(keccak_state_t *s, unsigned offset, const uint8_t *in, size_t len)
{
    uint8_t *b = (uint8_t *)s->lanes + offset;
    if (((offset | (uintptr_t)in) & 3) == 0) {
        uint32_t *w = (uint32_t *)b;
        const uint32_t *iw = (const uint32_t *)in;
        for (; len >= 4; len -= 4, in += 4, b += 4)
            *w++ ^= *iw++;
    }
    for (size_t i = 0; i < len; i++)
        b[i] ^= in[i];
}

void kernel_extract_bytes(const keccak_state_t *s, unsigned offset, uint8_t *out, size_t len)
{
    const uint8_t *b = (const uint8_t *)s->lanes + offset;
    for (size_t i = 0; i < len; i++)
        out[i] = b[i];
}

void kernel_permute(keccak_state_t *s)
{
    xk_keccak_p(s, 24);
}

void kernel_sponge(unsigned rate_bytes, uint8_t suffix, const uint8_t *in, size_t inlen,
                   uint8_t *out, size_t outlen)
{
    keccak_state_t st;
    uint8_t pad[2];

    kernel_state_init(&st);
    while (inlen >= rate_bytes) {
        kernel_xor_bytes(&st, 0, in, rate_bytes);
        xk_keccak_p(&st, 24);
        in += rate_bytes;
        inlen -= rate_bytes;
    }
    kernel_xor_bytes(&st, 0, in, inlen);
    pad[0] = suffix;
    kernel_xor_bytes(&st, (unsigned)inlen, pad, 1);
    if ((suffix & 0x80) && inlen == rate_bytes - 1)
        xk_keccak_p(&st, 24);
    pad[0] = 0x80;
    kernel_xor_bytes(&st, rate_bytes - 1, pad, 1);
    xk_keccak_p(&st, 24);
    for (;;) {
        size_t n = outlen < rate_bytes ? outlen : rate_bytes;
        kernel_extract_bytes(&st, 0, out, n);
        out += n;
        outlen -= n;
        if (outlen == 0)
            break;
        xk_keccak_p(&st, 24);
    }
}
