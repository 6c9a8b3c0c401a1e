//! Tests an extension crate declares in one macro call, beside [`crate::firmware_tests`].

/// `the_kernel_uses_the_extension`: the firmware of `design` really executes the
/// extension's instructions `names` of `spec` (it is not an emulation); skips loudly
/// without the design's compiler.
#[macro_export]
macro_rules! kernel_uses_test {
    ($design:expr, $spec:expr, $names:expr) => {
        #[test]
        fn the_kernel_uses_the_extension() {
            if let Some(fw) = $crate::firmware($design) {
                fw.assert_uses(&$spec, &$names);
            }
        }
    };
}

/// The RTL-versus-model tests of an extension's unit: `verilator_lint_is_clean` (every
/// module of `isa/<ext>/rtl`, at least `min` of them) and
/// `rtl_matches_the_model_on_random_vectors` (the testbench `tb` of `rtl/tb/` runs every
/// vector of `vectors`, a `String` with one vector a line from the model, without a
/// failure). Both skip loudly without their tool.
#[macro_export]
macro_rules! unit_rtl_tests {
    ($ext:literal, modules >= $min:literal, $tb:literal, $vectors:expr) => {
        #[test]
        fn verilator_lint_is_clean() {
            let srcs = $crate::rtl::modules($ext);
            assert!(srcs.len() >= $min, "{srcs:?}");
            $crate::rtl::verilator_lint(&srcs, &[]);
        }

        #[test]
        fn rtl_matches_the_model_on_random_vectors() {
            let v: String = $vectors;
            let n = v.lines().count();
            $crate::rtl::check_unit_vectors($ext, $tb, concat!($ext, "-rtl"), &v, n);
        }
    };
}
