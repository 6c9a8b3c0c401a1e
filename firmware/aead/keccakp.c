/* sha3-asip — portable Keccak-p[b, nr] (see keccakp.h). Readable C: lanes in uint64_t
 * words masked to w bits, one round at a time; not tuned for any design. */
#include "keccakp.h"
#include "../include/keccak_constants.h" /* by path: the host build (aead_c.rs) has no -Iinclude */

/* Round constants of Keccak-f[1600] (Keccak-f[b]'s are their low w bits) and rho offsets mod
 * 64 (w divides 64, so reducing them mod w again is exact): keccak_constants.h. */
static const uint64_t RC[24] = {KECCAK_RC};
static const uint8_t RHO[25] = {KECCAK_RHO};

static uint64_t rotl(uint64_t v, unsigned n, unsigned w, uint64_t mask)
{
    n %= w;
    return n ? (((v << n) | (v >> (w - n))) & mask) : v;
}

void keccakp_portable(void *ctx, uint8_t *s, unsigned b, unsigned rounds)
{
    (void)ctx;
    unsigned w = b / 25, bpl = w / 8, l = 0;
    while ((1u << l) < w)
        l++;
    uint64_t mask = w == 64 ? ~0ULL : ((1ULL << w) - 1);
    uint64_t a[25], c[5], t[25];
    for (unsigned i = 0; i < 25; i++) {
        uint64_t v = 0;
        for (unsigned k = 0; k < bpl; k++)
            v |= (uint64_t)s[i * bpl + k] << (8 * k);
        a[i] = v;
    }
    unsigned total = 12 + 2 * l;
    for (unsigned ir = total - rounds; ir < total; ir++) {
        for (unsigned x = 0; x < 5; x++)
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (unsigned x = 0; x < 5; x++) {
            uint64_t d = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1, w, mask);
            for (unsigned y = 0; y < 25; y += 5)
                a[x + y] ^= d;
        }
        /* rho and pi: B[y][2x + 3y] = rot(A[x][y]) */
        for (unsigned x = 0; x < 5; x++)
            for (unsigned y = 0; y < 5; y++)
                t[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(a[x + 5 * y], RHO[x + 5 * y], w, mask);
        for (unsigned y = 0; y < 25; y += 5)
            for (unsigned x = 0; x < 5; x++)
                a[x + y] = t[x + y] ^ (~t[(x + 1) % 5 + y] & t[(x + 2) % 5 + y] & mask);
        a[0] ^= RC[ir] & mask;
    }
    for (unsigned i = 0; i < 25; i++)
        for (unsigned k = 0; k < bpl; k++)
            s[i * bpl + k] = (uint8_t)(a[i] >> (8 * k));
}
