//! `sha3-asip vectors`: deterministic known-answer vectors from the golden model.

use super::{to_hex, AlgArgs};
use crate::error::{CliError, Context, Result};
use clap::Args;
use sha3_golden::{new_hasher, test_message, SplitMix64};
use std::io::{self, Write};

#[derive(Args, Debug)]
#[command(after_help = "\
Output: a '#' header line, then one vector per line: '<len_bytes> <message hex, or - if
empty> <digest hex>'.
Lengths: --lens if given, else 0, 1, rate-1, rate, rate+1, 2*rate (rate in bytes of the
function); then --count more vectors with lengths drawn uniformly from 0..=--max-len.
Determinism: vector i (counting from 0) has message sha3_golden::test_message(seed + i, len),
i.e. splitmix64 seeded with seed + i, output words little-endian; the random lengths come
from splitmix64 seeded with seed ^ 0x6C656E73 (\"lens\"), each length = next % (max_len + 1).

Example:
  sha3-asip vectors --alg sha3-256 --count 100 --seed 1 > sha3-256.vec")]
pub struct VectorsArgs {
    #[command(flatten)]
    pub alg: AlgArgs,
    /// Number of random-length vectors after the fixed-length ones.
    #[arg(short = 'n', long, default_value_t = 16)]
    pub count: usize,
    /// PRNG seed.
    #[arg(short = 's', long, default_value_t = 0)]
    pub seed: u64,
    /// Largest random message length in bytes (default 4 * rate).
    #[arg(long, value_name = "BYTES")]
    pub max_len: Option<usize>,
    /// Explicit leading lengths (comma-separated), replacing the default rate-based list.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub lens: Option<Vec<usize>>,
}

pub fn run(args: &VectorsArgs) -> Result<u8> {
    let (alg, p, out_len) = args.alg.resolve()?;
    let r = alg.rate_bytes();
    let max_len = args.max_len.unwrap_or(4 * r);
    if max_len > 1 << 30 {
        return Err(CliError::usage("--max-len: at most 1 GiB"));
    }
    let mut lens = args
        .lens
        .clone()
        .unwrap_or_else(|| vec![0, 1, r - 1, r, r + 1, 2 * r]);
    let mut rng = SplitMix64(args.seed ^ 0x6C65_6E73);
    for _ in 0..args.count {
        lens.push(rng.below(max_len as u64 + 1) as usize);
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    writeln!(
        out,
        "# sha3-asip vectors: alg={} out_len={out_len} seed={} count={} max_len={max_len} \
         prng=splitmix64 (message i = test_message(seed+i, len)); fields: len_bytes msg_hex digest_hex",
        alg.name(),
        args.seed,
        lens.len()
    )
    .context(|| "stdout".into())?;
    for (i, &len) in lens.iter().enumerate() {
        let msg = test_message(args.seed.wrapping_add(i as u64), len);
        let mut h = new_hasher(alg, &p)?;
        h.update(&msg);
        let mut d = vec![0u8; out_len];
        h.finalize(&mut d);
        let m = if msg.is_empty() {
            "-".to_string()
        } else {
            to_hex(&msg)
        };
        writeln!(out, "{len} {m} {}", to_hex(&d)).context(|| "stdout".into())?;
    }
    out.flush().context(|| "stdout".into())?;
    Ok(0)
}
