//! The RV32 divider RTL (hw/cores/rv32/rv32_div.v) against the timing model: for edge-case
//! and random operands, an Icarus testbench checks the result (the simulator's semantics,
//! `DivOp::eval`) and the cycles the division occupies the execute stage, with
//! `EARLY_OUT = 0` against `latency.div` of the `zscale` preset and with `EARLY_OUT = 1`
//! against `early_out_div_cycles` (the `zscale-eo` preset's model). Verilator lint of both
//! variants. Skips loudly without iverilog / verilator.

use asip_sim::timing::{early_out_div_cycles, DivModel, DivOp};
use asip_sim::TimingParams;
use asip_testkit::{rtl, Rng};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

fn rtl_file() -> PathBuf {
    asip_testkit::root().join("hw/cores/rv32/rv32_div.v")
}

fn testbench() -> PathBuf {
    asip_testkit::root().join("hw/cores/rv32/tb/tb_rv32_div.v")
}

/// Operands on the edges of the latency function and of the arithmetic.
fn edge_operands() -> Vec<u32> {
    let mut v: Vec<u32> = vec![0, 1, 2, 3, 4, 5, 6, 7, 9, 24, 25, 100];
    v.extend([1u32, 2, 3, 5, 7].map(|x| x.wrapping_neg()));
    v.extend([
        0x7fff_ffff,
        0x8000_0000,
        0x8000_0001,
        0xffff_fffe,
        0x1234_5678,
    ]);
    for k in [4, 15, 16, 29, 30, 31] {
        v.push(1 << k);
        v.push((1u32 << k) - 1);
    }
    v
}

/// A random operand: full words, words shifted right by a random amount (every MSB
/// position), small numbers and their negatives, powers of two.
fn operand(g: &mut Rng) -> u32 {
    match g.u32() % 6 {
        0 => g.u32(),
        1 | 2 => g.u32() >> (g.u32() % 32),
        3 => g.u32() % 32,
        4 => (g.u32() % 32).wrapping_neg(),
        _ => 1 << (g.u32() % 32),
    }
}

/// Vector lines `gap op a b result l_fixed l_early_out` (hex) and their count.
fn vectors(n_random: usize, seed: u64) -> (String, usize) {
    let fixed = TimingParams::preset("zscale").expect("zscale");
    assert_eq!(fixed.latency.div_model, DivModel::Fixed);
    let l_fixed = fixed.latency.div;
    let eo = TimingParams::preset("zscale-eo").expect("zscale-eo");
    assert_eq!(eo.latency.div_model, DivModel::EarlyOut);
    let mut g = Rng(seed);
    let mut cases = Vec::new();
    let edges = edge_operands();
    for op in DivOp::ALL {
        for &a in &edges {
            for &b in &edges {
                cases.push((op, a, b));
            }
        }
    }
    for _ in 0..n_random {
        let op = DivOp::from_funct(g.u32());
        cases.push((op, operand(&mut g), operand(&mut g)));
    }
    let mut s = String::new();
    for &(op, a, b) in &cases {
        let gap = if g.u32() % 4 == 0 { 1 + g.u32() % 3 } else { 0 };
        let _ = writeln!(
            s,
            "{gap:x} {:x} {a:08x} {b:08x} {:08x} {l_fixed:x} {:x}",
            op as u32,
            op.eval(a, b),
            early_out_div_cycles(op, a, b)
        );
    }
    (s, cases.len())
}

#[test]
fn divider_lint_both_variants() {
    if !asip_testkit::have("verilator") {
        asip_testkit::skip("verilator", "rv32_div lint");
        return;
    }
    for early_out in [0, 1] {
        asip_testkit::run_ok(
            Command::new("verilator")
                .args(["--lint-only", "-Wall", &format!("-GEARLY_OUT={early_out}")])
                .arg(rtl_file()),
            &format!("verilator lint of rv32_div EARLY_OUT={early_out}"),
        );
    }
}

#[test]
fn divider_rtl_equals_model_results_and_cycles() {
    let (text, n) = vectors(4000, 0x5eed_d1f1);
    assert!(n > 5000, "{n}");
    let Some(r) = rtl::run_vectors("rv32_div", &[rtl_file(), testbench()], &text) else {
        return;
    };
    assert_eq!(r.vectors, n, "{}", r.output);
    assert_eq!(r.fails, 0, "{}", r.output);
}

#[test]
fn worked_examples_of_the_docs() {
    // docs/timing-models.md, "Divider: fixed radix-2 and early-out"
    assert_eq!(early_out_div_cycles(DivOp::Remu, 7, 5), 6);
    assert_eq!(early_out_div_cycles(DivOp::Remu, 0x1234_5678, 5), 32);
    assert_eq!(early_out_div_cycles(DivOp::Div, (-7i32) as u32, 2), 8);
}
