/* mips-native: kernels/common/ref.c rewritten for the native-datapath ISE (seed 000,
 * Table 1). Same algorithm, loop structure and sponge as the compact reference; the lanes
 * are (low word, high word) pairs in memory order, every 64-bit rotation (theta's rotl 1,
 * rho, and the round-constant bit 1 << (2^j - 1)) is rot1 + rot2 + mfleast, and chi's
 * ~a & b is andnot. Requires a little-endian target. */
#include "kernel.h"
#include "../common/keccak_loops.h"
#include "../../../isa/mips-native/include/mips_native.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "mips-native assumes a little-endian target"
#endif

typedef struct __attribute__((may_alias)) {
    uint32_t lo, hi;
} lane_t;

#define LANE(a, x, y) ((a)[(x) + 5 * (y)])

/* r = rotl64(v, n), 0 <= n < 64 */
#define ROTL(r, v, n) mn_rotl64((v).hi, (v).lo, (n), &(r).hi, &(r).lo)

/* For RHO_PI_WALK: lane (x, y) of kernel_permute's state a. */
#define A_LANE(x, y) LANE(a, x, y)

void kernel_permute(keccak_state_t *s, unsigned rounds)
{
    lane_t *a = (lane_t *)s->lanes;
    uint8_t lfsr = 1;
    LFSR_SKIP(lfsr, rounds);

    for (unsigned round = 0; round < rounds; round++) {
        /* theta: column parities, then each lane ^= P[x-1] ^ rotl(P[x+1], 1) */
        lane_t p[5];
        for (unsigned x = 0; x < 5; x++) {
            p[x].lo = 0;
            p[x].hi = 0;
            for (unsigned y = 0; y < 5; y++) {
                p[x].lo ^= LANE(a, x, y).lo;
                p[x].hi ^= LANE(a, x, y).hi;
            }
        }
        for (unsigned x = 0; x < 5; x++) {
            lane_t d;
            ROTL(d, p[(x + 1) % 5], 1);
            d.lo ^= p[(x + 4) % 5].lo;
            d.hi ^= p[(x + 4) % 5].hi;
            for (unsigned y = 0; y < 5; y++) {
                LANE(a, x, y).lo ^= d.lo;
                LANE(a, x, y).hi ^= d.hi;
            }
        }

        /* rho and pi together: follow the 24-lane cycle of pi starting at (1, 0) */
        RHO_PI_WALK(lane_t, A_LANE, ROTL);

        /* chi: row by row, a[x] ^= ~a[x+1] & a[x+2] on a copy of the row */
        for (unsigned y = 0; y < 5; y++) {
            lane_t row[5];
            for (unsigned x = 0; x < 5; x++)
                row[x] = LANE(a, x, y);
            for (unsigned x = 0; x < 5; x++) {
                LANE(a, x, y).lo = row[x].lo ^ mn_andnot(row[(x + 1) % 5].lo, row[(x + 2) % 5].lo);
                LANE(a, x, y).hi = row[x].hi ^ mn_andnot(row[(x + 1) % 5].hi, row[(x + 2) % 5].hi);
            }
        }

        /* iota: 7 LFSR bits give the round constant bits at positions 2^j - 1;
         * the 64-bit 1 << (2^j - 1) is the rotation of 1 by that amount */
        for (unsigned j = 0; j < 7; j++)
            if (lfsr_step(&lfsr)) {
                lane_t one = {1, 0}, bit;
                ROTL(bit, one, (1u << j) - 1);
                LANE(a, 0, 0).lo ^= bit.lo;
                LANE(a, 0, 0).hi ^= bit.hi;
            }
    }
}
