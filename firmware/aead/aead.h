/* sha3-asip — Keyak v2 (River, Lake: Motorist with one piston) and Ketje v2 (Jr, Sr, Minor,
 * Major: MonkeyWrap) in portable C over a permutation interface (keccakp.h), for firmware on
 * any design. The same modes as the golden model (crates/golden/src/aead.rs), which is checked
 * against the Keccak team's known-answer files; this layer is checked against the golden model
 * (crates/golden/tests/aead_c.rs, compiled for the host).
 *
 * A session (aead_session_t, at most 200 bytes of state) is started once and then wraps
 * (or unwraps) any number of messages, each seeing the state the previous one left, as the
 * known-answer files describe them: Keyak with StartEngine's tagFlag (a 16-byte start tag)
 * and forgetFlag, and a forgetFlag per wrap, 16-byte tags; Ketje with tags of any length.
 * aead_encrypt / aead_decrypt are a fresh session with one wrap (Keyak: both flags false).
 * Messages of any length stream through the state. */
#ifndef SHA3_ASIP_AEAD_H
#define SHA3_ASIP_AEAD_H

#include "keccakp.h"

enum aead_kind { AEAD_KEYAK, AEAD_KETJE };

struct aead_alg {
    const char *name; /* as in the golden model: river-keyak, lake-keyak, ketje-jr, ... */
    uint8_t kind;     /* enum aead_kind */
    uint16_t b;       /* permutation width in bits */
    uint8_t rho;      /* Ketje block size in bytes (Keyak: 0) */
};

extern const struct aead_alg aead_algs[];
extern const unsigned aead_algs_count;

/* The permutation the layer calls: f(ctx, state, b, rounds). Keyak uses 12 rounds; Ketje 12
 * (start), 1 (step) and 6 (stride) on the twisted permutation, which the layer builds from
 * f with the lane permutation pi around it. */
typedef struct {
    keccakp_fn f;
    void *ctx;
} aead_perm_t;

typedef struct {
    uint8_t s[200] __attribute__((aligned(8)));
    unsigned b, rs, ra; /* bytes; EOM, CryptEnd, InjectStart, InjectEnd at ra .. ra + 3 */
    uint8_t et;         /* the length of the last tag: where the next wrap's output starts */
    const aead_perm_t *p;
} piston_t;

typedef struct {
    uint8_t s[200] __attribute__((aligned(8)));
    unsigned b, rho;
    uint8_t at[33]; /* where Ketje's byte j (j <= rho) is in s */
    const aead_perm_t *p;
} ketje_t;

typedef struct {
    const struct aead_alg *a;
    union {
        piston_t keyak;
        ketje_t ketje;
    } u;
} aead_session_t;

/* Start a session. Keyak: tagflag writes the 16-byte start tag to starttag; forget knots
 * the state after the key and nonce. Ketje: both flags must be 0. Returns 0, or -1 for
 * parameters out of range (see aead_encrypt). */
int aead_start(aead_session_t *s, const struct aead_alg *a, const aead_perm_t *p,
               const uint8_t *key, size_t keylen, const uint8_t *nonce, size_t noncelen,
               int tagflag, int forget, uint8_t *starttag);

/* Wrap in[0..len) to out[0..len) (in == out allowed) with metadata ad and write taglen tag
 * bytes; forget (Keyak only) knots the state before the tag. 0, or -1 as above. */
int aead_wrap(aead_session_t *s, const uint8_t *ad, size_t adlen, const uint8_t *in,
              uint8_t *out, size_t len, uint8_t *tag, size_t taglen, int forget);

/* Unwrap and verify: 0; -2 if the tag does not verify (out is then zeroed; the session
 * must not be used further); -1 as above. */
int aead_unwrap(aead_session_t *s, const uint8_t *ad, size_t adlen, const uint8_t *in,
                uint8_t *out, size_t len, const uint8_t *tag, size_t taglen, int forget);

/* Encrypt in[0..len) to out[0..len) (in == out allowed) and write taglen tag bytes.
 * Returns 0, or -1 if the key, nonce or tag length is out of range (Keyak: key <= Lk - 2 =
 * 34 / 38 bytes, nonce <= 58 / 150 bytes, taglen = 16; Ketje: key + nonce <= (b - 18) / 8). */
int aead_encrypt(const struct aead_alg *a, const aead_perm_t *p, const uint8_t *key,
                 size_t keylen, const uint8_t *nonce, size_t noncelen, const uint8_t *ad,
                 size_t adlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                 size_t taglen);

/* Decrypt and verify: 0 if the tag verifies; -2 if it does not (out is then zeroed); -1 for
 * bad parameters as above. */
int aead_decrypt(const struct aead_alg *a, const aead_perm_t *p, const uint8_t *key,
                 size_t keylen, const uint8_t *nonce, size_t noncelen, const uint8_t *ad,
                 size_t adlen, const uint8_t *in, uint8_t *out, size_t len, const uint8_t *tag,
                 size_t taglen);

#endif
