//! The benchmark harness's message generator, mirrored from `firmware/harness/bench_util.h`.
//!
//! Every byte of a benchmark message comes from xorshift32 seeded by the run's seed and the
//! message length, so the host can recompute the exact message the firmware hashed and check
//! its digest against the golden model without moving the message across the boundary.

/// The `len`-byte message the firmware harness hashes for `seed` (xorshift32, see docs/firmware.md).
pub fn harness_message(seed: u32, len: usize) -> Vec<u8> {
    let mut x: u32 = 0x9E37_79B9 ^ seed ^ ((len as u32) << 16);
    if x == 0 {
        x = 1;
    }
    let mut out = Vec::with_capacity(len);
    for _ in 0..len {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        out.push(x as u8);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_values_computed_independently() {
        // Computed with a separate Python transcription of the firmware's xorshift32.
        assert_eq!(harness_message(0, 3), vec![0x38, 0x0f, 0x9f]);
        assert_eq!(harness_message(7, 5), vec![0xbc, 0x08, 0x5b, 0x09, 0x57]);
        assert_eq!(harness_message(0, 0), Vec::<u8>::new());
        assert_ne!(harness_message(1, 16), harness_message(2, 16));
    }
}
