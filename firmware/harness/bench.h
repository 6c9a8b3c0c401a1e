/* sha3-asip benchmark harness: what bench.c shares with bench_aead.c. */
#ifndef SHA3_ASIP_BENCH_H
#define SHA3_ASIP_BENCH_H

#include <stdint.h>
#include "aead.h"
#include "runtime.h"

#define MSG_MAX 65536u
#define MAX_LENS 1024u
#define PARAM_MAX 512u

extern uint8_t msg[MSG_MAX];
extern uint32_t lens[MAX_LENS];

/* Decode hex s into buf (at most PARAM_MAX bytes); returns the length or -1. */
int parse_hex(const char *s, uint8_t *buf);
/* If arg is "<name>=<value>", the value; else 0. */
const char *option(const char *arg, const char *name);
/* The message PRNG (xorshift32), reimplemented bit-exactly by the host tools. */
void gen_message(uint8_t *p, uint32_t len, uint32_t seed);
/* LENS into lens[0..*n); an error message or 0. */
const char *parse_lens(const char *p, uint32_t *n);
/* The first output line: "# sha3-asip bench kernel=<name> cflags=\"<cflags>\"". */
void print_header(void);
/* The start of a measurement line: "hash alg=<name> len=<len> seed=<seed>" (a macro, so
 * the harness compiles to the same code as with the statements written out). */
#define PUT_HASH_HEAD(name, len, seed)                                                         \
    do {                                                                                       \
        rt_puts("hash alg=");                                                                  \
        rt_puts(name);                                                                         \
        rt_puts(" len=");                                                                      \
        rt_put_u64(len);                                                                       \
        rt_puts(" seed=");                                                                     \
        rt_put_u64(seed);                                                                      \
    } while (0)
/* The AEAD benchmark (bench_aead.c). */
int bench_aead(const struct aead_alg *a, int argc, char **argv);

#endif
