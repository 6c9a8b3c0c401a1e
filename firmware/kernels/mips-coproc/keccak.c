/* mips-coproc: kernels/common/ref.c rewritten for the coprocessor ISE (seed 000, Table 2).
 * Same algorithm and sponge as the compact reference: loops over x and y with run-time
 * % 5 indices, rho offsets (t+1)(t+2)/2 mod 64 computed while walking pi's lane cycle,
 * LFSR round constants. The state is 50 words, lane i = (word 2i = low, word 2i+1 = high).
 * The coprocessor reads its operands from memory (lwau into Au0..Au4) and stores its
 * results (xor5, chi, rot/swleast), so each step is memory to memory:
 *   theta  column parity half  = lwau x5, xor5            -> c[]
 *          D[x] = c[x-1] ^ rotl(c[x+1], 1): lwau x3, rot, swleast, then lw/xor;
 *          lanes ^= D[x] with lw/xor/sw
 *   rho+pi b[pi(x, y)] = rotl(a[x, y], r): the amount is stored to a stack word and
 *          loaded into Au2; lwau x3, rot, swleast (out of place, into b[])
 *   chi    per row half: lwau x5 (b), chi #0..#4 (-> a)
 *   iota   regular instructions.
 * Requires a little-endian target. */
#include "kernel.h"
#include "../common/keccak_loops.h"
#include "../../../isa/mips-coproc/include/mips_coproc.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "mips-coproc assumes a little-endian target"
#endif

typedef uint32_t __attribute__((may_alias)) word_t;

#define LO(i) (2 * (i))
#define HI(i) (2 * (i) + 1)

/* c[w] = xor of word w of the five lanes of a column (w = LO(x) or HI(x)): lwau x5, xor5. */
#define COLUMN_PARITY(c, a, w)                                                                 \
    do {                                                                                       \
        mc_lwau(0, (a)[(w)]);                                                                  \
        mc_lwau(1, (a)[(w) + LO(5)]);                                                          \
        mc_lwau(2, (a)[(w) + LO(10)]);                                                         \
        mc_lwau(3, (a)[(w) + LO(15)]);                                                         \
        mc_lwau(4, (a)[(w) + LO(20)]);                                                         \
        mc_xor5((c)[(w)]);                                                                     \
    } while (0)

void kernel_permute(keccak_state_t *s, unsigned rounds)
{
    word_t *a = (word_t *)s->lanes;
    uint32_t b[50], c[10], d[2], amount;
    uint8_t lfsr = 1;
    LFSR_SKIP(lfsr, rounds);

    for (unsigned round = 0; round < rounds; round++) {
        /* theta: column parities c[x] = xor of the five lanes of column x */
        for (unsigned x = 0; x < 5; x++) {
            COLUMN_PARITY(c, a, LO(x));
            COLUMN_PARITY(c, a, HI(x));
        }
        /* each lane ^= c[x-1] ^ rotl(c[x+1], 1) */
        amount = 1;
        for (unsigned x = 0; x < 5; x++) {
            unsigned xp = (x + 1) % 5, xm = (x + 4) % 5;
            mc_lwau(0, c[HI(xp)]);
            mc_lwau(1, c[LO(xp)]);
            mc_lwau(2, amount);
            mc_rot(d[1]);
            mc_swleast(d[0]);
            uint32_t dlo = d[0] ^ c[LO(xm)], dhi = d[1] ^ c[HI(xm)];
            for (unsigned y = 0; y < 5; y++) {
                a[LO(x + 5 * y)] ^= dlo;
                a[HI(x + 5 * y)] ^= dhi;
            }
        }

        /* rho and pi: b[(y, 2x+3y)] = rotl(a[x, y], r), walking pi's cycle from (1, 0);
         * lane (0, 0) has offset 0 */
        b[0] = a[0];
        b[1] = a[1];
        {
            unsigned x = 1, y = 0;
            for (unsigned t = 0; t < 24; t++) {
                unsigned nx = y, ny = (2 * x + 3 * y) % 5;
                unsigned from = x + 5 * y, to = nx + 5 * ny;
                amount = ((t + 1) * (t + 2) / 2) % 64;
                mc_lwau(0, a[HI(from)]);
                mc_lwau(1, a[LO(from)]);
                mc_lwau(2, amount);
                mc_rot(b[HI(to)]);
                mc_swleast(b[LO(to)]);
                x = nx;
                y = ny;
            }
        }

        /* chi: a[x, y] = b[x] ^ (~b[x+1] & b[x+2]) per row half */
        for (unsigned y = 0; y < 5; y++) {
            word_t *r = b + 10 * y, *o = a + 10 * y;
            for (unsigned h = 0; h < 2; h++) {
                mc_lwau(0, r[h + 0]);
                mc_lwau(1, r[h + 2]);
                mc_lwau(2, r[h + 4]);
                mc_lwau(3, r[h + 6]);
                mc_lwau(4, r[h + 8]);
                mc_chi(0, o[h + 0]);
                mc_chi(1, o[h + 2]);
                mc_chi(2, o[h + 4]);
                mc_chi(3, o[h + 6]);
                mc_chi(4, o[h + 8]);
            }
        }

        /* iota: 7 LFSR bits give the round constant bits at positions 2^j - 1 */
        for (unsigned j = 0; j < 7; j++)
            if (lfsr_step(&lfsr)) {
                unsigned pos = (1u << j) - 1;
                if (pos < 32)
                    a[0] ^= 1u << pos;
                else
                    a[1] ^= 1u << (pos - 32);
            }
    }
}
