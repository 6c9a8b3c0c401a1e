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
    about = "SHA-3 / Keccak toolkit: golden-model hashing, traces, test vectors, benchmarks",
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Hash(a) => cmd::hash::run(a),
        Command::Trace(a) => cmd::trace::run(a),
        Command::Vectors(a) => cmd::vectors::run(a),
        Command::BenchHost(a) => cmd::bench_host::run(a),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("sha3-asip: {e}");
            ExitCode::from(e.code.clamp(1, 255) as u8)
        }
    }
}
