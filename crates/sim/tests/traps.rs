//! Traps and error reporting.
mod common;
use asip_sim::{ExitKind, SimError};
use common::*;

/// Run `words` (then exit) on rv32im / zscale: the error it stops with, asserted to match
/// `pat`.
macro_rules! run_err {
    ($words:expr, $pat:pat) => {{
        let e = run("rv32im", "zscale", $words).unwrap_err();
        assert!(matches!(e, $pat), "{e}");
        e
    }};
}

#[test]
fn illegal_instruction_message_has_pc_and_word() {
    let e = run_err!(
        &[addi(5, 0, 1), 0x0000_500b],
        SimError::IllegalInstruction {
            pc: 0x10004,
            word: 0x500b,
            ..
        }
    );
    let msg = e.to_string();
    assert!(msg.contains("0x00010004"), "{msg}");
    assert!(msg.contains("0x0000500b"), "{msg}");
    assert!(msg.contains("custom-0"), "{msg}");
    // all-zero word
    let e = run("rv32im", "zscale", &[0]).unwrap_err();
    assert!(
        e.to_string()
            .contains("illegal instruction at pc 0x00010000"),
        "{e}"
    );
}

#[test]
fn illegal_instruction_names_the_extension_that_is_not_enabled() {
    // rori t5, t0, 31 (Zbb/Zbkb) on plain rv32im, after one addi (cycle count > 0).
    let rori = 0x6000_5013 | (31 << 20) | (5 << 15) | (30 << 7);
    let e = run("rv32im", "zscale", &[addi(5, 0, 1), rori]).unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("it is `rori t5, t0, 31` of extension zb"),
        "{msg}"
    );
    assert!(msg.contains("which is not enabled"), "{msg}");
    assert!(msg.contains(", at cycle "), "{msg}");
    // With the extension enabled, the rori at 0x10004 executes (whatever follows it).
    if let Err(SimError::IllegalInstruction { pc, .. }) =
        run("rv32im_zbkb", "zscale", &[addi(5, 0, 1), rori])
    {
        assert_ne!(pc, 0x10004, "rori must decode with zbkb enabled");
    }
}

#[test]
fn misaligned_and_out_of_range() {
    // address 0x103 is misaligned
    let e = run_err!(
        &[addi(5, 0, 2), lw(6, 5, 0x101)],
        SimError::Misaligned {
            addr: 0x103,
            kind: "load",
            ..
        }
    );
    assert!(e.to_string().contains("lw t1, 257(t0)"), "{e}");
    run_err!(
        &[addi(5, 0, 16), sw(5, 5, 0)],
        SimError::OutOfRange {
            addr: 16,
            pc: 0x10004,
            kind: "store"
        }
    );
    run_err!(
        &[addi(5, 0, 6), i(0, 5, 0, 0, 0x67)],
        SimError::Misaligned {
            kind: "jump target",
            ..
        }
    );
    // jump outside memory -> instruction fetch error
    run_err!(
        &[addi(5, 0, 0x40), i(0, 5, 0, 0, 0x67)],
        SimError::OutOfRange {
            kind: "instruction fetch",
            addr: 0x40,
            ..
        }
    );
}

#[test]
fn runaway_stops_at_max_cycles() {
    let mut m = machine("rv32im", "zscale", &[j(0, 0)]).unwrap();
    let e = m.run().unwrap_err();
    match e {
        SimError::Runaway { cycles, pc } => {
            assert!((1_000_000..1_000_010).contains(&cycles));
            assert_eq!(pc, BASE);
        }
        e => panic!("{e}"),
    }
}

#[test]
fn syscalls() {
    // write(1, "hi", 2) from the text itself: bytes 'h','i' placed in a word after exit
    let mut w = vec![
        addi(10, 0, 1),
        u(0x10, 11, 0x37),
        addi(11, 11, 40),
        addi(12, 0, 2),
        addi(17, 0, 64),
        ECALL,
        addi(10, 0, 2), // fd 2 as well
        ECALL,
        addi(10, 0, 7),
        addi(17, 0, 93),
        ECALL,
    ];
    w.push(u32::from_le_bytes(*b"hi\0\0")); // at BASE + 44? index 11 -> 44
    w[2] = addi(11, 11, 44);
    let r = machine("rv32im", "zscale", &w).unwrap().run().unwrap();
    assert_eq!(r.stdout, b"hi");
    assert_eq!(r.stderr, b"hi");
    assert_eq!(r.exit, ExitKind::Exit(7));
    // unknown syscall
    let e = machine("rv32im", "zscale", &[addi(17, 0, 1234), ECALL])
        .unwrap()
        .run()
        .unwrap_err();
    assert!(
        matches!(e, SimError::UnknownSyscall { number: 1234, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("1234"));
    // exit_group
    let r = machine(
        "rv32im",
        "zscale",
        &[addi(10, 0, -1), addi(17, 0, 94), ECALL],
    )
    .unwrap()
    .run()
    .unwrap();
    assert_eq!(r.exit, ExitKind::Exit(-1));
}

#[test]
fn ecall_traps_to_mtvec_when_set() {
    // mtvec = handler; ecall -> handler reads mcause into a0 and exits
    let w = vec![
        u(0x10, 5, 0x37),
        addi(5, 5, 20),     // handler at BASE+20
        csrrw(0, 0x305, 5), // mtvec
        ECALL,              // BASE+12
        addi(10, 0, 99),    // not reached
        csrr(10, 0x342),    // handler: a0 = mcause
        csrr(11, 0x341),    // a1 = mepc
        csrrw(0, 0x305, 0), // mtvec = 0 -> next ecall is a syscall
        addi(17, 0, 93),
        ECALL,
    ];
    let mut m = machine("rv32im", "zscale", &w).unwrap();
    let r = m.run().unwrap();
    assert_eq!(r.exit, ExitKind::Exit(11));
    assert_eq!(m.cpu().x[11], BASE + 12);
}

#[test]
fn tohost_pass_and_fail() {
    use asip_sim::Program;
    for (val, want) in [
        (
            1,
            ExitKind::ToHost {
                pass: true,
                test: 0,
            },
        ),
        (
            7,
            ExitKind::ToHost {
                pass: false,
                test: 3,
            },
        ),
    ] {
        let code = vec![u(0x10, 5, 0x37), addi(6, 0, val), sw(6, 5, 0x100), j(0, 0)];
        let elf = rv32_elf(&code, &[("tohost", BASE + 0x100, false)]);
        let p = Program::load_elf(&elf).unwrap();
        assert_eq!(p.symbols().addr("tohost"), Some(BASE + 0x100));
        let r = run_program(&p, "rv32im", "zscale").unwrap();
        assert_eq!(r.exit, want);
    }
}

#[test]
fn self_modifying_code_is_redecoded() {
    // overwrite the instruction at BASE+16 (addi a0, zero, 1) with addi a0, zero, 42
    let new = addi(10, 0, 42);
    let w = vec![
        u(new >> 12 & 0xfffff, 5, 0x37),
        addi(5, 5, 0), // placeholder fixed below
        u(0x10, 6, 0x37),
        sw(5, 6, 20),
        addi(0, 0, 0),
        addi(10, 0, 1),
        addi(17, 0, 93),
        ECALL,
    ];
    // build t0 = new exactly
    let hi = (new.wrapping_add(0x800)) & 0xffff_f000;
    let lo = new.wrapping_sub(hi) as i32;
    let mut w = w;
    w[0] = hi | (5 << 7) | 0x37;
    w[1] = addi(5, 5, lo);
    let r = machine("rv32im", "zscale", &w).unwrap().run().unwrap();
    assert_eq!(r.exit, ExitKind::Exit(42));
}

#[test]
fn trace_lines() {
    let buf = asip_sim::SharedBuf::default();
    let mut w = vec![addi(10, 0, 5)];
    w.extend(exit_seq());
    let p = asip_sim::Program::from_words(BASE, &w, 64);
    let opts = asip_sim::RunOptions {
        trace: Some(Box::new(buf.clone())),
        ..Default::default()
    };
    machine_for(&p, "rv32i", "zscale", opts)
        .unwrap()
        .run()
        .unwrap();
    let text = buf.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[0].contains("0x00010000 (0x00500513) addi a0, zero, 5"),
        "{}",
        lines[0]
    );
    assert!(lines[0].ends_with("a0=0x00000005"), "{}", lines[0]);
    assert!(lines[0].trim_start().starts_with("2 "), "{}", lines[0]);
    assert!(lines[2].contains("ecall"));
}

#[test]
fn profile_classes_functions_blocks() {
    use asip_sim::{InstrClass, Isa, Machine, Program, RunOptions, TimingParams};
    let t = TimingParams::preset("zscale").unwrap();
    let words = asip_sim::bench::bench_words(100);
    let elf = rv32_elf(&words, &[("loop", BASE + 16, true)]);
    let p = Program::load_elf(&elf).unwrap();
    let opts = RunOptions {
        profile: true,
        ..Default::default()
    };
    let r = Machine::new(&p, Isa::parse("rv32im").unwrap(), t, opts)
        .unwrap()
        .run()
        .unwrap();
    let prof = r.profile.unwrap();
    let sum: u64 = prof.classes.iter().map(|c| c.cycles).sum();
    assert_eq!(
        sum + 2,
        r.cycles,
        "all cycles except the pipeline fill are attributed"
    );
    let dt = prof
        .classes
        .iter()
        .find(|c| c.class == InstrClass::DataTransfer)
        .unwrap();
    assert_eq!(dt.count, 300);
    // loads: 200 issue cycles + 100 load-use stalls charged to the xor; stores 100
    assert_eq!(dt.cycles, 300);
    let br = prof
        .classes
        .iter()
        .find(|c| c.class == InstrClass::CompareBranchJump)
        .unwrap();
    assert_eq!(br.count, 100);
    assert_eq!(br.cycles, 100 + 2 * 99);
    assert_eq!(prof.functions[0].name, "loop");
    assert_eq!(prof.functions[0].count, 1100 + 3); // loop body + tail (no symbol size)
    let b0 = &prof.blocks[0];
    assert_eq!((b0.start, b0.end, b0.entries), (BASE + 16, BASE + 56, 100));
    assert!(prof.report(5).contains("loop"));
}
