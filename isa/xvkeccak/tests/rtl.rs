//! The Verilog beat datapath (isa/xvkeccak/rtl/xvkeccak_dp.v) against the Rust semantics:
//! every lane index and round index at every width, single-bit and all-ones operands, then
//! random operands; expected values from `isa_xvkeccak::{d_lane, rho_lane, chi_lane, rc}`
//! (the functions the simulator's vktheta/vkround/vkiota are built from), compared by an
//! Icarus testbench (loud skip without iverilog). Also `verilator --lint-only -Wall` on
//! every module (loud skip without verilator).

use asip_testkit::Rng;
use isa_xvkeccak::{chi_lane, d_lane, rc, rho_lane};
use std::fmt::Write as _;

/// One vector: width index, two lane indices, round index, iota flag, 12 operands.
fn vector(out: &mut String, lw: u32, l: [usize; 2], idx: u32, iota: bool, x: [u64; 12]) {
    let w = 8 << lw;
    let [cm0, cp0, cm1, cp1, a0, da0, a1, da1, b0, b1, b2, b3] = x;
    let c0 = chi_lane(b0, b1, b2, w) ^ if iota { rc(idx, w) } else { 0 };
    let want = [
        d_lane(cm0, cp0, w),
        d_lane(cm1, cp1, w),
        rho_lane(a0, da0, l[0], w),
        rho_lane(a1, da1, l[1], w),
        c0,
        chi_lane(b1, b2, b3, w),
    ];
    write!(
        out,
        "{lw:02x}{:02x}{:02x}{idx:02x}{:02x}",
        l[0], l[1], iota as u8
    )
    .unwrap();
    for v in x.iter().chain(&want) {
        write!(out, "{v:016x}").unwrap();
    }
    out.push('\n');
}

/// The datapath vectors, one a line: every lane width with lane pairs of every lane,
/// single-bit and all-ones operands, then random ones.
fn datapath_vectors() -> String {
    let mut rng = Rng(0x0078_6b0c_0015);
    let mut v = String::new();
    for lw in 0..4 {
        for l in 0..25 {
            let x = std::array::from_fn(|_| rng.next());
            vector(&mut v, lw, [l, 24 - l], l as u32, l.is_multiple_of(2), x);
            vector(&mut v, lw, [l, l], 31 - l as u32, true, x);
        }
        for k in 0..12 {
            for one in [1u64, 1 << 7, 1 << 15, 1 << 31, 1 << 63, u64::MAX] {
                let mut x = [0u64; 12];
                x[k] = one;
                vector(&mut v, lw, [k, 2 * k], k as u32, true, x);
            }
        }
    }
    for _ in 0..2000 {
        let lw = rng.u32() % 4;
        let l = [(rng.u32() % 25) as usize, (rng.u32() % 25) as usize];
        let x = std::array::from_fn(|_| rng.next());
        vector(
            &mut v,
            lw,
            l,
            rng.u32() % 32,
            rng.u32().is_multiple_of(2),
            x,
        );
    }
    v
}

asip_testkit::unit_rtl_tests!("xvkeccak", modules >= 2, "tb_dp.v", datapath_vectors());
