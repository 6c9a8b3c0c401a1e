//! The RV32 processor RTL (hw/cores/rv32) against the simulator:
//! - hazard programs with hand-checked cycle counts give the same commit log (retire
//!   cycle of every instruction, register and memory writes) on both engines;
//! - the benchmark firmware of every RV32 design with an `[rtl]` table runs in lockstep;
//! - bad input ends with the simulator's error messages.
//!
//! Skipped with a loud line when verilator is missing.

use asip_flow::design::{self, Design};
use asip_flow::exec::{self, ExecOptions};
use asip_flow::rtl::{self, RtlOptions};
use asip_sim::Program;
use asip_testkit::words::*;

fn have_verilator() -> bool {
    if asip_testkit::have("verilator") {
        return true;
    }
    eprintln!("SKIPPED: verilator not installed (apt-get install verilator): RV32 RTL tests");
    false
}

fn design(name: &str) -> Design {
    design::find(&asip_testkit::root().join("designs"), name).expect("design")
}

/// Run `words` + exit on both engines (commit logs and totals asserted equal by
/// `asip_testkit::rtl::lockstep_words`); returns (cycles, commit log), `None` after its
/// loud SKIPPED line when verilator is missing.
fn both(design_name: &str, words: &[u32]) -> Option<(u64, Vec<String>)> {
    asip_testkit::rtl::lockstep_words(design_name, words, &[])
}

fn r(f7: u32, rs2: u32, rs1: u32, f3: u32, rd: u32) -> u32 {
    f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | 0x33
}

/// `jal` over one word (+1), `auipc t1, 0`, `jalr` to the next-but-one (+2): 6 words of
/// which 3 retire.
fn jal_and_jalr_over_one() -> [u32; 6] {
    [
        j(8, 0),
        NOP,
        0x0000_0317,          // auipc t1, 0
        i(12, 6, 0, 0, 0x67), // jalr x0, 12(t1)
        NOP,
        NOP,
    ]
}

// Every program ends with `addi a7, zero, 93; ecall` (2 instructions); zscale charges
// 2 fill cycles, +1 load-use, +2 taken branch / jalr, +1 jal, 6 per multiply, 34 per
// division.

#[test]
fn straight_line_and_alu_forwarding() {
    let Some((c, _)) = both(
        "rv32-ref",
        &[addi(5, 0, 1), add(6, 5, 5), add(7, 6, 5), r(1, 7, 6, 0, 8)],
    ) else {
        return;
    };
    assert_eq!(c, 6 + 2 + 5); // the mul holds X for five more cycles
}

#[test]
fn load_use_stall_and_store_of_a_loaded_value() {
    // lw; use -> +1; lw; independent; use -> 0; lw; sw of it -> +1
    let Some((c, _)) = both(
        "rv32-ref",
        &[
            lw(5, 2, 0),
            addi(6, 5, 1),
            lw(7, 2, 4),
            addi(8, 0, 3),
            add(9, 7, 8),
            lw(10, 2, 0),
            sw(10, 2, -4),
            addi(10, 0, 0),
        ],
    ) else {
        return;
    };
    assert_eq!(c, 10 + 2 + 2);
}

#[test]
fn branches_and_jumps() {
    // addi; beq taken (+2) over one; bne not taken; jal (+1) over one;
    // auipc; jalr (+2) to the next-but-one
    let prog = [
        &[addi(5, 0, 1), b(8, 5, 5, 0), NOP, b(8, 5, 5, 1)][..],
        &jal_and_jalr_over_one(),
    ]
    .concat();
    let Some((c, log)) = both("rv32-ref", &prog) else {
        return;
    };
    // addi beq bne jal auipc jalr nop + exit
    assert_eq!(log.len(), 9);
    assert_eq!(c, 9 + 2 + 2 + 1 + 2);
}

#[test]
fn not_taken_branches_to_misaligned_targets_do_not_trap() {
    // the core computes a branch's trap target and cause beside its condition (pre_trap):
    // bne x5, x5, +2 and beq x5, x0, +6 are not taken, so nothing traps and no cycle is lost
    let Some((c, log)) = both("rv32-ref", &[addi(5, 0, 1), b(2, 5, 5, 1), b(6, 0, 5, 0)]) else {
        return;
    };
    assert_eq!(log.len(), 5);
    assert_eq!(c, 5 + 2);
}

#[test]
fn division_back_to_back_and_dependant() {
    let Some((c, log)) = both(
        "rv32-ref",
        &[
            addi(5, 0, 100),
            addi(6, 0, -7),
            r(1, 6, 5, 4, 7), // div
            r(1, 6, 5, 6, 8), // rem
            add(9, 7, 8),
            r(1, 0, 5, 5, 10), // divu by zero
        ],
    ) else {
        return;
    };
    assert!(log[2].contains("t2=0xfffffff2"), "{}", log[2]);
    assert!(log[3].contains("s0=0x00000002"), "{}", log[3]);
    assert_eq!(c, 3 + 2 + 3 * 34 + 2);
}

#[test]
fn cycle_counter_reads() {
    // mcycle read at retire: 2 (fill), then after a division
    let Some((_, log)) = both(
        "rv32-ref",
        &[
            csrr(5, 0xb00),
            r(1, 5, 5, 4, 6),
            csrr(7, 0xc00),
            csrr(8, 0xb02),
        ],
    ) else {
        return;
    };
    assert!(log[0].contains("t0=0x00000002"), "{}", log[0]);
    assert!(log[2].contains("t2=0x00000025"), "{}", log[2]);
    assert!(log[3].contains("s0=0x00000003"), "{}", log[3]);
}

#[test]
fn machine_csrs_as_the_simulator_has_them() {
    // mstatus (MPP reads M), writable minstret/mcycle and their high halves (the write
    // suppresses the counting of its own cycle / retirement), PMP entry 0, trigger CSRs,
    // mcause's six bits
    let Some((_, log)) = both(
        "rv32-ref",
        &[
            csrr(5, 0x300),      // 0: t0 = mstatus = 0x1800
            csrrwi(0, 0x300, 8), // 1: MIE = 1
            csrr(5, 0x300),      // 2: t0 = 0x1808
            csrrwi(0, 0xb02, 0), // 3: minstret = 0
            csrr(6, 0xb02),      // 4: t1 = 0
            addi(7, 0, -1),      // 5
            csrrw(0, 0xb02, 7),  // 6: minstret = 0xffffffff
            csrrw(0, 0xb82, 7),  // 7: minstreth = 0xffffffff
            addi(0, 0, 0),       // 8: wraps to 0
            csrr(6, 0xb82),      // 9: t1 = 0
            addi(28, 0, 100),    // 10
            csrrw(0, 0xb00, 28), // 11: mcycle = 100
            csrr(29, 0xb00),     // 12: t4 = 100
            csrrw(0, 0xb80, 7),  // 13: mcycleh = 0xffffffff
            csrr(29, 0xb80),     // 14: t4 = 0xffffffff
            csrrw(0, 0x3b0, 7),  // 15: pmpaddr0 = ~0
            csrr(30, 0x3b0),     // 16: t5 = ~0
            csrrw(0, 0x3a0, 7),  // 17: pmpcfg0 = ~0
            csrr(30, 0x3a0),     // 18: t5 = 0x1f
            csrrw(31, 0x7a0, 7), // 19: tselect: t6 = 0
            csrr(31, 0x7a1),     // 20: tdata1: t6 = 0
            csrrw(0, 0x342, 7),  // 21: mcause = ~0 (WLRL)
            csrr(31, 0x342),     // 22: t6 = 0x8000001f
        ],
    ) else {
        return;
    };
    for (k, want) in [
        (0, "t0=0x00001800"),
        (2, "t0=0x00001808"),
        (4, "t1=0x00000000"),
        (9, "t1=0x00000000"),
        (12, "t4=0x00000064"),
        (14, "t4=0xffffffff"),
        (16, "t5=0xffffffff"),
        (18, "t5=0x0000001f"),
        (19, "t6=0x00000000"),
        (20, "t6=0x00000000"),
        (22, "t6=0x8000001f"),
    ] {
        assert!(log[k].contains(want), "{k}: {} (want {want})", log[k]);
    }
}

#[test]
fn extension_unit_with_load_use() {
    // lw; ror t1, t0, t0 (zbkb unit, depends on the load: +1); andn; zip
    let Some((c, _)) = both(
        "rv32-zbkb",
        &[
            addi(5, 0, 0x123),
            sw(5, 2, -8),
            lw(5, 2, -8),
            r(0x30, 5, 5, 5, 6),
            r(0x20, 6, 5, 7, 7),
            i(0x08f, 7, 1, 8, 0x13),
        ],
    ) else {
        return;
    };
    assert_eq!(c, 8 + 2 + 1);
}

/// Icarus Verilog, the second HDL simulator, runs the same processor to the same commit log
/// as Verilator and the simulator (a smoke test that the RTL means the same to both:
/// forwarding, load-use, branches, jal/jalr, division, a CSR read, stores, a custom unit).
#[test]
fn icarus_runs_the_processor_to_the_same_commit_log() {
    let prog = [
        &[
            addi(5, 0, 100),
            addi(6, 0, -7),
            r(1, 6, 5, 4, 7), // div
            sw(7, 2, -4),
            lw(8, 2, -4),
            add(9, 8, 5), // load-use
            b(8, 9, 9, 0),
            NOP,
        ][..],
        &jal_and_jalr_over_one(),
        &[
            csrr(10, 0xb00),
            r(0x30, 5, 9, 5, 11), // ror (zbkb unit)
        ],
    ]
    .concat();
    let Some((c, log)) =
        asip_testkit::rtl::lockstep_words_on(rtl::HdlSim::Icarus, "rv32-zbkb", &prog, &[])
    else {
        return;
    };
    // 16 words - 3 skipped NOPs + the exit pair
    assert_eq!(log.len(), 15);
    // 2 fill, 14 single-cycle, the division 34, load-use +1, beq +2, jal +1, jalr +2
    assert_eq!(c, 2 + 14 + 34 + 1 + 2 + 1 + 2);
    assert!(log[2].contains("t2=0xfffffff2"), "{}", log[2]);
}

#[test]
fn illegal_instruction_is_the_simulators_error() {
    if !have_verilator() {
        return;
    }
    let d = design("rv32-ref");
    let mut w = vec![addi(5, 0, 1), r(0x30, 5, 5, 5, 6)]; // ror: not in rv32im
    w.extend(exit_seq());
    let prog = Program::from_words(BASE, &w, 4096);
    let sim = exec::run_program(&d, &prog, ExecOptions::default()).unwrap_err();
    let rtl =
        rtl::run_program(&asip_testkit::root(), &d, &prog, RtlOptions::default()).unwrap_err();
    assert_eq!(rtl.to_string(), sim.to_string());
    assert!(
        rtl.to_string()
            .contains("illegal instruction at pc 0x00010004: word 0x6052d333"),
        "{rtl}"
    );
}

#[test]
fn runaway_program_stops_at_the_cycle_limit() {
    if !have_verilator() {
        return;
    }
    let d = design("rv32-ref");
    let prog = Program::from_words(BASE, &[j(0, 0)], 4096);
    let e = rtl::run_program(
        &asip_testkit::root(),
        &d,
        &prog,
        RtlOptions {
            max_cycles: 1000,
            ..RtlOptions::default()
        },
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("runaway: exceeded max_cycles"), "{e}");
}

#[test]
fn benchmark_firmware_in_lockstep() {
    if !have_verilator() || !asip_testkit::have("riscv64-unknown-elf-gcc") {
        eprintln!("SKIPPED: lockstep needs verilator and riscv64-unknown-elf-gcc");
        return;
    }
    let root = asip_testkit::root();
    for d in design::load_all(&root.join("designs")).unwrap() {
        if d.rtl.is_none() {
            continue;
        }
        let r = asip_flow::lockstep::check(&root, &d, "sha3-256", &[0, 137], 1)
            .unwrap_or_else(|e| panic!("{}: {e}", d.name));
        assert!(r.instructions > 10_000, "{}", d.name);
    }
}

/// The FuseSoC core of a processor lists every source of `rtl files` (paths relative to the
/// core file, all existing) and the design's parameters with their values.
#[test]
fn fusesoc_core_of_a_processor_lists_its_sources() {
    let root = asip_testkit::root();
    let d = design("rv32-dasip");
    let path = rtl::fusesoc_core(&root, &d).expect("core written");
    let text = std::fs::read_to_string(&path).unwrap();
    let dir = path.parent().unwrap();
    let listed: Vec<std::path::PathBuf> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        // a file with options: `- header.vh: {is_include_file: true}`
        .map(|f| f.split(": {").next().unwrap_or(f))
        .map(|f| dir.join(f).canonicalize().expect("listed file exists"))
        .collect();
    let f = rtl::files(&root, &d).unwrap();
    assert!(
        text.contains("_ext_port.vh: {is_include_file: true}"),
        "{text}"
    );
    for p in f.files.iter().chain(&f.headers) {
        assert!(
            listed.contains(&p.canonicalize().unwrap()),
            "{} not in the core",
            p.display()
        );
    }
    assert!(text.contains("name: sha3-asip:processor:rv32-dasip:1.0.0"));
    assert!(text.contains("  DIV_EARLY_OUT: {datatype: int, default: 0, paramtype: vlogparam}"));
    assert!(text.contains("toplevel: tb_sys"));
    assert!(text.contains("  CORE_RV32: {datatype: bool, default: true, paramtype: vlogdefine}"));
}

/// Zifencei (issue 35 item 5): a store of a new instruction two words ahead, `fence.i`,
/// and the new instruction runs: `addi a0, zero, 1` replaces `addi a0, zero, 7`, so the
/// program exits 1. `fence.i` fetches its successor again (a redirect from X, 2 cycles,
/// `fence_i_penalty`); before, the RTL ran the word it had already fetched (exit 7).
fn store_then_fence_i() -> Vec<u32> {
    let new = addi(10, 0, 1);
    let mut w = vec![0x0000_0297]; // auipc t0, 0
    w.extend(li(6, new)); // t1 = the new word
    w.extend([
        sw(6, 5, 20),   // over the word at auipc + 20
        0x0000_100f,    // fence.i
        addi(10, 0, 7), // auipc + 20: replaced
    ]);
    w
}

#[test]
fn fence_i_fetches_a_stored_instruction_on_every_design() {
    let root = asip_testkit::root();
    for d in design::load_all(&root.join("designs")).unwrap() {
        if d.rtl.is_none() || d.arch != design::Arch::Rv32 {
            continue;
        }
        let Some((c, log)) = both(&d.name, &store_then_fence_i()) else {
            return;
        };
        assert!(log[5].contains("a0=0x00000001"), "{}: {}", d.name, log[5]);
        // 8 instructions, 2 fill cycles, the fence.i's refetch 2
        assert_eq!(c, 8 + 2 + 2, "{}", d.name);
    }
}

#[test]
fn fence_i_program_exits_1_on_qemu() {
    if !asip_testkit::have_with("qemu-riscv32", "--version") {
        eprintln!("*** SKIPPED: qemu-riscv32 not installed (apt-get install qemu-user)");
        return;
    }
    let mut w = store_then_fence_i();
    w.extend(exit_seq());
    let path = asip_testkit::work_dir("fence_i").join("fence_i.elf");
    asip_flow::difftest::elf::write_file(&path, &Program::from_words(BASE, &w, 4096)).unwrap();
    let out = std::process::Command::new("qemu-riscv32")
        .arg(&path)
        .output()
        .expect("qemu-riscv32 runs");
    // (qemu's own failure to load a file is also exit 1, with a message on stdout)
    assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{out:?}");
    assert_eq!(out.status.code(), Some(1));
    // the same program with the old word kept (no store) exits 7: the exit code is the
    // program's own
    let mut old = store_then_fence_i();
    old[3] = NOP;
    old.extend(exit_seq());
    asip_flow::difftest::elf::write_file(&path, &Program::from_words(BASE, &old, 4096)).unwrap();
    let st = std::process::Command::new("qemu-riscv32")
        .arg(&path)
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(7));
}

/// A long `rtl run` reports its progress (issue 35 item 4): the harness sends the cycle and
/// instruction counts every `PROGRESS_CYCLES` cycles, increasing, up to the limit.
#[test]
fn a_long_run_reports_its_progress() {
    if !have_verilator() {
        return;
    }
    let d = design("rv32-ref");
    let prog = Program::from_words(BASE, &[addi(5, 5, 1), j(-4, 0)], 4096);
    let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let s2 = seen.clone();
    let limit = 3 * rtl::PROGRESS_CYCLES + 10;
    let e = rtl::run_program(
        &asip_testkit::root(),
        &d,
        &prog,
        RtlOptions {
            max_cycles: limit,
            progress: Some(Box::new(move |c, i| s2.borrow_mut().push((c, i)))),
            ..RtlOptions::default()
        },
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("runaway: exceeded max_cycles"), "{e}");
    let seen = seen.borrow();
    let cycles: Vec<u64> = seen.iter().map(|p| p.0).collect();
    let want: Vec<u64> = (1..=3).map(|k| k * rtl::PROGRESS_CYCLES).collect();
    assert_eq!(cycles, want);
    // addi + jal: 1 + 2 cycles per two instructions
    for &(c, i) in seen.iter() {
        assert!(
            i > 0 && i.abs_diff(c * 2 / 3) < 4,
            "{c} cycles, {i} instructions"
        );
    }
}

/// Found by `sha3-asip fuzz` (issue 35; rv32im seed 0x34ad1b14d07bbfbf, reduced to one
/// `bne`): a taken branch to the next instruction redirects fetch on the RTL and pays the
/// taken penalty; the simulator took "taken" to mean npc != pc + 4 and charged nothing.
#[test]
fn a_taken_branch_to_the_next_instruction_pays_the_taken_penalty() {
    let Some((c, log)) = both("rv32-ref", &[addi(5, 0, 1), b(4, 5, 5, 0), b(4, 0, 5, 1)]) else {
        return;
    };
    assert_eq!(log.len(), 5);
    // 5 instructions, 2 fill, beq and bne both taken: 2 + 2
    assert_eq!(c, 5 + 2 + 2 + 2);
}

/// Found by `sha3-asip fuzz` (issue 35; xoasip seeds 0xa36876144e85dbb6, 0xcd635234863afda2):
/// a doloop whose loop end is a jump or taken branch to the next instruction leaves the
/// loop, as any taken control transfer at the loop end does (the RTL's redirect replaces
/// the loop start the fetch hook fetched); the simulator looped back (npc = pc + 4 looked
/// like a fall-through) and ran 2^32 iterations.
#[test]
fn a_jump_to_the_next_instruction_at_a_loop_end_leaves_the_loop() {
    let isa = isa("rv32im_xoasip");
    let doloop = isa.ops().find(|o| o.name == "doloop").unwrap();
    let enc = doloop.enc.unwrap();
    for end in [j(4, 0), b(4, 0, 0, 0)] {
        // a5 = 3; doloop a5, LE (the next word); LE: jump to LE + 4; a0 += 1
        let w = [
            addi(15, 0, 3),
            enc.encode(&[15, 4]).unwrap(),
            end,
            addi(10, 10, 1),
        ];
        let Some((_, log)) = both("rv32-oasip", &w) else {
            return;
        };
        // li, doloop, the loop end once, addi, exit: no loop-back
        assert_eq!(log.len(), 6, "{}", log.join("\n"));
    }
}
