//! xmipsnative on the MIPS processor RTL (isa/mips-native/rtl/mn_port.v on hw/cores/mips,
//! design mips-native) against the simulator: exact-cycle programs give the same commit
//! log (retire cycle of every instruction, register and memory writes) on both engines,
//! with the rotation results checked against the Rust semantics. Skipped with a loud line
//! when verilator is missing.

use asip_sim::enc;
use asip_testkit::mips::{addiu, bne, li, lw, sw};
use asip_testkit::regs::mips::{T0, T1, T2, T3, T4, T5, T6};
use asip_testkit::rtl::{lockstep_words, DATA_ADDR};
use isa_mips_native::{andnot, rot64, SPEC};

const HI: u32 = 0x8123_4567;
const LO: u32 = 0x89ab_cdef;

/// lui + ori: t5 = the data words {HI, LO}.
fn base() -> Vec<u32> {
    li(T5, DATA_ADDR).to_vec()
}
fn rot1(rs: u32, rt: u32) -> u32 {
    enc!(SPEC, "rot1", rs, rt)
}
fn rot2(rd: u32, rs: u32, rt: u32) -> u32 {
    enc!(SPEC, "rot2", rd, rs, rt)
}
fn mfleast(rd: u32) -> u32 {
    enc!(SPEC, "mfleast", rd)
}

fn wrote(log: &[String], r: &str, v: u32) -> bool {
    let s = format!("{r}={v:#010x}");
    log.iter().any(|l| l.contains(&s))
}

// Every program ends with `li v0, 4001; syscall`; mips5 charges 4 fill cycles, so n
// retired instructions without stalls take n + 4 cycles.

#[test]
fn rotations_and_andnot_forward_without_waiting() {
    for n in [0u32, 1, 31, 32, 44, 63] {
        let mut w = base();
        w.extend([
            lw(T0, T5, 0),
            lw(T1, T5, 4),
            addiu(T2, 0, n as i32),
            rot1(T0, T2), // t0 loaded two instructions before, t2 forwarded from MEM
            rot2(T3, T1, T2),
            mfleast(T4), // Least written by the rot2 just before
            enc!(SPEC, "andnot", T6, T3, T4),
            sw(T3, T5, 8),
            sw(T4, T5, 12),
        ]);
        let Some((c, log)) = lockstep_words("mips-native", &w, &[HI, LO]) else {
            return;
        };
        let (most, least) = rot64(HI, LO, n);
        assert!(wrote(&log, "t3", most), "n = {n}: {log:#?}");
        assert!(wrote(&log, "t4", least), "n = {n}: {log:#?}");
        assert!(wrote(&log, "t6", andnot(most, least)), "n = {n}: {log:#?}");
        // rot2 takes two cycles (designs/mips-native.toml: ops.rot2 = 2): +1
        assert_eq!(c, 11 + 2 + 4 + 1, "n = {n}");
    }
}

#[test]
fn load_use_and_branch_operand_stalls() {
    let mut w = base();
    w.extend([
        addiu(T2, 0, 8),
        lw(T0, T5, 0),
        rot1(T0, T2), // right behind the load of t0: +2
        lw(T1, T5, 4),
        rot2(T3, T1, T2),                 // right behind the load of t1: +2
        bne(T3, 0, 2), // t3 from the rot2 in EX: +2 (taken: skips the word after its slot)
        mfleast(T4),   // delay slot
        addiu(T6, 0, 1), // skipped
        bne(T4, 0, 2), // t4 from the mfleast (in the slot) now in EX: +2
        enc!(SPEC, "andnot", T6, T4, T3), // delay slot
        addiu(T1, 0, 1), // skipped
    ]);
    let Some((c, log)) = lockstep_words("mips-native", &w, &[HI, LO]) else {
        return;
    };
    let (most, least) = rot64(HI, LO, 8);
    assert!(wrote(&log, "t3", most), "{log:#?}");
    assert!(wrote(&log, "t4", least), "{log:#?}");
    assert!(wrote(&log, "t6", andnot(least, most)), "{log:#?}");
    assert!(!wrote(&log, "t6", 1) && !wrote(&log, "t1", 1), "{log:#?}");
    // 11 retired (not the two skipped addiu), +2 +2 load-use, +2 +2 branch operand (mips5),
    // +1 rot2's second cycle
    assert_eq!(c, 11 + 2 + 4 + 8 + 1, "{log:#?}");
}
