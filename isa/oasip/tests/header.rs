//! include/oasip.h from C: tests/data/intrinsics.c built with the distro's gcc and run on
//! the simulator (exit status 0 = every check in the program passed).

use asip_sim::{Machine, Program, RunOptions, TimingParams};
use asip_testkit::words::isa;
use asip_testkit::{have, root, skip};
use std::process::Command;

#[test]
fn intrinsics_header_compiles_and_computes_the_model_results() {
    if !have("riscv64-unknown-elf-gcc") {
        skip("riscv64-unknown-elf-gcc", "the oasip.h test");
        return;
    }
    let src = root().join("isa/oasip/tests/data/intrinsics.c");
    let elf = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("oasip-intrinsics.elf");
    let out = Command::new("riscv64-unknown-elf-gcc")
        .args([
            "-march=rv32im",
            "-mabi=ilp32",
            "-O2",
            "-ffreestanding",
            "-nostdlib",
            "-static",
        ])
        .args([
            "-Wall",
            "-Wextra",
            "-Werror",
            "-Wl,-Ttext=0x10000",
            "-Wl,-e,_start",
            "-o",
        ])
        .arg(&elf)
        .arg(&src)
        .output()
        .expect("gcc");
    assert!(
        out.status.success(),
        "gcc:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let prog = Program::load_elf(&std::fs::read(&elf).expect("elf")).expect("load");
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
