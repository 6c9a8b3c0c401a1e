//! End to end: the mips-native firmware on the simulator (design mips-native: mips32_xmipsnative, mips5
//! timing) against the golden model for every length 0..=300, constant time, and the
//! extension's instructions in the ELF.

asip_testkit::firmware_tests!("mips-native", 10_000);

#[test]
fn the_kernel_uses_the_extension() {
    // the firmware really executes the custom instructions (not an emulation)
    if let Some(fw) = asip_testkit::firmware("mips-native") {
        fw.assert_uses(
            &isa_mips_native::SPEC,
            &["andnot", "rot1", "rot2", "mfleast"],
        );
    }
}
