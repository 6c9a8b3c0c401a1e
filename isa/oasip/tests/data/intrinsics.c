/* isa/oasip/include/oasip.h from C: every intrinsic and the C hardware-loop macros,
 * built bare-metal (asip_testkit::c_program) and run on the simulator by tests/header.rs. Exit status 0 = all
 * checks passed, otherwise the number of the first failing check. */
#include <stdint.h>
#include "../../include/oasip.h"

int check(void);

int check(void)
{
    volatile uint32_t v3 = 3, v7 = 7, big = 0xfffffffeu;
    if (oasip_remv(v3, 4) != 2) return 1;      /* 7 mod 5 */
    if (oasip_remv(v3, -9) != 4) return 2;     /* -6 mod 5 */
    if (oasip_remv(v7, -7) != 0) return 3;
    if (oasip_hmask(v7 * 2 + 128) != 7) return 4;
    if (oasip_lfsr(0x80) != 0x71) return 5;
    if (oasip_lfsr(big) != ((0xfe << 1 ^ 0x71) & 0xff)) return 6;
    uint64_t x = 0x0123456789abcdefull;
    if (oasip_rotl64(x, 8) != 0x23456789abcdef01ull) return 7;
    if (oasip_rotl64(x, v3 + 61) != x) return 8; /* 64 = 0 mod 64 */
    oasip_pack(0xdeadbeef, 0x12345678);
    if (oasip_rotl(32) != 0x12345678) return 9;
    if (oasip_extlw() != 0xdeadbeef) return 10;
    /* hardware loops from C: 6 x 4 iterations. n is volatile: with a plain register
     * variable gcc 12 -O2 moves "n = 0" into the loop body (between doloop and the end
     * label), the fragility oasip.h warns about. */
    volatile uint32_t n = 0;
    uint32_t outer = 6, inner = 4;
    OASIP_DOLOOP(outer, .Louter_end);
    OASIP_DOLOOP(inner, .Linner_end);
    n = n + 1;
    OASIP_LOOP_END(.Linner_end);
    OASIP_LOOP_END(.Louter_end);
    if (n != 24) return 11;
    return 0;
}
