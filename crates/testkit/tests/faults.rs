//! Faulting programs mean the same on both engines (issue 33 item 1, issue 35 items 2-4):
//! every guest here runs on the simulator and on the processor RTL (Verilator) of rv32-ref
//! and mips-ref, and the two must give the same outcome (exit status and message, the
//! simulator's wording) and the same commit log, the trapping instruction's final line
//! included (docs/rv32-core.md, "Faults"). The guests are raw words in an ELF-like layout:
//! a read-only, executable text segment at BASE and a writable, non-executable data segment
//! at DATA, then the loader's heap and stack. Skipped with a loud line without verilator.
use asip_flow::design::{self, Arch, Design};
use asip_flow::error::FlowError;
use asip_flow::exec::{self, ExecOptions};
use asip_flow::rtl::{self, RtlOptions};
use asip_sim::{Base, Program, Segment, SharedBuf, SymbolTable};
use asip_testkit::words::{self as rv, BASE};
use std::sync::{Arc, Mutex};

/// The data segment (64 bytes, RW-).
const DATA: u32 = BASE + 0x1000;
const DATA_BYTES: u32 = 64;
/// The end of the simulator's memory for these guests: the data segment's end (16-byte
/// aligned) + 1 MiB heap + 1 MiB stack. The RTL memory (4 MiB) goes on beyond it.
const TOP: u32 = DATA + DATA_BYTES + (2 << 20);

fn have_verilator() -> bool {
    if asip_testkit::have("verilator") {
        return true;
    }
    eprintln!("*** SKIPPED: verilator not installed (apt-get install verilator): fault tests");
    false
}

fn guest(arch: Arch, code: &[u32]) -> Program {
    let text: Vec<u8> = code.iter().flat_map(|w| w.to_le_bytes()).collect();
    assert!(text.len() <= 0x1000);
    let data: Vec<u8> = (0..DATA_BYTES as u8).collect();
    Program {
        machine: if arch == Arch::Mips32 {
            Base::Mips32
        } else {
            Base::Rv32
        },
        entry: BASE,
        flags: 0,
        segments: vec![
            Segment {
                vaddr: BASE,
                memsz: text.len() as u32,
                data: text,
                exec: true,
                write: false,
                no_flags: false,
            },
            Segment {
                vaddr: DATA,
                memsz: DATA_BYTES,
                data,
                exec: false,
                write: true,
                no_flags: false,
            },
        ],
        symbols: SymbolTable::default(),
    }
}

/// How a run ended: "exit N" with its output, or the error message and exit status.
fn outcome(r: Result<asip_flow::exec::ExecOutcome, FlowError>) -> String {
    match r {
        Ok(o) => format!("exit {} (status {}) {:?}", o.exit_code, o.status, o.stdout),
        Err(FlowError::Guest { message, status }) => format!("{message} [status {status}]"),
        Err(e) => format!("error: {e}"),
    }
}

/// `code` on the simulator and the RTL of `design`: outcomes and commit logs equal.
/// Returns (outcome, commit log).
fn both(design: &str, code: &[u32], max_cycles: u64) -> (String, Vec<String>) {
    both_on(rtl::HdlSim::Verilator, design, code, max_cycles)
}

/// [`both`] with the RTL on the HDL simulator `hdl`.
fn both_on(hdl: rtl::HdlSim, design: &str, code: &[u32], max_cycles: u64) -> (String, Vec<String>) {
    let d: Design = design::find(&asip_testkit::root().join("designs"), design).expect("design");
    let prog = guest(d.arch, code);
    let buf = SharedBuf::default();
    let sim = exec::run_program(
        &d,
        &prog,
        ExecOptions {
            argv: vec!["t".into()],
            max_cycles,
            profile: false,
            trace: Some(Box::new(buf.clone())),
        },
    );
    let sim_log: Vec<String> = buf.text().lines().map(|l| l.trim_end().into()).collect();
    let log = Arc::new(Mutex::new(Vec::new()));
    let l2 = log.clone();
    let hw = rtl::run_program(
        &asip_testkit::root(),
        &d,
        &prog,
        RtlOptions {
            argv: vec!["t".into()],
            max_cycles,
            on_commit: Some(Box::new(move |_, line| {
                l2.lock().unwrap().push(line.trim_end().to_string());
                Ok(())
            })),
            vcd: None,
            sim: hdl,
            harness: None,
            progress: None,
            defines: vec![],
        },
    );
    let rtl_log = log.lock().unwrap().clone();
    let (s, r) = (outcome(sim), outcome(hw));
    assert_eq!(
        s,
        r,
        "{design}: outcomes differ (left: simulator, right: RTL)\nsimulator log:\n{}\nRTL log:\n{}",
        sim_log.join("\n"),
        rtl_log.join("\n")
    );
    if sim_log != rtl_log {
        let n = sim_log
            .iter()
            .zip(&rtl_log)
            .take_while(|(a, b)| a == b)
            .count();
        panic!(
            "{design}: commit logs differ ({s}) at line {n}\n{}\nsimulator:\n{}\nRTL:\n{}",
            sim_log[..n].join("\n"),
            sim_log[n..].join("\n"),
            rtl_log[n..].join("\n")
        );
    }
    (s, sim_log)
}

/// Assert that `out` contains every one of `want`, with the log as context.
fn expect(what: &str, (out, log): &(String, Vec<String>), want: &[&str]) {
    for w in want {
        assert!(
            out.contains(w),
            "{what}: {w:?} not in {out:?}\n{}",
            log.join("\n")
        );
    }
}

// ------------------------------------------------------------------ RV32
const T0: u32 = 5;
const T1: u32 = 6;
const T2: u32 = 7;
const A0: u32 = 10;
const A1: u32 = 11;
const A2: u32 = 12;
const A7: u32 = 17;

fn rv_li(rd: u32, v: u32) -> Vec<u32> {
    rv::li(rd, v).to_vec()
}
fn rv_jalr(rd: u32, rs1: u32, imm: i32) -> u32 {
    rv::i(imm, rs1, 0, rd, 0x67)
}
fn rv_exit(code: i32) -> Vec<u32> {
    let mut v = vec![rv::addi(A0, 0, code)];
    v.extend(rv::exit_seq());
    v
}
fn rv_write(buf: u32, len: u32) -> Vec<u32> {
    let mut v = rv_li(A0, 1);
    v.extend(rv_li(A1, buf));
    v.extend(rv_li(A2, len));
    v.extend([rv::addi(A7, 0, 64), rv::ECALL]);
    v
}
fn rv_prog(body: Vec<u32>) -> Vec<u32> {
    let mut v = body;
    v.extend(rv_exit(3));
    v
}

#[test]
fn rv32_faults_without_a_handler() {
    if !have_verilator() {
        return;
    }
    let d = "rv32-ref";
    let sw = |rs2, rs1, imm| rv::sw(rs2, rs1, imm);
    // store into text (R-X): the simulator's protection error
    let r = both(
        d,
        &rv_prog(vec![rv::u(BASE >> 12, T0, 0x37), sw(0, T0, 8)]),
        100_000,
    );
    expect(
        "store into text",
        &r,
        &[
            "store to read-only memory: address 0x00010008 is in ELF segment",
            "(R-X) at pc 0x00010004",
            "[status 139]",
        ],
    );
    // load from 0, store past the end of the simulator's memory (inside the RTL's 4 MiB)
    let r = both(d, &rv_prog(vec![rv::lw(T1, 0, 0)]), 100_000);
    expect(
        "load from 0",
        &r,
        &["load address 0x00000000 outside memory at pc 0x00010000"],
    );
    let mut p = rv_li(T0, TOP);
    p.push(sw(0, T0, 0));
    let r = both(d, &rv_prog(p), 100_000);
    expect(
        "store past the end",
        &r,
        &["store address", "outside memory"],
    );
    // write() of an unmapped buffer, of one running past the end of memory, of a good one
    for (buf, len) in [(0xdead_0000, 16), (DATA, 0x7fff_0000), (TOP - 8, 16)] {
        let r = both(d, &rv_prog(rv_write(buf, len)), 100_000);
        expect(
            "bad write() buffer",
            &r,
            &[
                &format!("write() buffer address {buf:#010x} outside memory"),
                "[status 139]",
            ],
        );
    }
    let r = both(d, &rv_prog(rv_write(DATA + 0x30, 4)), 100_000);
    expect("write()", &r, &["exit 3", "\"0123\""]);
    // an unknown syscall number ends the run at the ecall's own line
    let r = both(d, &rv_prog(vec![rv::addi(A7, 0, 999), rv::ECALL]), 100_000);
    expect(
        "unknown syscall",
        &r,
        &["unknown syscall 999 (a7) at pc 0x00010004", "[status 159]"],
    );
    // misaligned load, store and jump target; fetch from the data segment (RW-)
    let mut base = rv_li(T0, DATA);
    base.push(rv::lw(T1, T0, 1));
    let r = both(d, &rv_prog(base), 100_000);
    expect(
        "misaligned load",
        &r,
        &["misaligned load address 0x00011001", "[status 135]"],
    );
    let mut p = rv_li(T0, DATA);
    p.push(sw(T0, T0, 2));
    let r = both(d, &rv_prog(p), 100_000);
    expect(
        "misaligned store",
        &r,
        &["misaligned store address 0x00011002"],
    );
    let mut p = rv_li(T0, BASE + 0x102);
    p.push(rv_jalr(0, T0, 0));
    let r = both(d, &rv_prog(p), 100_000);
    expect(
        "misaligned jalr",
        &r,
        &["misaligned jump target address 0x00010102"],
    );
    let mut p = rv_li(T0, DATA);
    p.push(rv_jalr(0, T0, 0));
    let r = both(d, &rv_prog(p), 100_000);
    expect(
        "fetch from data",
        &r,
        &["instruction fetch from non-executable memory: address 0x00011000"],
    );
    // fetch outside memory: at 0, past the end
    let r = both(d, &rv_prog(vec![rv_jalr(0, 0, 0)]), 100_000);
    expect(
        "fetch from 0",
        &r,
        &[
            "instruction fetch address 0x00000000 outside memory at pc 0x00000000",
            "[status 139]",
        ],
    );
    let mut p = rv_li(T0, TOP);
    p.push(rv_jalr(0, T0, 0));
    let r = both(d, &rv_prog(p), 100_000);
    expect(
        "fetch past the end",
        &r,
        &["instruction fetch address", "outside memory"],
    );
    // illegal instruction, ebreak
    let r = both(d, &rv_prog(vec![rv::addi(T0, 0, 1), 0xffff_ffff]), 100_000);
    expect(
        "illegal",
        &r,
        &["illegal instruction at pc 0x00010004", "[status 132]"],
    );
    let r = both(d, &rv_prog(vec![rv::addi(T0, 0, 1), 0x0010_0073]), 100_000);
    expect(
        "ebreak",
        &r,
        &["ebreak/break at pc 0x00010004", "[status 133]"],
    );
}

#[test]
fn rv32_faults_with_a_handler() {
    if !have_verilator() {
        return;
    }
    let d = "rv32-ref";
    // mtvec = the handler (after the exit); the handler adds mcause + 16 * (mtval & 15)
    // into a2 and returns to mepc + 4; the exit status is a2
    let prog = |fault: Vec<u32>| -> Vec<u32> {
        let mut v = vec![0, 0]; // li t0, handler: patched below
        v.push(rv::csrrw(0, 0x305, T0));
        v.push(rv::addi(A2, 0, 0));
        v.extend(fault);
        v.push(rv::csrrw(0, 0x305, 0)); // mtvec = 0: ecall is a host call again
        v.push(rv::addi(A0, A2, 0));
        v.extend(rv::exit_seq());
        let h = BASE + 4 * v.len() as u32;
        v[..2].copy_from_slice(&rv::li(T0, h));
        v.extend([
            rv::csrr(T1, 0x342), // mcause
            rv::add(A2, A2, T1),
            rv::csrr(T1, 0x343), // mtval
            rv::i(15, T1, 7, T1, 0x13),
            rv::i(4, T1, 1, T1, 0x13), // slli 4
            rv::add(A2, A2, T1),
            rv::csrr(T2, 0x341), // mepc
            rv::addi(T2, T2, 4),
            rv::csrrw(0, 0x341, T2),
            0x3020_0073, // mret
        ]);
        v
    };
    let mut cases: Vec<(&str, Vec<u32>, i32)> = Vec::new();
    let mut p = rv_li(T0, DATA);
    p.extend([rv::lw(T1, T0, 1), rv::addi(A2, A2, 0x100)]);
    cases.push(("misaligned load", p, 0x100 + 4 + 16));
    let mut p = rv_li(T0, DATA);
    p.extend([rv::sw(T1, T0, 6), rv::lw(T1, T0, 4)]);
    cases.push(("misaligned store", p, 6 + 16 * 6));
    let mut p = rv_li(T0, BASE + 0x102);
    p.push(rv_jalr(0, T0, 0));
    cases.push(("misaligned jalr", p, 16 * 2));
    cases.push(("misaligned jal", vec![rv::j(6, 0)], 0));
    cases.push(("misaligned branch", vec![rv::b(6, 0, 0, 0)], 0));
    cases.push(("load from 0", vec![rv::lw(T1, 0, 0)], 5));
    let mut p = vec![rv::u(BASE >> 12, T0, 0x37)];
    p.push(rv::sw(0, T0, 4));
    cases.push(("store into text", p, 7 + 16 * 4));
    cases.push(("illegal instruction", vec![0xffff_ffff], 2 + 16 * 15));
    cases.push(("ebreak", vec![0x0010_0073], 3));
    cases.push(("ecall (mtvec set)", vec![rv::ECALL], 11));
    cases.push((
        "two in a row",
        vec![rv::lw(T1, 0, 0), rv::lw(T1, 0, 2)],
        5 + 4 + 32,
    ));
    for (what, fault, status) in cases {
        let r = both(d, &prog(fault), 100_000);
        // jal/branch: mtval = the target, pc + 6: (status depends on pc; check the cause only)
        let want = if status == 0 {
            String::from("exit ")
        } else {
            format!("exit {status} ")
        };
        expect(what, &r, &[&want]);
    }
}

/// Instruction access faults taken by a handler, which returns to ra: a fetch from the data
/// segment (no X) and from outside memory.
#[test]
fn rv32_fetch_faults_with_a_handler() {
    if !have_verilator() {
        return;
    }
    for (what, target, cause) in [("data", DATA, 1), ("0", 0, 1), ("past the end", TOP, 1)] {
        let mut v = vec![0, 0]; // li t0, handler: patched below
        v.push(rv::csrrw(0, 0x305, T0));
        v.push(rv::addi(A2, 0, 0));
        v.extend(rv_li(T0, target));
        v.push(rv_jalr(1, T0, 0)); // jalr ra, 0(t0)
        v.push(rv::csrrw(0, 0x305, 0));
        v.push(rv::addi(A0, A2, 0));
        v.extend(rv::exit_seq());
        let h = BASE + 4 * v.len() as u32;
        v[..2].copy_from_slice(&rv::li(T0, h));
        v.extend([
            rv::csrr(T1, 0x342), // mcause
            rv::add(A2, A2, T1),
            rv::csrr(T1, 0x343), // mtval: the target
            rv::add(A2, A2, T1),
            rv::csrrw(0, 0x341, 1), // mepc = ra
            0x3020_0073,            // mret
        ]);
        let r = both("rv32-ref", &v, 100_000);
        let status = cause + target as i64;
        expect(what, &r, &[&format!("exit {} ", status as i32)]);
    }
}

#[test]
fn rv32_runaway_loop_at_the_cycle_limit() {
    if !have_verilator() {
        return;
    }
    for limit in [1, 2, 3, 4, 5, 10, 1000] {
        let r = both("rv32-ref", &[rv::addi(T0, 0, 1), rv::j(0, 0)], limit);
        expect(
            "runaway",
            &r,
            &[
                "runaway: exceeded max_cycles at cycle",
                ", pc 0x0001000",
                "[status 152]",
            ],
        );
    }
}

// ------------------------------------------------------------------ MIPS
mod m {
    pub use asip_testkit::mips::*;
}
const MT0: u32 = 8;
const MT1: u32 = 9;
const MA0: u32 = 4;
const MA1: u32 = 5;
const MA2: u32 = 6;
const MV0: u32 = 2;
const SYSCALL: u32 = 0x0000_000c;

fn mips_prog(body: Vec<u32>) -> Vec<u32> {
    let mut v = body;
    v.extend([m::addiu(MA0, 0, 3), m::addiu(MV0, 0, 4001), SYSCALL]);
    v
}
fn mips_li(rt: u32, v: u32) -> Vec<u32> {
    m::li(rt, v).to_vec()
}
fn mips_write(buf: u32, len: u32) -> Vec<u32> {
    let mut v = vec![m::addiu(MA0, 0, 1)];
    v.extend(mips_li(MA1, buf));
    v.extend(mips_li(MA2, len));
    v.extend([m::addiu(MV0, 0, 4004), SYSCALL]);
    v
}

#[test]
fn mips_faults() {
    if !have_verilator() {
        return;
    }
    let d = "mips-ref";
    let r = both(
        d,
        &mips_prog(vec![m::lui(MT0, BASE >> 16), m::sw(0, MT0, 8)]),
        100_000,
    );
    expect(
        "store into text",
        &r,
        &[
            "store to read-only memory: address 0x00010008 is in ELF segment",
            "[status 139]",
        ],
    );
    let r = both(d, &mips_prog(vec![m::lw(MT1, 0, 0)]), 100_000);
    expect(
        "load from 0",
        &r,
        &["load address 0x00000000 outside memory"],
    );
    let mut p = mips_li(MT0, TOP);
    p.push(m::sw(0, MT0, 0));
    let r = both(d, &mips_prog(p), 100_000);
    expect(
        "store past the end",
        &r,
        &["store address", "outside memory"],
    );
    for (buf, len) in [(0xdead_0000, 16), (DATA, 0x7fff_0000), (TOP - 8, 16)] {
        let r = both(d, &mips_prog(mips_write(buf, len)), 100_000);
        expect(
            "bad write() buffer",
            &r,
            &[
                &format!("write() buffer address {buf:#010x} outside memory"),
                "[status 139]",
            ],
        );
    }
    let r = both(d, &mips_prog(mips_write(DATA + 0x30, 4)), 100_000);
    expect("write()", &r, &["exit 3", "\"0123\""]);
    let r = both(d, &mips_prog(vec![m::addiu(MV0, 0, 999), SYSCALL]), 100_000);
    expect(
        "unknown syscall",
        &r,
        &["unknown o32 syscall 999 (v0)", "[status 159]"],
    );
    let mut p = mips_li(MT0, DATA);
    p.push(m::lw(MT1, MT0, 1));
    let r = both(d, &mips_prog(p), 100_000);
    expect(
        "misaligned load",
        &r,
        &["misaligned load address 0x00011001", "[status 135]"],
    );
    let mut p = mips_li(MT0, DATA);
    p.push(m::sw(MT1, MT0, 2));
    let r = both(d, &mips_prog(p), 100_000);
    expect(
        "misaligned store",
        &r,
        &["misaligned store address 0x00011002"],
    );
    let mut p = mips_li(MT0, BASE + 0x102);
    p.extend([m::jr(MT0), 0]);
    let r = both(d, &mips_prog(p), 100_000);
    expect(
        "misaligned jr",
        &r,
        &["misaligned jump target address 0x00010102"],
    );
    let mut p = mips_li(MT0, DATA);
    p.extend([m::jr(MT0), 0]);
    let r = both(d, &mips_prog(p), 100_000);
    expect(
        "fetch from data",
        &r,
        &["instruction fetch from non-executable memory: address 0x00011000"],
    );
    let r = both(d, &mips_prog(vec![m::jr(0), 0]), 100_000);
    expect(
        "fetch from 0",
        &r,
        &["instruction fetch address 0x00000000 outside memory"],
    );
    // a fault in a delay slot; a load fault right before a write() (the younger syscall is
    // in EX when the load faults in MEM: no output, the load's error)
    let mut p = mips_li(MT0, DATA);
    p.extend([m::beq(0, 0, 1), m::lw(MT1, MT0, 1), 0, 0]);
    let r = both(d, &mips_prog(p), 100_000);
    expect(
        "fault in a delay slot",
        &r,
        &["misaligned load address 0x00011001"],
    );
    let mut p = vec![m::lw(MT1, 0, 0)];
    p.extend(mips_write(DATA, 4));
    let r = both(d, &mips_prog(p), 100_000);
    expect(
        "fault before write()",
        &r,
        &["load address 0x00000000 outside memory"],
    );
    let mut p = mips_li(MA1, DATA);
    p.extend([
        m::addiu(MA0, 0, 1),
        m::addiu(MA2, 0, 4),
        m::lw(MT1, 0, 0),
        m::addiu(MV0, 0, 4004),
        SYSCALL,
    ]);
    let r = both(d, &mips_prog(p), 100_000);
    expect(
        "fault right before write()",
        &r,
        &["load address 0x00000000 outside memory"],
    );
    // exit right before a write() (and before a bad one): the exit wins, no output
    let mut p = vec![m::addiu(MA0, 0, 5), m::addiu(MV0, 0, 4001), SYSCALL];
    p.extend(mips_write(DATA, 4));
    let r = both(d, &p, 100_000);
    expect("exit before write()", &r, &["exit 5 (status 5) \"\""]);
    let mut p = mips_li(MA1, 0xdead_0000);
    p.extend([
        m::addiu(MA0, 0, 5),
        m::addiu(MA2, 0, 4),
        m::addiu(MV0, 0, 4001),
        SYSCALL,
        m::addiu(MV0, 0, 4004),
        SYSCALL,
    ]);
    let r = both(d, &p, 100_000);
    expect("exit before a bad write()", &r, &["exit 5 (status 5) \"\""]);
    // a syscall right behind the exit is in EX before the exit commits (it would read v0 =
    // 0, an unknown syscall): the exit wins
    let p = [
        m::addiu(MA0, 0, 6),
        m::addiu(MV0, 0, 4001),
        SYSCALL,
        SYSCALL,
    ];
    let r = both(d, &p, 100_000);
    expect(
        "exit right before a syscall",
        &r,
        &["exit 6 (status 6) \"\""],
    );
    // lwl / lwr past the end of memory: the address the instruction names
    let lwl = |rt, base, off| m::itype(0x22, base, rt, off);
    let lwr = |rt, base, off| m::itype(0x26, base, rt, off);
    for (op, off) in [(lwl(MT1, MT0, 1), 1), (lwr(MT1, MT0, 2), 2)] {
        let mut p = mips_li(MT0, TOP);
        p.push(op);
        let r = both(d, &mips_prog(p), 100_000);
        expect(
            "lwl/lwr outside memory",
            &r,
            &[&format!("load address {:#010x} outside memory", TOP + off)],
        );
    }
    // swl / swr into text and past the end: the same address
    let swl = |rt, base, off| m::itype(0x2a, base, rt, off);
    let swr = |rt, base, off| m::itype(0x2e, base, rt, off);
    for (op, off) in [(swl(MT1, MT0, 1), 1), (swr(MT1, MT0, 2), 2)] {
        for (at, want) in [(BASE, "store to read-only memory"), (TOP, "outside memory")] {
            let mut p = mips_li(MT0, at);
            p.push(op);
            let r = both(d, &mips_prog(p), 100_000);
            expect(
                "swl/swr",
                &r,
                &[want, &format!("address {:#010x}", at + off)],
            );
        }
    }
    // break, add overflow, teq, an illegal word
    let r = both(d, &mips_prog(vec![m::rtype(0, 0, 0, 0, 0x0d)]), 100_000);
    expect(
        "break",
        &r,
        &["ebreak/break at pc 0x00010000", "[status 133]"],
    );
    let mut p = mips_li(MT0, 0x7fff_ffff);
    p.push(m::rtype(MT0, MT0, MT1, 0, 0x20)); // add t1, t0, t0
    let r = both(d, &mips_prog(p), 100_000);
    expect("overflow", &r, &["integer overflow", "[status 136]"]);
    let r = both(d, &mips_prog(vec![m::rtype(0, 0, 0, 0, 0x34)]), 100_000);
    expect("teq", &r, &["trap instruction at pc 0x00010000"]);
    let r = both(
        d,
        &mips_prog(vec![m::addiu(MT0, 0, 1), 0xffff_ffff]),
        100_000,
    );
    expect(
        "illegal",
        &r,
        &["illegal instruction at pc 0x00010004", "[status 132]"],
    );
}

/// Every trap instruction (teq .. tne, teqi .. tnei) and every overflowing add form, taken
/// and not taken, on operands around the signed and unsigned boundaries: the same outcome
/// and commit log on both engines (the RTL decides the trap condition in MEM from the ALU's
/// difference, the overflow in EX).
#[test]
fn mips_trap_conditions_and_overflow() {
    if !have_verilator() {
        return;
    }
    let d = "mips-ref";
    let vals: [u32; 4] = [0, 1, 0xffff_ffff, 0x8000_0000];
    // (funct of the R-type form, rt of the REGIMM immediate form, name, condition)
    type Cond = fn(u32, u32) -> bool;
    let traps: [(u32, u32, &str, Cond); 6] = [
        (0x30, 0x08, "tge", |a, b| a as i32 >= b as i32),
        (0x31, 0x09, "tgeu", |a, b| a >= b),
        (0x32, 0x0a, "tlt", |a, b| (a as i32) < b as i32),
        (0x33, 0x0b, "tltu", |a, b| a < b),
        (0x34, 0x0c, "teq", |a, b| a == b),
        (0x36, 0x0e, "tne", |a, b| a != b),
    ];
    for &(funct, regimm, name, cond) in &traps {
        for &x in &vals {
            for &y in &vals {
                let mut p = mips_li(MT0, x);
                p.extend(mips_li(MT1, y));
                p.push(m::rtype(MT0, MT1, 0, 0, funct));
                let r = both(d, &mips_prog(p), 100_000);
                let want = if cond(x, y) {
                    "trap instruction at pc"
                } else {
                    "exit 3"
                };
                expect(&format!("{name} {x:#x}, {y:#x}"), &r, &[want]);
                // the immediate form compares with the sign-extended 16-bit immediate
                let imm = y as i32 as i16;
                let mut p = mips_li(MT0, x);
                p.push(m::itype(1, MT0, regimm, imm as i32));
                let r = both(d, &mips_prog(p), 100_000);
                let want = if cond(x, imm as i32 as u32) {
                    "trap instruction at pc"
                } else {
                    "exit 3"
                };
                expect(&format!("{name}i {x:#x}, {imm}"), &r, &[want]);
            }
        }
    }
    // add, addi, sub: overflow traps, addu / addiu / subu never
    for (x, y) in [
        (0x7fff_ffffu32, 1u32),
        (0x8000_0000, 0xffff_ffff),
        (5, 7),
        (0x8000_0000, 1),
    ] {
        for (funct, name, ovf) in [
            (0x20, "add", (x as i32).checked_add(y as i32).is_none()),
            (0x22, "sub", (x as i32).checked_sub(y as i32).is_none()),
            (0x21, "addu", false),
            (0x23, "subu", false),
        ] {
            let mut p = mips_li(MT0, x);
            p.extend(mips_li(MT1, y));
            p.push(m::rtype(MT0, MT1, MA0, 0, funct));
            let r = both(d, &mips_prog(p), 100_000);
            let want = if ovf { "integer overflow" } else { "exit 3" };
            expect(&format!("{name} {x:#x}, {y:#x}"), &r, &[want]);
        }
        let imm = y as i32 as i16;
        let mut p = mips_li(MT0, x);
        p.push(m::itype(0x08, MT0, MA0, imm as i32)); // addi
        let r = both(d, &mips_prog(p), 100_000);
        let ovf = (x as i32).checked_add(imm as i32).is_none();
        let want = if ovf { "integer overflow" } else { "exit 3" };
        expect(&format!("addi {x:#x}, {imm}"), &r, &[want]);
    }
}

#[test]
fn mips_runaway_loop_at_the_cycle_limit() {
    if !have_verilator() {
        return;
    }
    // a: addiu; b: beq zero, zero, b (slot: nop)
    for limit in [1, 2, 3, 4, 5, 6, 10, 1000] {
        let r = both(
            "mips-ref",
            &[m::addiu(MT0, 0, 1), m::beq(0, 0, -1), 0],
            limit,
        );
        expect(
            "runaway",
            &r,
            &[
                "runaway: exceeded max_cycles at cycle",
                ", pc 0x0001000",
                "[status 152]",
            ],
        );
    }
}

/// The official riscv-tests on rv32-ref: every test takes the same cycles and retires the
/// same instructions on both engines (rv32mi's traps of every kind: misaligned fetch, load
/// and store, illegal instruction, breakpoint, ecall, CSR traps; issue 35 item 2: ma_fetch
/// took 300 cycles on the simulator and 293 on the RTL).
#[test]
fn riscv_tests_take_the_same_cycles_on_both_engines() {
    if !have_verilator() {
        return;
    }
    use asip_flow::riscv_tests::{self, Engine};
    let root = asip_testkit::root();
    let d = design::find(&root.join("designs"), "rv32-ref").expect("design");
    let dir = root.join("testdata/riscv-tests/elf");
    let sim = riscv_tests::run(&root, &dir, std::slice::from_ref(&d), Engine::Sim).expect("sim");
    let hw = riscv_tests::run(&root, &dir, &[d], Engine::Rtl).expect("rtl");
    // the RTL runs the suites rv32-ref has; the simulator also the others, on rv32im_<ext>
    assert!(hw.len() > 60, "{} tests", hw.len());
    let mut diffs = Vec::new();
    for h in &hw {
        let s = sim
            .iter()
            .find(|s| (s.suite, &s.test, &s.target) == (h.suite, &h.test, &h.target))
            .unwrap_or_else(|| panic!("{}-p-{} not run on the simulator", h.suite, h.test));
        if (s.cycles, s.instret) != (h.cycles, h.instret) {
            diffs.push(format!(
                "{}-p-{}: simulator {} cycles / {} instructions, RTL {} / {}",
                s.suite, s.test, s.cycles, s.instret, h.cycles, h.instret
            ));
        }
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    let ma_fetch = sim.iter().find(|r| r.test == "ma_fetch").expect("ma_fetch");
    assert!(ma_fetch.cycles > 0);
}

/// A program whose memory does not fit the processor's (Icarus: 4 MiB; Verilator sizes
/// its model) is refused with the system's name (the MIPS error named rv32_tcm); a killed
/// run's image files are swept by the next run.
#[test]
fn rtl_run_messages_and_leftovers() {
    if !have_verilator() {
        return;
    }
    let root = asip_testkit::root();
    let d = design::find(&root.join("designs"), "mips-ref").expect("design");
    let mut prog = guest(Arch::Mips32, &mips_prog(vec![]));
    prog.segments[1].vaddr = DATA + (4 << 20);
    let icarus = RtlOptions {
        sim: rtl::HdlSim::Icarus,
        ..RtlOptions::default()
    };
    if asip_testkit::have_with("iverilog", "-V") {
        let e = rtl::run_program(&root, &d, &prog, icarus)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("does not fit the processor's memory (4 MiB at 0x10000, mips_sys)"),
            "{e}"
        );
    }
    // pid 4194305 is above Linux's pid_max: no such process
    let dir = std::env::temp_dir();
    let stale = [
        dir.join(format!("{}4194305-0.bin", rtl::IMAGE_PREFIX)),
        dir.join(format!("{}4194305-0.tags", rtl::IMAGE_PREFIX)),
    ];
    for f in &stale {
        std::fs::write(f, b"x").expect("write");
    }
    let r = both("mips-ref", &mips_prog(vec![]), 1000);
    expect("exit", &r, &["exit 3"]);
    for f in &stale {
        assert!(!f.exists(), "{} left behind", f.display());
    }
}

/// The Icarus harness (tb_sys.v) gives faults the same meaning: memory permissions, a bad
/// write() buffer ending at its own line, the cycle limit.
#[test]
fn icarus_faults() {
    if !asip_testkit::have_with("iverilog", "-V") {
        eprintln!("*** SKIPPED: iverilog not installed (apt-get install iverilog): fault tests");
        return;
    }
    let icarus = rtl::HdlSim::Icarus;
    let r = both_on(
        icarus,
        "rv32-ref",
        &rv_prog(vec![rv::u(BASE >> 12, T0, 0x37), rv::sw(0, T0, 8)]),
        100_000,
    );
    expect(
        "store into text",
        &r,
        &["store to read-only memory", "[status 139]"],
    );
    let r = both_on(
        icarus,
        "mips-ref",
        &mips_prog(mips_write(TOP - 8, 16)),
        100_000,
    );
    expect(
        "bad write() buffer",
        &r,
        &["write() buffer address", "[status 139]"],
    );
    let r = both_on(icarus, "rv32-ref", &[rv::addi(T0, 0, 1), rv::j(0, 0)], 5);
    expect(
        "runaway",
        &r,
        &["runaway: exceeded max_cycles at cycle", ", pc 0x00010004"],
    );
}

/// A program whose memory is larger than the processor's default 4 MiB (here a 6 MiB data
/// segment: 8 MiB with heap and stack) runs on a Verilator model with a 16 MiB memory, as
/// on the simulator; past its end is still outside memory.
#[test]
fn a_program_larger_than_4_mib_runs_on_the_rtl() {
    if !have_verilator() {
        return;
    }
    let d = design::find(&asip_testkit::root().join("designs"), "rv32-ref").expect("design");
    let big = 6 << 20;
    let top = DATA + big + (2 << 20);
    let mut code = rv_li(T0, DATA + big - 4);
    code.extend([rv::addi(T1, 0, 77), rv::sw(T1, T0, 0), rv::lw(A0, T0, 0)]);
    code.extend(rv::exit_seq());
    let mut prog = guest(Arch::Rv32, &code);
    prog.segments[1].memsz = big;
    let run = |prog: &Program| {
        let sim = exec::run_program(&d, prog, ExecOptions::default());
        let hw = rtl::run_program(&asip_testkit::root(), &d, prog, RtlOptions::default());
        (outcome(sim), outcome(hw))
    };
    let (s, r) = run(&prog);
    assert_eq!(s, r);
    assert!(s.starts_with("exit 77 "), "{s}");
    // a store at the end of the simulator's memory (inside the 16 MiB model) still faults
    let mut code = rv_li(T0, top);
    code.push(rv::sw(0, T0, 0));
    code.extend(rv::exit_seq());
    let mut prog = guest(Arch::Rv32, &code);
    prog.segments[1].memsz = big;
    let (s, r) = run(&prog);
    assert_eq!(s, r);
    assert!(
        s.contains(&format!("store address {top:#010x} outside memory")),
        "{s}"
    );
}

/// Found by `sha3-asip fuzz` (issue 35; mips32 seed 0xd343e5d6aa01d246, reduced to
/// `divu; break`): a division that retires right before the run ends shows its HI/LO in
/// its commit-log line on both engines (the RTL harnesses, Verilator's and Icarus's, let
/// the divider finish after the end; they showed zeros). The run ends by a trap (`break`),
/// an unknown syscall, exit, and the cycle limit reached while the division is in flight.
#[test]
fn mips_division_right_before_the_end_of_the_run() {
    let mut hdls = vec![];
    if have_verilator() {
        hdls.push(rtl::HdlSim::Verilator);
    }
    if asip_testkit::have_with("iverilog", "-V") {
        hdls.push(rtl::HdlSim::Icarus);
    } else {
        eprintln!("*** SKIPPED: iverilog not installed (apt-get install iverilog): Icarus half");
    }
    for hdl in hdls {
        for (v0, end, max_cycles, ends) in [
            (0, 0x0000_000d, 100_000, "ebreak/break at pc 0x00010010"),
            (999, SYSCALL, 100_000, "unknown o32 syscall 999"),
            (4001, SYSCALL, 100_000, "exit 0 (status 0)"),
            (4001, SYSCALL, 7, "exceeded max_cycles at cycle 7"),
        ] {
            let r = both_on(
                hdl,
                "mips-ref",
                &[
                    m::addiu(MT0, 0, 1000),
                    m::addiu(MT1, 0, 7),
                    m::rtype(MT0, MT1, 0, 0, 0x1b), // divu t0, t1
                    m::addiu(MV0, 0, v0),
                    end,
                ],
                max_cycles,
            );
            assert!(r.0.contains(ends), "{hdl:?}: {} (expected {ends})", r.0);
            let div = r.1.iter().find(|l| l.contains("divu")).expect("divu line");
            assert!(
                div.contains("hi=0x00000006 lo=0x0000008e"),
                "{hdl:?}, {ends}: {div}"
            );
        }
    }
}
