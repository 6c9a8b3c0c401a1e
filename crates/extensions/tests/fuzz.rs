//! Random instruction words on the custom ISAs (issue 16 item 11; the base ISAs are fuzzed
//! in crates/sim/tests/fuzz.rs): xoasip, xdasip, xmipsnative, xmipscop through the
//! registry. No panic, never past the cycle limit, every error has a message.

use asip_sim::{Base, TimingParams};
use asip_testkit::{fuzz_scale as scale, Rng};

#[test]
fn random_words_on_the_custom_isas_never_panic() {
    let reg = asip_extensions::registry();
    let mut rng = Rng(0x000c_0570_f15a);
    for (isa_name, timing, machine, ops) in [
        (
            "rv32im_xoasip_xdasip",
            "zscale",
            Base::Rv32,
            &[0x0b, 0x2b, 0x5b, 0x7b, 0x13, 0x33, 0x63][..],
        ),
        (
            "mips32_xmipsnative",
            "mips5",
            Base::Mips32,
            &[0x1c, 0x00, 0x04, 0x09][..],
        ),
        (
            "mips32_xmipscop",
            "mips5",
            Base::Mips32,
            &[0x12, 0x32, 0x3a, 0x00, 0x09][..],
        ),
    ] {
        let isa = reg.parse_isa(isa_name).unwrap();
        let t = TimingParams::preset(timing).unwrap();
        asip_testkit::words::fuzz_words(
            &mut rng,
            &isa,
            isa_name,
            &t,
            machine,
            ops,
            1500 * scale(),
            &[],
        );
    }
}
