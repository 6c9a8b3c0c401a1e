/* sha3-asip — the sponge layer (sponge.h): incremental sponge on the kernel API, the
 * SP 800-185 encodings and functions, TurboSHAKE and KangarooTwelve. Serial: the several
 * sponges of ParallelHash and KangarooTwelve are separate kernel states in memory. */
#include "sponge.h"

void sponge_init(sponge_t *s, unsigned rate, unsigned rounds)
{
    kernel_state_init(&s->st);
    s->rate = rate;
    s->rounds = rounds;
    s->pos = 0;
}

/* How many of len bytes the current block still takes (absorbed or squeezed). */
static inline size_t block_room(const sponge_t *s, size_t len)
{
    size_t n = s->rate - s->pos;
    return n > len ? len : n;
}

void sponge_absorb(sponge_t *s, const uint8_t *in, size_t len)
{
    while (len > 0) {
        size_t n = block_room(s, len);
        kernel_xor_bytes(&s->st, s->pos, in, n);
        s->pos += n;
        in += n;
        len -= n;
        if (s->pos == s->rate) {
            kernel_permute(&s->st, s->rounds);
            s->pos = 0;
        }
    }
}

void sponge_fill_block(sponge_t *s)
{
    if (s->pos != 0) {
        kernel_permute(&s->st, s->rounds);
        s->pos = 0;
    }
}

void sponge_pad(sponge_t *s, uint8_t suffix)
{
    static const uint8_t last = 0x80;
    kernel_xor_bytes(&s->st, s->pos, &suffix, 1);
    if ((suffix & 0x80) && s->pos == s->rate - 1)
        kernel_permute(&s->st, s->rounds); /* the suffix filled the block */
    kernel_xor_bytes(&s->st, s->rate - 1, &last, 1);
    kernel_permute(&s->st, s->rounds);
    s->pos = 0;
}

void sponge_squeeze(sponge_t *s, uint8_t *out, size_t len)
{
    while (len > 0) {
        if (s->pos == s->rate) {
            kernel_permute(&s->st, s->rounds);
            s->pos = 0;
        }
        size_t n = block_room(s, len);
        kernel_extract_bytes(&s->st, s->pos, out, n);
        s->pos += n;
        out += n;
        len -= n;
    }
}

/* ---- SP 800-185 section 2.3 and RFC 9861 encodings (x < 2^64) ---------------------------- */

/* The big-endian bytes of x without leading zeros (none for 0) into b; returns the count. */
static unsigned be_bytes(uint8_t *b, uint64_t x)
{
    unsigned n = 0;
    for (uint64_t t = x; t != 0; t >>= 8)
        n++;
    for (unsigned i = 0; i < n; i++)
        b[i] = (uint8_t)(x >> (8 * (n - 1 - i)));
    return n;
}

static void absorb_left_encode(sponge_t *s, uint64_t x)
{
    uint8_t b[9];
    unsigned n = be_bytes(b + 1, x);
    if (n == 0)
        b[++n] = 0;
    b[0] = (uint8_t)n;
    sponge_absorb(s, b, n + 1);
}

static void absorb_right_encode(sponge_t *s, uint64_t x)
{
    uint8_t b[9];
    unsigned n = be_bytes(b, x);
    if (n == 0)
        b[n++] = 0;
    b[n] = (uint8_t)n;
    sponge_absorb(s, b, n + 1);
}

static void absorb_encode_string(sponge_t *s, const uint8_t *x, size_t len)
{
    absorb_left_encode(s, (uint64_t)len * 8);
    sponge_absorb(s, x, len);
}

/* cSHAKE's start: bytepad(encode_string(N) || encode_string(S), rate), unless both are empty
 * (then cSHAKE is SHAKE). Returns the padding suffix to finish with. */
static uint8_t cshake_start(sponge_t *s, unsigned rate, const uint8_t *n, size_t nlen,
                            const uint8_t *cs, size_t cslen)
{
    sponge_init(s, rate, 24);
    if (nlen == 0 && cslen == 0)
        return 0x1F;
    absorb_left_encode(s, rate);
    absorb_encode_string(s, n, nlen);
    absorb_encode_string(s, cs, cslen);
    sponge_fill_block(s);
    return 0x04;
}

static const uint8_t str_kmac[] = {'K', 'M', 'A', 'C'};
static const uint8_t str_tuplehash[] = {'T', 'u', 'p', 'l', 'e', 'H', 'a', 's', 'h'};
static const uint8_t str_parallelhash[] = {'P', 'a', 'r', 'a', 'l', 'l', 'e', 'l',
                                           'H', 'a', 's', 'h'};

/* The chaining value bytes of ParallelHash and KangarooTwelve leaves: 2 x capacity/2. */
static unsigned cv_len(unsigned rate)
{
    return rate == 168 ? 32 : 64;
}

/* ---- KangarooTwelve (RFC 9861 section 3) ---------------------------------------------------- */

#define KT_CHUNK 8192u

/* S = M || C || length_encode(|C|) as three segments. */
struct kt_input {
    const uint8_t *seg[3];
    size_t len[3];
};

/* Absorb S[off, off + n). */
static void kt_absorb(sponge_t *s, const struct kt_input *in, size_t off, size_t n)
{
    for (unsigned i = 0; i < 3 && n > 0; i++) {
        if (off >= in->len[i]) {
            off -= in->len[i];
            continue;
        }
        size_t k = in->len[i] - off;
        if (k > n)
            k = n;
        sponge_absorb(s, in->seg[i] + off, k);
        n -= k;
        off = 0;
    }
}

static void kangarootwelve(unsigned rate, const sha3fam_params_t *p, const uint8_t *msg,
                           size_t len, uint8_t *out, size_t outlen)
{
    static const uint8_t after_first[8] = {0x03};
    static const uint8_t terminator[2] = {0xFF, 0xFF};
    uint8_t enc[9];
    struct kt_input in;
    sponge_t fin, leaf;

    unsigned el = be_bytes(enc, p->customlen);
    enc[el] = (uint8_t)el;
    in.seg[0] = msg, in.len[0] = len;
    in.seg[1] = p->custom, in.len[1] = p->customlen;
    in.seg[2] = enc, in.len[2] = el + 1;
    size_t total = len + p->customlen + el + 1;

    sponge_init(&fin, rate, 12);
    if (total <= KT_CHUNK) {
        kt_absorb(&fin, &in, 0, total);
        sponge_pad(&fin, 0x07);
    } else {
        uint64_t leaves = 0;
        kt_absorb(&fin, &in, 0, KT_CHUNK);
        sponge_absorb(&fin, after_first, sizeof after_first);
        for (size_t off = KT_CHUNK; off < total; off += KT_CHUNK, leaves++) {
            uint8_t cv[64];
            size_t n = total - off < KT_CHUNK ? total - off : KT_CHUNK;
            sponge_init(&leaf, rate, 12);
            kt_absorb(&leaf, &in, off, n);
            sponge_pad(&leaf, 0x0B);
            sponge_squeeze(&leaf, cv, cv_len(rate));
            sponge_absorb(&fin, cv, cv_len(rate));
        }
        el = be_bytes(enc, leaves);
        enc[el] = (uint8_t)el;
        sponge_absorb(&fin, enc, el + 1);
        sponge_absorb(&fin, terminator, sizeof terminator);
        sponge_pad(&fin, 0x06);
    }
    sponge_squeeze(&fin, out, outlen);
}

/* ---- every function ------------------------------------------------------------------------- */

void sha3fam_hash(const struct sha3fam_alg *a, const sha3fam_params_t *p, const uint8_t *msg,
                  size_t len, uint8_t *out, size_t outlen)
{
    sponge_t s;
    uint8_t suffix = 0x04;
    uint64_t l_bits = a->xof ? 0 : (uint64_t)outlen * 8; /* SP 800-185's L, 0 for XOFs */

    switch (a->family) {
    case FAM_SPONGE:
        sponge_init(&s, a->rate, 24);
        sponge_absorb(&s, msg, len);
        suffix = a->suffix;
        break;
    case FAM_CSHAKE:
        suffix = cshake_start(&s, a->rate, p->name, p->namelen, p->custom, p->customlen);
        sponge_absorb(&s, msg, len);
        break;
    case FAM_KMAC:
        cshake_start(&s, a->rate, str_kmac, sizeof str_kmac, p->custom, p->customlen);
        absorb_left_encode(&s, a->rate); /* bytepad(encode_string(K), rate) */
        absorb_encode_string(&s, p->key, p->keylen);
        sponge_fill_block(&s);
        sponge_absorb(&s, msg, len);
        absorb_right_encode(&s, l_bits);
        break;
    case FAM_TUPLEHASH:
        cshake_start(&s, a->rate, str_tuplehash, sizeof str_tuplehash, p->custom,
                     p->customlen);
        absorb_encode_string(&s, msg, len);
        absorb_right_encode(&s, l_bits);
        break;
    case FAM_PARALLELHASH: {
        sponge_t leaf;
        uint64_t blocks = 0;
        cshake_start(&s, a->rate, str_parallelhash, sizeof str_parallelhash, p->custom,
                     p->customlen);
        absorb_left_encode(&s, p->block);
        for (size_t off = 0; off < len; off += p->block, blocks++) {
            uint8_t cv[64];
            size_t n = len - off < p->block ? len - off : p->block;
            sponge_init(&leaf, a->rate, 24);
            sponge_absorb(&leaf, msg + off, n);
            sponge_pad(&leaf, 0x1F);
            sponge_squeeze(&leaf, cv, cv_len(a->rate));
            sponge_absorb(&s, cv, cv_len(a->rate));
        }
        absorb_right_encode(&s, blocks);
        absorb_right_encode(&s, l_bits);
        break;
    }
    case FAM_TURBOSHAKE:
        sponge_init(&s, a->rate, 12);
        sponge_absorb(&s, msg, len);
        suffix = p->domain;
        break;
    case FAM_KT:
    default:
        kangarootwelve(a->rate, p, msg, len, out, outlen);
        return;
    }
    sponge_pad(&s, suffix);
    sponge_squeeze(&s, out, outlen);
}
