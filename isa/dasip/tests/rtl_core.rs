//! xdasip on the RV32 processor RTL (isa/dasip/rtl/dasip_port.v on hw/cores/rv32, design
//! rv32-dasip) against the simulator: exact-cycle programs for the aux register file's
//! timing (logic right behind a load, store data right behind a load, a load pair's
//! chained logic, a store pair storing the old value, the rotl64 pair's amount register
//! and its three-GPR form, step-5 and mod-5 addresses) give the same commit log (retire
//! cycle of every instruction, register and memory writes) on both engines.
//! Skipped with a loud line when verilator is missing.

use asip_testkit::regs::rv32::{A0, A1, A2, SP, T0};
use asip_testkit::rtl::{lockstep_words, DATA_ADDR};
use asip_testkit::words::*;
use isa_dasip::{encode_logic, encode_mem, encode_pair, LogicOp, Mem, Mode, Pair};

const LANES: [u64; 4] = [
    0x0123_4567_89ab_cdef,
    0xfedc_ba98_7654_3210,
    0x0f1e_2d3c_4b5a_6978,
    0x8000_0000_0000_0001,
];

fn data() -> Vec<u32> {
    LANES
        .iter()
        .flat_map(|v| [*v as u32, (*v >> 32) as u32])
        .collect()
}

/// lui + addi: a0 = the lane array.
fn base() -> Vec<u32> {
    li(A0, DATA_ADDR).to_vec()
}

fn mem(m: Mem, ard: u32, imm: i32) -> u32 {
    encode_mem(m, Mode::S5, ard, A0, 0, imm)
}

/// The commit-log text of a 32-bit store of `v` to word `w` of lane `lane`.
fn stored(lane: u32, w: u32, v: u32) -> String {
    format!("mem[{:#010x}]={v:#010x}", DATA_ADDR + 8 * lane + 4 * w)
}

fn has(log: &[String], s: &str) -> bool {
    log.iter().any(|l| l.contains(s))
}

// Every program ends with `addi a7, zero, 93; ecall`; zscale charges 2 fill cycles, so n
// retired instructions without stalls take n + 2 cycles.

#[test]
fn logic_right_after_a_load_and_store_of_a_logic_result_do_not_wait() {
    let mut w = base();
    w.extend([
        mem(Mem::Ldl, 0, 0),
        mem(Mem::Ldh, 0, 0),
        mem(Mem::Ldl, 1, 1),
        mem(Mem::Ldh, 1, 1),
        encode_logic(LogicOp::Xor, 2, 0, 1), // reads ar1, loaded just before
        mem(Mem::Stl, 2, 2),                 // stores ar2, computed just before
        mem(Mem::Sth, 2, 2),
    ]);
    let Some((c, log)) = lockstep_words("rv32-dasip", &w, &data()) else {
        return;
    };
    let x = LANES[0] ^ LANES[1];
    assert!(has(&log, &stored(2, 0, x as u32)), "{log:#?}");
    assert!(has(&log, &stored(2, 1, (x >> 32) as u32)), "{log:#?}");
    assert_eq!(c, 11 + 2);
}

#[test]
fn store_right_after_loading_its_register_waits_one_cycle() {
    let mut w = base();
    w.extend([
        mem(Mem::Ldl, 0, 0),
        mem(Mem::Stl, 0, 3), // +1
        mem(Mem::Ldh, 3, 1),
        addi(T0, 0, 1),
        mem(Mem::Sth, 3, 3), // one instruction later: no wait
    ]);
    let Some((c, log)) = lockstep_words("rv32-dasip", &w, &data()) else {
        return;
    };
    assert!(has(&log, &stored(3, 0, LANES[0] as u32)));
    assert!(has(&log, &stored(3, 1, (LANES[1] >> 32) as u32)));
    assert_eq!(c, 9 + 2 + 1);
}

#[test]
fn load_pair_chains_and_store_pair_stores_the_old_value() {
    let mut w = base();
    w.extend([
        mem(Mem::Ldl, 1, 1),
        mem(Mem::Ldh, 1, 1),
        mem(Mem::Ldl, 5, 0),
        // ldhw ar5 <- lane 0 high || xor64 ar1, ar1, ar5 (the loaded lane, chained)
        encode_pair(&Pair::on_a0(false, 5, 0, LogicOp::Xor, 1, 1, 5)),
        mem(Mem::Stl, 1, 2), // ar1 is the pair's late result: +1
        // sthw ar1 -> lane 2 high (the old ar1) || mvar ar1, ar0 (= 0)
        encode_pair(&Pair::on_a0(true, 1, 2, LogicOp::Mvar, 1, 0, 0)),
        mem(Mem::Stl, 1, 3), // ar1 = 0, forwarded from W
    ]);
    let Some((c, log)) = lockstep_words("rv32-dasip", &w, &data()) else {
        return;
    };
    let x = LANES[0] ^ LANES[1];
    assert!(has(&log, &stored(2, 0, x as u32)), "{log:#?}");
    assert!(has(&log, &stored(2, 1, (x >> 32) as u32)), "{log:#?}");
    assert!(has(&log, &stored(3, 0, 0)), "{log:#?}");
    assert_eq!(c, 11 + 2 + 1);
}

#[test]
fn rotl_pair_amount_register_and_three_gpr_form() {
    let mut w = base();
    w.extend([
        addi(A1, 0, 0), // index 0
        addi(T0, 0, 4),
        mem(Mem::Ldl, 4, 0),
        sw(T0, SP, -4),
        lw(A2, SP, -4), // the amount, loaded right before the pair: +1
        // ldhw ar4 <- lane 0 high || rotl64 ar4, ar4, a2 (index x0)
        encode_pair(&Pair::on_a0(false, 4, 0, LogicOp::Rotl, 4, 4, 4)),
        mem(Mem::Stl, 4, 2), // the pair's late result: +1
        mem(Mem::Sth, 4, 2),
        mem(Mem::Ldl, 3, 1),
        // ldhw ar3 <- lane 1 high (index a1) || rotl64 ar3, ar3, a2: three GPRs, +1
        encode_pair(&Pair {
            rs1f: 3,
            ..Pair::on_a0(false, 3, 1, LogicOp::Rotl, 3, 3, 4)
        }),
        addi(T0, 0, 0),
        mem(Mem::Stl, 3, 3),
        mem(Mem::Sth, 3, 3),
        sw(A0, SP, -8),
        lw(A0, SP, -8), // the base, loaded right before a three-GPR pair: +1 +1
        encode_pair(&Pair {
            rs1f: 3,
            ..Pair::on_a0(false, 3, 1, LogicOp::Rotl, 3, 3, 4)
        }),
    ]);
    let Some((c, log)) = lockstep_words("rv32-dasip", &w, &data()) else {
        return;
    };
    let r0 = LANES[0].rotate_left(4);
    let r1 = LANES[1].rotate_left(4);
    assert!(has(&log, &stored(2, 0, r0 as u32)), "{log:#?}");
    assert!(has(&log, &stored(2, 1, (r0 >> 32) as u32)), "{log:#?}");
    assert!(has(&log, &stored(3, 0, r1 as u32)), "{log:#?}");
    assert!(has(&log, &stored(3, 1, (r1 >> 32) as u32)), "{log:#?}");
    assert_eq!(c, 20 + 2 + 1 + 1 + 1 + 2);
}

#[test]
fn step5_and_mod5_addresses() {
    // lane (x, y) of a 5x5 array: index registers y = 0 and 7 (7 mod 5 = 2)
    let mut w = base();
    w.extend([
        addi(A1, 0, 7),
        encode_mem(Mem::Ldl, Mode::M5, 0, A0, A1, -4), // lane (7 - 4) mod 5 = 3
        encode_mem(Mem::Ldh, Mode::M5, 0, A0, A1, 0),  // lane 7 mod 5 = 2
        addi(A1, 0, 0),
        encode_mem(Mem::Stl, Mode::S5, 0, A0, A1, 1), // lane 5*0 + 1
        encode_mem(Mem::Sth, Mode::S5, 0, A0, A1, 1),
    ]);
    let Some((c, log)) = lockstep_words("rv32-dasip", &w, &data()) else {
        return;
    };
    assert!(has(&log, &stored(1, 0, LANES[3] as u32)), "{log:#?}");
    assert!(
        has(&log, &stored(1, 1, (LANES[2] >> 32) as u32)),
        "{log:#?}"
    );
    assert_eq!(c, 10 + 2);
}
