/* sha3-asip benchmark harness: one binary per kernel, same protocol for all.
 *
 *   bench.elf ALG LENS [SEED [OUTLEN]]
 *
 * ALG:    sha3-224 | sha3-256 | sha3-384 | sha3-512 | shake128 | shake256
 * LENS:   comma-separated message lengths in bytes (each <= MSG_MAX)
 * SEED:   decimal u32, default 0
 * OUTLEN: output bytes for SHAKE (default 32 for shake128, 64 for shake256, 1..OUT_MAX);
 *         for SHA3 it is fixed, and if given must equal the digest size.
 *
 * Output (stdout), see docs/firmware.md:
 *   # sha3-asip bench kernel=<name> cflags="<cflags>"
 *   perm cycles=<dec> instret=<dec>
 *   hash alg=<ALG> len=<dec> seed=<dec> cycles=<dec> instret=<dec> digest=<hex>
 *
 * Counters are read immediately before and after the measured call; the difference is
 * printed as is (the counter-read code itself is included, nothing is subtracted).
 * Bad arguments: message on stderr, exit code 2. */
#include "arch.h"
#include "kernel.h"
#include "runtime.h"

#define MSG_MAX 65536u
#define OUT_MAX 4096u
#define MAX_LENS 1024u

static uint8_t msg[MSG_MAX];
static uint8_t out[OUT_MAX];
static uint32_t lens[MAX_LENS];
static keccak_state_t perm_state;

struct alg {
    const char *name;
    unsigned rate;
    uint8_t suffix;
    unsigned outlen; /* fixed (SHA3) or default (SHAKE) */
    int xof;
};

static const struct alg algs[] = {
    {"sha3-224", 144, 0x06, 28, 0}, {"sha3-256", 136, 0x06, 32, 0},
    {"sha3-384", 104, 0x06, 48, 0}, {"sha3-512", 72, 0x06, 64, 0},
    {"shake128", 168, 0x1F, 32, 1}, {"shake256", 136, 0x1F, 64, 1},
};

static int usage(const char *why)
{
    rt_err("bench: ");
    rt_err(why);
    rt_err("\nusage: bench.elf ALG LENS [SEED [OUTLEN]]\n"
           "  ALG  sha3-224|sha3-256|sha3-384|sha3-512|shake128|shake256\n"
           "  LENS comma-separated byte lengths, each <= 65536\n"
           "  SEED decimal u32 (default 0); OUTLEN bytes for shake (1..4096)\n");
    return 2;
}

/* The message PRNG (xorshift32), reimplemented bit-exactly by the host tools. */
static void gen_message(uint8_t *p, uint32_t len, uint32_t seed)
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

int main(int argc, char **argv)
{
    const struct alg *a = 0;
    uint32_t seed = 0, outlen, nlens = 0;

    if (argc < 3 || argc > 5)
        return usage("wrong number of arguments");
    for (unsigned i = 0; i < sizeof algs / sizeof algs[0]; i++)
        if (strcmp(argv[1], algs[i].name) == 0)
            a = &algs[i];
    if (!a)
        return usage("unknown ALG");

    const char *p = argv[2];
    for (;;) {
        uint32_t v;
        if (rt_parse_u32_until(p, ',', &v, &p) != 0)
            return usage("LENS must be a comma-separated list of decimal lengths");
        if (v > MSG_MAX)
            return usage("a length in LENS exceeds the 65536-byte message buffer");
        if (nlens == MAX_LENS)
            return usage("too many lengths in LENS (max 1024)");
        lens[nlens++] = v;
        if (*p == '\0')
            break;
        p++; /* skip ',' */
    }
    if (argc >= 4 && rt_parse_u32(argv[3], &seed) != 0)
        return usage("SEED must be a decimal u32");
    outlen = a->outlen;
    if (argc >= 5) {
        if (rt_parse_u32(argv[4], &outlen) != 0 || outlen == 0 || outlen > OUT_MAX)
            return usage("OUTLEN must be a decimal number in 1..4096");
        if (!a->xof && outlen != a->outlen)
            return usage("OUTLEN is fixed for SHA3 functions");
    }

    rt_puts("# sha3-asip bench kernel=");
    rt_puts(kernel_name);
    rt_puts(" cflags=\"");
    rt_puts(kernel_cflags);
    rt_puts("\"\n");
    rt_flush();

    /* (a) one permutation on a fixed state */
    for (unsigned i = 0; i < 25; i++)
        perm_state.lanes[i] = 0x0123456789abcdefull * (i + 1);
    arch_count_t c0 = arch_cycles(), i0 = arch_instret();
    kernel_permute(&perm_state);
    arch_count_t i1 = arch_instret(), c1 = arch_cycles();
    rt_puts("perm cycles=");
    rt_put_u64((arch_count_t)(c1 - c0));
    rt_puts(" instret=");
    rt_put_u64((arch_count_t)(i1 - i0));
    rt_puts("\n");
    rt_flush();

    /* (b) one whole hash per length */
    for (uint32_t k = 0; k < nlens; k++) {
        uint32_t len = lens[k];
        gen_message(msg, len, seed);
        c0 = arch_cycles();
        i0 = arch_instret();
        kernel_sponge(a->rate, a->suffix, msg, len, out, outlen);
        i1 = arch_instret();
        c1 = arch_cycles();
        rt_puts("hash alg=");
        rt_puts(a->name);
        rt_puts(" len=");
        rt_put_u64(len);
        rt_puts(" seed=");
        rt_put_u64(seed);
        rt_puts(" cycles=");
        rt_put_u64((arch_count_t)(c1 - c0));
        rt_puts(" instret=");
        rt_put_u64((arch_count_t)(i1 - i0));
        rt_puts(" digest=");
        rt_put_hex(out, outlen);
        rt_puts("\n");
        rt_flush();
    }
    return 0;
}
