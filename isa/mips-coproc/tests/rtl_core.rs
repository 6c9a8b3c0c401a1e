//! xmipscop on the MIPS processor RTL (isa/mips-coproc/rtl/mc_port.v on hw/cores/mips,
//! design mips-coproc) against the simulator: exact-cycle programs give the same commit
//! log (retire cycle of every instruction, register and memory writes) on both engines,
//! with the stored Co-ALU results checked against the Rust semantics. The Co-ALU computes
//! in MEM with an lwau's word forwarded from WB, so an op right behind the lwau of one of
//! its operands does not wait (as in the mips5 model). Skipped with a loud line when
//! verilator is missing.

use asip_sim::enc;
use asip_testkit::mips::{li, lw};
use asip_testkit::regs::mips::{T0, T1, T5};
use asip_testkit::rtl::{lockstep_words, DATA_ADDR};
use isa_mips_coproc::{chi, rot, xor5, SPEC};

const WORDS: [u32; 5] = [
    0x8123_4567,
    0x89ab_cdef,
    0x0f1e_2d3c,
    0x4b5a_6978,
    0xdead_beef,
];
/// Word 5: a rotation amount.
const AMOUNT: u32 = 44;

/// lui + ori: t5 = the data words.
fn base() -> Vec<u32> {
    li(T5, DATA_ADDR).to_vec()
}
fn data() -> Vec<u32> {
    let mut d = WORDS.to_vec();
    d.push(AMOUNT);
    d.push(DATA_ADDR);
    d
}
fn lwau(au: u32, off: i32) -> u32 {
    enc!(SPEC, "lwau", au, off, T5)
}
/// The commit-log text of a store of `v` to word `w` of the data.
fn stored(w: u32, v: u32) -> String {
    format!("mem[{:#010x}]={v:#010x}", DATA_ADDR + 4 * w)
}
fn has(log: &[String], s: &str) -> bool {
    log.iter().any(|l| l.contains(s))
}

// Every program ends with `li v0, 4001; syscall`; mips5 charges 4 fill cycles, so n
// retired instructions without stalls take n + 4 cycles.

#[test]
fn co_alu_ops_right_behind_the_loads_of_their_operands_do_not_wait() {
    let mut w = base();
    w.extend((0..5).map(|k| lwau(k, 4 * k as i32)));
    w.extend([
        enc!(SPEC, "xor5", 32, T5),   // Au4 loaded just before: forwarded
        lwau(1, 0),                   // Au1 = word 0
        enc!(SPEC, "chi", 0, 36, T5), // reads Au1, loaded just before
        enc!(SPEC, "chi", 4, 40, T5),
    ]);
    let Some((c, log)) = lockstep_words("mips-coproc", &w, &data()) else {
        return;
    };
    let mut au = WORDS;
    assert!(has(&log, &stored(8, xor5(&au))), "{log:#?}");
    au[1] = WORDS[0];
    assert!(has(&log, &stored(9, chi(&au, 0))), "{log:#?}");
    assert!(has(&log, &stored(10, chi(&au, 4))), "{log:#?}");
    assert_eq!(c, 11 + 2 + 4);
}

#[test]
fn rot_then_swleast_and_the_base_load_use_stall() {
    let mut w = base();
    w.extend([
        lw(T0, T5, 24),               // t0 = DATA_ADDR
        enc!(SPEC, "lwau", 0, 0, T0), // base loaded just before: +2
        lwau(1, 4),
        lwau(2, 20),                   // amount
        enc!(SPEC, "rot", 32, T5),     // Au2 loaded just before: forwarded
        enc!(SPEC, "swleast", 36, T5), // Least written by the rot just before
        lw(T1, T5, 36),
    ]);
    let Some((c, log)) = lockstep_words("mips-coproc", &w, &data()) else {
        return;
    };
    let (most, least) = rot(&[WORDS[0], WORDS[1], AMOUNT, 0, 0]);
    assert!(has(&log, &stored(8, most)), "{log:#?}");
    assert!(has(&log, &stored(9, least)), "{log:#?}");
    assert!(has(&log, &format!("t1={least:#010x}")), "{log:#?}");
    assert_eq!(c, 9 + 2 + 4 + 2);
}
