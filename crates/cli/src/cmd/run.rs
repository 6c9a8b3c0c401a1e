//! `sha3-asip run`: run any RV32 ELF on the simulator.

use super::flow_support::find_design;
use crate::error::{CliError, Result};
use asip_flow::design;
use asip_flow::exec::{self, ExecOptions};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(after_help = "\
Runs a statically linked RV32 or MIPS32 (little-endian) ELF on the cycle model of a design
(default rv32-ref, or mips-ref for a MIPS ELF; --isa and --timing change its ISA string or
timing preset, and the summary line names the design and what was changed). Prints the program's output, then its exit status, cycles,
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
    /// The design (name or TOML path) whose core runs the ELF; default `rv32-ref`
    /// (rv32im, zscale), or `mips-ref` (mips32, mips5) for a MIPS ELF.
    #[arg(long)]
    pub design: Option<String>,
    /// Run with this ISA string (Spike style) instead of the design's.
    #[arg(long)]
    pub isa: Option<String>,
    /// Run with this timing preset (zscale, zscale-eo, mips5, ideal) instead of the design's.
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

pub fn run(a: &RunArgs) -> Result<u8> {
    let prog = exec::load(&a.elf).map_err(CliError::from)?;
    let base = match &a.design {
        Some(n) => find_design(n)?,
        // the seeds' reference core of the ELF's machine
        None => find_design(design::default_for(prog.machine))?,
    };
    let mut d = base
        .with_core(a.isa.as_deref(), a.timing.as_deref())
        .map_err(CliError::usage)?;
    if let Some(m) = &a.misaligned {
        exec::override_misaligned(&mut d, m);
    }
    let trace: Option<Box<dyn Write>> = match &a.trace {
        Some(p) => Some(Box::new(std::io::BufWriter::new(
            super::flow_support::create_out_file("--trace", p)?,
        ))),
        None => None,
    };
    let name = a.elf.display().to_string();
    let mut argv = vec![name];
    argv.extend(a.args.iter().cloned());
    let out = exec::run_program(
        &d,
        &prog,
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
        &format!("design {} | isa {} | timing {}", d.name, d.isa, d.timing),
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
