//! Randomized differential test against python3's hashlib (sha3_224..512, shake_128/256):
//! 300 messages of 0..2000 bytes from a fixed-seed splitmix64, sent to one python3 process.
//! Fails loudly if python3 is not installed.

mod common;
use common::unhex;
use sha3_golden::encoding::hex;
use sha3_golden::{hash, test_message, Algorithm, Params, SplitMix64};
use std::io::Write;
use std::process::{Command, Stdio};

const PY: &str = r#"
import sys, hashlib
for line in sys.stdin:
    name, n, msg = line.split()
    data = bytes.fromhex(msg) if msg != '-' else b''
    h = hashlib.new(name, data)
    n = int(n)
    print(h.hexdigest(n) if name.startswith('shake') else h.hexdigest())
"#;

#[test]
fn random_messages_match_python_hashlib() {
    let algs = [
        (Algorithm::Sha3_224, "sha3_224"),
        (Algorithm::Sha3_256, "sha3_256"),
        (Algorithm::Sha3_384, "sha3_384"),
        (Algorithm::Sha3_512, "sha3_512"),
        (Algorithm::Shake128, "shake_128"),
        (Algorithm::Shake256, "shake_256"),
    ];
    let mut rng = SplitMix64(0x5EED_5A3A);
    let mut cases = Vec::new();
    for i in 0..300u64 {
        let (alg, pyname) = algs[(i % 6) as usize];
        let len = rng.below(2001) as usize;
        let out = if alg.is_xof() {
            1 + rng.below(400) as usize
        } else {
            alg.default_output_len()
        };
        cases.push((alg, pyname, test_message(i ^ 0xABCD, len), out));
    }
    let mut child = match Command::new("python3")
        .args(["-c", PY])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!(
            "python3 is required for the hashlib differential test but could not be run ({e}); \
             install python3 (scripts/setup does)"
        ),
    };
    let mut input = String::new();
    for (_, name, msg, out) in &cases {
        let m = if msg.is_empty() {
            "-".to_string()
        } else {
            hex(msg)
        };
        input.push_str(&format!("{name} {out} {m}\n"));
    }
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        output.status.success(),
        "python3 failed: {:?}",
        output.status
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        cases.len(),
        "python3 answered {} of {} cases",
        lines.len(),
        cases.len()
    );
    for ((alg, _, msg, out), line) in cases.iter().zip(lines) {
        let ours = hash(*alg, &Params::default(), msg, *out).unwrap();
        assert_eq!(
            ours,
            unhex(line),
            "{} of a {}-byte message",
            alg.name(),
            msg.len()
        );
    }
}
