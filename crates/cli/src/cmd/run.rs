//! `sha3-asip run`: run any RV32 ELF on the simulator.

use super::flow_support::find_design;
use crate::error::{CliError, Context, Result};
use asip_flow::design::{Arch, Design};
use asip_flow::exec::{self, ExecOptions};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(after_help = "\
Runs a statically linked RV32 or MIPS32 (little-endian) ELF with Linux-style syscalls
(write, exit), as qemu-riscv32 / qemu-mipsel would, on the cycle model of a design (or of an ISA string and timing preset). Prints the
program's output, then exit code, cycles, retired instructions and CPI on stderr; exits with
the program's exit code. Traps (illegal instruction, bad access, --max-cycles reached) are
reported with PC, instruction word and disassembly, exit code 1.

Examples:
  sha3-asip run firmware/build/rv32-ref/bench.elf --design rv32-ref -- sha3-256 0,64
  sha3-asip run prog.elf --isa rv32im_zbkb --timing zscale --trace commits.log")]
pub struct RunArgs {
    /// The ELF to run.
    pub elf: PathBuf,
    /// Take ISA and timing model from this design.
    #[arg(long, conflicts_with_all = ["isa", "timing"])]
    pub design: Option<String>,
    /// ISA string (Spike style); default rv32im, or mips32 for a MIPS ELF.
    #[arg(long)]
    pub isa: Option<String>,
    /// Timing preset (zscale, zscale-eo, mips5, ideal); default zscale, or mips5 for a MIPS ELF.
    #[arg(long)]
    pub timing: Option<String>,
    /// Stop with an error after this many cycles.
    #[arg(long, default_value_t = 10_000_000_000)]
    pub max_cycles: u64,
    /// Write a commit log (cycle, pc, word, disassembly, register written) to FILE.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Arguments passed to the program (argv[1..]).
    #[arg(last = true)]
    pub args: Vec<String>,
}

fn adhoc_design(isa: &str, timing: &str) -> Design {
    Design {
        name: "(command line)".into(),
        title: String::new(),
        arch: if isa.starts_with("mips") {
            Arch::Mips32
        } else {
            Arch::Rv32
        },
        isa: isa.into(),
        kernel: String::new(),
        march: None,
        cflags: None,
        timing: timing.into(),
        timing_overrides: None,
        baseline: None,
        published: None,
        rtl: None,
        notes: None,
        path: PathBuf::new(),
    }
}

pub fn run(a: &RunArgs) -> Result<u8> {
    let d = match &a.design {
        Some(n) => find_design(n)?,
        None => {
            // Defaults follow the ELF's machine: rv32im/zscale, or mips32/mips5.
            let mips = exec::load(&a.elf)
                .map(|p| p.machine == asip_sim::ElfMachine::Mips)
                .unwrap_or(false);
            let (isa, timing) = if mips {
                ("mips32", "mips5")
            } else {
                ("rv32im", "zscale")
            };
            adhoc_design(
                a.isa.as_deref().unwrap_or(isa),
                a.timing.as_deref().unwrap_or(timing),
            )
        }
    };
    let trace: Option<Box<dyn Write>> = match &a.trace {
        Some(p) => Some(Box::new(std::io::BufWriter::new(
            std::fs::File::create(p).context(|| format!("creating {}", p.display()))?,
        ))),
        None => None,
    };
    let name = a.elf.display().to_string();
    let mut argv = vec![name];
    argv.extend(a.args.iter().cloned());
    let out = exec::run_design(
        &d,
        &a.elf,
        ExecOptions {
            argv,
            max_cycles: a.max_cycles,
            profile: false,
            trace,
        },
    )
    .map_err(|e| CliError::new(e.to_string()))?;
    Ok(report_outcome(
        &out,
        &format!("isa {} | timing {}", d.isa, d.timing),
    ))
}

/// Print a run's output, then its summary line on stderr; returns the exit code to pass on.
pub fn report_outcome(out: &asip_flow::exec::ExecOutcome, what: &str) -> u8 {
    print!("{}", out.stdout);
    eprint!("{}", out.stderr);
    let _ = std::io::stdout().flush();
    let cpi = if out.instret == 0 {
        0.0
    } else {
        out.cycles as f64 / out.instret as f64
    };
    eprintln!(
        "sha3-asip: exit {} | cycles {} | instret {} | CPI {:.3} | {what}",
        out.exit_code, out.cycles, out.instret, cpi
    );
    out.exit_code.clamp(0, 255) as u8
}
