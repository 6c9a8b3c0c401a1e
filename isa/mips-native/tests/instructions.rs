//! Per-instruction semantics (the functions the simulator executes): Table 1's case split
//! at the amounts 0, 1, 31, 32, 33, 63 and beyond 63, the shift-by-32 rule, andnot.

use asip_testkit::mips::{check_rot64_every_amount, split};
use isa_mips_native::{andnot, rot1, rot2, rot64, shl, shr, NativeState};

const V: u64 = 0x0123_4567_89ab_cdef;

#[test]
fn rotation_edge_amounts() {
    let (hi, lo) = split(V);
    for n in [0u32, 1, 31, 32, 33, 63] {
        assert_eq!(rot64(hi, lo, n), split(V.rotate_left(n)), "n = {n}");
    }
    assert_eq!(rot64(hi, lo, 0), (0x0123_4567, 0x89ab_cdef));
    assert_eq!(rot64(hi, lo, 32), (0x89ab_cdef, 0x0123_4567));
    assert_eq!(rot64(0x8000_0000, 0, 1), (0, 1));
    assert_eq!(rot64(0, 1, 63), (0x8000_0000, 0));
    assert_eq!(rot64(0, 0x8000_0000, 1), (1, 0));
    assert_eq!(rot64(1, 0, 31), (0x8000_0000, 0));
    assert_eq!(rot64(0x8000_0000, 0, 32), (0, 0x8000_0000));
}

#[test]
fn rotation_every_amount_and_random_values() {
    check_rot64_every_amount(rot64);
}

#[test]
fn amount_is_rt_mod_64() {
    let (hi, lo) = split(V);
    for n in [64u32, 65, 95, 96, 127, 0xffff_ffc0, 0xffff_ffff] {
        assert_eq!(rot64(hi, lo, n), rot64(hi, lo, n & 63), "n = {n:#x}");
    }
}

#[test]
fn rot1_halves_per_table_1() {
    // n < 32: Most = rs << n, Least = rs >> (32 - n)
    assert_eq!(rot1(0x8000_0001, 1), NativeState { most: 2, least: 1 });
    assert_eq!(
        rot1(0xf000_000f, 4),
        NativeState {
            most: 0xf0,
            least: 0xf
        }
    );
    // n >= 32: Least = rs << (n - 32), Most = rs >> (64 - n)
    assert_eq!(rot1(0x8000_0001, 33), NativeState { most: 1, least: 2 });
    // n = 0: Least = rs >> 32 = 0; n = 32: Most = rs >> 32 = 0
    assert_eq!(
        rot1(0xdead_beef, 0),
        NativeState {
            most: 0xdead_beef,
            least: 0
        }
    );
    assert_eq!(
        rot1(0xdead_beef, 32),
        NativeState {
            most: 0,
            least: 0xdead_beef
        }
    );
}

#[test]
fn rot2_ors_into_the_state() {
    let st = NativeState {
        most: 0xf000_0000,
        least: 0x0000_000f,
    };
    // n < 32: Least |= rs << n, Most |= rs >> (32 - n)
    assert_eq!(
        rot2(st, 0x8000_0001, 1),
        NativeState {
            most: 0xf000_0001,
            least: 0x0000_000f
        }
    );
    // n >= 32: Most |= rs << (n - 32), Least |= rs >> (64 - n)
    assert_eq!(
        rot2(st, 0x8000_0001, 33),
        NativeState {
            most: 0xf000_0002,
            least: 0x0000_000f
        }
    );
    // n = 0: Least |= rs; n = 32: Most |= rs
    assert_eq!(
        rot2(NativeState::default(), 0x1234_5678, 0),
        NativeState {
            most: 0,
            least: 0x1234_5678
        }
    );
    assert_eq!(
        rot2(NativeState::default(), 0x1234_5678, 32),
        NativeState {
            most: 0x1234_5678,
            least: 0
        }
    );
}

#[test]
fn a_five_bit_shifter_would_break_amounts_0_and_32() {
    // the datapath rule: a shift by 32 gives 0
    assert_eq!(shl(0xffff_ffff, 32), 0);
    assert_eq!(shr(0xffff_ffff, 32), 0);
    assert_eq!(shr(0xffff_ffff, 31), 1);
    // with x >> (32 & 31) = x (a 5-bit shifter), Table 1 at n = 0 would OR the high word
    // into Least: not a rotation
    let (hi, lo) = (0xdead_beef_u32, 0x1234_5678_u32);
    let five_bit_shr = |x: u32, n: u32| x >> (n & 31);
    let five_bit_least = lo | five_bit_shr(hi, 32);
    assert_eq!(five_bit_least, 0xdebd_feff);
    assert_eq!(rot64(hi, lo, 0), (hi, lo));
}

#[test]
fn andnot_values() {
    assert_eq!(andnot(0, 0xffff_ffff), 0xffff_ffff);
    assert_eq!(andnot(0xffff_ffff, 0xffff_ffff), 0);
    assert_eq!(andnot(0xf0f0_f0f0, 0xff00_ff00), 0x0f00_0f00);
    assert_eq!(andnot(0x1234_5678, 0), 0);
    let mut x = 0x1234_5678u32;
    for _ in 0..1000 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        let y = x.rotate_left(7) ^ 0xa5a5_a5a5;
        assert_eq!(andnot(x, y), !x & y);
        assert_eq!(andnot(x, y) | (x & y), y);
    }
}
