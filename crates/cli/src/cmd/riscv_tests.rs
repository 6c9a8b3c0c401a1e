//! `sha3-asip riscv-tests`: the official riscv-tests on the simulator or the RTL.

use super::flow_support::{named_or_all, root};
use crate::error::{CliError, Result};
use asip_flow::riscv_tests::{self, Engine, Status};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(after_help = "\
Runs the official riscv-tests ELFs (testdata/riscv-tests/elf: rv32ui, rv32um, rv32mi, rv32uzbb,
rv32uzbkb; built unchanged, BSD licence beside them) on every RV32 design whose ISA string has
the suite's extension (--engine rtl: every such design with an [rtl] processor). A suite no
design has runs on the simulator as `rv32im_<ext>` with the zscale timing model. Each test ends
by writing `tohost` (1 = pass, (n << 1) | 1 = test n failed). ma_data needs misaligned
accesses performed: on a core that traps them it is checked to trap and counted n/a.
Memory is readable, writable and executable everywhere, as the tests' `p` environment means
it (an M-mode hart without PMP; Spike loads them so), whatever the ELF's segment flags: images
linked without PHDRS (the env riscv-tests pins) run too. `run` keeps the flags.
Prints one line per failure and a summary per suite; exits 1 if any test failed.

Examples:
  sha3-asip riscv-tests
  sha3-asip riscv-tests --engine rtl --design rv32-ref
  sha3-asip riscv-tests --misaligned perform --verbose")]
pub struct RiscvTestsArgs {
    /// Engine: the simulator or the design's processor RTL (Verilator).
    #[arg(long, default_value = "sim", value_parser = ["sim", "rtl"])]
    pub engine: String,
    /// Only these designs (names or TOML paths; repeat or comma-separate).
    #[arg(long, value_delimiter = ',')]
    pub design: Vec<String>,
    /// Folder of the ELFs.
    #[arg(long, default_value = "testdata/riscv-tests/elf")]
    pub dir: PathBuf,
    /// Override the cores' misaligned-access behaviour (simulator only).
    #[arg(long, value_name = "trap|perform", value_parser = ["trap", "perform"])]
    pub misaligned: Option<String>,
    /// One line per test and target.
    #[arg(long)]
    pub verbose: bool,
}

pub fn run(a: &RiscvTestsArgs) -> Result<u8> {
    let engine = if a.engine == "rtl" {
        Engine::Rtl
    } else {
        Engine::Sim
    };
    let root = root();
    let mut designs = named_or_all(&a.design)?;
    if let Some(m) = &a.misaligned {
        if engine == Engine::Rtl {
            return Err(CliError::usage(
                "--misaligned applies to the simulator only (the RTL processor traps misaligned accesses)",
            ));
        }
        for d in &mut designs {
            asip_flow::exec::override_misaligned(d, m);
        }
    }
    let dir = if a.dir.is_relative() && !a.dir.exists() {
        root.join(&a.dir)
    } else {
        a.dir.clone()
    };
    let runs = riscv_tests::run(&root, &dir, &designs, engine).map_err(CliError::from)?;
    if runs.is_empty() {
        return Err(CliError::usage(format!(
            "no test applies to the chosen designs on engine {}",
            engine.name()
        )));
    }
    for r in &runs {
        let line = match &r.status {
            Status::Pass if a.verbose => format!("pass  {} cycles {}", r.cycles, r.instret),
            Status::Pass => continue,
            Status::Fail(m) => format!("FAIL  {m}"),
            Status::NotApplicable(m) if a.verbose => format!("n/a   {m}"),
            Status::NotApplicable(_) => continue,
        };
        println!("{}-p-{} on {}: {line}", r.suite, r.test, r.target);
    }
    let mut failed = 0;
    for (suite, pass, fail, na, targets) in riscv_tests::summary(&runs) {
        failed += fail;
        let na = if na > 0 {
            format!(", {na} not applicable")
        } else {
            String::new()
        };
        println!(
            "{suite:<10} engine {}: {pass}/{} passed{na} on {}",
            engine.name(),
            pass + fail,
            targets.join(", ")
        );
    }
    Ok(if failed > 0 { 1 } else { 0 })
}
