//! include/oasip.h from C: tests/data/intrinsics.c built with the distro's gcc and run on
//! the simulator (exit status 0 = every check in the program passed).

use asip_sim::{Machine, RunOptions, TimingParams};
use asip_testkit::words::isa;
use asip_testkit::{c_program, root};

#[test]
fn intrinsics_header_compiles_and_computes_the_model_results() {
    let Some(prog) = c_program(&root().join("isa/oasip/tests/data/intrinsics.c")) else {
        return;
    };
    let mut m = Machine::new(
        &prog,
        isa("rv32im_xoasip"),
        TimingParams::preset("zscale").expect("zscale"),
        RunOptions {
            max_cycles: 100_000,
            ..RunOptions::default()
        },
    )
    .expect("machine");
    let r = m.run().expect("run");
    assert_eq!(
        r.exit.code(),
        0,
        "intrinsics.c: check {} failed",
        r.exit.code()
    );
}
