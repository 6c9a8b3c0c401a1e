/* Host driver for the portable Keyak / Ketje layer (crates/flow/tests/aead_c.rs): one case per
 * stdin line "<alg> <key> <nonce> <ad> <msg> <taglen>" (hex, '-' for empty); prints
 * "<ciphertext> <tag> <decrypt status> <status with a flipped tag bit>" (hex, '-' if empty). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aead.h"

static size_t unhex(const char *h, uint8_t *out)
{
    size_t n = 0;
    if (strcmp(h, "-") == 0)
        return 0;
    for (; h[0] && h[1]; h += 2)
        sscanf(h, "%2hhx", &out[n++]);
    return n;
}

static void puthex(const uint8_t *b, size_t n)
{
    if (!n)
        putchar('-');
    for (size_t i = 0; i < n; i++)
        printf("%02x", b[i]);
}

static char f_alg[64], f_key[1024], f_nonce[1024], f_ad[100000], f_msg[100000];
static uint8_t key[512], nonce[512], ad[50000], msg[50000], ct[50000], pt[50000], tag[256];

int main(void)
{
    unsigned taglen;
    aead_perm_t perm = {keccakp_portable, 0};
    while (scanf("%63s %1023s %1023s %99999s %99999s %u", f_alg, f_key, f_nonce, f_ad, f_msg,
                 &taglen) == 6) {
        const struct aead_alg *a = 0;
        for (unsigned i = 0; i < aead_algs_count; i++)
            if (strcmp(aead_algs[i].name, f_alg) == 0)
                a = &aead_algs[i];
        if (!a || taglen > sizeof tag) {
            printf("bad-case\n");
            continue;
        }
        size_t kl = unhex(f_key, key), nl = unhex(f_nonce, nonce), al = unhex(f_ad, ad);
        size_t ml = unhex(f_msg, msg);
        int r = aead_encrypt(a, &perm, key, kl, nonce, nl, ad, al, msg, ct, ml, tag, taglen);
        if (r) {
            printf("error %d\n", r);
            continue;
        }
        int d = aead_decrypt(a, &perm, key, kl, nonce, nl, ad, al, ct, pt, ml, tag, taglen);
        if (d == 0 && memcmp(pt, msg, ml) != 0)
            d = 99;
        int bad = -3;
        if (taglen) {
            tag[0] ^= 1;
            bad = aead_decrypt(a, &perm, key, kl, nonce, nl, ad, al, ct, pt, ml, tag, taglen);
            tag[0] ^= 1;
        }
        puthex(ct, ml);
        putchar(' ');
        puthex(tag, taglen);
        printf(" %d %d\n", d, bad);
    }
    return 0;
}
