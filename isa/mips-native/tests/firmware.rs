//! End to end: the mips-native firmware on the simulator (mips32_xmipsnative, mips5
//! timing) against the golden model for every length 0..=300, and constant time.

mod common;
use common::*;
use sha3_golden::{hash, Algorithm, Params};

const ISA: &str = "mips32_xmipsnative";
const KERNEL: &str = "mips-native";

fn check_alg(alg: Algorithm) {
    let Some(elf) = firmware(KERNEL) else {
        return;
    };
    let lens: Vec<usize> = (0..=300).collect();
    let (lines, _) = run_bench(&elf, ISA, alg.name(), &lens, 0);
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
fn constant_time_over_50_messages() {
    let Some(elf) = firmware(KERNEL) else {
        return;
    };
    let mut cycles = Vec::new();
    for seed in 1..=50u32 {
        let (lines, _) = run_bench(&elf, ISA, "sha3-256", &[200], seed * 7919);
        let l = &lines[0];
        let msg = harness_message(l.seed, 200);
        let want = hash(Algorithm::Sha3_256, &Params::default(), &msg, 32).expect("golden");
        assert_eq!(l.digest, want, "seed {}", l.seed);
        cycles.push(l.cycles);
    }
    assert!(cycles[0] > 10_000, "{cycles:?}");
    assert!(
        cycles.iter().all(|&c| c == cycles[0]),
        "cycles differ: {cycles:?}"
    );
}

#[test]
fn the_kernel_uses_the_extension() {
    // the firmware really executes the custom instructions (not an emulation)
    let Some(elf) = firmware(KERNEL) else {
        return;
    };
    let bytes = std::fs::read(&elf).expect("elf");
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    for name in ["andnot", "rot1", "rot2", "mfleast"] {
        assert!(
            words
                .iter()
                .any(|&w| isa_mips_native::decode(w).map(|d| d.name()) == Some(name)),
            "no {name} in the ELF"
        );
    }
}
