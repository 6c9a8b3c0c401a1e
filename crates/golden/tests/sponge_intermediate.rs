//! The sponge against the Keccak team's KeccakSpongeIntermediateValues_*.txt: for every example,
//! the state after each permutation call (absorbing and squeezing) and the squeezed output.

mod common;
use common::{read_kat, unhex};
use sha3_golden::Sponge;

struct Example {
    msg: Vec<u8>,
    bits: usize,
    suffix: u8,
    states: Vec<Vec<u8>>,
    squeezed: Vec<u8>,
}

fn parse(text: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut cur: Option<Example> = None;
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        let next = lines.get(i + 1).copied().unwrap_or("");
        if l.starts_with("+++ Example") {
            if let Some(e) = cur.take() {
                out.push(e);
            }
            cur = Some(Example {
                msg: vec![],
                bits: 0,
                suffix: 0,
                states: vec![],
                squeezed: vec![],
            });
        } else if let Some(e) = cur.as_mut() {
            match l {
                "Input message (last byte aligned on LSB):" => e.msg = unhex(next),
                "Input message (in bits):" => e.bits = next.split_whitespace().count(),
                "Delimited suffix:" => e.suffix = unhex(next)[0],
                "State after permutation:" => e.states.push(unhex(next)),
                "Squeezed block (part):" | "Squeezed block:" => e.squeezed.extend(unhex(next)),
                _ => {}
            }
        }
        i += 1;
    }
    out.extend(cur);
    out
}

fn run(file: &str, rate_bits: usize) {
    let ex = parse(&read_kat(file));
    assert!(ex.len() >= 6, "{file}: examples parsed: {}", ex.len());
    for (k, e) in ex.iter().enumerate() {
        let mut s = Sponge::new(rate_bits, e.suffix);
        s.enable_log();
        s.absorb_bits(&e.msg, e.bits);
        let mut out = vec![0u8; e.squeezed.len()];
        s.squeeze(&mut out);
        assert_eq!(out, e.squeezed, "{file} example {}: squeezed output", k + 1);
        assert_eq!(
            s.log().len(),
            e.states.len(),
            "{file} example {}: permutation calls",
            k + 1
        );
        for (j, (a, b)) in s.log().iter().zip(&e.states).enumerate() {
            assert_eq!(
                a,
                b,
                "{file} example {}: state after permutation {}",
                k + 1,
                j + 1
            );
        }
    }
}

#[test]
fn sha3_224() {
    run("KeccakSpongeIntermediateValues_SHA3-224.txt", 1152);
}
#[test]
fn sha3_256() {
    run("KeccakSpongeIntermediateValues_SHA3-256.txt", 1088);
}
#[test]
fn sha3_384() {
    run("KeccakSpongeIntermediateValues_SHA3-384.txt", 832);
}
#[test]
fn sha3_512() {
    run("KeccakSpongeIntermediateValues_SHA3-512.txt", 576);
}
#[test]
fn shake128() {
    run("KeccakSpongeIntermediateValues_SHAKE128.txt", 1344);
}
#[test]
fn shake256() {
    run("KeccakSpongeIntermediateValues_SHAKE256.txt", 1088);
}
