//! End to end: the rv32-oasip firmware on the simulator (design rv32-oasip: rv32im_xoasip,
//! zscale timing) against the golden model, and constant time.

use asip_testkit::firmware;

const DESIGN: &str = "rv32-oasip";

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
fn constant_time_over_50_messages() {
    let Some(fw) = firmware(DESIGN) else {
        return;
    };
    fw.constant_time("sha3-256", 200, 50);
}
