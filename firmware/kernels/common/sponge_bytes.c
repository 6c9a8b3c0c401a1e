/* The byte-wise sponge shared by the kernels that keep the state as 25 plain 64-bit lanes
 * (rv32-ref, mips-ref, rv32-oasip, mips-native, mips-coproc): absorb and squeeze one byte
 * at a time, pad10*1 with the domain suffix, calling the kernel's own kernel_permute.
 * Linked into the kernel object, so it counts in the kernel's code size.
 * Requires a little-endian target (lane byte order = state byte order). */
#include "kernel.h"

void kernel_sponge(unsigned rate_bytes, uint8_t suffix, const uint8_t *in, size_t inlen,
                   uint8_t *out, size_t outlen)
{
    keccak_state_t st;
    uint8_t *bytes = (uint8_t *)st.lanes;
    unsigned pos = 0;

    for (unsigned i = 0; i < 25; i++)
        st.lanes[i] = 0;

    /* absorb, one byte at a time */
    while (inlen > 0) {
        bytes[pos++] ^= *in++;
        inlen--;
        if (pos == rate_bytes) {
            kernel_permute(&st);
            pos = 0;
        }
    }

    /* pad: suffix (domain bits + first pad bit) at pos, last pad bit at rate - 1 */
    bytes[pos] ^= suffix;
    if ((suffix & 0x80) && pos == rate_bytes - 1)
        kernel_permute(&st);
    bytes[rate_bytes - 1] ^= 0x80;
    kernel_permute(&st);

    /* squeeze, one byte at a time */
    pos = 0;
    while (outlen > 0) {
        if (pos == rate_bytes) {
            kernel_permute(&st);
            pos = 0;
        }
        *out++ = bytes[pos++];
        outlen--;
    }
}
