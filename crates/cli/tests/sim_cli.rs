//! `run`, `bench`, `profile`, `designs`, `hw`: real runs of the built binary, and the errors
//! a user gets for bad input (message, exit code, never a panic).

use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sha3-asip"))
        .args(args)
        .env("SHA3_ASIP_ROOT", root())
        .output()
        .expect("run sha3-asip")
}

fn err(o: &Output) -> String {
    let e = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!e.contains("panicked"), "panic: {e}");
    e
}

#[test]
fn run_prints_program_output_and_returns_its_exit_code() {
    let elf = root().join("crates/sim/tests/data/hello.elf");
    let o = run(&["run", elf.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "hello\n");
    assert_eq!(o.status.code(), Some(3));
    let e = err(&o);
    assert!(e.contains("exit 3 | cycles"), "{e}");
    assert!(e.contains("| instret 14 |"), "{e}");
}

#[test]
fn run_refuses_a_file_that_is_not_an_elf() {
    let readme = root().join("README.md");
    let o = run(&["run", readme.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("not an ELF file"), "{}", err(&o));
}

#[test]
fn run_stops_a_runaway_program() {
    let elf = root().join("crates/sim/tests/data/hello.elf");
    let o = run(&["run", elf.to_str().unwrap(), "--max-cycles", "5"]);
    assert_eq!(o.status.code(), Some(1));
    let e = err(&o);
    assert!(
        e.contains("runaway: exceeded max_cycles at cycle ") && e.contains(", pc 0x"),
        "{e}"
    );
}

#[test]
fn unknown_design_lists_the_known_ones() {
    let o = run(&["bench", "--design", "no-such-design"]);
    assert_eq!(o.status.code(), Some(2));
    let e = err(&o);
    assert!(
        e.contains("unknown design 'no-such-design'; known designs:") && e.contains("rv32-ref"),
        "{e}"
    );
}

#[test]
fn unknown_isa_extension_is_reported() {
    let elf = root().join("crates/sim/tests/data/hello.elf");
    let o = run(&["run", elf.to_str().unwrap(), "--isa", "rv32im_zfoo"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        err(&o).contains("unknown extension \"zfoo\""),
        "{}",
        err(&o)
    );
}

#[test]
fn bench_json_reports_checked_digests_and_the_kernel_size() {
    let o = run(&["bench", "--design", "rv32-ref", "--len", "0,64", "--json"]);
    assert!(o.status.success(), "{}", err(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["design"], "rv32-ref");
    assert_eq!(v["alg"], "sha3-256");
    assert_eq!(v["digest_ok"], true);
    let lens: Vec<u64> = v["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["len"].as_u64().unwrap())
        .collect();
    assert_eq!(
        lens,
        vec![0, 64, 272, 1360],
        "asked lengths, then the two steady-state lengths"
    );
    assert!(v["cycles_per_byte"].as_f64().unwrap() > 0.0);
    assert!(v["code_size_bytes"].as_u64().unwrap() > 0);
    assert!(
        v["cycles_per_permutation"].as_u64().unwrap()
            >= v["instret_per_permutation"].as_u64().unwrap()
    );
}

#[test]
fn profile_shares_add_up_to_one() {
    let o = run(&["profile", "--design", "rv32-sw", "--len", "200", "--json"]);
    assert!(o.status.success(), "{}", err(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let total: f64 = v["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["share"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9, "shares sum to {total}");
    let cycles: u64 = v["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["cycles"].as_u64().unwrap())
        .sum();
    assert_eq!(cycles, v["total_cycles"].as_u64().unwrap());
}

#[test]
fn hw_unknown_case_lists_the_cases() {
    let o = run(&["hw", "synth", "--case", "XIII"]);
    assert_eq!(o.status.code(), Some(2));
    let e = err(&o);
    assert!(
        e.contains("unknown case 'XIII'; known cases: I, II, III, IV, V"),
        "{e}"
    );
}
