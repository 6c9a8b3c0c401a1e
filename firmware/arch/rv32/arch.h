/* RV32: 64-bit cycle and retired-instruction counters (Zicntr), read with the
 * hi-lo-hi retry idiom. `.option arch, +zicsr` lets this build with -march=rv32im. */
#ifndef SHA3_ASIP_ARCH_H
#define SHA3_ASIP_ARCH_H
#include <stdint.h>

typedef uint64_t arch_count_t; /* counter width: differences are taken in this type */

#define ARCH_READ_CSR64(lo_name, hi_name)                                          \
    ({                                                                             \
        uint32_t hi_, lo_, hi2_;                                                   \
        do {                                                                       \
            __asm__ volatile(".option push\n\t.option arch, +zicsr\n\t"            \
                             hi_name " %0\n\t" lo_name " %1\n\t" hi_name " %2\n\t" \
                             ".option pop"                                         \
                             : "=r"(hi_), "=r"(lo_), "=r"(hi2_));                  \
        } while (hi_ != hi2_);                                                     \
        ((uint64_t)hi_ << 32) | lo_;                                               \
    })

static inline arch_count_t arch_cycles(void) { return ARCH_READ_CSR64("rdcycle", "rdcycleh"); }
static inline arch_count_t arch_instret(void) { return ARCH_READ_CSR64("rdinstret", "rdinstreth"); }

#endif
