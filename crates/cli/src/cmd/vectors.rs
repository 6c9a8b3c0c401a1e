//! `sha3-asip vectors`: deterministic known-answer vectors from the golden model.

use super::AlgArgs;
use crate::error::{CliError, Context, Result};
use clap::Args;
use sha3_golden::encoding::hex;
use sha3_golden::{new_hasher, SplitMix64};
use std::io::{self, Write};

#[derive(Args, Debug)]
#[command(after_help = "\
Output: a '#' header line, then one vector per line: '<len_bytes> <message hex, or - if
empty> <digest hex>'.
Lengths: --lens if given, else 0, 1, rate-1, rate, rate+1, 2*rate (rate in bytes of the
function); then --count more vectors with lengths drawn uniformly from 0..=--max-len.
Limits: each length at most 1 GiB, -l at most 1 MiB; vectors are written as they are
generated, so memory does not grow with --count or the lengths.
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

/// The largest message length `--max-len` and `--lens` accept.
pub const MAX_MSG_LEN: usize = 1 << 30;

pub fn run(args: &VectorsArgs) -> Result<u8> {
    let (alg, p, out_len) = args.alg.resolve()?;
    let r = alg.rate_bytes();
    let max_len = args.max_len.unwrap_or(4 * r);
    if max_len > MAX_MSG_LEN {
        return Err(CliError::usage(format!(
            "--max-len: {max_len} bytes is more than the limit of {MAX_MSG_LEN} bytes (1 GiB)"
        )));
    }
    let fixed = args
        .lens
        .clone()
        .unwrap_or_else(|| vec![0, 1, r - 1, r, r + 1, 2 * r]);
    if let Some(l) = fixed.iter().find(|&&l| l > MAX_MSG_LEN) {
        return Err(CliError::usage(format!(
            "--lens: {l} bytes is more than the limit of {MAX_MSG_LEN} bytes (1 GiB)"
        )));
    }
    // Lengths and messages are generated as they are written: memory does not grow with
    // --count or the message lengths.
    let mut rng = SplitMix64(args.seed ^ 0x6C65_6E73);
    let random = (0..args.count).map(move |_| rng.below(max_len as u64 + 1) as usize);
    let lens = fixed.iter().copied().chain(random);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    writeln!(
        out,
        "# sha3-asip vectors: alg={} out_len={out_len} seed={} count={} max_len={max_len} \
         prng=splitmix64 (message i = test_message(seed+i, len)); fields: len_bytes msg_hex digest_hex",
        alg.name(),
        args.seed,
        fixed.len() as u128 + args.count as u128
    )
    .context(|| "stdout".into())?;
    for (i, len) in lens.enumerate() {
        write!(out, "{len} ").context(|| "stdout".into())?;
        let mut h = new_hasher(alg, &p)?;
        if len == 0 {
            out.write_all(b"-").context(|| "stdout".into())?;
        }
        // test_message(seed + i, len), 8 bytes at a time
        let mut g = SplitMix64(args.seed.wrapping_add(i as u64));
        let mut left = len;
        while left > 0 {
            let w = g.next_u64().to_le_bytes();
            let n = left.min(8);
            h.update(&w[..n]);
            out.write_all(hex(&w[..n]).as_bytes())
                .context(|| "stdout".into())?;
            left -= n;
        }
        let d = h.finalize_vec(out_len);
        writeln!(out, " {}", hex(&d)).context(|| "stdout".into())?;
    }
    out.flush().context(|| "stdout".into())?;
    Ok(0)
}
