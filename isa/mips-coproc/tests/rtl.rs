//! The Verilog coprocessor (isa/mips-coproc/rtl) against the Rust semantics: random
//! operation streams from the model (rotation amounts biased to 0, 1, 31, 32, 63, every
//! Chi index), replayed by an Icarus testbench; Verilator lint. Skips loudly without the
//! tools.

use asip_testkit::rtl;
use asip_testkit::Rng;
use isa_mips_coproc::{chi, rot, xor5, CopState};
use std::fmt::Write as _;

fn vectors(n: usize, seed: u64) -> (String, [usize; 5]) {
    let mut g = Rng(seed);
    let mut st = CopState::default();
    let mut out = String::new();
    let mut per_op = [0usize; 5];
    for _ in 0..n {
        let valid = (g.u32() % 8 != 0) as u32;
        let op = g.u32() % 5;
        let idx = g.u32() % 5;
        let ld = if op == 0 && idx == 2 && g.u32() % 2 == 0 {
            [0, 1, 31, 32, 63, 64, 0xffff_ffff][(g.u32() % 7) as usize]
        } else {
            g.u32()
        };
        let mut stv = 0;
        if valid == 1 {
            per_op[op as usize] += 1;
            match op {
                0 => st.au[idx as usize] = ld,
                1 => stv = xor5(&st.au),
                2 => stv = chi(&st.au, idx as usize),
                3 => {
                    let (m, l) = rot(&st.au);
                    stv = m;
                    st.least = l;
                }
                _ => stv = st.least,
            }
        }
        let a = st.au;
        let _ = writeln!(
            out,
            "{valid:x} {op:x} {idx:x} {ld:x} {stv:x} {:x} {:x} {:x} {:x} {:x} {:x}",
            a[0], a[1], a[2], a[3], a[4], st.least
        );
    }
    (out, per_op)
}

#[test]
fn verilator_lint_is_clean() {
    let srcs = rtl::modules("mips-coproc");
    assert!(srcs.len() >= 3, "{srcs:?}");
    rtl::verilator_lint(&srcs, &[]);
}

#[test]
fn rtl_matches_the_model_on_random_vectors() {
    let (vec, per_op) = vectors(40_000, 0xc0_9e0c);
    assert!(per_op.iter().all(|&n| n > 5000), "{per_op:?}");
    let mut files = rtl::modules("mips-coproc");
    files.push(rtl::testbench("mips-coproc", "tb_mc_fu.v"));
    let Some(r) = rtl::run_vectors("mips-coproc-rtl", &files, &vec) else {
        return;
    };
    assert_eq!(r.vectors, 40000, "{}", r.output);
    assert_eq!(r.fails, 0, "{}", r.output);
}
