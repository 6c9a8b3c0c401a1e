//! The per-step trace against the Keccak team's KeccakF-<b>-IntermediateValues.txt files
//! (both examples: the zero state, and the zero state's output as input), and the
//! bit-interleaved representation against KeccakF-1600-IntermediateValues32BI.txt.

mod common;
use common::{assert_same_text, read_kat, unhex};
use sha3_golden::interleave::{from_interleaved, to_interleaved};
use sha3_golden::keccak::state_from_bytes;
use sha3_golden::{keccak_p, trace, trace_with, LaneFormat};

/// The two examples of a file, each from "Input of permutation:" to the output bytes line.
fn examples(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur: Option<Vec<&str>> = None;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line == "Input of permutation:" {
            cur = Some(vec![line]);
        } else if let Some(c) = cur.as_mut() {
            c.push(line);
            if line == "State after permutation:" {
                c.push(lines.next().unwrap());
                out.push(c.join("\n") + "\n");
                cur = None;
            }
        }
    }
    out
}

fn input_bytes(example: &str) -> Vec<u8> {
    unhex(example.lines().nth(1).unwrap())
}

fn check(b: usize, file: &str, fmt: LaneFormat) {
    let text = read_kat(file);
    let ex = examples(&text);
    assert_eq!(ex.len(), 2, "{file}: two examples expected");
    let mut state = [0u64; 25];
    for (k, e) in ex.iter().enumerate() {
        assert_eq!(
            state_from_bytes(&input_bytes(e), b),
            state,
            "{file}: example {k} input"
        );
        let nr = 12 + 2 * (b / 25).trailing_zeros() as usize;
        let t = trace_with(b, nr, &state, fmt);
        assert_same_text(&format!("{file} example {}", k + 1), e, &t);
        keccak_p(&mut state, b, nr);
    }
}

#[test]
fn keccak_f200() {
    check(200, "KeccakF-200-IntermediateValues.txt", LaneFormat::Plain);
}
#[test]
fn keccak_f400() {
    check(400, "KeccakF-400-IntermediateValues.txt", LaneFormat::Plain);
}
#[test]
fn keccak_f800() {
    check(800, "KeccakF-800-IntermediateValues.txt", LaneFormat::Plain);
}
#[test]
fn keccak_f1600() {
    check(
        1600,
        "KeccakF-1600-IntermediateValues.txt",
        LaneFormat::Plain,
    );
}
#[test]
fn keccak_f1600_interleaved() {
    check(
        1600,
        "KeccakF-1600-IntermediateValues32BI.txt",
        LaneFormat::Interleaved32,
    );
}

/// Every lane printed in the plain file, converted with to_interleaved, gives the pair printed
/// at the same place in the 32BI file (and from_interleaved maps it back).
#[test]
fn interleave_matches_32bi_file_lane_by_lane() {
    let plain = read_kat("KeccakF-1600-IntermediateValues.txt");
    let bi = read_kat("KeccakF-1600-IntermediateValues32BI.txt");
    let mut n = 0;
    for (p, q) in plain.lines().zip(bi.lines()) {
        let pw: Vec<&str> = p.split_whitespace().collect();
        let qw: Vec<&str> = q.split_whitespace().collect();
        if pw.len() == 5 && pw.iter().all(|w| w.len() == 16) {
            for (lane, pair) in pw.iter().zip(&qw) {
                let lane = u64::from_str_radix(lane, 16).unwrap();
                let (e, o) = pair.split_once(':').expect("even:odd pair");
                let (e, o) = (
                    u32::from_str_radix(e, 16).unwrap(),
                    u32::from_str_radix(o, 16).unwrap(),
                );
                assert_eq!(to_interleaved(lane), (e, o), "lane {lane:016X}");
                assert_eq!(from_interleaved(e, o), lane);
                n += 1;
            }
        }
    }
    // 2 examples x (input + 24 rounds x 5 steps) x 25 lanes
    assert_eq!(n, 2 * (1 + 24 * 5) * 25);
}

#[test]
fn trace_of_zero_state_starts_like_the_file() {
    let t = trace(1600, 24, &[0; 25]);
    let file = read_kat("KeccakF-1600-IntermediateValues.txt");
    let start = file.find("Input of permutation:").unwrap();
    assert!(file[start..].starts_with(&t[..2000]));
}
