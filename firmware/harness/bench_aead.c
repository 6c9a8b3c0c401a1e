/* sha3-asip benchmark harness, AEAD part: Keyak v2 and Ketje v2 (aead/) on the design.
 *
 *   bench.elf AEAD LENS [SEED] [key=HEX] [nonce=HEX] [ad=HEX] [msg=HEX] [tag=DEC]
 *   bench.elf AEAD kat ITEM...
 *
 * AEAD:   river-keyak, lake-keyak, ketje-jr, ketje-sr, ketje-minor, ketje-major
 * LENS:   message lengths as for the hash functions; with msg=, exactly its length
 * key=, nonce=, ad=: hex (default empty); msg=: the plaintext instead of the generated
 *         message (hex); tag=: tag bytes (Keyak: 16, the default; Ketje: 0..64)
 *
 * Output (stdout):
 *   # sha3-asip bench kernel=<name> cflags="<cflags>"
 *   perm b=<b> rounds=12 route=<route> cycles=<dec> instret=<dec>
 *   hash alg=<AEAD> len=<dec> seed=<dec> cycles=<dec> instret=<dec> digest=<C||T hex>
 *        verify=<ok|bad> perms=<kernel>/<permute>/<portable>
 * One session per length: the encryption is measured (counters around aead_encrypt); then
 * the ciphertext is decrypted in place, unmeasured, and verify= says whether that returned 0
 * and gave the plaintext back. The permutation Keccak-p[b, nr] runs on the design's
 * kernel_keccakp when it serves (b, nr) (route "kernel"), else for b = 1600 and even nr on
 * kernel_permute through the state-access functions ("permute"), else on the portable C of
 * aead/keccakp.c ("portable"); perms= counts the calls of each route in the measured
 * encryption, and the perm line times one Keccak-p[b, 12] on its route.
 *
 * kat: whole sessions as the known-answer files describe them, any number per run, in
 * order (unmeasured). k=HEX n=HEX set the key and nonce; s=FLAGS starts a session with
 * them (FLAGS: 0, or t for Keyak's tagFlag and/or f for its forgetFlag) and prints
 *   kat start tag=<start tag hex, empty without tagFlag>
 * a=HEX m=HEX set the metadata and plaintext (then cleared); w=TAGLEN wraps them on the
 * current session (wf=TAGLEN: with Keyak's forgetFlag) and prints
 *   kat wrap out=<C||T hex> verify=<ok|bad>
 * where verify= says whether a second session, started and fed alike, unwrapped C and T to
 * the plaintext with the tag verified (and gave the same start tag). */
#include "arch.h"
#include "bench_aead.h"
#include "bench_util.h"
#include "kernel.h"
#include "runtime.h"

#define TAG_MAX 64u

static uint8_t ct[MSG_MAX];
static uint8_t key[PARAM_MAX], nonce[PARAM_MAX], ad[PARAM_MAX], tag[TAG_MAX];
static uint8_t pstate[200] __attribute__((aligned(8)));
static keccak_state_t kstate;
static uint32_t route_calls[3];

enum route { ROUTE_KERNEL, ROUTE_PERMUTE, ROUTE_PORTABLE };
static const char *const route_names[] = {"kernel", "permute", "portable"};

/* A design without Keccak-p[b] of its own serves nothing here (kernel.h). */
__attribute__((weak)) int kernel_keccakp(uint8_t *s, unsigned b, unsigned rounds)
{
    (void)s;
    (void)b;
    (void)rounds;
    return -1;
}

static enum route keccakp_route(uint8_t *s, unsigned b, unsigned rounds)
{
    if (kernel_keccakp(s, b, rounds) == 0)
        return ROUTE_KERNEL;
    if (b == 1600 && rounds % 2 == 0 && rounds >= 2 && rounds <= 24) {
        kernel_state_init(&kstate);
        kernel_xor_bytes(&kstate, 0, s, 200);
        kernel_permute(&kstate, rounds);
        kernel_extract_bytes(&kstate, 0, s, 200);
        return ROUTE_PERMUTE;
    }
    keccakp_portable(0, s, b, rounds);
    return ROUTE_PORTABLE;
}

static void keccakp_design(void *ctx, uint8_t *s, unsigned b, unsigned rounds)
{
    (void)ctx;
    route_calls[keccakp_route(s, b, rounds)]++;
}

static int usage(const char *why)
{
    rt_err("bench: ");
    rt_err(why);
    rt_err("\nusage: bench.elf AEAD LENS [SEED] [key=HEX] [nonce=HEX] [ad=HEX] [msg=HEX]"
           " [tag=DEC]\n"
           "       bench.elf AEAD kat [k=HEX] [n=HEX] s=FLAGS [a=HEX] [m=HEX] w=TAGLEN ...\n"
           "  AEAD river-keyak|lake-keyak|ketje-jr|ketje-sr|ketje-minor|ketje-major\n"
           "  LENS comma-separated byte lengths, each <= 65536 (with msg=: its length)\n"
           "  key=, nonce=, ad=, msg= hex (at most 512 bytes; default empty); tag= tag bytes\n"
           "  (Keyak 16; Ketje 0..64; default 16)\n");
    return 2;
}

static void put_count(const char *name, arch_count_t c0, arch_count_t c1, arch_count_t i0,
                      arch_count_t i1)
{
    rt_puts(name);
    rt_puts("cycles=");
    rt_put_u64((arch_count_t)(c1 - c0));
    rt_puts(" instret=");
    rt_put_u64((arch_count_t)(i1 - i0));
}

static int bench_kat(const struct aead_alg *a, int argc, char **argv)
{
    static aead_session_t enc, dec;
    static uint8_t pt[MSG_MAX], stag[2][16];
    aead_perm_t perm = {keccakp_design, 0};
    int keylen = 0, noncelen = 0, adlen = 0, msglen = 0, started = 0, dead = 0;
    uint32_t taglen;
    print_header();
    for (int i = 3; i < argc; i++) {
        const char *arg = argv[i], *val;
        int forget = 0;
        if ((val = option(arg, "k")) != 0) {
            if ((keylen = parse_hex(val, key)) < 0)
                return usage("k= must be hex, at most 512 bytes");
        } else if ((val = option(arg, "n")) != 0) {
            if ((noncelen = parse_hex(val, nonce)) < 0)
                return usage("n= must be hex, at most 512 bytes");
        } else if ((val = option(arg, "a")) != 0) {
            if ((adlen = parse_hex(val, ad)) < 0)
                return usage("a= must be hex, at most 512 bytes");
        } else if ((val = option(arg, "m")) != 0) {
            if ((msglen = parse_hex(val, msg)) < 0)
                return usage("m= must be hex, at most 512 bytes");
        } else if ((val = option(arg, "s")) != 0) {
            int tf = 0, ff = 0;
            for (; *val; val++)
                if (*val == 't')
                    tf = 1;
                else if (*val == 'f')
                    ff = 1;
                else if (*val != '0')
                    return usage("s= flags are 0, t, f");
            if (aead_start(&enc, a, &perm, key, (size_t)keylen, nonce, (size_t)noncelen, tf, ff,
                           stag[0]) != 0 ||
                aead_start(&dec, a, &perm, key, (size_t)keylen, nonce, (size_t)noncelen, tf, ff,
                           stag[1]) != 0)
                return usage("key, nonce or flags out of range for this AEAD");
            started = 1;
            dead = 0;
            for (unsigned j = 0; tf && j < 16; j++)
                dead |= stag[0][j] != stag[1][j];
            rt_puts("kat start tag=");
            rt_put_hex(stag[0], tf ? 16 : 0);
            rt_puts("\n");
            rt_flush();
        } else if ((val = option(arg, "w")) != 0 || (forget = 1, val = option(arg, "wf")) != 0) {
            if (!started)
                return usage("w= before s=");
            if (rt_parse_u32(val, &taglen) != 0 || taglen > TAG_MAX)
                return usage("w= must be a tag length in 0..64");
            if (aead_wrap(&enc, ad, (size_t)adlen, msg, ct, (size_t)msglen, tag, taglen,
                          forget) != 0)
                return usage("tag length or flag out of range for this AEAD");
            rt_puts("kat wrap out=");
            rt_put_hex(ct, (size_t)msglen);
            rt_put_hex(tag, taglen);
            if (!dead && aead_unwrap(&dec, ad, (size_t)adlen, ct, pt, (size_t)msglen, tag,
                                     taglen, forget) != 0)
                dead = 1;
            for (int j = 0; j < msglen && !dead; j++)
                dead |= pt[j] != msg[j];
            rt_puts(dead ? " verify=bad\n" : " verify=ok\n");
            rt_flush();
            adlen = msglen = 0;
        } else {
            return usage("kat: unknown item (k=, n=, s=, a=, m=, w=, wf=)");
        }
    }
    return 0;
}

int bench_aead(const struct aead_alg *a, int argc, char **argv)
{
    uint32_t seed = 0, nlens, taglen = 16, calls[3];
    int keylen = 0, noncelen = 0, adlen = 0, msglen = -1, n;
    if (strcmp(argv[2], "kat") == 0)
        return bench_kat(a, argc, argv);
    const char *why = parse_lens(argv[2], &nlens);
    if (why)
        return usage(why);
    for (int i = 3; i < argc; i++) {
        const char *arg = argv[i], *val;
        if ((val = option(arg, "key")) != 0) {
            if ((keylen = parse_hex(val, key)) < 0)
                return usage("key= must be hex, at most 512 bytes");
        } else if ((val = option(arg, "nonce")) != 0) {
            if ((noncelen = parse_hex(val, nonce)) < 0)
                return usage("nonce= must be hex, at most 512 bytes");
        } else if ((val = option(arg, "ad")) != 0) {
            if ((adlen = parse_hex(val, ad)) < 0)
                return usage("ad= must be hex, at most 512 bytes");
        } else if ((val = option(arg, "msg")) != 0) {
            if ((msglen = parse_hex(val, ct)) < 0)
                return usage("msg= must be hex, at most 512 bytes");
        } else if ((val = option(arg, "tag")) != 0) {
            if (rt_parse_u32(val, &taglen) != 0 || taglen > TAG_MAX)
                return usage("tag= must be a decimal number in 0..64");
        } else if (i == 3) {
            if (rt_parse_u32(arg, &seed) != 0)
                return usage("SEED must be a decimal u32");
        } else {
            return usage("unknown argument (SEED comes first; then name=value)");
        }
    }
    if (msglen >= 0 && (nlens != 1 || lens[0] != (uint32_t)msglen))
        return usage("with msg=, LENS must be the message's length");

    print_header();

    /* (a) one Keccak-p[b, 12] on a fixed state, on the route the AEAD uses */
    for (unsigned i = 0; i < a->b / 8; i++)
        pstate[i] = (uint8_t)(0x5a + 7 * i);
    arch_count_t c0 = arch_cycles(), i0 = arch_instret();
    enum route r = keccakp_route(pstate, a->b, 12);
    arch_count_t i1 = arch_instret(), c1 = arch_cycles();
    rt_puts("perm b=");
    rt_put_u64(a->b);
    rt_puts(" rounds=12 route=");
    rt_puts(route_names[r]);
    put_count(" ", c0, c1, i0, i1);
    rt_puts("\n");
    rt_flush();

    /* (b) one session per length */
    aead_perm_t perm = {keccakp_design, 0};
    for (uint32_t k = 0; k < nlens; k++) {
        uint32_t len = lens[k];
        if (msglen >= 0)
            for (uint32_t j = 0; j < len; j++)
                msg[j] = ct[j];
        else
            gen_message(msg, len, seed);
        route_calls[0] = route_calls[1] = route_calls[2] = 0;
        c0 = arch_cycles();
        i0 = arch_instret();
        int e = aead_encrypt(a, &perm, key, (size_t)keylen, nonce, (size_t)noncelen, ad,
                             (size_t)adlen, msg, ct, len, tag, taglen);
        i1 = arch_instret();
        c1 = arch_cycles();
        if (e != 0)
            return usage("key, nonce or tag length out of range for this AEAD");
        for (unsigned j = 0; j < 3; j++)
            calls[j] = route_calls[j];
        PUT_HASH_HEAD(a->name, len, seed);
        put_count(" ", c0, c1, i0, i1);
        rt_puts(" digest=");
        rt_put_hex(ct, len);
        rt_put_hex(tag, taglen);
        n = aead_decrypt(a, &perm, key, (size_t)keylen, nonce, (size_t)noncelen, ad,
                         (size_t)adlen, ct, ct, len, tag, taglen);
        for (uint32_t j = 0; j < len && n == 0; j++)
            if (ct[j] != msg[j])
                n = 1;
        rt_puts(n == 0 ? " verify=ok" : " verify=bad");
        rt_puts(" perms=");
        for (unsigned j = 0; j < 3; j++) {
            if (j)
                rt_putc('/');
            rt_put_u64(calls[j]);
        }
        rt_puts("\n");
        rt_flush();
    }
    return 0;
}
