//! `sha3-asip bench-host`: host SHA3-256 throughput of the golden model's fast permutation,
//! compared in the same run with OpenSSL (or python3's hashlib when openssl is absent).
//!
//! The machine may be shared, so the two sides are measured in alternating rounds (ours, then
//! the reference, `--rounds` times) and the best round of each is reported: load then hits
//! both alike. By default both rates are divided by CPU time, not wall-clock time: `openssl
//! speed` divides by its user CPU time unless given `-elapsed`, and ours divides by the
//! thread's on-CPU time (`/proc/thread-self/schedstat`), so time spent waiting for a core
//! counts for neither. `--wall-clock` divides both by elapsed time instead.

use crate::error::{CliError, Result};
use clap::Args;
use sha3_golden::{new_hasher, test_message, Algorithm, Params};
use std::process::Command;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
#[command(after_help = "\
Ours: SHA3-256 of a 1 MiB buffer, repeated. Reference: 'openssl speed -evp sha3-256 -bytes
16384 -seconds N', or python3 hashlib over a 1 MiB buffer if openssl is not installed. The
two are measured in alternating rounds and the best round of each is reported. Rates are
bytes per CPU second (ours: the thread's on-CPU time, at least 0.2 s per round; openssl:
its user time) unless --wall-clock is given. MB/s is 10^6 bytes per second. Build with --release.

Example:
  cargo run --release -p sha3-asip -- bench-host --seconds 3")]
pub struct BenchHostArgs {
    /// Measuring time for our implementation, in seconds, split over the rounds (OpenSSL gets
    /// as many, at least 1 per round).
    #[arg(long, default_value_t = 2.0)]
    pub seconds: f64,
    /// Alternating rounds (ours, then the reference); the best round of each is reported.
    #[arg(long, default_value_t = 5)]
    pub rounds: u32,
    /// Divide by elapsed wall-clock time instead of CPU time (on both sides).
    #[arg(long)]
    pub wall_clock: bool,
}

/// On-CPU time of the calling thread in nanoseconds (first field of
/// `/proc/thread-self/schedstat`), or `None` where that file does not exist.
pub fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Which time the rates are divided by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// The measured code's CPU time.
    Cpu,
    /// Elapsed time.
    Wall,
}

/// CPU time each round of ours gathers at least (the scheduler updates the on-CPU time only at
/// ticks and context switches, a few milliseconds apart), unless the round already took 20
/// times its elapsed-time budget.
const MIN_CPU_NS: u64 = 200_000_000;

/// One round of ours: SHA3-256 of a 1 MiB buffer, repeated for `wall` of elapsed time (and at
/// least 4 times, and with [`Clock::Cpu`] until it has had 0.2 s of CPU); MB/s by the given
/// clock.
pub fn measure_ours_round(buf: &[u8], wall: Duration, clock: Clock) -> f64 {
    let mut out = [0u8; 32];
    let mut sink = 0u8;
    let cpu0 = match clock {
        Clock::Cpu => thread_cpu_ns(),
        Clock::Wall => None,
    };
    let start = Instant::now();
    let mut bytes = 0usize;
    let mut n = 0;
    let mut cpu1;
    loop {
        let mut h = new_hasher(Algorithm::Sha3_256, &Params::default()).expect("sha3-256");
        h.update(buf);
        h.finalize(&mut out);
        sink ^= out[0];
        bytes += buf.len();
        n += 1;
        let elapsed = start.elapsed();
        if n < 4 || elapsed < wall {
            continue;
        }
        cpu1 = cpu0.and_then(|_| thread_cpu_ns());
        let cpu_short =
            matches!((cpu0, cpu1), (Some(a), Some(b)) if b.saturating_sub(a) < MIN_CPU_NS);
        if !cpu_short || elapsed > wall * 20 {
            break;
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    std::hint::black_box(sink);
    let secs = match (cpu0, cpu1) {
        (Some(a), Some(b)) if b > a => (b - a) as f64 / 1e9,
        _ => elapsed,
    };
    bytes as f64 / secs / 1e6
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

/// Parse `openssl speed -mr` output (stdout and stderr together): MB/s from the
/// '+F:<n>:sha3-256:<bytes per second>' line, or from '+R:<count>:sha3-256:<seconds>' with the
/// '+H:<block bytes>' line.
pub fn parse_openssl_speed_mr(text: &str) -> Option<f64> {
    let (mut block, mut result, mut rate) = (None, None, None);
    for line in text.lines() {
        let f: Vec<&str> = line.trim().split(':').collect();
        match f.as_slice() {
            ["+H", size, ..] => block = size.parse::<f64>().ok(),
            ["+R", count, "sha3-256", secs] => {
                result = count.parse::<f64>().ok().zip(secs.parse::<f64>().ok());
            }
            ["+F", _, "sha3-256", bps, ..] => rate = bps.parse::<f64>().ok(),
            _ => {}
        }
    }
    if let Some(bps) = rate.filter(|r| *r > 0.0) {
        return Some(bps / 1e6);
    }
    let ((count, secs), block) = (result?, block?);
    (secs > 0.0).then(|| count * block / secs / 1e6)
}

/// The `openssl version` line, if openssl runs.
fn openssl_version() -> Option<String> {
    let version = Command::new("openssl").arg("version").output().ok()?;
    version
        .status
        .success()
        .then(|| String::from_utf8_lossy(&version.stdout).trim().to_string())
}

/// One `openssl speed` round: MB/s.
fn openssl_round(seconds: u64, clock: Clock) -> Option<f64> {
    let mut cmd = Command::new("openssl");
    cmd.args([
        "speed", "-mr", "-evp", "sha3-256", "-bytes", "16384", "-seconds",
    ])
    .arg(seconds.to_string());
    if clock == Clock::Wall {
        cmd.arg("-elapsed");
    }
    let out = cmd.output().ok()?;
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    parse_openssl_speed_mr(&text).or_else(|| parse_openssl_speed(&text))
}

const PY: &str = "import hashlib,time,sys\n\
clk=time.process_time if sys.argv[2]=='cpu' else time.perf_counter\n\
b=bytes(range(256))*4096\n\
w=time.perf_counter(); t=clk(); n=0\n\
while n==0 or time.perf_counter()-w < float(sys.argv[1]):\n\
    hashlib.sha3_256(b).digest(); n+=len(b)\n\
print(n/(clk()-t)/1e6)\n";

/// One python3 hashlib round: MB/s.
fn python_round(seconds: f64, clock: Clock) -> Option<f64> {
    let which = if clock == Clock::Cpu { "cpu" } else { "wall" };
    let out = Command::new("python3")
        .args(["-c", PY, &format!("{seconds}"), which])
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stdout).trim().parse().ok()
}

pub fn run(args: &BenchHostArgs) -> Result<u8> {
    if !(args.seconds > 0.0 && args.seconds <= 600.0) {
        return Err(CliError::usage("--seconds must be in (0, 600]"));
    }
    if !(1..=100).contains(&args.rounds) {
        return Err(CliError::usage("--rounds must be in 1..=100"));
    }
    if cfg!(debug_assertions) {
        eprintln!("sha3-asip: note: this is a debug build; measure with --release");
    }
    let clock = if args.wall_clock || thread_cpu_ns().is_none() {
        Clock::Wall
    } else {
        Clock::Cpu
    };
    let rounds = args.rounds;
    let per_round = (args.seconds / rounds as f64).max(0.05);
    let openssl_secs = per_round.ceil().max(1.0) as u64;
    let version = openssl_version();
    let buf = test_message(1, 1 << 20);

    let (mut ours, mut theirs) = (0.0f64, 0.0f64);
    let mut reference_ok = true;
    for r in 1..=rounds {
        let o = measure_ours_round(&buf, Duration::from_secs_f64(per_round), clock);
        let t = match version {
            Some(_) => openssl_round(openssl_secs, clock),
            None => python_round(per_round, clock),
        };
        let Some(t) = t else {
            reference_ok = false;
            break;
        };
        println!("round {r}/{rounds}: ours {o:9.1} MB/s  reference {t:9.1} MB/s");
        ours = ours.max(o);
        theirs = theirs.max(t);
    }
    if !reference_ok {
        return Err(CliError::new(match version {
            Some(_) => "'openssl speed -evp sha3-256' gave no result",
            None => "neither openssl nor python3 could be run for the reference measurement",
        }));
    }
    let what = match &version {
        Some(v) => format!(
            "{v}, 'openssl speed -evp sha3-256 -bytes 16384 -seconds {openssl_secs}{}'",
            if clock == Clock::Wall {
                " -elapsed"
            } else {
                ""
            }
        ),
        None => "python3 hashlib.sha3_256, 1 MiB buffer".to_string(),
    };
    let how = match clock {
        Clock::Cpu => "CPU time (ours: thread on-CPU time; reference: its CPU time)",
        Clock::Wall => "wall-clock time",
    };
    println!(
        "SHA3-256 host: ours {ours:.1} MB/s (sha3-asip golden, unrolled Keccak-f[1600], 1 MiB buffer), \
         reference {theirs:.1} MB/s ({what}), ratio ours/reference {:.2}; \
         best of {rounds} alternating rounds each, MB/s per {how}",
        ours / theirs
    );
    Ok(0)
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

    #[test]
    fn parses_openssl_speed_mr_output() {
        use super::parse_openssl_speed_mr as p;
        let text = "+H:16384\n+F:25:sha3-256:480364936.17\n+DT:sha3-256:1:16384\n\
                    +R:13780:sha3-256:0.470000\n";
        assert_eq!(p(text), Some(480.36493617));
        let r = p("+DT:sha3-256:1:16384\n+R:7664:sha3-256:0.250000\n+H:16384\n").unwrap();
        assert!((r - 7664.0 * 16384.0 / 0.25 / 1e6).abs() < 1e-6, "{r}");
        assert_eq!(p("+R:10:sha3-256:0.0\n+H:16\n"), None);
        assert_eq!(p("nothing"), None);
    }

    #[test]
    fn thread_cpu_time_advances() {
        // the scheduler moves schedstat's on-CPU time at ticks and context switches (a few
        // milliseconds apart): work until it moves, for at most 2 s of elapsed time (a fixed
        // 5 M iterations sometimes ended inside one tick on a loaded machine)
        if let Some(a) = super::thread_cpu_ns() {
            let t0 = std::time::Instant::now();
            let mut x = 0u64;
            let mut now = a;
            while now <= a && t0.elapsed() < std::time::Duration::from_secs(2) {
                for i in 0..1_000_000u64 {
                    x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
                }
                now = super::thread_cpu_ns().unwrap();
            }
            std::hint::black_box(x);
            assert!(now > a, "thread CPU time stayed at {a} ns for 2 s of work");
        }
    }
}
