//! `sha3-asip rtl`: run firmware on a design's processor in RTL (Verilator), benchmark it,
//! check it in lockstep against the simulator, list its sources.

use super::flow_support::{find_design, parse_lens, root};
use crate::error::{CliError, Result};
use asip_flow::bench::{self, Engine};
use asip_flow::exec;
use asip_flow::rtl::{self, RtlOptions};
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(after_help = "\
The RV32 processor (hw/cores/rv32, docs/rv32-core.md) with the extension units a design lists
in its [rtl] table, simulated cycle by cycle with Verilator (built on first use into
hw/build/rtl/<design>/). Programs start from the simulator's own memory image (segments,
heap, stack, argv); ecalls with mtvec = 0 are the firmware's Linux-ABI host calls (write,
exit, exit_group), and a store of a non-zero value to the ELF's `tohost` symbol ends the run
(riscv-tests: 1 = pass, otherwise test value>>1 failed).

Examples:
  sha3-asip rtl run firmware/build/rv32-ref/bench.elf --design rv32-ref -- sha3-256 0,64
  sha3-asip rtl bench --design rv32-zbkb --alg sha3-256 --json
  sha3-asip rtl lockstep --design rv32-ref --len 0,200
  sha3-asip rtl files --design rv32-zbkb --json
  sha3-asip rtl core --design rv32-oasip   (a FuseSoC core of the processor)")]
pub struct RtlArgs {
    #[command(subcommand)]
    pub cmd: RtlCmd,
}

#[derive(Subcommand, Debug)]
pub enum RtlCmd {
    /// Run an ELF on the design's processor; prints what `sha3-asip run` prints.
    Run(RunArgs),
    /// Benchmark the design's kernel on its processor (same output as `bench`).
    Bench(BenchArgs),
    /// Run the benchmark firmware on the RTL and on the simulator and compare the commit
    /// logs line by line (retire cycle, pc, word, register and memory writes).
    Lockstep(LockstepArgs),
    /// The processor's Verilog sources, top module and parameters.
    Files(FilesArgs),
    /// Write a FuseSoC core of the processor (hw/build/rtl/<design>/<design>.core: targets
    /// default, lint, sim) and print its path.
    Core(CoreArgs),
}

#[derive(Args, Debug)]
pub struct CoreArgs {
    /// Design with an [rtl] table (RV32 or MIPS; `sha3-asip designs --long` shows which).
    #[arg(long)]
    pub design: String,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    /// The ELF to run.
    pub elf: PathBuf,
    /// Design (must have an [rtl] table).
    #[arg(long)]
    pub design: String,
    /// Stop with an error after this many cycles (at least 1). The default is the limit of
    /// the benchmark runs (`bench`, `rtl bench`), 2e9: at the 2-3 million cycles a second
    /// Verilator simulates the core, a quarter of an hour (`run`'s 1e10 would be an hour). A run longer than a second
    /// shows its progress on stderr when stderr is a terminal, else a line a minute.
    #[arg(long, default_value_t = asip_flow::bench::MAX_CYCLES, value_parser = super::run::parse_max_cycles)]
    pub max_cycles: u64,
    /// Write the commit log (the simulator's `run --trace` format) to FILE.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Write a waveform (VCD) to FILE (Verilator only).
    #[arg(long, value_name = "FILE")]
    pub vcd: Option<PathBuf>,
    /// HDL simulator: verilator, or icarus (Icarus Verilog: a second simulator for a smoke
    /// test of the RTL; thousands of times slower, for short programs).
    #[arg(long, default_value = "verilator", value_parser = ["verilator", "icarus"])]
    pub sim: String,
    /// Run this prebuilt Verilator harness instead of the design's RTL model (the power
    /// flow's gate-level netlist model, hw/scripts/power.py; same options and output).
    #[arg(long, value_name = "EXE", conflicts_with_all = ["vcd", "trace"])]
    pub harness: Option<PathBuf>,
    /// An extra argument for --harness (repeatable).
    #[arg(
        long = "harness-arg",
        value_name = "ARG",
        requires = "harness",
        allow_hyphen_values = true
    )]
    pub harness_args: Vec<String>,
    /// Build the RTL with this Verilog define (repeatable; a model of its own per set):
    /// SHA3ASIP_FPGA selects the FPGA forms the ECP5 flow synthesizes (the vector
    /// register file in LUT RAM).
    #[arg(long = "define", value_name = "NAME", value_parser = parse_define)]
    pub defines: Vec<String>,
    /// Arguments passed to the program (argv[1..]).
    #[arg(last = true)]
    pub args: Vec<String>,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Design with an [rtl] table (RV32 or MIPS; `sha3-asip designs --long` shows which).
    #[arg(long)]
    pub design: String,
    #[arg(long, default_value = "sha3-256", help = super::alg_help("Function", false, ", or all"))]
    pub alg: String,
    /// Message lengths in bytes, comma-separated.
    #[arg(long, default_value = "0,64,136,1024")]
    pub len: String,
    /// Seed of the harness's message generator.
    #[arg(long, default_value_t = 0)]
    pub seed: u32,
    /// Print JSON (as `bench --json`, with "engine": "rtl").
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct LockstepArgs {
    /// Design with an [rtl] table (RV32 or MIPS; `sha3-asip designs --long` shows which).
    #[arg(long)]
    pub design: String,
    #[arg(long, default_value = "sha3-256", help = super::alg_help("Function the firmware hashes", false, ""))]
    pub alg: String,
    /// Message lengths of the benchmark firmware's run.
    #[arg(long, default_value = "0,137")]
    pub len: String,
    /// Seed of the harness's message generator.
    #[arg(long, default_value_t = 0)]
    pub seed: u32,
    /// Build the RTL with this Verilog define (repeatable; a model of its own per set):
    /// SHA3ASIP_FPGA selects the FPGA forms the ECP5 flow synthesizes (the vector
    /// register file in LUT RAM).
    #[arg(long = "define", value_name = "NAME", value_parser = parse_define)]
    pub defines: Vec<String>,
}

/// A Verilog define's name: a letter or `_`, then letters, digits and `_`.
fn parse_define(s: &str) -> std::result::Result<String, String> {
    let mut c = s.chars();
    let ok = matches!(c.next(), Some(f) if f.is_ascii_alphabetic() || f == '_')
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_');
    if ok {
        Ok(s.to_string())
    } else {
        Err(format!(
            "'{s}' is not a Verilog define name (a letter or _, then letters, digits and _)"
        ))
    }
}

#[derive(Args, Debug)]
pub struct FilesArgs {
    /// Design with an [rtl] table (RV32 or MIPS; `sha3-asip designs --long` shows which).
    #[arg(long)]
    pub design: String,
    /// JSON: {"top", "files", "params"}.
    #[arg(long)]
    pub json: bool,
    /// The sources of a build with this Verilog define (repeatable): SHA3ASIP_FPGA adds the
    /// FPGA forms' files (the vector register file in LUT RAM), as the ECP5 flow reads them.
    #[arg(long = "define", value_name = "NAME", value_parser = parse_define)]
    pub defines: Vec<String>,
}

pub fn run(a: &RtlArgs) -> Result<u8> {
    match &a.cmd {
        RtlCmd::Run(r) => run_elf(r),
        RtlCmd::Bench(b) => bench_rtl(b),
        RtlCmd::Lockstep(l) => lockstep(l),
        RtlCmd::Files(f) => files(f),
        RtlCmd::Core(c) => {
            let d = find_design(&c.design)?;
            let p = rtl::fusesoc_core(&root(), &d).map_err(|e| CliError::new(e.to_string()))?;
            println!("{}", p.display());
            Ok(0)
        }
    }
}

fn run_elf(a: &RunArgs) -> Result<u8> {
    let d = find_design(&a.design)?;
    let prog = exec::load(&a.elf).map_err(|e| CliError::new(e.to_string()))?;
    let mut argv = vec![a.elf.display().to_string()];
    argv.extend(a.args.iter().cloned());
    if let Some(v) = &a.vcd {
        if a.sim == "icarus" {
            return Err(CliError::usage(
                "--vcd is a Verilator option (the Icarus harness writes no waveform)",
            ));
        }
        super::flow_support::create_out_file("--vcd", v)?;
    }
    let on_commit: Option<rtl::CommitSink> = match &a.trace {
        Some(p) => {
            let mut w =
                std::io::BufWriter::new(super::flow_support::create_out_file("--trace", p)?);
            Some(Box::new(move |_: &rtl::Commit, line: &str| {
                writeln!(w, "{line}")
                    .map_err(|e| asip_flow::error::FlowError::Io("writing the trace".into(), e))
            }))
        }
        None => None,
    };
    let (progress, shown) = progress_sink(a.max_cycles);
    let out = rtl::run_program(
        &root(),
        &d,
        &prog,
        RtlOptions {
            argv,
            max_cycles: a.max_cycles,
            on_commit,
            vcd: a.vcd.clone(),
            harness: a.harness.clone().map(|h| (h, a.harness_args.clone())),
            sim: if a.sim == "icarus" {
                rtl::HdlSim::Icarus
            } else {
                rtl::HdlSim::Verilator
            },
            progress: Some(progress),
            defines: a.defines.clone(),
        },
    );
    if shown.get() {
        eprint!("\r\x1b[K"); // the progress line goes before the outcome is printed
    }
    let out = out.map_err(CliError::from)?;
    Ok(super::run::report_outcome(
        &out,
        &format!("isa {} | engine rtl ({})", d.isa, a.sim),
    ))
}

/// The progress of a long `rtl run` on stderr: on a terminal, one line rewritten about
/// twice a second once the run takes more than a second; otherwise (a log file) a line a
/// minute. The flag says whether a terminal line is showing (to be cleared).
fn progress_sink(max_cycles: u64) -> (rtl::ProgressSink, std::rc::Rc<std::cell::Cell<bool>>) {
    use std::io::IsTerminal;
    use std::time::{Duration, Instant};
    let tty = std::io::stderr().is_terminal();
    let shown = std::rc::Rc::new(std::cell::Cell::new(false));
    let flag = shown.clone();
    let start = Instant::now();
    let (first, every) = if tty {
        (Duration::from_secs(1), Duration::from_millis(500))
    } else {
        (Duration::from_secs(60), Duration::from_secs(60))
    };
    let mut next = start + first;
    let sink = Box::new(move |cycles: u64, instret: u64| {
        let now = Instant::now();
        if now < next {
            return;
        }
        next = now + every;
        let secs = (now - start).as_secs_f64();
        let line = format!(
            "rtl run: {:.1} M cycles ({:.1} % of --max-cycles), {:.1} M instructions, {:.2} M \
             cycles/s, {:.0} s",
            cycles as f64 / 1e6,
            100.0 * cycles as f64 / max_cycles as f64,
            instret as f64 / 1e6,
            cycles as f64 / 1e6 / secs,
            secs
        );
        if tty {
            eprint!("\r\x1b[K{line}");
            flag.set(true);
        } else {
            eprintln!("{line}");
        }
    });
    (sink, shown)
}

fn bench_rtl(a: &BenchArgs) -> Result<u8> {
    // a firmware AEAD (Keyak, Ketje): its default key, nonce and no associated data, as
    // `bench` uses them
    if let Some(aead) = bench::firmware_aead(&a.alg) {
        let d = find_design(&a.design)?;
        let o = bench::BenchOptions {
            alg: aead.name().to_string(),
            lens: parse_lens(&a.len)?,
            seed: a.seed,
            engine: Engine::Rtl,
            aead: Some(bench::AeadArgs::default_for(aead)),
            ..bench::BenchOptions::default()
        };
        let r = bench::bench(&root(), &d, &o).map_err(|e| CliError::new(e.to_string()))?;
        super::bench::print_records(std::slice::from_ref(&r), a.json)?;
        return if r.digest_ok {
            Ok(0)
        } else {
            Err(CliError::new(format!(
                "design '{}' produced wrong ciphertexts or tags for {} on the RTL (see the table)",
                d.name,
                aead.name()
            )))
        };
    }
    super::bench::bench_on(
        &a.design,
        &a.alg,
        &super::FnParamArgs::default(),
        &a.len,
        a.seed,
        a.json,
        Engine::Rtl,
    )
}

fn lockstep(a: &LockstepArgs) -> Result<u8> {
    let d = find_design(&a.design)?;
    let lens = parse_lens(&a.len)?;
    bench::alg_shape(&a.alg)?;
    let r = asip_flow::lockstep::check_with(&root(), &d, &a.alg, &lens, a.seed, &a.defines)
        .map_err(|e| CliError::new(e.to_string()))?;
    let with: String = a.defines.iter().map(|x| format!(" -D{x}")).collect();
    println!(
        "lockstep {}{with}: {} instructions, {} cycles: RTL commit log == simulator commit log",
        d.name, r.instructions, r.cycles
    );
    Ok(0)
}

fn files(a: &FilesArgs) -> Result<u8> {
    let d = find_design(&a.design)?;
    let f = rtl::files_with(&root(), &d, &a.defines).map_err(|e| CliError::new(e.to_string()))?;
    if a.json {
        let v = serde_json::json!({
            "top": f.top,
            "files": f.files.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
            "include_dirs": f.include_dirs.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
            "params": f.params.iter().map(|(k, v)| (k.clone(), serde_json::json!(v)))
                .collect::<serde_json::Map<_, _>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        println!("top {}", f.top);
        for (k, v) in &f.params {
            println!("param {k}={v}");
        }
        for p in &f.include_dirs {
            println!("include {}", p.display());
        }
        for p in &f.files {
            println!("{}", p.display());
        }
    }
    Ok(0)
}
