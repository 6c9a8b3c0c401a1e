//! Bit interleaving of a 64-bit lane into two 32-bit words, as used by 32-bit Keccak
//! implementations: the even-numbered bits (0, 2, .., 62) go to word 0 (`even`), the
//! odd-numbered bits (1, 3, .., 63) to word 1 (`odd`). A rotation of the lane by 2k is then a
//! rotation of both words by k.

/// Gather the bits of `x` selected by positions 0,2,4,.. into the low 32 bits.
#[inline]
fn compress_even(mut x: u64) -> u32 {
    x &= 0x5555_5555_5555_5555;
    x = (x | (x >> 1)) & 0x3333_3333_3333_3333;
    x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x >> 16)) & 0x0000_0000_FFFF_FFFF;
    x as u32
}

/// Spread the 32 bits of `v` to positions 0,2,4,..,62.
#[inline]
fn spread(v: u32) -> u64 {
    let mut x = v as u64;
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333;
    x = (x | (x << 1)) & 0x5555_5555_5555_5555;
    x
}

/// Split a lane into (even bits, odd bits).
#[inline]
pub fn to_interleaved(lane: u64) -> (u32, u32) {
    (compress_even(lane), compress_even(lane >> 1))
}

/// Inverse of [`to_interleaved`].
#[inline]
pub fn from_interleaved(even: u32, odd: u32) -> u64 {
    spread(even) | (spread(odd) << 1)
}
