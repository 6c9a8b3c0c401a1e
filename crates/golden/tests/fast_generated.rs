//! `src/fast.rs` is what `gen/gen_fast.py` (from `firmware/scripts/keccak_model.py`) gives,
//! formatted by rustfmt: regenerate and compare. Skipped, saying so, without python3 or
//! rustfmt.

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn fast_rs_is_current() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let Ok(gen) = Command::new("python3")
        .arg("gen/gen_fast.py")
        .current_dir(dir)
        .output()
    else {
        eprintln!("skipped: python3 not found, src/fast.rs not checked");
        return;
    };
    assert!(
        gen.status.success(),
        "gen_fast.py failed: {}",
        String::from_utf8_lossy(&gen.stderr)
    );
    let Ok(mut fmt) = Command::new("rustfmt")
        .args(["--edition", "2021"])
        .current_dir(dir.join("../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    else {
        eprintln!("skipped: rustfmt not found, src/fast.rs not checked");
        return;
    };
    fmt.stdin
        .take()
        .expect("stdin")
        .write_all(&gen.stdout)
        .expect("to rustfmt");
    let out = fmt.wait_with_output().expect("rustfmt");
    assert!(out.status.success(), "rustfmt failed");
    let current = std::fs::read_to_string(dir.join("src/fast.rs")).expect("src/fast.rs");
    assert!(
        String::from_utf8_lossy(&out.stdout) == current,
        "crates/golden/src/fast.rs is stale: regenerate it with \
         `cd crates/golden && python3 gen/gen_fast.py > src/fast.rs && cargo fmt -p sha3-golden`"
    );
}
