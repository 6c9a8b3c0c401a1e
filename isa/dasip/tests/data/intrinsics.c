/* isa/dasip/include/dasip.h from C: logic ops, step-5 and mod-5 loads/stores and pairs,
 * built bare-metal (asip_testkit::c_program) and run on the simulator by tests/header.rs.
 * Exit status 0 = all checks passed, otherwise the number of the first failing check. */
#include <stdint.h>
#include "../../include/dasip.h"

int check(void);

static uint64_t lanes[8];

int check(void)
{
    const uint64_t a0 = 0x0123456789abcdefull, a1 = 0xfedcba9876543210ull;
    lanes[0] = a0;
    lanes[1] = a1;
    /* pairs name their base and index in x8..x15 */
    register uint32_t base __asm__("a0") = (uint32_t)lanes;
    register uint32_t idx __asm__("a1") = 0;
    volatile uint32_t six = 6, amount = 8;
    DASIP_LDLW32S5I(0, base, idx, 0); /* ar0 = lane 0 */
    DASIP_LDHW32S5I(0, base, idx, 0);
    DASIP_LDLW32S5I(1, base, idx, 1); /* ar1 = lane 1 */
    DASIP_LDHW32S5I(1, base, idx, 1);
    DASIP_XOR64(2, 0, 1);
    DASIP_STLW32S5I(2, base, idx, 2);
    DASIP_STHW32S5I(2, base, idx, 2);
    if (lanes[2] != (a0 ^ a1)) return 1;
    DASIP_ROTL64(3, 0, amount);
    DASIP_STLW32S5I(3, base, idx, 3);
    DASIP_STHW32S5I(3, base, idx, 3);
    if (lanes[3] != ((a0 << 8) | (a0 >> 56))) return 2;
    DASIP_MVAR(4, 1);
    DASIP_NANDXOR64(4, 0, 1); /* ar4 = a1 ^ (~a0 & a1) */
    DASIP_STLW32S5I(4, base, idx, 4);
    DASIP_STHW32S5I(4, base, idx, 4);
    if (lanes[4] != (a1 ^ (~a0 & a1))) return 3;
    uint32_t i = six;
    DASIP_LDLW32M5I(5, base, i, 1); /* lane (6 + 1) mod 5 = 2 */
    DASIP_LDHW32M5I(5, base, i, 1);
    DASIP_STLW32S5I(5, base, idx, 5);
    DASIP_STHW32S5I(5, base, idx, 5);
    if (lanes[5] != (a0 ^ a1)) return 4;
    /* store ar0's high word to lane 6, then ar5 = ar1 */
    DASIP_PAIR_STHW_S5_MVAR(0, base, idx, 6, 5, 1);
    DASIP_STLW32S5I(5, base, idx, 7);
    DASIP_STHW32S5I(5, base, idx, 7);
    if ((uint32_t)(lanes[6] >> 32) != (uint32_t)(a0 >> 32)) return 5;
    if (lanes[7] != a1) return 6;
    /* load lane 1's high word into ar2 (= a0 ^ a1), then ar3 = ar3 ^ ar2 (chained) */
    DASIP_MVAR(3, 0);
    DASIP_PAIR_LDHW_S5_XOR64(2, base, idx, 1, 3, 3, 2);
    DASIP_STLW32S5I(3, base, idx, 0);
    DASIP_STHW32S5I(3, base, idx, 0);
    uint64_t ar2 = (a1 & 0xffffffff00000000ull) | ((a0 ^ a1) & 0xffffffffull);
    if (lanes[0] != (a0 ^ ar2)) return 7;
    return 0;
}
