/* sha3-asip — the constants of Keccak-f[1600] (FIPS 202) as comma-separated lists, written
 * once for the C and the assembly firmware alike: a C initializer ({KECCAK_RC}) and an
 * assembler directive (.dword KECCAK_RC, .byte KECCAK_RHO). Tables in a kernel's own form
 * (bit-interleaved, per lane width) are generated from scripts/keccak_model.py instead. */
#ifndef SHA3_ASIP_KECCAK_CONSTANTS_H
#define SHA3_ASIP_KECCAK_CONSTANTS_H

/* The 24 round constants, round 0 first; Keccak-f[b]'s are their low w = b/25 bits. */
#define KECCAK_RC                                                                              \
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,           \
    0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,           \
    0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,           \
    0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,           \
    0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,           \
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008

/* The rho offsets (mod 64) of lane x + 5y, row y = 0..4 of x = 0..4. */
#define KECCAK_RHO                                                                             \
    0, 1, 62, 28, 27,                                                                          \
    36, 44, 6, 55, 20,                                                                         \
    3, 10, 43, 25, 39,                                                                         \
    41, 45, 15, 21, 8,                                                                         \
    18, 2, 61, 56, 14

#endif
