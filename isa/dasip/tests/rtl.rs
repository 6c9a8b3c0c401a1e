//! The Verilog units (isa/dasip/rtl) against the Rust semantics on random and edge-case
//! operands: vectors computed by `isa_dasip::{logic, s5_addr, m5_addr}`, compared by an
//! Icarus Verilog testbench (loud skip without iverilog). Also `verilator --lint-only
//! -Wall` on every module (loud skip without verilator).

use asip_testkit::rtl;
use asip_testkit::Rng;
use isa_dasip::{logic, m5_addr, s5_addr, LogicOp};
use std::fmt::Write as _;

#[test]
fn units_match_rust_model() {
    let mut rng = Rng(0x0d45_1b00_5eed_0001);
    let ops = [LogicOp::Xor, LogicOp::Rotl, LogicOp::Mvar, LogicOp::NandXor];
    let mut lv = String::new();
    let mut nl = 0;
    for k in 0..4000u32 {
        let op = ops[(k % 4) as usize];
        let (d, s0, s1) = (rng.next(), rng.next(), rng.next());
        let amt = if k < 256 {
            [0, 1, 32, 63][(k / 4 % 4) as usize]
        } else {
            rng.u32() & 63
        };
        let res = logic(op, d, s0, s1, amt);
        let opn = match op {
            LogicOp::Xor => 0,
            LogicOp::Rotl => 1,
            LogicOp::Mvar => 2,
            LogicOp::NandXor => 3,
        };
        writeln!(lv, "{opn:02x}{amt:02x}{d:016x}{s0:016x}{s1:016x}{res:016x}").unwrap();
        nl += 1;
    }
    let mut av = String::new();
    let mut na = 0;
    let mut add = |m5: bool, high: bool, base: u32, index: u32, imm: i32| {
        let a = if m5 {
            m5_addr(base, index, imm, high)
        } else {
            s5_addr(base, index, imm, high)
        };
        let fl = (m5 as u32) << 1 | high as u32;
        writeln!(
            av,
            "{fl:02x}{:02x}{base:08x}{index:08x}{a:08x}",
            imm as u32 & 63
        )
        .unwrap();
        na += 1;
    };
    // mod-5 over its whole range of offsets, small indices, and extreme sums
    for imm in -32..=31 {
        for index in [
            0u32,
            1,
            2,
            3,
            4,
            5,
            9,
            27,
            0x7fff_ffff,
            0x8000_0000,
            0xffff_fffb,
            u32::MAX,
        ] {
            add(true, imm & 1 != 0, 0x1000, index, imm);
            add(false, imm & 1 == 0, 0x2000_0000, index, imm);
        }
    }
    for _ in 0..3000 {
        let (base, index) = (rng.u32(), rng.u32());
        let imm = (rng.u32() & 63) as i32 - 32;
        let m5 = rng.u32() & 1 != 0;
        let high = rng.u32() & 1 != 0;
        let index = if rng.u32() & 1 != 0 {
            index & 31
        } else {
            index
        };
        add(m5, high, base, index, imm);
    }
    let dir = rtl::rtl_dir("dasip");
    let files = [
        rtl::testbench("dasip", "tb_units.v"),
        dir.join("dasip_logic.v"),
        dir.join("dasip_agu.v"),
    ];
    let args = [format!("+nl={nl}"), format!("+na={na}")];
    let Some(text) = rtl::icarus("dasip-rtl", &files, &[("logic", &lv), ("agu", &av)], &args)
    else {
        return;
    };
    assert!(
        text.contains(&format!("PASS {nl} logic {na} agu")),
        "{text}"
    );
}

#[test]
fn verilator_lint_clean() {
    let srcs = rtl::modules("dasip");
    assert_eq!(srcs.len(), 5, "{srcs:?}");
    rtl::verilator_lint(&srcs, &["dasip_fu", "dasip_port"]);
}
