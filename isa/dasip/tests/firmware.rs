//! End to end: the rv32-dasip firmware on the simulator (zscale timing) against the golden
//! model for lengths 0..=300, and constant time.

mod common;
use common::*;
use sha3_golden::{hash, Algorithm, Params};

const FW_ISA: &str = "rv32im_xoasip_xdasip";

fn check_alg(alg: Algorithm) {
    let Some(elf) = firmware("rv32-dasip") else {
        return;
    };
    let lens: Vec<usize> = (0..=300).collect();
    let (lines, _) = run_bench(&elf, FW_ISA, alg.name(), &lens, 0, false);
    assert_eq!(lines.len(), lens.len());
    for l in &lines {
        let msg = harness_message(l.seed, l.len);
        let want = hash(alg, &Params::default(), &msg, alg.default_output_len()).expect("golden");
        assert_eq!(l.digest, want, "{} len {}", alg.name(), l.len);
    }
}

#[test]
fn sha3_256_lengths_0_to_300() {
    check_alg(Algorithm::Sha3_256);
}

#[test]
fn sha3_512_lengths_0_to_300() {
    check_alg(Algorithm::Sha3_512);
}

#[test]
fn shake128_lengths_0_to_300() {
    check_alg(Algorithm::Shake128);
}

#[test]
fn shake256_lengths_0_to_300() {
    check_alg(Algorithm::Shake256);
}

#[test]
fn also_runs_without_xoasip() {
    let Some(elf) = firmware("rv32-dasip") else {
        return;
    };
    let (lines, _) = run_bench(
        &elf,
        "rv32im_xdasip",
        "sha3-256",
        &[0, 135, 136, 137],
        3,
        false,
    );
    for l in &lines {
        let msg = harness_message(l.seed, l.len);
        let want = hash(Algorithm::Sha3_256, &Params::default(), &msg, 32).expect("golden");
        assert_eq!(l.digest, want, "len {}", l.len);
    }
}

#[test]
fn constant_time_over_50_messages() {
    let Some(elf) = firmware("rv32-dasip") else {
        return;
    };
    let mut cycles = Vec::new();
    for seed in 1..=50u32 {
        let (lines, _) = run_bench(&elf, FW_ISA, "sha3-256", &[200], seed * 7919, false);
        let l = &lines[0];
        let msg = harness_message(l.seed, 200);
        let want = hash(Algorithm::Sha3_256, &Params::default(), &msg, 32).expect("golden");
        assert_eq!(l.digest, want, "seed {}", l.seed);
        cycles.push(l.cycles);
    }
    assert!(
        cycles.iter().all(|&c| c == cycles[0]),
        "cycles differ: {cycles:?}"
    );
}
