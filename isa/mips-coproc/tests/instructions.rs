//! Per-instruction semantics (the functions the simulator executes): xor5, chi for every
//! index including the mod-5 wrap, rot for the amounts 0, 1, 31, 32, 63 and beyond 63.

use asip_testkit::mips::{check_rot64_every_amount, split};
use isa_mips_coproc::{chi, rot, xor5};

const V: u64 = 0x0123_4567_89ab_cdef;

#[test]
fn xor5_values() {
    assert_eq!(xor5(&[0; 5]), 0);
    assert_eq!(xor5(&[1, 2, 4, 8, 16]), 31);
    assert_eq!(xor5(&[0xffff_ffff; 5]), 0xffff_ffff);
    assert_eq!(xor5(&[0xdead_beef, 0xdead_beef, 7, 0, 0]), 7);
    let au = [
        0x0123_4567,
        0x89ab_cdef,
        0xfedc_ba98,
        0x7654_3210,
        0x0f0f_0f0f,
    ];
    assert_eq!(xor5(&au), au[0] ^ au[1] ^ au[2] ^ au[3] ^ au[4]);
}

#[test]
fn chi_every_index_and_the_wrap() {
    let au = [
        0xf0f0_f0f0,
        0xff00_ff00,
        0xffff_0000,
        0x0000_ffff,
        0x1234_5678,
    ];
    assert_eq!(chi(&au, 0), au[0] ^ (!au[1] & au[2]));
    assert_eq!(chi(&au, 1), au[1] ^ (!au[2] & au[3]));
    assert_eq!(chi(&au, 2), au[2] ^ (!au[3] & au[4]));
    assert_eq!(chi(&au, 3), au[3] ^ (!au[4] & au[0]), "wraps to Au0");
    assert_eq!(chi(&au, 4), au[4] ^ (!au[0] & au[1]), "wraps to Au0, Au1");
    // explicit values
    assert_eq!(chi(&au, 0), 0xf0f0_f0f0 ^ (0x00ff_00ff & 0xffff_0000));
    assert_eq!(chi(&au, 0), 0xf00f_f0f0);
    assert_eq!(chi(&[0, 0, 0xffff_ffff, 0, 0], 0), 0xffff_ffff);
    assert_eq!(chi(&[0, 0xffff_ffff, 0xffff_ffff, 0, 0], 0), 0);
    // chi over a row is Keccak's chi on 32 bit-slices
    let row = [1u32, 2, 3, 4, 5];
    for i in 0..5 {
        let want = row[i] ^ (!row[(i + 1) % 5] & row[(i + 2) % 5]);
        assert_eq!(chi(&row, i), want);
    }
}

#[test]
fn rot_edge_amounts() {
    let (hi, lo) = split(V);
    for n in [0u32, 1, 31, 32, 33, 63] {
        assert_eq!(rot(&[hi, lo, n, 0, 0]), split(V.rotate_left(n)), "n = {n}");
    }
    assert_eq!(rot(&[hi, lo, 0, 0, 0]), (hi, lo));
    assert_eq!(rot(&[hi, lo, 32, 0, 0]), (lo, hi));
    assert_eq!(rot(&[0x8000_0000, 0, 1, 0, 0]), (0, 1));
    assert_eq!(rot(&[0, 1, 63, 0, 0]), (0x8000_0000, 0));
    // the amount is Au2 mod 64; Au3, Au4 are not operands
    for n in [64u32, 65, 96, 0xffff_ffc1, 0xffff_ffff] {
        assert_eq!(
            rot(&[hi, lo, n, 1, 2]),
            rot(&[hi, lo, n & 63, 0, 0]),
            "n = {n:#x}"
        );
    }
}

#[test]
fn rot_every_amount_on_random_values() {
    check_rot64_every_amount(|hi, lo, n| rot(&[hi, lo, n, 0, 0]));
}
