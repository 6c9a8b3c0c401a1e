//! xkeccak on the RV32 processor RTL (isa/xkeccak/rtl/xkeccak_port.v on hw/cores/rv32,
//! design rv32-xkeccak) against the simulator: exact-cycle programs give the same commit
//! log (retire cycle of every instruction, register and memory writes) on both engines.
//! Lane ops back to back on the lane they just wrote, kgetlo/kgethi feeding the next
//! instruction, and kput/kround right after the load of their operand (the GPR load-use
//! cycle, nothing else). Skipped with a loud line when verilator is missing.

use asip_sim::enc;
use asip_testkit::regs::rv32::{A0, A1, A2, T0, T1};
use asip_testkit::rtl::{lockstep_words, DATA_ADDR};
use asip_testkit::words::*;
use isa_xkeccak::*;
use sha3_golden::steps;

fn reg_write(log: &[String], k: usize, name: &str, v: u32) {
    assert!(
        log[k].contains(&format!("{name}={v:#010x}")),
        "line {k}: {} (want {name}={v:#010x})",
        log[k]
    );
}

const COLS: [usize; 25] = [
    0, 5, 10, 15, 20, 1, 6, 11, 16, 21, 2, 7, 12, 17, 22, 3, 8, 13, 18, 23, 4, 9, 14, 19, 24,
];

/// One round on a state put with li/kput, then lanes read back: every lane op follows the
/// op that wrote its source in the cycle before (kchi 0 reads B lanes ktrp just wrote,
/// kgetlo reads the lane kchi just wrote), and nothing waits.
#[test]
fn a_round_back_to_back_without_stalls() {
    let mut r = Rng(0x007e_cca4_0002);
    let s: [u64; 25] = std::array::from_fn(|_| r.next());
    let mut w = Vec::new();
    for l in COLS {
        w.extend(li(A0, s[l] as u32));
        w.extend(li(A1, (s[l] >> 32) as u32));
        w.push(enc!(SPEC, "kput", l, A0, A1));
    }
    w.extend(li(A2, 3));
    w.push(enc!(SPEC, "kround", A2));
    w.extend(COLS.iter().map(|&l| enc!(SPEC, "ktrp", l)));
    w.extend(COLS.iter().map(|&l| enc!(SPEC, "kchi", l)));
    let reads = w.len();
    for l in [24usize, 0, 7] {
        w.push(enc!(SPEC, "kgetlo", T0, l));
        w.push(enc!(SPEC, "kgethi", T1, l));
        w.push(add(A0, T0, T1)); // consumes both right away
    }
    let Some((c, log)) = lockstep_words("rv32-xkeccak", &w, &[]) else {
        return;
    };
    let mut e = s;
    steps::theta(&mut e, 64);
    steps::rho(&mut e, 64);
    steps::pi(&mut e, 64);
    steps::chi(&mut e, 64);
    steps::iota(&mut e, 64, 3);
    for (k, l) in [24usize, 0, 7].into_iter().enumerate() {
        let (lo, hi) = (e[l] as u32, (e[l] >> 32) as u32);
        reg_write(&log, reads + 3 * k, "t0", lo);
        reg_write(&log, reads + 3 * k + 1, "t1", hi);
        reg_write(&log, reads + 3 * k + 2, "a0", lo.wrapping_add(hi));
    }
    assert_eq!(
        c,
        w.len() as u64 + 2 + 2,
        "no stall: n + 2 exit words + 2 fill cycles"
    );
}

/// kput and kround read GPRs in execute like ALU ops: right behind the load of an operand
/// they wait the load-use cycle, one instruction later they do not.
#[test]
fn kput_and_kround_pay_only_the_gpr_load_use_cycle() {
    let mut w = li(A2, DATA_ADDR).to_vec();
    w.extend([
        lw(A0, A2, 0),
        lw(A1, A2, 4),
        enc!(SPEC, "kput", 0, A0, A1), // a1 loaded just before: +1
        lw(A0, A2, 8),
        lw(A1, A2, 12),
        addi(T0, 0, 1),
        enc!(SPEC, "kput", 5, A0, A1), // no wait
        lw(T1, A2, 16),
        enc!(SPEC, "kround", T1), // +1
        enc!(SPEC, "kgetlo", T0, 5),
        enc!(SPEC, "kgethi", T1, 0),
    ]);
    let data = [0x1111_2222, 0x3333_4444, 0x5555_6666, 0x7777_8888, 21];
    let Some((c, log)) = lockstep_words("rv32-xkeccak", &w, &data) else {
        return;
    };
    reg_write(&log, 11, "t0", 0x5555_6666);
    reg_write(&log, 12, "t1", 0x3333_4444);
    assert_eq!(c, w.len() as u64 + 2 + 2 + 2);
}
