//! End to end: the rv32-xkeccak firmware on the simulator (design rv32-xkeccak:
//! rv32im_xkeccak, zscale timing) against the golden model for lengths 0..=300, and
//! constant time.

asip_testkit::firmware_tests!("rv32-xkeccak");
