/* sha3-asip benchmark harness: what the SHA-3 benchmark (bench.c) and the AEAD benchmark
 * (bench_aead.c) share: the message and length buffers, argument parsing, the message
 * generator and the header line. Both include this header and neither calls into the other
 * but for bench.c's dispatch to bench_aead() (bench_aead.h): the files form no loop.
 *
 * The definitions are compiled once, in bench.c, which defines BENCH_UTIL_DEFINE before
 * including this header (the single-header-library pattern). They stay in bench.c's
 * translation unit on purpose: there gcc inlines some of them into main, as when they were
 * written in bench.c, so the harness's machine code is the same instruction for instruction.
 * In a bench_util.c of their own they were not inlined, and the whole-run instruction and
 * cycle totals of `sha3-asip rtl lockstep` (the report's "Processors in RTL" table) moved. */
#ifndef SHA3_ASIP_BENCH_UTIL_H
#define SHA3_ASIP_BENCH_UTIL_H

#include <stdint.h>
#include "kernel.h"
#include "runtime.h"

#define MSG_MAX 65536u
#define MAX_LENS 1024u
#define PARAM_MAX 512u

/* The message and the lengths of LENS. Defined in bench.c among its other buffers: their order
 * there fixes the memory layout, and with it the addresses in the code. */
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

#endif

#ifdef BENCH_UTIL_DEFINE
#undef BENCH_UTIL_DEFINE

const char *parse_lens(const char *p, uint32_t *n)
{
    uint32_t v;
    *n = 0;
    for (;;) {
        if (rt_parse_u32_until(p, ',', &v, &p) != 0)
            return "LENS must be a comma-separated list of decimal lengths";
        if (v > MSG_MAX)
            return "a length in LENS exceeds the 65536-byte message buffer";
        if (*n == MAX_LENS)
            return "too many lengths in LENS (max 1024)";
        lens[(*n)++] = v;
        if (*p == '\0')
            return 0;
        p++; /* skip ',' */
    }
}

void print_header(void)
{
    rt_puts("# sha3-asip bench kernel=");
    rt_puts(kernel_name);
    rt_puts(" cflags=\"");
    rt_puts(kernel_cflags);
    rt_puts("\"\n");
    rt_flush();
}

static int hex_nibble(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int parse_hex(const char *s, uint8_t *buf)
{
    size_t n = strlen(s);
    if (n % 2 != 0 || n / 2 > PARAM_MAX)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hex_nibble(s[2 * i]), lo = hex_nibble(s[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        buf[i] = (uint8_t)(hi << 4 | lo);
    }
    return (int)(n / 2);
}

const char *option(const char *arg, const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < n; i++)
        if (arg[i] != name[i])
            return 0;
    return arg[n] == '=' ? arg + n + 1 : 0;
}

void gen_message(uint8_t *p, uint32_t len, uint32_t seed)
{
    uint32_t x = 0x9E3779B9u ^ seed ^ (len << 16);
    if (x == 0)
        x = 1;
    for (uint32_t i = 0; i < len; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        p[i] = (uint8_t)x;
    }
}

#endif
