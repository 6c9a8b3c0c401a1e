/* State access for the kernels that keep the state as 25 plain little-endian 64-bit lanes
 * (rv32-ref, mips-ref, rv32-oasip, rv32-dasip, mips-native, mips-coproc): the state's bytes
 * are the FIPS 202 state bytes. Linked into the kernel object, so it counts in the kernel's
 * code size (as every kernel's own state access does). */
#include "kernel.h"

static inline void lane_xor(uint32_t *w, uint32_t lo, uint32_t hi)
{
    w[0] ^= lo;
    w[1] ^= hi;
}

static inline void lane_get(const uint32_t *w, unsigned lane, uint32_t *lo, uint32_t *hi)
{
    (void)lane;
    *lo = w[0];
    *hi = w[1];
}

#include "lane_walk.h"

void kernel_state_init(keccak_state_t *s)
{
    uint32_t *w = (uint32_t *)s->lanes;
    for (unsigned i = 0; i < 50; i++)
        w[i] = 0;
}
