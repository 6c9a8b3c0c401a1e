/* sha3-asip benchmark harness: the AEAD benchmark's entry point (bench_aead.c), which the
 * SHA-3 benchmark's main (bench.c) dispatches to when ALG names an AEAD. */
#ifndef SHA3_ASIP_BENCH_AEAD_H
#define SHA3_ASIP_BENCH_AEAD_H

#include "aead.h"

/* The AEAD benchmark: argv as for main, argv[1] naming a (argv[2] the lengths or "kat"). */
int bench_aead(const struct aead_alg *a, int argc, char **argv);

#endif
