/* sha3-asip compact reference Keccak (kernels rv32-ref, mips-ref).
 *
 * Written for this project, in the same algorithmic style as the Keccak team's
 * "Keccak-readable-and-compact.c", the baseline software of seed 001 (Sect. 4):
 *   - the state is 25 plain 64-bit lanes, lane (x, y) at index x + 5*y;
 *   - every step loops over x and y, with run-time "% 5" index arithmetic;
 *   - 64-bit rotations by a variable amount (uint64_t, so on a 32-bit core gcc builds them
 *     from 32-bit shifts);
 *   - rho offsets are computed in the rho-pi loop, (t+1)(t+2)/2 mod 64, while walking
 *     (x, y) -> (y, 2x + 3y);
 *   - round constants come from the LFSR x^8 + x^6 + x^5 + x^4 + 1, one step being
 *     r = (r << 1) ^ ((r & 0x80) ? 0x71 : 0), bit j of RC at position 2^j - 1;
 *   - state access (absorbing, squeezing) is kernels/common/lanes.c, shared by every
 *     plain-lane kernel: lane-wise, byte-wise only for a partial lane (the seed's baseline
 *     absorbed byte by byte).
 * Requires a little-endian target (lane bytes are XORed in memory order). */
#include "kernel.h"
#include "keccak_loops.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "ref.c assumes a little-endian target"
#endif

#define LANE(s, x, y) ((s)->lanes[(x) + 5 * (y)])

/* 64-bit left rotation by a run-time amount n, 0 < n < 64. */
static uint64_t rotl64(uint64_t v, unsigned n)
{
    return (v << n) | (v >> (64 - n));
}

/* For RHO_PI_WALK: lane (x, y) of kernel_permute's state s; d = rotl64(v, n). */
#define S_LANE(x, y) LANE(s, x, y)
#define SET_ROTL64(d, v, n) ((d) = rotl64((v), (n)))

void kernel_permute(keccak_state_t *s, unsigned rounds)
{
    uint8_t lfsr = 1;
    LFSR_SKIP(lfsr, rounds);

    for (unsigned round = 0; round < rounds; round++) {
        /* theta: column parities, then each lane ^= P[x-1] ^ rotl(P[x+1], 1) */
        uint64_t p[5];
        for (unsigned x = 0; x < 5; x++) {
            p[x] = 0;
            for (unsigned y = 0; y < 5; y++)
                p[x] ^= LANE(s, x, y);
        }
        for (unsigned x = 0; x < 5; x++) {
            uint64_t d = p[(x + 4) % 5] ^ rotl64(p[(x + 1) % 5], 1);
            for (unsigned y = 0; y < 5; y++)
                LANE(s, x, y) ^= d;
        }

        /* rho and pi together: follow the 24-lane cycle of pi starting at (1, 0) */
        RHO_PI_WALK(uint64_t, S_LANE, SET_ROTL64);

        /* chi: row by row, a[x] ^= ~a[x+1] & a[x+2] on a copy of the row */
        for (unsigned y = 0; y < 5; y++) {
            uint64_t row[5];
            for (unsigned x = 0; x < 5; x++)
                row[x] = LANE(s, x, y);
            for (unsigned x = 0; x < 5; x++)
                LANE(s, x, y) = row[x] ^ (~row[(x + 1) % 5] & row[(x + 2) % 5]);
        }

        /* iota: 7 LFSR bits give the round constant bits at positions 2^j - 1 */
        for (unsigned j = 0; j < 7; j++)
            if (lfsr_step(&lfsr))
                LANE(s, 0, 0) ^= (uint64_t)1 << ((1u << j) - 1);
    }
}
