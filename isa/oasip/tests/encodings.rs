//! Encodings: every xoasip instruction decodes from its canonical word, and no two
//! extensions of an enabled set (rv32im + xoasip, with zbkb, with zbb) accept one word.

use asip_sim::enc;
use asip_testkit::words::isa;
use asip_testkit::Rng;
use isa_oasip::SPEC;

const SETS: [&str; 3] = ["rv32im_xoasip", "rv32im_zbkb_xoasip", "rv32im_zbb_xoasip"];

fn canonical() -> Vec<(u32, &'static str)> {
    let mut v = Vec::new();
    for (rd, rs1, rs2) in [(1, 2, 3), (31, 31, 31), (0, 0, 0), (5, 17, 9)] {
        for imm in [-2048, -9, 0, 1, 9, 2047] {
            v.push((enc!(SPEC, "remv", rd, rs1, imm), "remv"));
        }
        v.push((enc!(SPEC, "hmask", rd, rs1), "hmask"));
        v.push((enc!(SPEC, "pack", rs1, rs2), "pack"));
        v.push((enc!(SPEC, "rotl", rd, rs1), "rotl"));
        v.push((enc!(SPEC, "extlw", rd), "extlw"));
        v.push((enc!(SPEC, "lfsr", rd, rs1), "lfsr"));
        for off in [4, 8, 400, 4094] {
            v.push((enc!(SPEC, "doloop", rs1, off), "doloop"));
        }
    }
    v
}

#[test]
fn canonical_encodings_decode_to_their_op_in_exactly_one_extension() {
    for set in SETS {
        let isa = isa(set);
        for (w, name) in canonical() {
            assert_eq!(isa.acceptors(w), vec!["xoasip"], "{set}: {w:#010x}");
            let d = isa.decode(w).expect("decodes");
            assert_eq!(d.name(), name, "{w:#010x}");
        }
    }
}

#[test]
fn operand_fields_round_trip() {
    let d = isa_oasip::SPEC
        .decode(enc!(SPEC, "remv", 7, 9, -5))
        .expect("remv");
    assert_eq!((d.rd, d.rs1, d.rs2, d.imm), (7, 9, 0, -5));
    let d = isa_oasip::SPEC
        .decode(enc!(SPEC, "pack", 9, 12))
        .expect("pack");
    assert_eq!((d.rd, d.rs1, d.rs2), (0, 9, 12));
    let d = isa_oasip::SPEC
        .decode(enc!(SPEC, "extlw", 30))
        .expect("extlw");
    assert_eq!((d.rd, d.rs1, d.rs2), (30, 0, 0));
    for off in [4, 6, 8, 2046, 4094, -4096, -2] {
        let d = isa_oasip::SPEC
            .decode(enc!(SPEC, "doloop", 13, off))
            .expect("doloop");
        assert_eq!((d.rs1, d.imm), (13, off));
    }
}

#[test]
fn reserved_fields_are_rejected() {
    // non-zero fields an op does not use, unassigned funct3/funct7, other major opcodes
    let bad = [
        enc!(SPEC, "hmask", 1, 2) | (3 << 20),
        enc!(SPEC, "pack", 2, 3) | (1 << 7),
        enc!(SPEC, "rotl", 1, 2) | (4 << 20),
        enc!(SPEC, "extlw", 1) | (2 << 15),
        enc!(SPEC, "extlw", 1) | (2 << 20),
        enc!(SPEC, "lfsr", 1, 2) | (5 << 20),
        enc!(SPEC, "doloop", 1, 8) | (1 << 20),
        (5 << 25) | (1 << 12) | 0x0b,
        (0x7f << 25) | (1 << 12) | 0x0b,
        (3 << 12) | 0x0b,
        (7 << 12) | 0x0b,
        enc!(SPEC, "remv", 1, 2, 3) & !0x7f | 0x2b,
    ];
    for w in bad {
        assert!(
            isa_oasip::SPEC.decode(w).is_none(),
            "{w:#010x} should not decode"
        );
    }
    // the decoder only ever accepts custom-0
    let mut g = Rng(77);
    for _ in 0..100_000 {
        let w = g.u32();
        if isa_oasip::SPEC.decode(w).is_some() {
            assert_eq!(w & 0x7f, 0x0b);
        }
    }
}

#[test]
fn no_word_is_accepted_by_two_extensions() {
    let mut g = Rng(0xdec0de);
    for set in SETS {
        let isa = isa(set);
        let mut words: Vec<u32> = canonical().into_iter().map(|(w, _)| w).collect();
        for _ in 0..200_000 {
            let w = g.u32();
            words.push(w);
            words.push((w & !0x7f) | 0x0b); // custom-0
            words.push((w & !0x7f) | 0x33); // OP (shared by M, Zbb, Zbkb)
            words.push((w & !0x7f) | 0x13); // OP-IMM
        }
        for w in words {
            let a = isa.acceptors(w);
            assert!(a.len() <= 1, "{set}: {w:#010x} accepted by {a:?}");
        }
    }
}
