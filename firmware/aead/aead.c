/* sha3-asip — Keyak v2 and Ketje v2 in portable C (see aead.h). */
#include "aead.h"

#define TAG_LEN 16

/* A 32-bit word that may alias the byte buffers it is read from. */
typedef uint32_t __attribute__((may_alias)) word_t;

const struct aead_alg aead_algs[] = {
    {"river-keyak", AEAD_KEYAK, 800, 0},  {"lake-keyak", AEAD_KEYAK, 1600, 0},
    {"ketje-jr", AEAD_KETJE, 200, 2},     {"ketje-sr", AEAD_KETJE, 400, 4},
    {"ketje-minor", AEAD_KETJE, 800, 16}, {"ketje-major", AEAD_KETJE, 1600, 32},
};
const unsigned aead_algs_count = sizeof aead_algs / sizeof aead_algs[0];

/* ---- Keyak (Motorist, one piston) ---- */

static void spark(piston_t *k, int eom, unsigned l)
{
    if (eom)
        k->s[k->ra] ^= l ? (uint8_t)l : 0xFF;
    k->p->f(k->p->ctx, k->s, k->b, 12);
    k->et = (uint8_t)(eom ? l : 0);
}

/* Inject up to ra - start bytes of x from *pos; returns the bytes injected. */
static void inject(piston_t *k, unsigned start, const uint8_t *x, size_t len, size_t *pos)
{
    unsigned omega = start;
    k->s[k->ra + 2] ^= (uint8_t)omega;
    while (*pos < len && omega < k->ra)
        k->s[omega++] ^= x[(*pos)++];
    k->s[k->ra + 3] ^= (uint8_t)omega;
}

/* Forget: the 32-byte knot tag (c' = 256 bits) injected back as one collective chunk. */
static void knot(piston_t *k)
{
    uint8_t t[32];
    size_t pos = 0;
    spark(k, 1, sizeof t);
    for (unsigned i = 0; i < sizeof t; i++)
        t[i] = k->s[i];
    inject(k, 0, t, sizeof t, &pos);
}

static int keyak_start(piston_t *k, const struct aead_alg *a, const aead_perm_t *p,
                       const uint8_t *key, size_t keylen, const uint8_t *nonce, size_t noncelen,
                       int tagflag, int forget, uint8_t *starttag)
{
    unsigned w = a->b == 1600 ? 8 : 4, lk = a->b == 1600 ? 40 : 36;
    unsigned maxnonce = a->b == 1600 ? 150 : 58;
    if (keylen > lk - 2 || noncelen > maxnonce)
        return -1;
    k->b = a->b;
    k->rs = w * ((k->b / 8 - 32) / w);
    k->ra = w * ((k->b / 8 - 4) / w);
    k->p = p;
    for (unsigned i = 0; i < sizeof k->s; i++)
        k->s[i] = 0;
    /* StartEngine: inject SUV = keypack(K, lk) || N || enc8(1) || enc8(0) in Ra-byte chunks */
    uint8_t suv[40 + 150 + 2];
    size_t n = 0, pos = 0;
    suv[n++] = (uint8_t)lk;
    for (size_t i = 0; i < keylen; i++)
        suv[n++] = key[i];
    suv[n++] = 1;
    while (n < lk)
        suv[n++] = 0;
    for (size_t i = 0; i < noncelen; i++)
        suv[n++] = nonce[i];
    suv[n++] = 1; /* Π */
    suv[n++] = 0; /* piston index */
    for (;;) {
        inject(k, 0, suv, n, &pos);
        if (pos == n)
            break;
        spark(k, 0, 0);
    }
    if (forget)
        knot(k);
    /* HandleTag: an empty tag, or with tagFlag the 16-byte start tag */
    spark(k, 1, tagflag ? TAG_LEN : 0);
    if (tagflag)
        for (unsigned i = 0; i < TAG_LEN; i++)
            starttag[i] = k->s[i];
    return 0;
}

/* Inlined into each caller (wrap, unwrap), so that unwrap is a constant in the byte loops. */
static inline __attribute__((always_inline)) int
keyak_wrap(piston_t *k, const uint8_t *ad, size_t adlen, const uint8_t *in, uint8_t *out,
           size_t len, uint8_t *tag, size_t taglen, int forget, int unwrap)
{
    if (taglen != TAG_LEN)
        return -1;
    size_t ip = 0, ap = 0;
    /* the first block starts after the previous tag (the Motorist's Et) */
    unsigned omega = k->et;
    if (len == 0 && adlen == 0)
        inject(k, 0, ad, 0, &ap);
    while (ip < len) {
        /* whole 32-bit words while the buffers allow (Rs, Et are multiples of 4; s is
         * aligned) */
        if ((((uintptr_t)(in + ip) | (uintptr_t)(out + ip)) & 3) == 0)
            while (len - ip >= 4 && k->rs - omega >= 4) {
                word_t *sw = (word_t *)&k->s[omega], x = *(const word_t *)&in[ip];
                word_t y = *sw ^ x; /* read before out is written: out may alias s */
                *(word_t *)&out[ip] = y;
                *sw = unwrap ? x : y;
                ip += 4;
                omega += 4;
            }
        while (ip < len && omega < k->rs) {
            uint8_t x = in[ip], y = (uint8_t)(k->s[omega] ^ x);
            out[ip++] = y;
            k->s[omega] = unwrap ? x : y;
            omega++;
        }
        k->s[k->ra + 1] ^= (uint8_t)omega;
        inject(k, k->rs, ad, adlen, &ap);
        if (ip < len || ap < adlen)
            spark(k, 0, 0);
        omega = 0;
    }
    while (ap < adlen) {
        inject(k, 0, ad, adlen, &ap);
        if (ap < adlen)
            spark(k, 0, 0);
    }
    if (forget)
        knot(k);
    spark(k, 1, TAG_LEN);
    if (!unwrap) {
        for (unsigned i = 0; i < TAG_LEN; i++)
            tag[i] = k->s[i];
        return 0;
    }
    uint8_t d = 0;
    for (unsigned i = 0; i < TAG_LEN; i++)
        d |= (uint8_t)(tag[i] ^ k->s[i]);
    return d ? -2 : 0;
}

/* ---- Ketje (MonkeyWrap on Keccak-p*[b] = pi o Keccak-p[b] o pi^-1) ----
 *
 * The state is kept as pi^-1 of Ketje's state, so that each twisted permutation is one call
 * of Keccak-p[b]: pi^-1 o (pi o p o pi^-1) = p o pi^-1. Ketje's byte j (j <= rho: the
 * block, its frame bits and the first pad bit, all in plane y = 0) is then at at[j]. */

/* pi^-1 moves lane x + 5y to (x + 3y) % 5 + 5x. */
static unsigned pi_inv_lane(unsigned lane)
{
    unsigned x = lane % 5, y = lane / 5;
    return (x + 3 * y) % 5 + 5 * x;
}

/* The byte state's lanes moved by pi^-1. */
static void lanes_pi_inv(uint8_t *s, unsigned b)
{
    uint8_t t[200];
    unsigned bpl = b / 200;
    for (unsigned i = 0; i < b / 8; i++)
        t[i] = s[i];
    for (unsigned lane = 0; lane < 25; lane++)
        for (unsigned k = 0; k < bpl; k++)
            s[pi_inv_lane(lane) * bpl + k] = t[lane * bpl + k];
}

/* MonkeyDuplex step (1 round) / stride (6): frame bits and first pad bit at byte `at`, the
 * last pad bit at bit rho*8 + 3. */
static void duplex(ketje_t *k, unsigned at, uint8_t frame, unsigned rounds)
{
    k->s[k->at[at]] ^= frame;
    k->s[k->at[k->rho]] ^= 0x08;
    k->p->f(k->p->ctx, k->s, k->b, rounds);
}

static int ketje_start(ketje_t *k, const struct aead_alg *a, const aead_perm_t *p,
                       const uint8_t *key, size_t keylen, const uint8_t *nonce, size_t noncelen)
{
    k->b = a->b;
    k->rho = a->rho;
    k->p = p;
    if (keylen + noncelen > (k->b - 18) / 8)
        return -1;
    unsigned bpl = k->b / 200;
    for (unsigned j = 0; j <= k->rho; j++)
        k->at[j] = (uint8_t)(pi_inv_lane(j / bpl) * bpl + j % bpl);
    for (unsigned i = 0; i < sizeof k->s; i++)
        k->s[i] = 0;
    k->s[0] = (uint8_t)(keylen + 2);
    for (size_t i = 0; i < keylen; i++)
        k->s[1 + i] = key[i];
    k->s[1 + keylen] = 0x01;
    for (size_t i = 0; i < noncelen; i++)
        k->s[2 + keylen + i] = nonce[i];
    k->s[2 + keylen + noncelen] ^= 0x01;
    k->s[k->b / 8 - 1] ^= 0x80;
    lanes_pi_inv(k->s, k->b);
    k->p->f(k->p->ctx, k->s, k->b, 12);
    return 0;
}

static inline __attribute__((always_inline)) int
ketje_wrap(ketje_t *k, const uint8_t *ad, size_t adlen, const uint8_t *in, uint8_t *out,
           size_t len, uint8_t *tag, size_t taglen, int unwrap)
{
    unsigned bpl = k->b / 200;
    /* associated data: full blocks but the last with frame 00, the last with 01 */
    size_t i = 0;
    while (adlen - i > k->rho) {
        for (unsigned j = 0; j < k->rho; j++)
            k->s[k->at[j]] ^= ad[i + j];
        i += k->rho;
        duplex(k, k->rho, 0x04, 1);
    }
    for (unsigned j = 0; i + j < adlen; j++)
        k->s[k->at[j]] ^= ad[i + j];
    duplex(k, (unsigned)(adlen - i), 0x06, 1);
    /* body: full blocks but the last with frame 11; the state absorbs the plaintext */
    i = 0;
    unsigned last;
    for (;;) {
        last = (unsigned)(len - i < k->rho ? len - i : k->rho);
        unsigned j0 = 0;
        /* whole 32-bit words when lanes are 32 or 64 bits (Minor, Major): at[j..j+3] are
         * consecutive and aligned */
        if (bpl >= 4 && (((uintptr_t)(in + i) | (uintptr_t)(out + i)) & 3) == 0)
            for (; j0 + 4 <= last; j0 += 4) {
                word_t *sw = (word_t *)&k->s[k->at[j0]], x = *(const word_t *)&in[i + j0];
                word_t y = *sw ^ x;
                *(word_t *)&out[i + j0] = y;
                *sw = unwrap ? x : y; /* the state absorbs the plaintext */
            }
        for (unsigned j = j0; j < last; j++) {
            uint8_t *sj = &k->s[k->at[j]];
            uint8_t x = in[i + j], y = (uint8_t)(x ^ *sj);
            out[i + j] = y;
            *sj = unwrap ? x : y;
        }
        i += last;
        if (i == len)
            break;
        duplex(k, k->rho, 0x07, 1);
    }
    /* tag: stride with frame 10, then steps with the single bit 0 for more than rho bytes */
    duplex(k, last, 0x05, 6);
    uint8_t d = 0;
    for (size_t t = 0; t < taglen; t++) {
        if (t && t % k->rho == 0)
            duplex(k, 0, 0x02, 1);
        uint8_t sj = k->s[k->at[t % k->rho]];
        if (unwrap)
            d |= (uint8_t)(tag[t] ^ sj);
        else
            tag[t] = sj;
    }
    return d ? -2 : 0;
}

int aead_start(aead_session_t *s, const struct aead_alg *a, const aead_perm_t *p,
               const uint8_t *key, size_t keylen, const uint8_t *nonce, size_t noncelen,
               int tagflag, int forget, uint8_t *starttag)
{
    s->a = a;
    if (a->kind == AEAD_KEYAK)
        return keyak_start(&s->u.keyak, a, p, key, keylen, nonce, noncelen, tagflag, forget,
                           starttag);
    if (tagflag || forget)
        return -1;
    return ketje_start(&s->u.ketje, a, p, key, keylen, nonce, noncelen);
}

int aead_wrap(aead_session_t *s, const uint8_t *ad, size_t adlen, const uint8_t *in,
              uint8_t *out, size_t len, uint8_t *tag, size_t taglen, int forget)
{
    if (s->a->kind == AEAD_KEYAK)
        return keyak_wrap(&s->u.keyak, ad, adlen, in, out, len, tag, taglen, forget, 0);
    return forget ? -1 : ketje_wrap(&s->u.ketje, ad, adlen, in, out, len, tag, taglen, 0);
}

int aead_unwrap(aead_session_t *s, const uint8_t *ad, size_t adlen, const uint8_t *in,
                uint8_t *out, size_t len, const uint8_t *tag, size_t taglen, int forget)
{
    int r;
    if (s->a->kind == AEAD_KEYAK)
        r = keyak_wrap(&s->u.keyak, ad, adlen, in, out, len, (uint8_t *)tag, taglen, forget, 1);
    else
        r = forget ? -1
                   : ketje_wrap(&s->u.ketje, ad, adlen, in, out, len, (uint8_t *)tag, taglen, 1);
    if (r == -2)
        for (size_t i = 0; i < len; i++)
            out[i] = 0;
    return r;
}

int aead_encrypt(const struct aead_alg *a, const aead_perm_t *p, const uint8_t *key,
                 size_t keylen, const uint8_t *nonce, size_t noncelen, const uint8_t *ad,
                 size_t adlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                 size_t taglen)
{
    aead_session_t s;
    int r = aead_start(&s, a, p, key, keylen, nonce, noncelen, 0, 0, 0);
    return r ? r : aead_wrap(&s, ad, adlen, in, out, len, tag, taglen, 0);
}

int aead_decrypt(const struct aead_alg *a, const aead_perm_t *p, const uint8_t *key,
                 size_t keylen, const uint8_t *nonce, size_t noncelen, const uint8_t *ad,
                 size_t adlen, const uint8_t *in, uint8_t *out, size_t len, const uint8_t *tag,
                 size_t taglen)
{
    aead_session_t s;
    int r = aead_start(&s, a, p, key, keylen, nonce, noncelen, 0, 0, 0);
    return r ? r : aead_unwrap(&s, ad, adlen, in, out, len, tag, taglen, 0);
}
