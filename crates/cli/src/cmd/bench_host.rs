//! `sha3-asip bench-host`: host SHA3-256 throughput of the golden model's fast permutation,
//! compared in the same run with OpenSSL (or python3's hashlib when openssl is absent).

use crate::error::{CliError, Result};
use clap::Args;
use sha3_golden::{new_hasher, test_message, Algorithm, Params};
use std::process::Command;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
#[command(after_help = "\
Ours: SHA3-256 of a 1 MiB buffer, repeated; the best of several runs is reported.
Reference: 'openssl speed -evp sha3-256 -bytes 16384 -seconds N', or python3 hashlib
(best of several runs over a 1 MiB buffer) if openssl is not installed.
MB/s is 10^6 bytes per second. Build with --release for meaningful numbers.

Example:
  cargo run --release -p sha3-asip -- bench-host --seconds 3")]
pub struct BenchHostArgs {
    /// Measuring time for our implementation, in seconds (OpenSSL gets as many, at least 1).
    #[arg(long, default_value_t = 2.0)]
    pub seconds: f64,
}

/// Best MB/s of SHA3-256 over a 1 MiB buffer within the time budget.
pub fn measure_ours(seconds: f64) -> f64 {
    let buf = test_message(1, 1 << 20);
    let mut out = [0u8; 32];
    let runs = 5;
    let per_run = Duration::from_secs_f64((seconds / runs as f64).max(0.05));
    let mut best = 0.0f64;
    let mut sink = 0u8;
    for _ in 0..runs {
        let start = Instant::now();
        let mut bytes = 0usize;
        while start.elapsed() < per_run {
            let mut h = new_hasher(Algorithm::Sha3_256, &Params::default()).expect("sha3-256");
            h.update(&buf);
            h.finalize(&mut out);
            sink ^= out[0];
            bytes += buf.len();
        }
        let mbps = bytes as f64 / start.elapsed().as_secs_f64() / 1e6;
        best = best.max(mbps);
    }
    std::hint::black_box(sink);
    best
}

/// Parse the 'sha3-256 ... 123456.78k' line of `openssl speed` (1000s of bytes per second).
pub fn parse_openssl_speed(text: &str) -> Option<f64> {
    text.lines()
        .filter(|l| l.starts_with("sha3-256"))
        .filter_map(|l| l.split_whitespace().next_back())
        .filter_map(|t| t.strip_suffix('k'))
        .filter_map(|t| t.parse::<f64>().ok())
        .next_back()
        .map(|k| k * 1000.0 / 1e6)
}

fn openssl(seconds: u64) -> Option<(String, f64)> {
    let version = Command::new("openssl").arg("version").output().ok()?;
    let version = String::from_utf8_lossy(&version.stdout).trim().to_string();
    let out = Command::new("openssl")
        .args(["speed", "-evp", "sha3-256", "-bytes", "16384", "-seconds"])
        .arg(seconds.to_string())
        .output()
        .ok()?;
    let mbps = parse_openssl_speed(&String::from_utf8_lossy(&out.stdout))?;
    Some((
        format!("{version} (openssl speed -evp sha3-256 -bytes 16384 -seconds {seconds})"),
        mbps,
    ))
}

const PY: &str = "import hashlib,time,sys\n\
b=bytes(range(256))*4096\n\
best=0.0\n\
for _ in range(5):\n\
    t=time.perf_counter(); n=0\n\
    while time.perf_counter()-t < float(sys.argv[1]):\n\
        hashlib.sha3_256(b).digest(); n+=len(b)\n\
    best=max(best, n/(time.perf_counter()-t)/1e6)\n\
print(best)\n";

fn python(seconds: f64) -> Option<(String, f64)> {
    let out = Command::new("python3")
        .args(["-c", PY, &format!("{}", (seconds / 5.0).max(0.05))])
        .output()
        .ok()?;
    let mbps = String::from_utf8_lossy(&out.stdout).trim().parse().ok()?;
    Some((
        "python3 hashlib.sha3_256 (1 MiB buffer, best of 5)".into(),
        mbps,
    ))
}

pub fn run(args: &BenchHostArgs) -> Result<u8> {
    if !(args.seconds > 0.0 && args.seconds <= 600.0) {
        return Err(CliError::usage("--seconds must be in (0, 600]"));
    }
    if cfg!(debug_assertions) {
        eprintln!("sha3-asip: note: this is a debug build; measure with --release");
    }
    let ours = measure_ours(args.seconds);
    println!("ours:      {ours:9.1} MB/s  sha3-asip golden SHA3-256 (unrolled Keccak-f[1600]), 1 MiB buffer, best of 5");
    let reference = openssl(args.seconds.ceil().max(1.0) as u64).or_else(|| python(args.seconds));
    match reference {
        Some((what, theirs)) => {
            println!("reference: {theirs:9.1} MB/s  {what}");
            println!("ratio ours/reference: {:.2}", ours / theirs);
            Ok(0)
        }
        None => Err(CliError::new(
            "neither openssl nor python3 could be run for the reference measurement",
        )),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn parses_openssl_speed_output() {
        let text = "Doing sha3-256 for 1s on 16384 size blocks: 40000 sha3-256's in 1.00s\n\
                    version: 3.0.19\n\
                    type             16384 bytes\n\
                    sha3-256        655360.00k\n";
        assert_eq!(super::parse_openssl_speed(text), Some(655.36));
        assert_eq!(super::parse_openssl_speed("nothing"), None);
    }
}
