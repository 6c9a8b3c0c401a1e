//! End to end: the mips-native firmware on the simulator (design mips-native: mips32_xmipsnative, mips5
//! timing) against the golden model for every length 0..=300, constant time, and the
//! extension's instructions in the ELF.

asip_testkit::firmware_tests!("mips-native", 10_000);

asip_testkit::kernel_uses_test!(
    "mips-native",
    isa_mips_native::SPEC,
    ["andnot", "rot1", "rot2", "mfleast"]
);
