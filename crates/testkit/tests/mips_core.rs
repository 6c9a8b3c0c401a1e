//! The MIPS processor RTL (hw/cores/mips) against the simulator's mips5 model: hazard
//! programs with hand-checked cycle counts give the same commit log (retire cycle of every
//! instruction, register, HI/LO and memory writes) on both engines, and the benchmark
//! firmware of mips-ref runs in lockstep. Skipped with a loud line without verilator.
use asip_testkit::mips::{addiu, addu, beq, beql, bne, itype, li, lui, lw, rtype, sw};

fn have_verilator() -> bool {
    if asip_testkit::have("verilator") {
        return true;
    }
    eprintln!("SKIPPED: verilator not installed (apt-get install verilator): MIPS RTL tests");
    false
}

const T0: u32 = 8;
const T1: u32 = 9;
const T2: u32 = 10;
const T3: u32 = 11;
const T4: u32 = 12;
const SP: u32 = 29;
const RA: u32 = 31;
const NOP: u32 = 0;
// HI/LO instructions on t0, t1 -> t2 (LO), t3 (HI)
const DIVU: u32 = rtype(T0, T1, 0, 0, 0x1b);
const DIV: u32 = rtype(T0, T1, 0, 0, 0x1a);
const MULTU: u32 = rtype(T0, T1, 0, 0, 0x19);
const MFLO: u32 = rtype(0, 0, T2, 0, 0x12);
const MFHI: u32 = rtype(0, 0, T3, 0, 0x10);

/// `words` + exit (2 instructions) on both engines; returns the cycles. mips5: 4 fill
/// cycles, 1 per instruction, +2 load-use, branch/jr operand two cycles earlier (+2 behind
/// an ALU producer, +4 behind a load), mflo 34 cycles after a div, annulled slot +1.
fn cycles(words: &[u32]) -> u64 {
    asip_testkit::rtl::lockstep_words("mips-ref", words, &[])
        .expect("verilator present")
        .0
}

#[test]
fn alu_forwarding_and_load_use() {
    if !have_verilator() {
        return;
    }
    assert_eq!(
        cycles(&[addiu(T0, 0, 1), addu(T1, T0, T0), addu(T2, T1, T0)]),
        3 + 2 + 4
    );
    // lw; use -> +2; lw; independent; use -> +1; lw; sw of it -> +2
    assert_eq!(
        cycles(&[
            lw(T0, SP, 0),
            addiu(T1, T0, 1),
            lw(T2, SP, 4),
            addiu(T3, 0, 3),
            addu(T4, T2, T3),
            lw(T4, SP, 0),
            sw(T4, SP, -4),
        ]),
        7 + 2 + 4 + 5
    );
}

/// A load's value reaches EX only through the operand registers (load-use +2): a
/// movz/movn reads its rd (kept when it does not write), so it waits for a load of it and
/// the consumer behind it gets the kept value or the moved one; a newer non-move writer of
/// the loaded register shadows the load (no wait).
#[test]
fn moves_and_writers_after_a_load() {
    if !have_verilator() {
        return;
    }
    let movn_never = rtype(T1, 0, T0, 0, 0x0b); // movn t0, t1, zero: keeps t0
    let movz_always = rtype(T1, 0, T0, 0, 0x0a); // movz t0, t1, zero: t0 = t1
    for mv in [movn_never, movz_always] {
        let (c, log) = run(
            &[addiu(T1, 0, 21), lw(T0, SP, 0), mv, addu(T3, T0, T0)],
            &[],
        );
        // the move waits 2 for the load of its rd; the addu takes its result at once
        assert_eq!(c, 4 + 2 + 4 + 2, "{}", log.join("\n"));
        if mv == movz_always {
            assert!(
                line(&log, "addu", 0).ends_with("t3=0x0000002a"),
                "{}",
                log.join("\n")
            );
        }
    }
    // lw t0; addiu t0 (a newer writer): the consumer does not wait for the load
    let (c, log) = run(&[lw(T0, SP, 0), addiu(T0, 0, 5), addu(T3, T0, T0)], &[]);
    assert_eq!(c, 3 + 2 + 4, "{}", log.join("\n"));
    assert!(
        line(&log, "addu", 0).ends_with("t3=0x0000000a"),
        "{}",
        log.join("\n")
    );
}

#[test]
fn branches_in_decode_and_delay_slots() {
    if !have_verilator() {
        return;
    }
    // bne right behind its ALU producer: +2; taken, slot executes, one skipped
    assert_eq!(
        cycles(&[
            addiu(T0, 0, 1),
            bne(T0, 0, 2),
            NOP,
            addiu(T1, 0, 7),
            addiu(T2, 0, 2),
        ]),
        4 + 2 + 4 + 2
    );
    // beq right behind a load: +4; one instruction between: +3 (the target is the word after the slot)
    assert_eq!(
        cycles(&[lw(T0, SP, 0), beq(T0, T0, 1), NOP, NOP]),
        4 + 2 + 4 + 4
    );
    assert_eq!(
        cycles(&[lw(T0, SP, 0), NOP, beq(T0, T0, 1), NOP, NOP]),
        5 + 2 + 4 + 3
    );
    // beql not taken, one instruction behind its producer (+1): the slot is annulled (+1,
    // not executed)
    assert_eq!(
        cycles(&[
            addiu(T0, 0, 1),
            NOP,
            beql(T0, 0, 2),
            addiu(T1, 0, 5),
            addiu(T2, 0, 2),
        ]),
        4 + 2 + 4 + 2
    );
    // jal + jr ra (jal 0 cycles; jr reads ra written by jal three instructions earlier)
    let base = asip_testkit::words::BASE;
    let jal = 3 << 26 | ((base + 16) >> 2 & 0x03ff_ffff);
    assert_eq!(
        cycles(&[
            jal,
            NOP,
            itype(0x0f, 0, 0, 0), // lui zero, 0 (nop) on return
            beq(0, 0, 3),
            NOP,
            rtype(RA, 0, 0, 0, 8), // 16: jr ra
            NOP,
        ]),
        // jal, slot, nop (target), jr, slot, lui, beq, slot, exit (2): no stalls
        10 + 4
    );
}

#[test]
fn hi_lo_unit() {
    if !have_verilator() {
        return;
    }
    // mflo right behind divu waits 33 cycles; HI/LO = 2, 14
    assert_eq!(
        cycles(&[addiu(T0, 0, 100), addiu(T1, 0, 7), DIVU, MFLO, MFHI]),
        5 + 2 + 4 + 33
    );
    // independent work hides it; signed division by zero and INT_MIN / -1
    assert_eq!(
        cycles(&[
            addiu(T0, 0, -100),
            addiu(T1, 0, 0),
            DIV,
            addiu(T4, 0, 1),
            MFLO,
            lui(T0, 0x8000),
            addiu(T1, 0, -1),
            DIV,
            MFHI,
        ]),
        // mflo issues 34 after the first div (2 between: +32), mfhi right behind the
        // second: +33
        9 + 2 + 4 + 32 + 33
    );
    // multu then mflo: five cycles in EX (latency.mul 5), no wait behind it
    assert_eq!(
        cycles(&[addiu(T0, 0, -3), addiu(T1, 0, 5), MULTU, MFLO, MFHI]),
        5 + 2 + 4 + 4
    );
}

/// The multiplier (eight bits a cycle, five cycles in EX) on operands around the signed
/// and unsigned boundaries, with every consumer distance the RTL forwards over: HI/LO read
/// right behind mult/madd/msub (HI/LO are written at the end of MEM), back-to-back
/// accumulation, mthi before madd, mfhi's value (from MEM) into a mul, mul's product into
/// an ALU op, another mul, a store and a branch, a mul waiting for a load; clz and
/// clo of the same operands and of every single-bit and leading-ones pattern. Commit logs
/// (registers, HI/LO, memory, retire cycles) equal on both engines.
#[test]
fn multiplier_and_clz_in_lockstep() {
    if !have_verilator() {
        return;
    }
    let sp2 = |rs: u32, rt: u32, rd: u32, f: u32| 0x1c << 26 | rtype(rs, rt, rd, 0, f);
    let vals: [u32; 8] = [
        0,
        1,
        0xffff_ffff,
        0x8000_0000,
        0x7fff_ffff,
        0x1234_5678,
        0xfedc_ba98,
        0x0001_ffff,
    ];
    for &x in &vals {
        let mut p = Vec::new();
        for &y in &vals {
            p.extend(li(T0, x));
            p.extend(li(T1, y));
            p.extend([
                rtype(T0, T1, 0, 0, 0x18), // mult
                MFLO,
                MFHI,
                rtype(T0, T1, 0, 0, 0x19), // multu
                MFHI,
                addu(T2, T3, T3),
                sp2(T0, T1, 0, 0), // madd
                sp2(T0, T1, 0, 1), // maddu
                sp2(T0, T1, 0, 4), // msub
                sp2(T1, T0, 0, 5), // msubu
                MFLO,
                MFHI,
                sp2(T3, T2, T4, 2), // mul of mfhi's value (forwarded from MEM)
                rtype(T0, 0, 0, 0, 0x11), // mthi
                sp2(T1, T1, 0, 0),  // madd
                MFHI,
                MFLO,
                sp2(T0, T1, T4, 2), // mul
                addu(T2, T4, T0),
                sp2(T4, T1, T4, 2),
                sp2(T4, T4, T2, 2),
                sp2(T0, T1, T4, 2),
                NOP,
                addu(T2, T4, T4),
                sp2(T0, T1, T4, 2),
                sw(T4, SP, -4),
                lw(T2, SP, -4),
                sp2(T2, T1, T4, 2), // waits for the load
                beq(T4, T0, 1),
                NOP,
                addiu(T2, 0, 1),
                sp2(T1, T2, T2, 0x20), // clz t2, t1
                sp2(T1, T3, T3, 0x21), // clo t3, t1
            ]);
        }
        let (_, log) = run(&p, &[]);
        assert!(log.len() > p.len() / 2, "{x:#x}: {}", log.len());
    }
    // clz / clo of 1 << k and of k leading ones (!0 << (32 - k)), k = 0 .. 32
    let mut p = Vec::new();
    for k in 0..=32u32 {
        let one = if k < 32 { 1u32 << k } else { 0 };
        let ones = if k == 0 { 0 } else { !0u32 << (32 - k) };
        p.extend(li(T0, one));
        p.extend(li(T1, ones));
        p.extend([
            sp2(T0, T2, T2, 0x20),
            sp2(T1, T3, T3, 0x21),
            sp2(T1, T4, T4, 0x20),
        ]);
    }
    let (_, log) = run(&p, &[]);
    assert!(log.len() > p.len() / 2, "clz: {}", log.len());
}

#[test]
fn benchmark_firmware_lockstep() {
    if !have_verilator() {
        return;
    }
    let root = asip_testkit::root();
    for name in ["mips-ref", "mips-sw", "mips-native", "mips-coproc"] {
        let d = asip_flow::design::find(&root.join("designs"), name).expect("design");
        let r = asip_flow::lockstep::check(&root, &d, "sha3-256", &[0, 136], 1)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(r.instructions > 100_000, "{name}: {r:?}");
    }
}

/// `words` on both engines (commit logs equal, see [`cycles`]): (cycles, commit log).
fn run(words: &[u32], data: &[u32]) -> (u64, Vec<String>) {
    asip_testkit::rtl::lockstep_words("mips-ref", words, data).expect("verilator present")
}

/// The commit-log line of the `n`-th retired instruction whose disassembly starts with `op`.
fn line<'a>(log: &'a [String], op: &str, n: usize) -> &'a str {
    log.iter()
        .filter(|l| l.split_whitespace().nth(3) == Some(op))
        .nth(n)
        .unwrap_or_else(|| panic!("no {op} #{n} in\n{}", log.join("\n")))
}

#[test]
fn hi_lo_instructions_wait_for_a_running_division() {
    if !have_verilator() {
        return;
    }
    let mthi = rtype(T4, 0, 0, 0, 0x11);
    let mtlo = rtype(T4, 0, 0, 0, 0x13);
    let madd = 0x1c << 26 | rtype(T0, T1, 0, 0, 0x00);
    let msub = 0x1c << 26 | rtype(T0, T1, 0, 0, 0x04);
    let setup = [addiu(T0, 0, 100), addiu(T1, 0, 7), addiu(T4, 0, 9)];
    // 100 / 7: LO = 14, HI = 2. Each HI/LO instruction right behind the division waits
    // for it (+33, as mflo does) and then sees its result: mthi keeps LO = 14, mtlo keeps
    // HI = 2, madd/msub accumulate onto (2, 14), multu replaces both, div starts after.
    let cases: [(u32, &str, &str); 6] = [
        (mthi, "t2=0x0000000e", "t3=0x00000009"),
        (mtlo, "t2=0x00000009", "t3=0x00000002"),
        (madd, "t2=0x000002ca", "t3=0x00000002"), // 14 + 700
        (msub, "t2=0xfffffd52", "t3=0x00000001"), // (2 << 32 | 14) - 700
        (MULTU, "t2=0x000002bc", "t3=0x00000000"),
        (DIV, "t2=0x0000000e", "t3=0x00000002"),
    ];
    for (op, lo, hi) in cases {
        let (c, log) = run(&[setup[0], setup[1], setup[2], DIVU, op, MFLO, MFHI], &[]);
        // 7 instructions + exit, fill 4, the op +33; behind a second division mflo +33 more;
        // a multiply then takes its five cycles (+4)
        let div_again = if op == DIV { 33 } else { 0 };
        let mul = if op == DIV || op == mthi || op == mtlo {
            0
        } else {
            4
        };
        assert_eq!(
            c,
            9 + 4 + 33 + div_again + mul,
            "{op:#010x}\n{}",
            log.join("\n")
        );
        assert!(line(&log, "mflo", 0).ends_with(lo), "{}", log.join("\n"));
        assert!(line(&log, "mfhi", 0).ends_with(hi), "{}", log.join("\n"));
    }
}

#[test]
fn branch_in_a_delay_slot() {
    if !have_verilator() {
        return;
    }
    let bnel = |rs, rt, off| itype(0x15, rs, rt, off);
    // 0: B1 -> 4; 1: B2 in its slot; 2, 3 skipped; 4: the first target; 6: B2's target
    let prog = |b2: u32| {
        [
            beq(0, 0, 3),
            b2,
            addiu(T0, 0, 1),
            addiu(T0, 0, 2),
            addiu(T1, 0, 3),
            addiu(T1, 0, 4),
            addiu(T2, 0, 5),
        ]
    };
    let pcs = |log: &[String]| -> Vec<u32> {
        log.iter()
            .map(|l| {
                let pc = l.split_whitespace().nth(1).expect("pc");
                (u32::from_str_radix(&pc[2..], 16).expect("hex") - asip_testkit::words::BASE) / 4
            })
            .collect()
    };
    // taken B2: one instruction at B1's target, then B2's target
    let (c, log) = run(&prog(beq(0, 0, 4)), &[]);
    assert_eq!(pcs(&log), [0, 1, 4, 6, 7, 8], "{}", log.join("\n"));
    assert_eq!(c, 6 + 4);
    // not-taken B2: B1's target and on
    let (c, log) = run(&prog(bne(0, 0, 4)), &[]);
    assert_eq!(pcs(&log), [0, 1, 4, 5, 6, 7, 8], "{}", log.join("\n"));
    assert_eq!(c, 7 + 4);
    // not-taken branch-likely B2: annuls its slot (the word at B1's target, +1) and
    // continues after itself
    let (c, log) = run(&prog(bnel(0, 0, 4)), &[]);
    assert_eq!(pcs(&log), [0, 1, 3, 4, 5, 6, 7, 8], "{}", log.join("\n"));
    assert_eq!(c, 8 + 4 + 1);
    // jal in the slot of j: the link is the jal's pc + 8 (index 3)
    let base = asip_testkit::words::BASE;
    let j = |i: u32, op: u32| op << 26 | ((base + 4 * i) >> 2 & 0x03ff_ffff);
    let (c, log) = run(&[j(4, 2), j(6, 3), NOP, NOP, NOP, NOP, NOP], &[]);
    assert_eq!(pcs(&log), [0, 1, 4, 6, 7, 8], "{}", log.join("\n"));
    assert!(
        line(&log, "jal", 0).ends_with(&format!("ra={:#010x}", base + 12)),
        "{}",
        log.join("\n")
    );
    assert_eq!(c, 6 + 4);
}

#[test]
fn swl_swr_write_only_their_bytes() {
    if !have_verilator() {
        return;
    }
    let data = asip_testkit::rtl::DATA_ADDR;
    let (a0, v) = (4, T0);
    let swl = |rt, base, off| itype(0x2a, base, rt, off);
    let swr = |rt, base, off| itype(0x2e, base, rt, off);
    let (c, log) = run(
        &[
            lui(a0, data >> 16),
            itype(0x0d, a0, a0, (data & 0xffff) as i32), // ori
            lui(v, 0x1122),
            itype(0x0d, v, v, 0x3344),
            swl(v, a0, 1),  // bytes 0..1 of word 0 = 0x1122
            swr(v, a0, 6),  // bytes 6..7 = 0x3344
            swl(v, a0, 11), // the whole word 2
            swr(v, a0, 12), // the whole word 3
            lw(T1, a0, 0),
            lw(T2, a0, 4),
        ],
        &[0xaaaa_aaaa, 0xbbbb_bbbb, 0, 0],
    );
    assert_eq!(c, 12 + 4, "{}", log.join("\n"));
    let w = |i: u32| format!("mem[{:#010x}]", data + i);
    assert!(line(&log, "swl", 0).ends_with(&format!("{}=0x1122", w(0))));
    assert!(line(&log, "swr", 0).ends_with(&format!("{}=0x3344", w(6))));
    assert!(line(&log, "swl", 1).ends_with(&format!("{}=0x11223344", w(8))));
    assert!(line(&log, "swr", 1).ends_with(&format!("{}=0x11223344", w(12))));
    assert!(line(&log, "lw", 0).ends_with("t1=0xaaaa1122"));
    assert!(line(&log, "lw", 1).ends_with("t2=0x3344bbbb"));
}

/// Icarus Verilog, the second HDL simulator, runs the MIPS processor through the shared
/// harness (`hw/cores/tb/tb_sys.v` with `CORE_MIPS`) to the simulator's commit log:
/// forwarding, load-use, a branch behind a load, a division (its HI/LO in a later line of
/// the harness), a partial store.
#[test]
fn icarus_runs_the_processor_to_the_same_commit_log() {
    let data = asip_testkit::rtl::DATA_ADDR;
    let prog = [
        lui(4, data >> 16),
        itype(0x0d, 4, 4, (data & 0xffff) as i32), // ori a0, a0, lo(data)
        lw(T0, 4, 0),
        addiu(T1, T0, -93), // load-use (+2): 7
        lw(T2, 4, 0),
        beq(T2, T0, 1), // behind a load: +4, taken
        NOP,
        NOP,
        DIVU, // 100 / 7
        MFLO,
        MFHI,
        itype(0x2a, 4, T2, 5), // swl t2, 5(a0): bytes 4..5
    ];
    let Some((c, log)) = asip_testkit::rtl::lockstep_words_on(
        asip_flow::rtl::HdlSim::Icarus,
        "mips-ref",
        &prog,
        &[100, 0xffff_ffff],
    ) else {
        return;
    };
    // 12 words (the branch target is the word after its slot) + exit: 14; fill 4,
    // load-use +2, branch +4, mflo +33
    assert_eq!(c, 14 + 4 + 2 + 4 + 33, "{}", log.join("\n"));
    assert!(
        line(&log, "mflo", 0).ends_with("t2=0x0000000e"),
        "{}",
        log.join("\n")
    );
    assert!(
        line(&log, "mfhi", 0).ends_with("t3=0x00000002"),
        "{}",
        log.join("\n")
    );
    assert!(line(&log, "swl", 0).ends_with(&format!("mem[{:#010x}]=0x0000", data + 4)));
}

/// Every REGIMM branch (issue 35 item 1): bltz, bgez, bltzl, bgezl, bltzal, bgezal,
/// bltzall, bgezall on a negative, zero and positive rs, taken and not taken. Taken: the
/// slot runs, the target follows; not taken: the slot runs and execution falls through,
/// except for the branch-likely forms, which annul the slot (+1 cycle). The link forms
/// write ra = pc + 8 either way.
#[test]
fn regimm_branches_all_forms() {
    if !have_verilator() {
        return;
    }
    let base = asip_testkit::words::BASE;
    let regimm = |rt: u32, rs: u32, off: i32| itype(0x01, rs, rt, off);
    // 0: t0 = v; 1: the branch -> 4; 2: its slot; 3: fall-through only; 4: the target
    for (rt, name) in [
        (0x00, "bltz"),
        (0x01, "bgez"),
        (0x02, "bltzl"),
        (0x03, "bgezl"),
        (0x10, "bltzal"),
        (0x11, "bgezal"),
        (0x12, "bltzall"),
        (0x13, "bgezall"),
    ] {
        let (likely, link) = (rt & 2 != 0, rt & 0x10 != 0);
        for v in [-1i32, 0, 1] {
            let taken = if rt & 1 == 0 { v < 0 } else { v >= 0 };
            let prog = [
                addiu(T0, 0, v),
                regimm(rt, T0, 2),
                addiu(T1, 0, 1),
                addiu(T2, 0, 2),
                addiu(T3, 0, 3),
            ];
            let (c, log) = run(&prog, &[]);
            let pcs: Vec<u32> = log
                .iter()
                .map(|l| {
                    let pc = l.split_whitespace().nth(1).expect("pc");
                    (u32::from_str_radix(&pc[2..], 16).expect("hex") - base) / 4
                })
                .collect();
            let (want, extra): (&[u32], u64) = match (taken, likely) {
                (true, _) => (&[0, 1, 2, 4, 5, 6], 0),
                (false, false) => (&[0, 1, 2, 3, 4, 5, 6], 0),
                (false, true) => (&[0, 1, 3, 4, 5, 6], 1),
            };
            let ctx = format!("{name} rs={v}\n{}", log.join("\n"));
            assert_eq!(pcs, want, "{ctx}");
            assert_eq!(log[1].split_whitespace().nth(3), Some(name), "{ctx}");
            // fill 4, the branch right behind its producer +2, the annulled slot +1
            assert_eq!(c, want.len() as u64 + 4 + 2 + extra, "{ctx}");
            let ra = format!("ra={:#010x}", base + 12);
            assert_eq!(log[1].ends_with(&ra), link, "{ctx}");
        }
    }
}
