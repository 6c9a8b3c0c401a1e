/* sha3-asip — portable Keccak-p[b, nr] for b = 200, 400, 800 on a byte state, and the
 * permutation interface the Keyak / Ketje layer (aead.h) runs on.
 *
 * The state is b/8 bytes; byte i is byte i % (w/8) of lane i / (w/8), lanes little-endian
 * (w = b/25 bits), as in the Keccak team's reference and the golden model
 * (crates/golden/src/aead.rs). Keccak-p[b, nr] is the last nr rounds of Keccak-f[b]
 * (round indices 12 + 2l - nr .. 12 + 2l - 1). */
#ifndef SHA3_ASIP_KECCAKP_H
#define SHA3_ASIP_KECCAKP_H

#include <stddef.h>
#include <stdint.h>

/* The permutation interface: Keccak-p[b, rounds] on the b/8-byte state `s`. A design may
 * supply its own (e.g. its 1600-bit kernel, or vector code); keccakp_portable serves
 * b = 200, 400, 800 (and 1600 in portable C, for hosts and tests). */
typedef void (*keccakp_fn)(void *ctx, uint8_t *s, unsigned b, unsigned rounds);

/* Portable C Keccak-p[b, rounds], b in {200, 400, 800, 1600}, 1 <= rounds <= 12 + 2l.
 * ctx is unused. */
void keccakp_portable(void *ctx, uint8_t *s, unsigned b, unsigned rounds);

#endif
