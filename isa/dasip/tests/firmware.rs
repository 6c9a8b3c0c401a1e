//! End to end: the rv32-dasip firmware on the simulator (design rv32-dasip:
//! rv32im_xoasip_xdasip, zscale timing) against the golden model for lengths 0..=300, and
//! constant time.

use asip_testkit::firmware;

const DESIGN: &str = "rv32-dasip";

fn check_alg(alg: &str) {
    let Some(fw) = firmware(DESIGN) else {
        return;
    };
    let lens: Vec<usize> = (0..=300).collect();
    fw.check_digests(alg, &lens, 0);
}

#[test]
fn sha3_256_lengths_0_to_300() {
    check_alg("sha3-256");
}

#[test]
fn sha3_512_lengths_0_to_300() {
    check_alg("sha3-512");
}

#[test]
fn shake128_lengths_0_to_300() {
    check_alg("shake128");
}

#[test]
fn shake256_lengths_0_to_300() {
    check_alg("shake256");
}

#[test]
fn also_runs_without_xoasip() {
    let Some(fw) = firmware(DESIGN) else {
        return;
    };
    fw.on_isa("rv32im_xdasip")
        .check_digests("sha3-256", &[0, 135, 136, 137], 3);
}

#[test]
fn constant_time_over_50_messages() {
    let Some(fw) = firmware(DESIGN) else {
        return;
    };
    fw.constant_time("sha3-256", 200, 50);
}
