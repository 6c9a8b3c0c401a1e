//! include/dasip.h from C: tests/data/intrinsics.c built with the distro's gcc and run on
//! the simulator (exit status 0 = every check in the program passed).

use asip_testkit::words::isa;
use asip_testkit::{root, run_c_checks};

#[test]
fn intrinsics_header_compiles_and_computes_the_model_results() {
    let src = root().join("isa/dasip/tests/data/intrinsics.c");
    run_c_checks(&src, isa("rv32im_xdasip"));
}

/// The generated assembler macros refuse operands out of range, naming op and operand.
#[test]
fn assembler_macros_check_their_operands() {
    const GCC: &str = "riscv64-unknown-elf-gcc";
    if !asip_testkit::have(GCC) {
        asip_testkit::skip(GCC, "the dasip.h assembler checks");
        return;
    }
    let dir = asip_testkit::work_dir("dasip-asm-checks");
    let src = dir.join("bad.S");
    std::fs::write(
        &src,
        "#include \"dasip.h\"\nxor64 6, 0, 0\nldhw32s5i_xor64 0, t0, zero, 0, 0, 0, 0\n\
         ldhw32s5i_mvar 0, a0, t1, 8, 0, 0\nldhw32s5i_xor64 0, a0, a1, 7, 5, 5, 5\n",
    )
    .expect("write bad.S");
    let out = std::process::Command::new(GCC)
        .args(["-march=rv32im", "-mabi=ilp32", "-c", "-o"])
        .arg(dir.join("bad.o"))
        .arg("-I")
        .arg(root().join("isa/dasip/include"))
        .arg(&src)
        .output()
        .expect("gcc");
    let err = String::from_utf8_lossy(&out.stderr);
    let errors: Vec<&str> = err
        .lines()
        .filter_map(|l| l.split_once("Error: ").map(|(_, m)| m))
        .collect();
    assert_eq!(
        errors,
        [
            "xor64: ard must be in 0..5",
            "ldhw32s5i.xor64: rs0 must be in 8..15",
            "ldhw32s5i.mvar: rs1 must be 0 or in 9..15",
            "ldhw32s5i.mvar: imm must be in 0..7",
        ],
        "{err}"
    );
}
