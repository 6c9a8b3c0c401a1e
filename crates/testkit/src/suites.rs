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
