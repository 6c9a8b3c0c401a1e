//! Every design's firmware, built with the cross compiler and run on the simulator with the
//! design's ISA and timing, must produce the golden digests of every SHA-3/SHAKE function
//! for every message length 0..=600 bytes, and take the same cycles for same-length messages.
//!
//! Needs the cross compilers (scripts/setup installs them); without them the test fails
//! with the install hint rather than passing silently.

use asip_flow::bench::{alg_shape, golden_digest, run_harness, HARNESS_ALGS};
mod common;

use asip_flow::design::{self, Design};
use common::{assert_none_wrong, elf_of, root};

fn designs() -> Vec<Design> {
    design::load_all(&root().join("designs")).expect("designs/ loads")
}

fn check_all_lengths(name: &str) {
    let d = design::find(&root().join("designs"), name).unwrap();
    let elf = elf_of(&d);
    let lens: Vec<usize> = (0..=600).collect();
    let mut bad = Vec::new();
    for alg in HARNESS_ALGS {
        let (_, out_len) = alg_shape(alg).unwrap();
        let h =
            run_harness(&d, &elf, alg, &lens, 0, 0).unwrap_or_else(|e| panic!("{name} {alg}: {e}"));
        assert_eq!(
            h.hashes.len(),
            lens.len(),
            "{name} {alg}: one line per length"
        );
        for r in &h.hashes {
            if r.digest != golden_digest(alg, 0, r.len, out_len) {
                bad.push(format!("{alg} len={}", r.len));
            }
        }
    }
    assert_none_wrong(&format!("{name}: digests"), &bad);
}

#[test]
fn every_design_file_names_an_existing_kernel() {
    let ds = designs();
    assert!(
        ds.iter().any(|d| d.name == "rv32-ref"),
        "rv32-ref design present"
    );
    for d in ds {
        assert!(
            root()
                .join("firmware/kernels")
                .join(&d.kernel)
                .join("kernel.toml")
                .is_file(),
            "{}: kernel {} missing",
            d.name,
            d.kernel
        );
    }
}

#[test]
fn every_design_matches_the_golden_model_for_lengths_0_to_600() {
    for d in designs() {
        check_all_lengths(&d.name);
    }
}

#[test]
fn every_design_is_constant_time() {
    for d in designs() {
        let r = asip_flow::profile::constant_time(&root(), &d, "sha3-256", 200, 50)
            .unwrap_or_else(|e| panic!("{}: {e}", d.name));
        assert!(
            r.ok,
            "{}: {} distinct cycle counts ({}..{}) over 50 messages of 200 bytes",
            d.name, r.distinct_cycle_counts, r.min_cycles, r.max_cycles
        );
    }
}
