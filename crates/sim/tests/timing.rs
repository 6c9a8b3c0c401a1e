//! Exact-cycle tests of the zscale preset on hand-computed programs.
//! zscale: 3 stages (2 fill cycles), taken branch +2, jal +1, jalr +2, load-use +1,
//! div/rem 34 cycles blocking, everything else 1 cycle.
mod common;
use asip_sim::{Isa, Machine, Program, RunOptions, TimingParams};
use common::*;

fn cycles(words: &[u32]) -> (u64, u64) {
    let r = run("rv32im", "zscale", words).unwrap();
    (r.cycles, r.instret)
}

#[test]
fn straight_line_alu() {
    // 5 addi + addi a7 + ecall = 7 instructions, + 2 fill
    let (c, n) = cycles(&[
        addi(5, 0, 1),
        addi(5, 5, 1),
        addi(5, 5, 1),
        addi(5, 5, 1),
        addi(10, 5, 0),
    ]);
    assert_eq!(n, 7);
    assert_eq!(c, 9);
}

#[test]
fn taken_branch_costs_two() {
    // addi, beq (taken, skips one), addi a7, ecall = 4 insns + 2 penalty + 2 fill
    let (c, n) = cycles(&[addi(5, 0, 1), b(8, 5, 5, 0), addi(5, 0, 2)]);
    assert_eq!(n, 4);
    assert_eq!(c, 8);
}

#[test]
fn not_taken_branch_is_free() {
    let (c, n) = cycles(&[addi(5, 0, 1), b(8, 0, 5, 0), addi(5, 0, 2)]);
    assert_eq!(n, 5);
    assert_eq!(c, 7);
}

#[test]
fn load_use_stall() {
    // auipc t1; lw t2, 64(t1); addi t3, t2, 1 (uses t2 right away: +1)
    let (c, n) = cycles(&[u(0, 6, 0x17), lw(7, 6, 64), addi(28, 7, 1)]);
    assert_eq!(n, 5);
    assert_eq!(c, 5 + 1 + 2);
    // an independent instruction in between hides the load latency
    let (c, n) = cycles(&[u(0, 6, 0x17), lw(7, 6, 64), addi(29, 0, 1), addi(28, 7, 1)]);
    assert_eq!(n, 6);
    assert_eq!(c, 6 + 2);
    // a store of the loaded register also waits (rs2 dependency)
    let (c, _) = cycles(&[u(0, 6, 0x17), lw(7, 6, 64), sw(7, 6, 68)]);
    assert_eq!(c, 5 + 1 + 2);
}

#[test]
fn div_and_rem_block_34_cycles() {
    let div = r(1, 6, 5, 4, 7, 0x33);
    let rem = r(1, 6, 5, 6, 28, 0x33);
    let (c, n) = cycles(&[addi(5, 0, 7), addi(6, 0, 2), div]);
    assert_eq!(n, 5);
    assert_eq!(c, 4 + 34 + 2);
    let (c, _) = cycles(&[addi(5, 0, 7), addi(6, 0, 2), div, rem]);
    assert_eq!(c, 4 + 34 + 34 + 2);
    // mul is single-cycle
    let (c, _) = cycles(&[addi(5, 0, 7), addi(6, 0, 2), r(1, 6, 5, 0, 7, 0x33)]);
    assert_eq!(c, 5 + 2);
}

#[test]
fn jumps() {
    // jal x0, +8 (skips one): jal, addi a7, ecall = 3 insns + 1 + 2
    let (c, n) = cycles(&[j(8, 0), addi(5, 0, 1)]);
    assert_eq!(n, 3);
    assert_eq!(c, 6);
    // auipc t0; jalr x0, 12(t0) (skips one): 4 insns + 2 + 2
    let (c, n) = cycles(&[u(0, 5, 0x17), i(12, 5, 0, 0, 0x67), addi(5, 0, 1)]);
    assert_eq!(n, 4);
    assert_eq!(c, 8);
}

#[test]
fn loop_kernel_exact() {
    // bench kernel: 4 setup + n * (11 insns + 1 load-use + 2 taken) - 2 (last branch
    // falls through) + 3 tail + 2 fill
    let t = TimingParams::preset("zscale").unwrap();
    let r = asip_sim::bench_loop(1000, &t).unwrap();
    assert_eq!(r.instret, 4 + 11 * 1000 + 3);
    assert_eq!(r.cycles, 4 + 14 * 1000 - 2 + 3 + 2);
    let ideal = TimingParams::preset("ideal").unwrap();
    let r = asip_sim::bench_loop(1000, &ideal).unwrap();
    assert_eq!(r.cycles, r.instret);
}

#[test]
fn parameters_from_toml() {
    let src = r#"
[timing]
name = "test"
stages = 5
branch_taken_penalty = 3
branch_not_taken_penalty = 1
jal_penalty = 0
jalr_penalty = 0
load_use_penalty = 2
forwarding = true
[timing.latency]
alu = 1
shift = 1
mul = 3
div = 10
div_stalls = false
load = 1
store = 1
branch = 1
jump = 1
csr = 1
system = 1
[timing.ops]
add = 2
"#;
    let t = TimingParams::from_toml(src).unwrap();
    let go = |w: &[u32]| {
        let mut v = w.to_vec();
        v.extend(exit_seq());
        let p = Program::from_words(BASE, &v, 4096);
        Machine::new(
            &p,
            Isa::parse("rv32im").unwrap(),
            t.clone(),
            RunOptions::default(),
        )
        .unwrap()
        .run()
        .unwrap()
        .cycles
    };
    // non-blocking div: issues in 1 cycle, dependent waits until 10 cycles after issue
    let div = r(1, 6, 5, 4, 7, 0x33);
    assert_eq!(go(&[div, addi(8, 0, 1)]), 4 + 4); // independent follower: no wait
    assert_eq!(go(&[div, addi(8, 7, 1)]), 4 + 4 + 9); // dependent: waits 9
                                                      // per-op override: add = 2
    assert_eq!(go(&[r(0, 0, 0, 0, 5, 0x33)]), 4 + 4);
    // not-taken branch 1, taken 3
    assert_eq!(go(&[b(8, 5, 0, 1)]), 3 + 1 + 4); // bne x0,t0 (t0=0): not taken
    assert_eq!(go(&[b(8, 0, 0, 0), addi(5, 0, 1)]), 3 + 3 + 4);
    // load-use 2
    assert_eq!(
        go(&[u(0, 6, 0x17), lw(7, 6, 64), addi(28, 7, 1)]),
        5 + 2 + 4
    );
    // bare table also accepted; unknown field rejected; unknown op rejected at bind
    assert!(
        TimingParams::from_toml(&src.replace("[timing]\n", "").replace("[timing.", "[")).is_ok()
    );
    assert!(TimingParams::from_toml(&src.replace("stages = 5", "stages = 5\nbogus = 1")).is_err());
    let bad = TimingParams::from_toml(&src.replace("add = 2", "remv = 1")).unwrap();
    let p = Program::from_words(BASE, &exit_seq(), 16);
    let e = Machine::new(
        &p,
        Isa::parse("rv32im").unwrap(),
        bad,
        RunOptions::default(),
    )
    .err()
    .unwrap();
    assert!(e.to_string().contains("remv"), "{e}");
    assert!(TimingParams::preset("nope")
        .unwrap_err()
        .to_string()
        .contains("zscale"));
}

#[test]
fn zscale_preset_values() {
    let t = TimingParams::preset("zscale").unwrap();
    assert_eq!(t.stages, 3);
    assert_eq!(t.branch_taken_penalty, 2);
    assert_eq!(t.latency.mul, 1);
    assert_eq!(t.latency.div, 34);
}
