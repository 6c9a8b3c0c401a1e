//! End to end: the mips-native firmware on the simulator (design mips-native: mips32_xmipsnative, mips5
//! timing) against the golden model for every length 0..=300, and constant time.

use asip_testkit::firmware;

const DESIGN: &str = "mips-native";

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
    let r = fw.constant_time("sha3-256", 200, 50);
    assert!(r.min_cycles > 10_000, "{r:?}");
}

#[test]
fn the_kernel_uses_the_extension() {
    // the firmware really executes the custom instructions (not an emulation)
    let Some(fw) = firmware(DESIGN) else {
        return;
    };
    let words = fw.words();
    for name in ["andnot", "rot1", "rot2", "mfleast"] {
        assert!(
            words
                .iter()
                .any(|&w| isa_mips_native::decode(w).map(|d| d.name()) == Some(name)),
            "no {name} in the ELF"
        );
    }
}
