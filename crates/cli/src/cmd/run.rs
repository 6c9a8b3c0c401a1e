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
Runs a statically linked RV32 or MIPS32 (little-endian) ELF on the cycle model of a design (or
of an ISA string and timing preset). Prints the program's output, then its exit status, cycles,
retired instructions and CPI on stderr. Segments load as their ELF flags say (a segment without
flags is readable, writable and executable, as in Spike and qemu); a store to a read-only or a
fetch from a non-executable segment traps.

How a program ends, and the exit status of this command:
  Linux ABI   an ecall while mtvec = 0 is a syscall (write 64, exit 93, exit_group 94), as
              qemu-riscv32 / qemu-mipsel run it; exit(n) ends the run with status n & 0xff
              as a POSIX parent sees it (exit(-1) is 255, exit(256) is 0).
  tohost      riscv-tests convention: a store of a non-zero value v to the ELF's `tohost`
              symbol ends the run; v = 1 passes (status 0), otherwise test v >> 1 failed
              (message `tohost = v: test n failed`, status n, at most 255).
  trap        a trap without a handler (mtvec = 0) or --max-cycles reached stops the run
              with the PC, word and disassembly, and status 128 + the signal a POSIX system
              would kill the process with: 132 illegal instruction (SIGILL), 133 ebreak
              (SIGTRAP), 135 misaligned access (SIGBUS), 139 access outside memory or
              against segment permissions (SIGSEGV), 152 --max-cycles (SIGXCPU), 159
              unknown syscall (SIGSYS). Errors before the run (bad ELF, ISA, layout): 1;
              bad usage: 2.

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
    /// Stop with an error after this many cycles (at least 1; there is no unlimited run).
    #[arg(long, default_value_t = 10_000_000_000, value_parser = parse_max_cycles)]
    pub max_cycles: u64,
    /// Misaligned loads and stores: trap, or perform them (overrides the timing model's
    /// `misaligned`; zscale, zscale-eo and mips5 trap).
    #[arg(long, value_name = "trap|perform", value_parser = ["trap", "perform"])]
    pub misaligned: Option<String>,
    /// Write a commit log (cycle, pc, word, disassembly, register written) to FILE.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Arguments passed to the program (argv[1..]).
    #[arg(last = true)]
    pub args: Vec<String>,
}

/// `--max-cycles`: a positive cycle count.
pub fn parse_max_cycles(s: &str) -> std::result::Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err(
            "0 is not a limit: give a positive cycle count (there is no unlimited \
                      run; the default is 10000000000)"
                .into(),
        ),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{s}' is not a cycle count")),
    }
}

pub fn adhoc_design(isa: &str, timing: &str) -> Design {
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
    let mut d = match &a.design {
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
    if let Some(m) = &a.misaligned {
        exec::override_misaligned(&mut d, m);
    }
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
    .map_err(CliError::from)?;
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
    if let Some(v) = out.tohost {
        eprintln!("sha3-asip: {}", asip_sim::tohost_message(v));
    }
    let guest = if out.tohost.is_none() && out.exit_code != out.status as i64 {
        format!(" (exit({}))", out.exit_code)
    } else {
        String::new()
    };
    eprintln!(
        "sha3-asip: exit {}{guest} | cycles {} | instret {} | CPI {:.3} | {what}",
        out.status, out.cycles, out.instret, cpi
    );
    out.status
}
