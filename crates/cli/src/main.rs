//! `sha3-asip`: the command-line tool of the sha3-asip toolkit. Each subcommand lives in its
//! own module under `cmd/` with a `pub fn run(args: &XArgs) -> Result<()>`.

mod cmd;
mod error;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "sha3-asip",
    version,
    about = "SHA-3 / Keccak ASIP toolkit: golden model, RV32 simulator with cycle models, design benchmarks, hardware cases, reports",
    after_help = "Example:\n  sha3-asip hash -a sha3-256 README.md\n  sha3-asip <COMMAND> --help"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Hash files (or stdin) with any function of the golden model, like sha3sum.
    Hash(cmd::hash::HashArgs),
    /// Print the per-step intermediate values of Keccak-p[b, nr].
    Trace(cmd::trace::TraceArgs),
    /// Generate deterministic known-answer vectors for testbenches.
    Vectors(cmd::vectors::VectorsArgs),
    /// Measure host SHA3-256 throughput against OpenSSL.
    BenchHost(cmd::bench_host::BenchHostArgs),
    /// List the design points in designs/.
    Designs(cmd::designs::DesignsArgs),
    /// Build designs' firmware (no make, no shell); --qemu checks it under qemu-user.
    Firmware(cmd::firmware::FirmwareArgs),
    /// Run an RV32 or MIPS32 ELF on the simulator with a design's cycle model.
    Run(cmd::run::RunArgs),
    /// Benchmark a design: cycles/byte, cycles/permutation, code size, digests checked.
    Bench(cmd::bench::BenchArgs),
    /// Profile a design's kernel: cycles per instruction class, hottest code.
    Profile(cmd::profile::ProfileArgs),
    /// Measure the simulator's speed (simulated instructions per second) against qemu.
    BenchSim(cmd::bench_sim::BenchSimArgs),
    /// Rebuild, measure and report every design and hardware case.
    Reproduce(cmd::reproduce::ReproduceArgs),
    /// Design-space exploration: a grid of design (or Keccak case) variants, flows as Dask tasks.
    Sweep(cmd::sweep::SweepArgs),
    /// Render the reports again from a finished run's results.json (no measuring).
    Report(cmd::report::ReportArgs),
    /// Keccak hardware cases: simulate, synthesize, list.
    Hw(cmd::hw::HwArgs),
    /// The processors in RTL (RV32, MIPS): run, bench, lockstep against the simulator, sources.
    Rtl(cmd::rtl::RtlArgs),
    /// Run the official riscv-tests on the simulator or the RTL processors.
    RiscvTests(cmd::riscv_tests::RiscvTestsArgs),
    /// Differential testing: random programs on qemu, the simulator and the RTL, compared.
    Fuzz(cmd::fuzz::FuzzArgs),
}

fn main() -> ExitCode {
    // Like other Unix tools, end quietly when the reader of our output goes away
    // (`sha3-asip bench ... | head`) instead of panicking on a broken pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Hash(a) => cmd::hash::run(a),
        Command::Trace(a) => cmd::trace::run(a),
        Command::Vectors(a) => cmd::vectors::run(a),
        Command::BenchHost(a) => cmd::bench_host::run(a),
        Command::Designs(a) => cmd::designs::run(a),
        Command::Firmware(a) => cmd::firmware::run(a),
        Command::Run(a) => cmd::run::run(a),
        Command::Bench(a) => cmd::bench::run(a),
        Command::Profile(a) => cmd::profile::run(a),
        Command::BenchSim(a) => cmd::bench_sim::run(a),
        Command::Reproduce(a) => cmd::reproduce::run(a),
        Command::Sweep(a) => cmd::sweep::run(a),
        Command::Report(a) => cmd::report::run(a),
        Command::Hw(a) => cmd::hw::run(a),
        Command::Rtl(a) => cmd::rtl::run(a),
        Command::RiscvTests(a) => cmd::riscv_tests::run(a),
        Command::Fuzz(a) => cmd::fuzz::run(a),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("sha3-asip: {e}");
            ExitCode::from(e.code.clamp(1, 255) as u8)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every option and argument of every subcommand says what it is in `--help`.
    #[test]
    fn every_option_has_help_text() {
        fn walk(c: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for a in c.get_arguments() {
                let id = a.get_id().as_str();
                if id == "help" || id == "version" {
                    continue;
                }
                if a.get_help().is_none() && a.get_long_help().is_none() {
                    missing.push(format!("{path} --{id}"));
                }
            }
            for s in c.get_subcommands() {
                walk(s, &format!("{path} {}", s.get_name()), missing);
            }
        }
        let mut missing = Vec::new();
        walk(&Cli::command(), "sha3-asip", &mut missing);
        assert!(missing.is_empty(), "options without help text: {missing:?}");
    }
}
