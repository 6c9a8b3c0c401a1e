//! include/oasip.h from C: tests/data/intrinsics.c built with the distro's gcc and run on
//! the simulator (exit status 0 = every check in the program passed).

use asip_testkit::words::isa;
use asip_testkit::{root, run_c_checks};

#[test]
fn intrinsics_header_compiles_and_computes_the_model_results() {
    let src = root().join("isa/oasip/tests/data/intrinsics.c");
    run_c_checks(&src, isa("rv32im_xoasip"));
}
