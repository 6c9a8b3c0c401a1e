/* sha3-asip — the one sponge layer over every kernel's permutation (kernel.h).
 *
 * Compiled once per design with the harness's flags and linked outside the kernel, so it is
 * the same C on every design and not counted in the kernel's code size (docs/firmware.md).
 * Incremental absorb / pad / squeeze on a kernel state, and on top of it every SHA-3-family
 * function: SHA3-224..512, SHAKE128/256 (FIPS 202); cSHAKE, KMAC, KMACXOF, TupleHash(XOF)
 * and ParallelHash(XOF) 128/256 (NIST SP 800-185); TurboSHAKE128/256 and KangarooTwelve
 * KT128/KT256 (RFC 9861). */
#ifndef SHA3_ASIP_SPONGE_H
#define SHA3_ASIP_SPONGE_H

#include "kernel.h"

typedef struct {
    keccak_state_t st;
    unsigned rate;   /* bytes, < 200 */
    unsigned rounds; /* of Keccak-p[1600]: 24 (FIPS 202, SP 800-185) or 12 (RFC 9861) */
    unsigned pos;    /* next state byte to absorb into, or to squeeze from after padding */
} sponge_t;

void sponge_init(sponge_t *s, unsigned rate, unsigned rounds);
void sponge_absorb(sponge_t *s, const uint8_t *in, size_t len);
/* Absorb zero bytes up to the end of the current block (bytepad's padding, SP 800-185). */
void sponge_fill_block(sponge_t *s);
/* pad10*1 after the domain suffix byte (its low bits: domain bits and the first pad bit). */
void sponge_pad(sponge_t *s, uint8_t suffix);
void sponge_squeeze(sponge_t *s, uint8_t *out, size_t len);

/* How a function is built. */
enum sha3fam_family {
    FAM_SPONGE,       /* SHA3-n, SHAKE: `suffix` padding */
    FAM_CSHAKE,       /* cSHAKE(X, L, N, S) */
    FAM_KMAC,         /* KMAC / KMACXOF(K, X, L, S) */
    FAM_TUPLEHASH,    /* TupleHash / TupleHashXOF of the 1-tuple (X), customisation S */
    FAM_PARALLELHASH, /* ParallelHash / ParallelHashXOF(X, B, L, S) */
    FAM_TURBOSHAKE,   /* TurboSHAKE(M, D, L) */
    FAM_KT,           /* KangarooTwelve (M, C, L) */
};

struct sha3fam_alg {
    const char *name;
    unsigned rate;    /* bytes */
    uint8_t family;   /* enum sha3fam_family */
    uint8_t suffix;   /* FAM_SPONGE only */
    unsigned outlen;  /* fixed (SHA3-n) or default output bytes */
    uint8_t xof;      /* output length chosen by the caller (and, in SP 800-185, L = 0) */
};

typedef struct {
    const uint8_t *key;    /* K (KMAC) */
    size_t keylen;
    const uint8_t *custom; /* S (SP 800-185) or C (KangarooTwelve) */
    size_t customlen;
    const uint8_t *name;   /* N (cSHAKE) */
    size_t namelen;
    size_t block;          /* B (ParallelHash), >= 1 */
    uint8_t domain;        /* D (TurboSHAKE), 0x01..0x7F */
} sha3fam_params_t;

/* One whole function on msg[0..len) with outlen output bytes (L). */
void sha3fam_hash(const struct sha3fam_alg *a, const sha3fam_params_t *p, const uint8_t *msg,
                  size_t len, uint8_t *out, size_t outlen);

#endif
