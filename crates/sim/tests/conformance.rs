//! What the official riscv-tests need of the simulator (issue 16): ELF segment permissions,
//! machine-mode CSRs (mstatus, writable counters, PMP, triggers), misaligned accesses as a
//! core option, and the commit log of a trapped load. Each test checks exact values.

mod common;
use asip_sim::{ExitKind, Isa, Machine, Misaligned, Program, RunOptions, SimError, TimingParams};
use common::*;
use std::path::PathBuf;

fn official(name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/riscv-tests/elf")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn run_prog(
    p: &Program,
    timing: TimingParams,
) -> (Result<asip_sim::RunResult, SimError>, [u32; 32]) {
    let mut m = Machine::new(
        p,
        Isa::parse("rv32im").unwrap(),
        timing,
        RunOptions {
            max_cycles: 100_000,
            ..RunOptions::default()
        },
    )
    .unwrap();
    let r = m.run();
    (r, m.cpu().x)
}

/// Run `words` + exit on zscale; the registers afterwards.
fn regs(words: &[u32]) -> [u32; 32] {
    let mut w = words.to_vec();
    w.extend(exit_seq());
    let mut m = machine("rv32im", "zscale", &w).unwrap();
    m.run().unwrap();
    m.cpu().x
}

#[test]
fn a_segment_without_flags_loads_readable_writable_executable() {
    // the riscv-tests linker script: one PT_LOAD with p_flags = 0 holding code and tohost
    let p = Program::load_elf(&official("rv32ui-p-simple")).unwrap();
    assert_eq!(p.entry, 0x8000_0000);
    let s = &p.segments[0];
    assert!(s.no_flags && s.exec && s.write, "{s:?}");
    let (r, _) = run_prog(&p, TimingParams::preset("zscale").unwrap());
    let r = r.unwrap();
    assert_eq!(
        r.exit,
        ExitKind::ToHost {
            pass: true,
            test: 0
        }
    );
    assert_eq!(r.exit.status(), 0);
}

/// One segment with these p_flags around `code`, entry at its start.
fn elf_with_flags(code: &[u32], flags: u8) -> Program {
    let mut b = make_elf(243, BASE, &words_to_bytes(code), &[]);
    b[76] = flags; // p_flags of the only program header
    Program::load_elf(&b).unwrap()
}

#[test]
fn a_store_into_a_read_only_segment_traps_with_its_flags() {
    // auipc t0, 0; sw zero, 0(t0): a store into the R-X text
    let code = [u(0, 5, 0x17), sw(0, 5, 0), addi(10, 0, 0)];
    let mut w = code.to_vec();
    w.extend(exit_seq());
    let p = elf_with_flags(&w, 5);
    assert!(!p.segments[0].write && p.segments[0].exec);
    let (r, _) = run_prog(&p, TimingParams::preset("zscale").unwrap());
    let e = r.unwrap_err();
    assert_eq!(
        e.to_string(),
        "store to read-only memory: address 0x00010000 is in ELF segment 0x10000..0x11014 (R-X) at pc 0x00010004"
    );
    assert_eq!(e.signal(), Some((11, "SIGSEGV")));
    // the same segment with flags RWX: the store is fine
    let p = elf_with_flags(&w, 7);
    assert_eq!(
        run_prog(&p, TimingParams::preset("zscale").unwrap())
            .0
            .unwrap()
            .exit,
        ExitKind::Exit(0)
    );
}

#[test]
fn a_store_into_a_read_only_segment_traps_to_mtvec_with_mcause_7() {
    // handler at +24: a0 = mcause, a1 = mtval, exit
    let code = [
        u(0, 5, 0x17),       // 0: auipc t0, 0
        addi(6, 5, 24),      // 4: t1 = handler
        csrrw(0, 0x305, 6),  // 8: mtvec = t1
        sw(0, 5, 8),         // 12: store into the text -> trap
        addi(10, 0, 99),     // 16
        0x0000_006f,         // 20: j .
        csrrs(10, 0x342, 0), // 24: a0 = mcause
        csrrs(11, 0x343, 0), // 28: a1 = mtval
        csrrw(0, 0x305, 0),  // 32: mtvec = 0 (ecall is a syscall again)
        addi(17, 0, 93),
        ECALL,
    ];
    let p = elf_with_flags(&code, 5);
    let (r, x) = run_prog(&p, TimingParams::preset("zscale").unwrap());
    assert_eq!(r.unwrap().exit, ExitKind::Exit(7));
    assert_eq!(x[11], BASE + 8);
}

#[test]
fn a_fetch_from_a_non_executable_segment_traps() {
    // code segment R-X at BASE, data segment RW- at BASE + 0x2000 (holding a valid nop);
    // the code jumps into the data
    let mut p = Program::from_words(BASE, &[u(0x2, 5, 0x17), i(0, 5, 0, 0, 0x67)], 0);
    p.segments[0].write = false;
    p.segments[0].no_flags = false;
    p.segments.push(asip_sim::Segment {
        vaddr: BASE + 0x2000,
        data: words_to_bytes(&[addi(0, 0, 0)]),
        memsz: 0x1000,
        exec: false,
        write: true,
        no_flags: false,
    });
    let (r, _) = run_prog(&p, TimingParams::preset("zscale").unwrap());
    let e = r.unwrap_err();
    assert_eq!(
        e.to_string(),
        "instruction fetch from non-executable memory: address 0x00012000 is in ELF segment 0x12000..0x13000 (RW-) at pc 0x00012000"
    );
}

#[test]
fn mstatus_reads_its_real_value_with_mpp_m() {
    let x = regs(&[
        csrrs(5, 0x300, 0),  // t0 = mstatus at reset
        u(1, 6, 0x37),       // t1 = 0x1000
        addi(6, 6, -0x800),  // t1 = 0x800 (MPP = S)
        csrrc(0, 0x300, 6),  // clear MPP's low bit (stays M)
        csrrw(0, 0x300, 6),  // write MPP = S
        csrrs(29, 0x300, 0), // t4 = mstatus
        csrrwi(0, 0x300, 8), // MIE = 1
        csrrs(30, 0x300, 0), // t5 = mstatus
    ]);
    assert_eq!(x[5], 0x1800, "reset value: MPP = M");
    assert_eq!(x[29], 0x1800, "MPP is read-only M on an M-mode-only hart");
    assert_eq!(x[30], 0x1808);
}

#[test]
fn minstret_and_mcycle_are_writable_and_the_run_counts_are_not() {
    let body = [
        csrrwi(0, 0xb02, 0), // minstret = 0
        csrrs(5, 0xb02, 0),  // t0 = minstret: 0 (the write suppresses its own increment)
        addi(6, 0, -1),
        csrrw(0, 0xb02, 6),  // minstret = 0xffffffff
        csrrw(0, 0xb82, 6),  // minstreth = 0xffffffff
        addi(0, 0, 0),       // nop: wraps to 0
        csrrs(7, 0xb02, 0),  // t2 = 0
        csrrs(28, 0xb82, 0), // t3 = 0
        addi(29, 0, 100),
        csrrw(0, 0xb00, 29), // mcycle = 100
        csrrs(30, 0xb00, 0), // t5 = 100: a CSR op is one cycle on zscale
        csrrs(31, 0xc00, 0), // t6 = cycle = 101
        csrrs(9, 0xb80, 0),  // s1 = mcycleh = 0
    ];
    let x = regs(&body);
    assert_eq!((x[5], x[7], x[28]), (0, 0, 0));
    assert_eq!((x[30], x[31], x[9]), (100, 101, 0));
    // the run's own cycle and instruction counts do not see the writes
    let mut w = body.to_vec();
    w.extend(exit_seq());
    let r = machine("rv32im", "zscale", &w).unwrap().run().unwrap();
    let mut plain = vec![addi(0, 0, 0); body.len()];
    plain.extend(exit_seq());
    let r0 = machine("rv32im", "zscale", &plain).unwrap().run().unwrap();
    assert_eq!((r.cycles, r.instret), (r0.cycles, r0.instret));
}

#[test]
fn pmp_entry_0_holds_its_address_and_rwxa_fields_and_the_rest_reads_zero() {
    let x = regs(&[
        addi(5, 0, -1),
        csrrw(0, 0x3b0, 5), // pmpaddr0 = ~0
        csrrs(6, 0x3b0, 0),
        csrrw(0, 0x3a0, 5), // pmpcfg0 = ~0
        csrrs(7, 0x3a0, 0),
        csrrw(0, 0x3b1, 5), // pmpaddr1: read-only zero
        csrrs(28, 0x3b1, 0),
        csrrw(0, 0x3a1, 5),
        csrrs(29, 0x3a1, 0),
    ]);
    assert_eq!(x[6], 0xffff_ffff);
    assert_eq!(x[7], 0x1f, "R, W, X, A of entry 0; L is read-only zero");
    assert_eq!((x[28], x[29]), (0, 0));
}

#[test]
fn trigger_csrs_exist_and_read_zero() {
    let x = regs(&[
        addi(5, 0, 1),
        csrrw(6, 0x7a0, 5), // tselect = 1 (one past the triggers: reads back 0)
        csrrs(6, 0x7a0, 0),
        addi(7, 0, -1),
        csrrw(0, 0x7a1, 7), // tdata1: type 0 = no trigger
        csrrs(28, 0x7a1, 0),
        csrrw(0, 0x7a2, 7),
        csrrs(29, 0x7a2, 0),
        addi(30, 0, 42),
    ]);
    assert_eq!((x[6], x[28], x[29], x[30]), (0, 0, 0, 42));
}

#[test]
fn misaligned_accesses_trap_or_are_performed_as_the_core_says() {
    let zs = TimingParams::preset("zscale").unwrap();
    assert_eq!(zs.misaligned, Misaligned::Trap);
    assert_eq!(
        TimingParams::preset("mips5").unwrap().misaligned,
        Misaligned::Trap
    );
    // t0 = BASE + 0x100; sw 0x04030201 there; lw a0, 1(t0): bytes 0x02 0x03 0x04 0x00
    let code = [
        u(0x10, 5, 0x37),
        addi(5, 5, 0x100),
        u(0x4030, 6, 0x37),
        addi(6, 6, 0x201),
        sw(6, 5, 0),
        lw(10, 5, 1),
        s(3, 6, 5, 1), // sh t1, 3(t0)
        lw(11, 5, 4),
        addi(17, 0, 93),
        ECALL,
    ];
    let p = Program::from_words(BASE, &code, 4096);
    let (r, _) = run_prog(&p, zs.clone());
    assert_eq!(
        r.unwrap_err().to_string(),
        "misaligned load address 0x00010101 at pc 0x00010014 (lw a0, 1(t0))"
    );
    let mut perform = zs;
    perform.misaligned = Misaligned::Perform;
    let (r, x) = run_prog(&p, perform);
    assert_eq!(r.unwrap().exit, ExitKind::Exit(0x0004_0302));
    // sh of 0x0201 at +3: byte 3 = 0x01, byte 4 = 0x02
    assert_eq!(x[11], 0x0000_0002);
}

#[test]
fn a_trapped_load_writes_no_register_in_the_trace() {
    // mtvec = handler; lw a4, 1(sp) traps (misaligned); the handler exits
    let code = [
        u(0, 5, 0x17),
        addi(5, 5, 16),
        csrrw(0, 0x305, 5),
        i(1, 2, 2, 14, 0x03), // lw a4, 1(sp)
        csrrw(0, 0x305, 0),   // handler: mtvec = 0, exit
        addi(17, 0, 93),
        ECALL,
    ];
    let buf = asip_sim::SharedBuf::default();
    let mut m = machine_for(
        &Program::from_words(BASE, &code, 4096),
        "rv32im",
        "zscale",
        RunOptions {
            trace: Some(Box::new(buf.clone())),
            ..RunOptions::default()
        },
    )
    .unwrap();
    m.run().unwrap();
    drop(m);
    let text = buf.text();
    let line = text.lines().find(|l| l.contains("lw a4, 1(sp)")).unwrap();
    assert!(!line.contains("a4="), "{line}");
    assert!(line.trim_end().ends_with("lw a4, 1(sp)"), "{line}");
}
