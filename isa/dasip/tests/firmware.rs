//! End to end: the rv32-dasip firmware on the simulator (design rv32-dasip:
//! rv32im_xoasip_xdasip, zscale timing) against the golden model for lengths 0..=300, and
//! constant time.

asip_testkit::firmware_tests!("rv32-dasip");

#[test]
fn also_runs_without_xoasip() {
    let Some(fw) = asip_testkit::firmware("rv32-dasip") else {
        return;
    };
    fw.on_isa("rv32im_xdasip")
        .check_digests("sha3-256", &[0, 135, 136, 137], 3);
}
