//! `sha3-asip fuzz` (issue 35): the fixed-seed differential run of `make test` (every
//! flavour, every engine that implements it: qemu-user, the simulator, the processor RTL)
//! with zero divergences, and its bad input.

use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sha3-asip"))
        .args(args)
        .env("SHA3_ASIP_ROOT", root())
        .current_dir(std::env::temp_dir())
        .output()
        .expect("run sha3-asip")
}

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The fixed-seed set: 100 programs per flavour (a long run: `make fuzz-diff`, docs/difftest.md).
#[test]
fn fixed_seed_programs_agree_on_every_engine() {
    let out = std::env::temp_dir().join(format!("sha3-asip-difftest-{}", std::process::id()));
    let mut engines = vec![];
    if have("verilator") {
        engines.push("rtl");
    } else {
        eprintln!(
            "*** SKIPPED: verilator not installed: the RTL engine of the fixed-seed fuzz run"
        );
    }
    if have("qemu-riscv32") && have("qemu-mipsel") {
        engines.push("qemu");
    } else {
        eprintln!(
            "*** SKIPPED: qemu-user not installed: the qemu engine of the fixed-seed fuzz run"
        );
    }
    let e = engines.join(",");
    let o = run(&[
        "fuzz",
        "--count",
        "100",
        "--jobs",
        "2",
        "--seed",
        "1",
        "--engines",
        &e,
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    for fl in [
        "rv32im",
        "rv32im-eo",
        "zbb",
        "zbkb",
        "xoasip",
        "xdasip",
        "xkeccak",
        "zve64x",
        "xvkeccak",
        "xvkeccakr",
        "mips32",
        "xmipscop",
        "xmipsnative",
    ] {
        let row = text
            .lines()
            .find(|l| l.starts_with(&format!("| {fl} |")))
            .unwrap_or_else(|| panic!("no row for {fl}:\n{text}"));
        assert!(row.contains("| 100 |"), "{row}");
        assert!(row.ends_with("| 0 |"), "{row}");
        if engines.contains(&"rtl") && fl != "zbb" {
            assert!(row.contains("rtl"), "{row}");
        }
        if engines.contains(&"qemu") && ["rv32im", "zbb", "zbkb", "zve64x", "mips32"].contains(&fl)
        {
            assert!(row.contains("qemu"), "{row}");
        }
    }
    assert!(text.contains("1300 programs"), "{text}");
    assert!(text.contains("0 divergences, 0 errors"), "{text}");
}

#[test]
fn one_case_again_with_its_listing() {
    let o = run(&[
        "fuzz",
        "--flavour",
        "mips32",
        "--case",
        "0x1234",
        "--engines",
        "",
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{text}");
    assert!(text.starts_with("mips32 seed 0x1234:"), "{text}");
    assert!(text.contains("block 0:"), "{text}");
    assert!(text.contains("no divergence"), "{text}");
    // the same seed gives the same program
    let again = run(&[
        "fuzz",
        "--flavour",
        "mips32",
        "--case",
        "0x1234",
        "--engines",
        "",
    ]);
    assert_eq!(again.stdout, o.stdout);
}

#[test]
fn bad_input_is_a_usage_error() {
    for (args, want) in [
        (&["fuzz", "--flavour", "rv64"][..], "unknown flavour 'rv64'"),
        (
            &["fuzz", "--engines", "spike"][..],
            "unknown engine 'spike'",
        ),
        (&["fuzz", "--count", "0"][..], "at least 1"),
        (&["fuzz", "--case", "0xzz"][..], "not a seed"),
    ] {
        let o = run(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// The mnemonics of every instruction the fixed-seed set of `flavour` contains (static).
fn mnemonics(flavour: &str) -> std::collections::BTreeSet<String> {
    use asip_flow::difftest;
    let fl = difftest::flavour(flavour).unwrap();
    let d = difftest::design_of(fl).unwrap();
    let isa = asip_extensions::registry().parse_isa(&d.isa).unwrap();
    let mut set = std::collections::BTreeSet::new();
    for k in 0..100 {
        let c = difftest::generate(fl, difftest::case_seed(1, fl.name, k)).unwrap();
        for (n, w) in c.words().iter().enumerate() {
            let text = isa.disasm(*w, difftest::TEXT + 4 * n as u32);
            // a fused DASIP pair disassembles as `ldhw32s5i ... || xor64 ...`
            let mut parts = text
                .split(" || ")
                .map(|p| p.split_whitespace().next().unwrap_or(""));
            let mut name = parts.next().unwrap_or("").to_string();
            if let Some(second) = parts.next() {
                name = format!("{name}.{second}");
            }
            set.insert(name);
        }
    }
    set
}

/// Every instruction the simulator implements for the flavour is in the fixed-seed set,
/// except those named (docs/difftest.md says why).
#[test]
fn the_fixed_seed_set_contains_every_instruction() {
    let reg = asip_extensions::registry();
    for (flavour, isa, not) in [
        ("mips32", "mips32", &["rdhwr"][..]),
        ("rv32im", "rv32im", &["wfi"][..]),
        ("zbkb", "rv32im_zbkb", &["wfi"][..]),
        ("zbb", "rv32im_zbb", &["wfi"][..]),
        ("xoasip", "rv32im_xoasip", &["wfi"][..]),
        ("xdasip", "rv32im_xoasip_xdasip", &["wfi"][..]),
        ("xkeccak", "rv32im_xkeccak", &["wfi"][..]),
        ("xmipscop", "mips32_xmipscop", &["rdhwr"][..]),
        ("xmipsnative", "mips32_xmipsnative", &["rdhwr"][..]),
        ("zve64x", "rv32im_zve64x", &["wfi"][..]),
        ("xvkeccak", "rv32im_zve64x_xvkeccak", &["wfi"][..]),
        ("xvkeccakr", "rv32im_zve64x_xvkeccakr", &["wfi"][..]),
    ] {
        let seen = mnemonics(flavour);
        let isa = reg.parse_isa(isa).unwrap();
        // of zve64x, the subset the vector RTL implements (each one an op of the simulator)
        let zve: Vec<&str> = isa
            .extensions()
            .iter()
            .filter(|x| x.name() == "zve64x")
            .flat_map(|x| x.ops().iter().map(|o| o.name))
            .collect();
        let vector = flavour == "zve64x" || flavour.starts_with("xvk");
        assert_eq!(zve.is_empty(), !vector, "{flavour}");
        if !zve.is_empty() {
            for n in asip_flow::difftest::rvv::SUBSET {
                assert!(zve.contains(n), "{n} is not a zve64x op");
            }
        }
        let missing: Vec<&str> = isa
            .ops()
            .map(|o| o.name)
            .filter(|n| !zve.contains(n) || asip_flow::difftest::rvv::SUBSET.contains(n))
            .filter(|n| !seen.contains(*n) && !not.contains(n))
            .collect();
        assert!(
            missing.is_empty(),
            "{flavour}: never generated: {missing:?}"
        );
    }
}

/// The fixed-seed set of the vector flavours (they share the vector unit) contains every
/// kind of vector fault, those inside a vector access (issue 35: the RTL took them wrongly
/// or not at all) included.
#[test]
fn the_fixed_seed_set_contains_every_vector_fault() {
    use asip_flow::difftest;
    let mut seen = std::collections::BTreeSet::new();
    for flavour in ["zve64x", "xvkeccak", "xvkeccakr"] {
        let fl = difftest::flavour(flavour).unwrap();
        for k in 0..100 {
            let c = difftest::generate(fl, difftest::case_seed(1, fl.name, k)).unwrap();
            seen.extend(c.faults.iter().copied());
        }
    }
    for kind in [
        "vector instruction with vill set",
        "misaligned vector register group",
        "vector load from below memory",
        "vector store from below memory",
        "strided vector load leaving memory",
        "misaligned strided vector element",
        "write to a read-only vector CSR",
        "vector instruction with vstart != 0",
    ] {
        assert!(seen.contains(kind), "no '{kind}' in {seen:?}");
    }
}
