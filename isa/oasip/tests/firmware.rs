//! End to end: the rv32-oasip firmware on the simulator (design rv32-oasip: rv32im_xoasip,
//! zscale timing) against the golden model for lengths 0..=300, and constant time.

asip_testkit::firmware_tests!("rv32-oasip");
