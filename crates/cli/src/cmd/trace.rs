//! `sha3-asip trace`: per-step intermediate values of Keccak-p[b, nr].

use super::parse_hex;
use crate::error::{CliError, Result};
use clap::Args;
use sha3_golden::keccak::{default_rounds, lane_width, state_from_bytes};
use sha3_golden::{trace_with, LaneFormat};

#[derive(Args, Debug)]
#[command(after_help = "\
Prints the state after theta, rho, pi, chi and iota of every round, in the layout of the
Keccak team's KeccakF-<b>-IntermediateValues.txt files (rounds labelled by their FIPS 202
round index, 12+2l-nr ..).

Examples:
  sha3-asip trace -b 1600
  sha3-asip trace -b 200 --rounds 4
  sha3-asip trace -b 1600 --interleaved     # lanes as even:odd 32-bit words")]
pub struct TraceArgs {
    /// Permutation width b: 25, 50, 100, 200, 400, 800 or 1600.
    #[arg(short = 'b', long, default_value_t = 1600)]
    pub width: usize,
    /// Number of rounds nr (default 12 + 2l, the full Keccak-f[b]); at most 12 + 2l.
    #[arg(short = 'r', long)]
    pub rounds: Option<usize>,
    /// Input state as hex bytes (b/8 bytes, state bit i = bit i%8 of byte i/8); default zero.
    #[arg(long, value_name = "HEX")]
    pub state: Option<String>,
    /// b = 1600 only: print lanes bit-interleaved (KeccakF-1600-IntermediateValues32BI.txt).
    #[arg(long)]
    pub interleaved: bool,
}

pub fn run(args: &TraceArgs) -> Result<u8> {
    let b = args.width;
    if lane_width(b).is_none() {
        return Err(CliError::usage(format!(
            "-b {b}: width must be one of 25, 50, 100, 200, 400, 800, 1600"
        )));
    }
    let max = default_rounds(b);
    let nr = args.rounds.unwrap_or(max);
    if nr > max {
        return Err(CliError::usage(format!(
            "--rounds {nr}: at most {max} for b = {b}"
        )));
    }
    if args.interleaved && b != 1600 {
        return Err(CliError::usage("--interleaved needs -b 1600"));
    }
    let state = match &args.state {
        None => [0u64; 25],
        Some(h) => {
            let bytes = parse_hex("--state", h)?;
            if bytes.len() != b.div_ceil(8) {
                return Err(CliError::usage(format!(
                    "--state: expected {} bytes for b = {b}, got {}",
                    b.div_ceil(8),
                    bytes.len()
                )));
            }
            state_from_bytes(&bytes, b)
        }
    };
    let fmt = if args.interleaved {
        LaneFormat::Interleaved32
    } else {
        LaneFormat::Plain
    };
    print!("{}", trace_with(b, nr, &state, fmt));
    Ok(0)
}
