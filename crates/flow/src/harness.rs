//! Parser for the benchmark harness's output (`firmware/harness/bench.c`).
//!
//! ```text
//! # sha3-asip bench kernel=<name> cflags="<flags>"
//! perm cycles=<dec> instret=<dec>
//! hash alg=<alg> len=<dec> seed=<dec> cycles=<dec> instret=<dec> digest=<hex>
//! ```
//!
//! For an AEAD (`firmware/harness/bench_aead.c`) the perm line also has `b=`, `rounds=` and
//! `route=`, the digest is ciphertext || tag, and each hash line has `verify=ok|bad` and
//! `perms=<kernel>/<permute>/<portable>`.

use std::collections::HashMap;
use std::fmt;

/// One `hash` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HashRun {
    pub alg: String,
    pub len: usize,
    pub seed: u32,
    pub cycles: u64,
    pub instret: u64,
    pub digest: Vec<u8>,
    /// AEAD: whether the firmware's decryption gave the plaintext back.
    pub verify: Option<bool>,
    /// AEAD: the permutation calls of the measured encryption by route (the design's
    /// `kernel_keccakp`, `kernel_permute`, the portable C).
    pub perms: Option<[u64; 3]>,
}

/// Everything the harness printed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HarnessOutput {
    pub kernel: Option<String>,
    pub cflags: Option<String>,
    /// Cycles and instructions of one Keccak-f[1600] permutation.
    pub perm: Option<(u64, u64)>,
    /// AEAD: the route of the measured Keccak-p[b, 12] (`kernel`, `permute`, `portable`).
    pub perm_route: Option<String>,
    pub hashes: Vec<HashRun>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line_no: usize,
    pub line: String,
    pub why: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "harness output line {}: {} ({:?})",
            self.line_no, self.why, self.line
        )
    }
}

impl std::error::Error for ParseError {}

fn fields(rest: &str) -> HashMap<&str, &str> {
    rest.split_whitespace()
        .filter_map(|kv| kv.split_once('='))
        .collect()
}

fn hex_decode(s: &str) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Parse the harness's standard output.
pub fn parse(text: &str) -> Result<HarnessOutput, ParseError> {
    let mut out = HarnessOutput::default();
    for (i, line) in text.lines().enumerate() {
        let err = |why: &str| ParseError {
            line_no: i + 1,
            line: line.to_string(),
            why: why.to_string(),
        };
        let line_t = line.trim();
        if let Some(rest) = line_t.strip_prefix("# sha3-asip bench") {
            if let Some(k) = rest
                .split_whitespace()
                .find_map(|t| t.strip_prefix("kernel="))
            {
                out.kernel = Some(k.to_string());
            }
            if let Some(pos) = rest.find("cflags=\"") {
                let tail = &rest[pos + 8..];
                out.cflags = Some(tail.split('"').next().unwrap_or("").to_string());
            }
        } else if let Some(rest) = line_t.strip_prefix("perm ") {
            let f = fields(rest);
            let c = f.get("cycles").and_then(|v| v.parse().ok());
            let n = f.get("instret").and_then(|v| v.parse().ok());
            match (c, n) {
                (Some(c), Some(n)) => out.perm = Some((c, n)),
                _ => return Err(err("perm line needs cycles= and instret=")),
            }
            out.perm_route = f.get("route").map(|r| r.to_string());
        } else if let Some(rest) = line_t.strip_prefix("hash ") {
            let f = fields(rest);
            let get = |k: &str| {
                f.get(k)
                    .copied()
                    .ok_or_else(|| err(&format!("missing {k}=")))
            };
            let num = |k: &str| -> Result<u64, ParseError> {
                get(k)?
                    .parse()
                    .map_err(|_| err(&format!("{k}= is not a number")))
            };
            out.hashes.push(HashRun {
                alg: get("alg")?.to_string(),
                len: num("len")? as usize,
                seed: num("seed")? as u32,
                cycles: num("cycles")?,
                instret: num("instret")?,
                digest: hex_decode(get("digest")?).ok_or_else(|| err("digest= is not hex"))?,
                verify: match f.get("verify") {
                    None => None,
                    Some(&"ok") => Some(true),
                    Some(&"bad") => Some(false),
                    Some(_) => return Err(err("verify= must be ok or bad")),
                },
                perms: match f.get("perms") {
                    None => None,
                    Some(v) => {
                        let n: Vec<u64> = v.split('/').filter_map(|x| x.parse().ok()).collect();
                        match n[..] {
                            [a, b, c] if v.split('/').count() == 3 => Some([a, b, c]),
                            _ => return Err(err("perms= must be three numbers a/b/c")),
                        }
                    }
                },
            });
        }
    }
    Ok(out)
}

/// Fill the instruction counts of a MIPS harness run (printed as 0: MIPS32 has no
/// user-readable instruction counter) from the simulator's cycle-counter reads: the
/// harness reads the counter twice around each measurement (the permutation, then each
/// hash, in the order printed), so read pair k brackets measurement k. Each pair's cycle
/// difference must equal the printed one (32-bit counter), or nothing is filled and the
/// mismatch is the error. No reads (RV32, which prints its own counts): unchanged.
pub fn fill_instret(h: &mut HarnessOutput, reads: &[(u64, u64)]) -> Result<(), String> {
    if reads.is_empty() {
        return Ok(());
    }
    let n = h.perm.iter().count() + h.hashes.len();
    if reads.len() != 2 * n {
        return Err(format!(
            "{} cycle-counter reads for {n} measurements (want two each)",
            reads.len()
        ));
    }
    let mut counts = Vec::with_capacity(n);
    let printed = h
        .perm
        .iter()
        .map(|p| p.0)
        .chain(h.hashes.iter().map(|r| r.cycles));
    for (k, cycles) in printed.enumerate() {
        let ((c0, i0), (c1, i1)) = (reads[2 * k], reads[2 * k + 1]);
        if (c1.wrapping_sub(c0) as u32) != cycles as u32 {
            return Err(format!(
                "measurement {k}: the harness printed {cycles} cycles, the counter reads differ by {}",
                c1.wrapping_sub(c0)
            ));
        }
        counts.push(i1 - i0);
    }
    let mut it = counts.into_iter();
    if let Some(p) = h.perm.as_mut() {
        p.1 = it.next().expect("counted");
    }
    for r in &mut h.hashes {
        r.instret = it.next().expect("counted");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_all_line_kinds() {
        let text = "# sha3-asip bench kernel=rv32-ref cflags=\"-O2 -march=rv32im\"\n\
                    perm cycles=100 instret=90\n\
                    hash alg=sha3-256 len=3 seed=0 cycles=1234 instret=1000 digest=00ff10\n\
                    unrelated text\n";
        let o = parse(text).unwrap();
        assert_eq!(o.kernel.as_deref(), Some("rv32-ref"));
        assert_eq!(o.cflags.as_deref(), Some("-O2 -march=rv32im"));
        assert_eq!(o.perm, Some((100, 90)));
        assert_eq!(
            o.hashes,
            vec![HashRun {
                alg: "sha3-256".into(),
                len: 3,
                seed: 0,
                cycles: 1234,
                instret: 1000,
                digest: vec![0x00, 0xff, 0x10],
                verify: None,
                perms: None,
            }]
        );
        let aead = "perm b=800 rounds=12 route=kernel cycles=10 instret=9\n\
                    hash alg=river-keyak len=1 seed=0 cycles=5 instret=4 digest=00 verify=ok \
                    perms=3/0/1\n";
        let o = parse(aead).unwrap();
        assert_eq!(o.perm_route.as_deref(), Some("kernel"));
        assert_eq!(o.hashes[0].verify, Some(true));
        assert_eq!(o.hashes[0].perms, Some([3, 0, 1]));
        let e =
            parse("hash alg=a len=1 seed=0 cycles=1 instret=1 digest=00 perms=1/2").unwrap_err();
        assert!(e.why.contains("perms="), "{e}");
    }

    #[test]
    fn reports_bad_lines() {
        let e = parse("hash alg=sha3-256 len=x seed=0 cycles=1 instret=1 digest=00").unwrap_err();
        assert_eq!(e.line_no, 1);
        assert!(e.why.contains("len= is not a number"), "{e}");
        let e = parse("ok\nhash alg=a len=1 seed=0 cycles=1 instret=1 digest=0g").unwrap_err();
        assert_eq!(e.line_no, 2);
        assert!(e.why.contains("not hex"));
    }

    #[test]
    fn mips_instruction_counts_come_from_the_counter_reads() {
        let mut h = parse(
            "perm cycles=100 instret=0\n\
             hash alg=sha3-256 len=3 seed=0 cycles=50 instret=0 digest=00\n",
        )
        .unwrap();
        let reads = [(1000, 10), (1100, 70), (2000, 500), (2050, 530)];
        fill_instret(&mut h, &reads).unwrap();
        assert_eq!(h.perm, Some((100, 60)));
        assert_eq!(h.hashes[0].instret, 30);
        // a pair that does not bracket the printed interval is refused
        let mut h2 = parse("perm cycles=99 instret=0\n").unwrap();
        let e = fill_instret(&mut h2, &reads[..2]).unwrap_err();
        assert!(e.contains("printed 99 cycles"), "{e}");
        assert!(fill_instret(&mut h2, &reads).is_err(), "count mismatch");
        let mut h3 = h2.clone();
        fill_instret(&mut h3, &[]).unwrap();
        assert_eq!(h3, h2, "no reads: unchanged");
    }
}
