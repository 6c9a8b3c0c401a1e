//! End to end: the mips-coproc firmware on the simulator (design mips-coproc: mips32_xmipscop, mips5
//! timing) against the golden model for every length 0..=300, constant time, and the
//! extension's instructions in the ELF.

asip_testkit::firmware_tests!("mips-coproc", 10_000);

asip_testkit::kernel_uses_test!(
    "mips-coproc",
    isa_mips_coproc::SPEC,
    ["lwau", "xor5", "chi", "rot", "swleast"]
);
