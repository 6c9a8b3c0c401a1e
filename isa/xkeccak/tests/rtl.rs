//! The Verilog datapath (isa/xkeccak/rtl/xkeccak_dp.v) against the Rust semantics: every
//! lane with every round index, then random operands on random lanes, vectors computed by
//! `isa_xkeccak::{trp, chi, rc, pi_dest, chi_sources}` and compared by an Icarus testbench
//! (loud skip without iverilog). Also `verilator --lint-only -Wall` on every module (loud
//! skip without verilator).

use asip_testkit::Rng;
use isa_xkeccak::{chi, chi_sources, pi_dest, rc, trp};
use std::fmt::Write as _;

fn vector(out: &mut String, l: usize, round: u32, ops: [u64; 6]) {
    let [a, r4, r1, b0, b1, b2] = ops;
    let [_, s1, s2] = chi_sources(l);
    let t = trp(a, r4, r1, l);
    let c = chi(b0, b1, b2) ^ if l == 0 { rc(round) } else { 0 };
    write!(out, "{l:02x}{round:02x}").unwrap();
    for x in ops {
        write!(out, "{x:016x}").unwrap();
    }
    let row = l / 5;
    let pi = pi_dest(l);
    writeln!(out, "{row:02x}{pi:02x}{s1:02x}{s2:02x}{t:016x}{c:016x}").unwrap();
}

/// The datapath vectors, one a line: every lane with every round index, single-bit and
/// all-ones operands, then random operands on random lanes.
fn datapath_vectors() -> String {
    let mut rng = Rng(0x007e_cca4_0001);
    let mut v = String::new();
    for l in 0..25 {
        for round in 0..32 {
            let ops = std::array::from_fn(|_| rng.next());
            vector(&mut v, l, round, ops);
        }
    }
    // edge operands: single bits at both ends of each input, all ones
    for l in 0..25 {
        for k in 0..6 {
            for x in [1u64, 1 << 63, u64::MAX] {
                let mut ops = [0u64; 6];
                ops[k] = x;
                vector(&mut v, l, 0, ops);
            }
        }
    }
    for _ in 0..3000 {
        let l = (rng.u32() % 25) as usize;
        let round = rng.u32() % 32;
        let ops = std::array::from_fn(|_| rng.next());
        vector(&mut v, l, round, ops);
    }
    v
}

asip_testkit::unit_rtl_tests!("xkeccak", modules >= 3, "tb_units.v", datapath_vectors());
