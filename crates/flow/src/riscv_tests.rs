//! The official riscv-tests (`testdata/riscv-tests/elf/`, built unchanged from their
//! sources) on the simulator or on a design's processor RTL: which suite needs which
//! extension, which designs run it, and what each run ended with.
//!
//! Every ELF runs on every design whose ISA string has its suite's extension (`--engine
//! rtl`: every such design with an `[rtl]` table). A suite that no design has (Zbb) runs
//! on the simulator with the ISA string `rv32im_<ext>` and the `zscale` timing model.
//! `ma_data` needs misaligned loads and stores to be performed (the `p` environment has no
//! handler that emulates them): on a core that traps them (`misaligned = "trap"`, the
//! zscale models and the RTL processor) it is checked to end with the trap of its first
//! access (the environment's `TESTNUM | 1337` mark for test 1) and counted as not
//! applicable; the `rv32mi` `*-misaligned` and `ma_addr` tests check that trap's mcause and
//! mtval.
//!
//! Memory is readable, writable and executable everywhere, as the `p` environment means it
//! (an M-mode hart without PMP; Spike and qemu load the images so), whatever segment flags
//! the env's linker script gave: the env that riscv-tests pins has no PHDRS, so `.data`,
//! from which `fence_i` runs code, is an RW segment (`Program::with_rwx_memory`).

/// Which engine runs the tests: the one the benches use.
pub use crate::bench::Engine;
use crate::design::{Arch, Design};
use crate::error::FlowError;
use crate::exec::{self, ExecOptions, ExecOutcome};
use asip_sim::Program;
use std::path::{Path, PathBuf};

/// A suite: the prefix of its ELF names and the extension its tests need.
pub struct Suite {
    pub name: &'static str,
    pub ext: &'static str,
}

/// The suites of `testdata/riscv-tests/elf/`.
pub const SUITES: &[Suite] = &[
    Suite {
        name: "rv32ui",
        ext: "i",
    },
    Suite {
        name: "rv32um",
        ext: "m",
    },
    Suite {
        name: "rv32mi",
        ext: "zicsr",
    },
    Suite {
        name: "rv32uzbb",
        ext: "zbb",
    },
    Suite {
        name: "rv32uzbkb",
        ext: "zbkb",
    },
];

/// How one test ended on one target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    Pass,
    Fail(String),
    /// Not applicable to this core, with the reason (and what was checked instead).
    NotApplicable(String),
}

/// One test on one target.
#[derive(Debug, Clone)]
pub struct TestRun {
    pub suite: &'static str,
    pub test: String,
    /// Design name, or `isa <string>` for a suite no design has.
    pub target: String,
    pub status: Status,
    pub cycles: u64,
    pub instret: u64,
}

/// The ELFs of a folder, sorted, with their suite.
pub fn list(dir: &Path) -> Result<Vec<(&'static Suite, String, PathBuf)>, FlowError> {
    let rd = std::fs::read_dir(dir).map_err(|e| FlowError::Io(format!("{}", dir.display()), e))?;
    let mut v = Vec::new();
    for e in rd.filter_map(|e| e.ok()) {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some((prefix, test)) = name.split_once("-p-") else {
            continue;
        };
        let Some(s) = SUITES.iter().find(|s| s.name == prefix) else {
            return Err(FlowError::Usage(format!(
                "{}: unknown suite '{prefix}' (known: {})",
                e.path().display(),
                SUITES.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
            )));
        };
        v.push((s, test.to_string(), e.path()));
    }
    v.sort_by(|a, b| (a.0.name, &a.1).cmp(&(b.0.name, &b.1)));
    if v.is_empty() {
        return Err(FlowError::Missing(format!(
            "{}: no riscv-tests ELFs (<suite>-p-<test>)",
            dir.display()
        )));
    }
    Ok(v)
}

fn has_ext(d: &Design, ext: &str) -> Result<bool, FlowError> {
    let isa = asip_extensions::registry()
        .parse_isa(&d.isa)
        .map_err(|e| FlowError::Usage(format!("design '{}': {e}", d.name)))?;
    Ok(isa.has(ext))
}

/// The targets of a suite: the given designs (RV32; with `[rtl]` for the RTL engine) whose
/// ISA has the suite's extension; for the simulator, `rv32im_<ext>` if none has it.
pub fn targets(
    suite: &Suite,
    designs: &[Design],
    engine: Engine,
) -> Result<Vec<Design>, FlowError> {
    let mut v = Vec::new();
    for d in designs {
        if d.arch == Arch::Rv32
            && (engine == Engine::Sim || d.rtl.is_some())
            && has_ext(d, suite.ext)?
        {
            v.push(d.clone());
        }
    }
    if v.is_empty() && engine == Engine::Sim {
        // no design has the extension: the reference core with it added
        let base = designs
            .iter()
            .find(|d| d.name == crate::design::default_for(Arch::Rv32))
            .ok_or_else(|| FlowError::Usage("design rv32-ref not found".into()))?;
        v.push(
            base.with_core(Some(&format!("rv32im_{}", suite.ext)), None)
                .map_err(FlowError::Usage)?,
        );
    }
    Ok(v)
}

const MAX_CYCLES: u64 = 1_000_000;

fn run_one(
    root: &Path,
    d: &Design,
    prog: &Program,
    engine: Engine,
) -> Result<ExecOutcome, FlowError> {
    match engine {
        Engine::Sim => exec::run_program(
            d,
            prog,
            ExecOptions {
                argv: vec!["riscv-test".into()],
                max_cycles: MAX_CYCLES,
                profile: false,
                trace: None,
            },
        ),
        Engine::Rtl => crate::rtl::run_program(
            root,
            d,
            prog,
            crate::rtl::RtlOptions {
                argv: vec!["riscv-test".into()],
                max_cycles: MAX_CYCLES,
                on_commit: None,
                vcd: None,
                sim: crate::rtl::HdlSim::Verilator,
                harness: None,
                progress: None,
                defines: vec![],
            },
        ),
    }
}

/// The `tohost` value of the `p` environment's unexpected-exception path during test 1.
const UNEXPECTED_EXCEPTION_TEST1: u32 = 1 | 1337;

/// Run every ELF of `dir` on its targets among `designs`.
pub fn run(
    root: &Path,
    dir: &Path,
    designs: &[Design],
    engine: Engine,
) -> Result<Vec<TestRun>, FlowError> {
    let mut out = Vec::new();
    for (suite, test, path) in list(dir)? {
        // the memory the tests' environment assumes (RWX on both engines), not the ELF's
        // segment flags, which depend on the env's linker script
        let prog = exec::load(&path)?.with_rwx_memory();
        for d in targets(suite, designs, engine)? {
            let traps_misaligned = exec::timing_of(&d)?.misaligned == asip_sim::Misaligned::Trap
                || engine == Engine::Rtl;
            let r = run_one(root, &d, &prog, engine);
            let (status, cycles, instret) = match r {
                Ok(o) => {
                    let status = match o.tohost {
                        Some(1) => Status::Pass,
                        Some(v)
                            if test == "ma_data"
                                && traps_misaligned
                                && v == UNEXPECTED_EXCEPTION_TEST1 =>
                        {
                            Status::NotApplicable(
                                "the core traps misaligned accesses (misaligned = \"trap\"); \
                                 checked: test 1's misaligned lh trapped"
                                    .into(),
                            )
                        }
                        Some(v) => Status::Fail(asip_sim::tohost_message(v)),
                        None => {
                            Status::Fail(format!("ended without tohost (exit status {})", o.status))
                        }
                    };
                    (status, o.cycles, o.instret)
                }
                Err(e @ FlowError::Guest { .. }) | Err(e @ FlowError::Sim(_)) => {
                    (Status::Fail(e.to_string()), 0, 0)
                }
                Err(e) => return Err(e),
            };
            out.push(TestRun {
                suite: suite.name,
                test: test.clone(),
                target: d.name.clone(),
                status,
                cycles,
                instret,
            });
        }
    }
    Ok(out)
}

/// Per suite: (suite, passed, failed, not applicable, targets).
pub fn summary(runs: &[TestRun]) -> Vec<(&'static str, usize, usize, usize, Vec<String>)> {
    let mut v = Vec::new();
    for s in SUITES {
        let rs: Vec<&TestRun> = runs.iter().filter(|r| r.suite == s.name).collect();
        if rs.is_empty() {
            continue;
        }
        let mut targets: Vec<String> = rs.iter().map(|r| r.target.clone()).collect();
        targets.sort();
        targets.dedup();
        let count = |f: fn(&Status) -> bool| rs.iter().filter(|r| f(&r.status)).count();
        v.push((
            s.name,
            count(|s| *s == Status::Pass),
            count(|s| matches!(s, Status::Fail(_))),
            count(|s| matches!(s, Status::NotApplicable(_))),
            targets,
        ));
    }
    v
}
