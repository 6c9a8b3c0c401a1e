/* MIPS32: the cycle counter is hardware register 2 (CC), read with rdhwr (MIPS32r2; qemu-user
 * allows it, and the project's simulator implements it as the cycle count). It is 32 bits
 * wide; differences are taken modulo 2^32. MIPS has no user-readable retired-instruction
 * counter: instret is printed as 0, and the flow fills in the count from the simulator,
 * which records the instructions retired at every rdhwr $2 (asip_sim CycleReads,
 * asip_flow::harness::fill_instret). */
#ifndef SHA3_ASIP_ARCH_H
#define SHA3_ASIP_ARCH_H
#include <stdint.h>

typedef uint32_t arch_count_t; /* counter width: differences are taken in this type */

static inline arch_count_t arch_cycles(void)
{
    uint32_t v;
    __asm__ volatile(".set push\n\t.set mips32r2\n\trdhwr %0, $2\n\t.set pop" : "=r"(v));
    return v;
}

static inline arch_count_t arch_instret(void) { return 0; }

#endif
