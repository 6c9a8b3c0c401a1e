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

/// The names of designs/*.toml, sorted.
fn design_files() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join("designs"))
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "toml").then(|| p.file_stem().unwrap().to_string_lossy().into())
        })
        .collect();
    v.sort();
    v
}

fn err(o: &Output) -> String {
    let e = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!e.contains("panicked"), "panic: {e}");
    e
}

/// Run with `args`, expect success, and parse what it printed as JSON.
fn run_json(args: &[&str]) -> serde_json::Value {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", err(&o));
    serde_json::from_slice(&o.stdout).expect("JSON")
}

/// The elements of the JSON array `v[key]`.
fn items<'a>(v: &'a serde_json::Value, key: &str) -> impl Iterator<Item = &'a serde_json::Value> {
    v[key].as_array().unwrap().iter()
}

/// Run with `args` and expect a usage error (exit 2) whose message says each of `want`.
fn usage_error(args: &[&str], want: &[&str]) {
    let o = run(args);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
    for w in want {
        assert!(e.contains(w), "{args:?}: {w:?} missing from {e}");
    }
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
    assert_eq!(o.status.code(), Some(152), "128 + SIGXCPU");
    let e = err(&o);
    assert!(
        e.contains("runaway: exceeded max_cycles at cycle ")
            && e.contains(", pc 0x")
            && e.contains("(exit status 152, as SIGXCPU)"),
        "{e}"
    );
}

#[test]
fn unknown_design_lists_the_known_ones() {
    usage_error(
        &["bench", "--design", "no-such-design"],
        &[
            "unknown design 'no-such-design'; known designs:",
            "rv32-ref",
        ],
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
    let v = run_json(&["bench", "--design", "rv32-ref", "--len", "0,64", "--json"]);
    assert_eq!(v["design"], "rv32-ref");
    assert_eq!(v["alg"], "sha3-256");
    assert_eq!(v["digest_ok"], true);
    let lens: Vec<u64> = items(&v, "runs")
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
    let v = run_json(&["profile", "--design", "rv32-sw", "--len", "200", "--json"]);
    let total: f64 = items(&v, "classes")
        .map(|c| c["share"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9, "shares sum to {total}");
    let cycles: u64 = items(&v, "classes")
        .map(|c| c["cycles"].as_u64().unwrap())
        .sum();
    assert_eq!(cycles, v["total_cycles"].as_u64().unwrap());
}

#[test]
fn hw_unknown_case_lists_the_cases() {
    usage_error(
        &["hw", "synth", "--case", "XIII"],
        &["unknown case 'XIII'; known cases: I, II, III, IV, V"],
    );
}

#[test]
fn hw_asic_unknown_target_is_a_usage_error() {
    usage_error(
        &["hw", "asic", "--case", "XIII", "--json"],
        &["unknown case 'XIII' (known: I, II"],
    );
    usage_error(
        &["hw", "asic", "--unit", "no-such-ext"],
        &["isa/no-such-ext/rtl/units.json not found"],
    );
}

#[path = "../../sim/tests/common/mod.rs"]
mod common;

/// A scratch ELF made of `words` (one RWX segment at 0x10000, optional symbols).
fn scratch_elf(name: &str, words: &[u32], syms: &[(&str, u32, bool)]) -> PathBuf {
    let b = common::make_elf(243, common::BASE, &common::words_to_bytes(words), syms);
    let p = std::env::temp_dir().join(format!("sha3-asip-{}-{name}.elf", std::process::id()));
    std::fs::write(&p, b).unwrap();
    p
}

fn exit_with(code: i32) -> Vec<u32> {
    // li a0, code (lui + addi); li a7, 93; ecall
    let hi = ((code as u32).wrapping_add(0x800)) >> 12;
    let lo = (code as u32).wrapping_sub(hi << 12) as i32;
    vec![
        common::u(hi, 10, 0x37),
        common::addi(10, 10, lo),
        common::addi(17, 0, 93),
        common::ECALL,
    ]
}

#[test]
fn run_exits_with_the_guest_status_as_posix_does() {
    for (code, status) in [(0, 0), (3, 3), (-1, 255), (255, 255), (256, 0), (257, 1)] {
        let elf = scratch_elf(&format!("exit{code}"), &exit_with(code), &[]);
        let o = run(&["run", elf.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(status), "exit({code})");
        let e = err(&o);
        if code == status {
            assert!(
                e.contains(&format!("sha3-asip: exit {status} | cycles")),
                "{e}"
            );
        } else {
            assert!(
                e.contains(&format!("sha3-asip: exit {status} (exit({code})) | cycles")),
                "{e}"
            );
        }
        let _ = std::fs::remove_file(elf);
    }
}

#[test]
fn a_trap_exits_with_128_plus_its_signal() {
    // an all-zero word is illegal; ebreak; a load outside memory
    for (name, words, status, sig) in [
        ("illegal", vec![0u32], 132, "SIGILL"),
        ("ebreak", vec![0x0010_0073], 133, "SIGTRAP"),
        ("segv", vec![common::lw(5, 0, 0)], 139, "SIGSEGV"),
    ] {
        let elf = scratch_elf(name, &words, &[]);
        let o = run(&["run", elf.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(status), "{name}");
        assert!(
            err(&o).contains(&format!("(exit status {status}, as {sig})")),
            "{}",
            err(&o)
        );
        let _ = std::fs::remove_file(elf);
    }
}

#[test]
fn a_failing_riscv_test_names_its_test_number() {
    // tohost at 0x10100: store 7 = (3 << 1) | 1, test 3 failed
    let words = [
        common::u(0x10, 5, 0x37),
        common::addi(6, 0, 7),
        common::sw(6, 5, 0x100),
        common::j(0, 0),
    ];
    let elf = scratch_elf("tohost", &words, &[("tohost", 0x10100, false)]);
    let o = run(&["run", elf.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3));
    let e = err(&o);
    assert!(
        e.contains("sha3-asip: tohost = 0x7: test 3 failed\n"),
        "{e}"
    );
    let _ = std::fs::remove_file(elf);
}

#[test]
fn run_help_documents_tohost_and_the_exit_status() {
    let o = run(&["run", "--help"]);
    let h = String::from_utf8_lossy(&o.stdout);
    for want in [
        "tohost",
        "exit(-1) is 255",
        "exit(256) is 0",
        "128 + the signal",
        "152 --max-cycles",
    ] {
        assert!(h.contains(want), "{want} missing from run --help");
    }
}

#[test]
fn max_cycles_zero_is_an_error() {
    let elf = root().join("crates/sim/tests/data/hello.elf");
    for cmd in [&["run"][..], &["rtl", "run"][..]] {
        let mut args = cmd.to_vec();
        args.extend([elf.to_str().unwrap(), "--max-cycles", "0"]);
        if cmd.len() == 2 {
            args.extend(["--design", "rv32-ref"]);
        }
        usage_error(&args, &["0 is not a limit: give a positive cycle count"]);
    }
}

#[test]
fn design_accepts_a_path_to_a_toml_file() {
    let elf = root().join("crates/sim/tests/data/hello.elf");
    let path = root().join("designs/rv32-ref.toml");
    let by_path = run(&[
        "run",
        elf.to_str().unwrap(),
        "--design",
        path.to_str().unwrap(),
    ]);
    let by_name = run(&["run", elf.to_str().unwrap(), "--design", "rv32-ref"]);
    assert_eq!(by_path.status.code(), Some(3));
    assert_eq!(err(&by_path), err(&by_name));
    usage_error(
        &[
            "run",
            elf.to_str().unwrap(),
            "--design",
            "no/such/file.toml",
        ],
        &["--design no/such/file.toml: no such design file"],
    );
}

#[test]
fn the_official_riscv_tests_pass_on_the_simulator() {
    let o = run(&["riscv-tests", "--engine", "sim"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", err(&o));
    let all =
        "rv32-dasip, rv32-oasip, rv32-ref, rv32-ref-eo, rv32-sw, rv32-v, rv32-v-keccak, rv32-v-keccakr, rv32-xkeccak, rv32-zbkb";
    // per design: 41 rv32ui tests (one of them not applicable), 8 rv32um, 16 rv32mi
    let n = all.split(", ").count();
    assert_eq!(
        out,
        format!(
            "rv32ui     engine sim: {ui}/{ui} passed, {n} not applicable on {all}\n\
             rv32um     engine sim: {um}/{um} passed on {all}\n\
             rv32mi     engine sim: {mi}/{mi} passed on {all}\n\
             rv32uzbb   engine sim: 18/18 passed on rv32-ref (isa rv32im_zbb)\n\
             rv32uzbkb  engine sim: 5/5 passed on rv32-zbkb\n",
            ui = 41 * n,
            um = 8 * n,
            mi = 16 * n
        )
    );
    // misaligned accesses performed: ma_data passes too
    let o = run(&[
        "riscv-tests",
        "--design",
        "rv32-ref",
        "--misaligned",
        "perform",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.starts_with("rv32ui     engine sim: 42/42 passed on rv32-ref\n"),
        "{out}"
    );
}

/// riscv-tests linked as riscv-tests pins its env (no PHDRS: an R-X and an RW segment):
/// `fence_i` runs code it keeps in `.data`, which passes because the tests run with memory
/// RWX everywhere, as their environment means it, on both engines; the project's own ELFs
/// keep their flags (a fetch from an RW segment is still caught: crates/sim/tests/conformance.rs).
#[test]
fn riscv_tests_linked_without_phdrs_pass_on_both_engines() {
    let dir = root().join("testdata/riscv-tests/env-6de71ed/elf");
    let fence_i = dir.join("rv32ui-p-fence_i");
    let elf = std::fs::read(&fence_i).unwrap();
    // the image really has no RWX segment: e_phnum program headers, PT_LOAD flags
    let (phoff, phnum) = (
        u32::from_le_bytes(elf[28..32].try_into().unwrap()) as usize,
        u16::from_le_bytes(elf[44..46].try_into().unwrap()) as usize,
    );
    let loads: Vec<u32> = (0..phnum)
        .map(|i| &elf[phoff + 32 * i..phoff + 32 * (i + 1)])
        .filter(|h| u32::from_le_bytes(h[0..4].try_into().unwrap()) == 1)
        .map(|h| u32::from_le_bytes(h[24..28].try_into().unwrap()))
        .collect();
    assert_eq!(loads, vec![5, 6], "PT_LOAD flags R-X and RW-");
    let engines: &[&str] = if Command::new("verilator").arg("--version").output().is_ok() {
        &["sim", "rtl"]
    } else {
        eprintln!("*** SKIPPED the RTL half: verilator not installed (apt-get install verilator)");
        &["sim"]
    };
    for engine in engines {
        let o = run(&[
            "riscv-tests",
            "--engine",
            engine,
            "--design",
            "rv32-ref",
            "--dir",
            dir.to_str().unwrap(),
        ]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{engine}: {out}{}", err(&o));
        assert_eq!(
            out,
            format!("rv32ui     engine {engine}: 2/2 passed on rv32-ref\n"),
            "{engine}"
        );
    }
    // `run` keeps the ELF's flags: the fetch from .data is caught there
    let o = run(&["run", fence_i.to_str().unwrap(), "--design", "rv32-ref"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(err(&o).contains("tohost = 0x539"), "{}", err(&o));
}

#[test]
fn the_official_riscv_tests_pass_on_the_rtl_processors() {
    let have = Command::new("verilator").arg("--version").output().is_ok();
    if !have {
        eprintln!(
            "*** SKIPPED: verilator not installed (apt-get install verilator): riscv-tests on RTL"
        );
        return;
    }
    let o = run(&["riscv-tests", "--engine", "rtl"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", err(&o));
    let all = "rv32-dasip, rv32-oasip, rv32-ref, rv32-ref-eo, rv32-sw, rv32-v, rv32-v-keccak, \
               rv32-v-keccakr, rv32-xkeccak, rv32-zbkb";
    assert_eq!(
        out,
        format!(
            "rv32ui     engine rtl: 410/410 passed, 10 not applicable on {all}\n\
             rv32um     engine rtl: 80/80 passed on {all}\n\
             rv32mi     engine rtl: 160/160 passed on {all}\n\
             rv32uzbkb  engine rtl: 5/5 passed on rv32-zbkb\n"
        )
    );
    usage_error(
        &["riscv-tests", "--engine", "rtl", "--misaligned", "perform"],
        &["--misaligned applies to the simulator only"],
    );
}

#[test]
fn bench_sim_works_for_every_design_and_says_why_without_qemu() {
    let designs = design_files();
    assert!(designs.len() >= 10);
    let qemu = |p: &str| {
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
            .any(|d| d.join(p).is_file())
    };
    for d in &designs {
        let o = run(&["bench-sim", "--design", d, "--len", "64", "--repeat", "1"]);
        let e = err(&o);
        assert_eq!(o.status.code(), Some(0), "{d}: {e}");
        let out = String::from_utf8_lossy(&o.stdout);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{d}: {out}");
        assert!(
            lines[0].starts_with(&format!("sha3-asip sim ({d} on ")),
            "{out}"
        );
        assert!(lines[0].ends_with("M simulated instructions/s"), "{out}");
        let program = if d.starts_with("mips") {
            "qemu-mipsel"
        } else {
            "qemu-riscv32"
        };
        let custom = [
            "rv32-oasip",
            "rv32-dasip",
            "rv32-xkeccak",
            "rv32-v-keccak",
            "rv32-v-keccakr",
            "mips-native",
            "mips-coproc",
        ]
        .contains(&d.as_str());
        if custom {
            let l = lines[1];
            assert!(
                l.starts_with(&format!("{program} cannot run ")),
                "{d}: {out}"
            );
            assert!(
                l.contains("(custom instructions, per firmware/kernels/"),
                "{out}"
            );
            assert!(
                l.ends_with("kernel.toml): the simulator alone is timed"),
                "{out}"
            );
        } else if qemu(program) {
            assert!(lines[1].starts_with(program), "{d}: {out}");
            assert!(
                lines[1].contains("(same ELF, no timing model)"),
                "{d}: {out}"
            );
        } else {
            assert!(lines[1].contains("not installed"), "{d}: {out}");
        }
    }
    // A length the harness cannot take is refused before anything runs (it used to print
    // a speed from the failed run).
    let o = run(&["bench-sim", "--len", "65537"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        err(&o),
        "sha3-asip: --len: 65537 bytes is more than the firmware harness's 65536-byte message buffer\n"
    );
    assert!(o.stdout.is_empty());
}

#[test]
fn harness_lengths_are_checked_before_anything_runs() {
    let msg = "sha3-asip: --len: 65537 bytes is more than the firmware harness's 65536-byte message buffer\n";
    for args in [
        vec!["bench", "--design", "rv32-ref", "--len", "0,65537"],
        vec!["profile", "--design", "rv32-ref", "--len", "65537"],
        vec!["bench-sim", "--design", "mips-ref", "--len", "65537"],
    ] {
        let o = run(&args);
        assert_eq!(err(&o), msg, "{args:?}");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
    let many = vec!["1"; 1025].join(",");
    let o = run(&["bench", "--design", "rv32-ref", "--len", &many]);
    assert_eq!(
        err(&o),
        "sha3-asip: --len: 1025 lengths is more than the firmware harness's 1024\n"
    );
}

#[test]
fn designs_lists_every_file_with_a_header_and_as_json() {
    let files = design_files();
    let o = run(&["designs"]);
    assert!(o.status.success(), "{}", err(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    let mut lines = text.lines();
    let head = lines.next().unwrap();
    assert!(head.starts_with("design") && head.contains("family") && head.contains("ISA"));
    let mut listed: Vec<&str> = lines.filter_map(|l| l.split_whitespace().next()).collect();
    listed.sort();
    assert_eq!(listed, files);
    let v = run_json(&["designs", "--json"]);
    let mut names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].as_str().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, files);
    for d in v.as_array().unwrap() {
        let f = d["family"].as_str().unwrap();
        assert!(
            ["baseline", "seed-ise", "standard", "own"].contains(&f),
            "{d}"
        );
    }
}

#[test]
fn hw_help_names_every_case_and_both_commands_default_to_sha3_512() {
    let o = run(&["hw", "cases"]);
    assert!(o.status.success(), "{}", err(&o));
    let cases: Vec<String> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    assert!(
        cases.len() >= 7 && cases.contains(&"V-entry".to_string()),
        "{cases:?}"
    );
    for cmd in ["sim", "synth"] {
        let o = run(&["hw", cmd, "--help"]);
        let help = String::from_utf8_lossy(&o.stdout);
        for c in &cases {
            assert!(
                help.contains(&format!(" {c}")),
                "hw {cmd} --help lacks case {c}"
            );
        }
        assert!(help.contains("[default: sha3-512]"), "hw {cmd}: {help}");
    }
}

#[test]
fn profile_counts_each_mnemonic_and_keeps_hotspots_in_the_kernel_by_default() {
    let v = run_json(&["profile", "--design", "rv32-oasip", "--len", "64", "--json"]);
    let ops = v["mnemonics"].as_array().unwrap();
    let count = |n: &str| {
        ops.iter()
            .find(|m| m["name"] == n)
            .map(|m| m["count"].as_u64().unwrap())
            .unwrap_or(0)
    };
    // OASIP's custom instructions run, and the mnemonic counts add up to the classes'
    assert!(count("remv") > 0 && count("doloop") > 0, "{ops:?}");
    let by_ops: u64 = ops.iter().map(|m| m["count"].as_u64().unwrap()).sum();
    let by_class: u64 = items(&v, "classes")
        .map(|c| c["instructions"].as_u64().unwrap())
        .sum();
    assert_eq!(by_ops, by_class);
    assert_eq!(v["hotspot_scope"], "kernel");
    let fns: Vec<&str> = items(&v, "functions")
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert!(fns.iter().all(|f| f.starts_with("kernel_")), "{fns:?}");
    let v = run_json(&[
        "profile",
        "--design",
        "rv32-oasip",
        "--len",
        "64",
        "--whole-program",
        "--json",
    ]);
    assert_eq!(v["hotspot_scope"], "program");
    assert!(
        items(&v, "functions").any(|f| f["name"] == "_start"),
        "start-up code counted with --whole-program"
    );
}

/// Issue 16 item 7 end to end: `sha3-asip firmware` on a design file whose cflags hold shell
/// syntax refuses it, naming the field, exit 1, and runs nothing (the touch never happens).
#[test]
fn firmware_refuses_shell_syntax_in_a_design_file_and_runs_nothing() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("firmware_cli_evil");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let marker = dir.join("pwned");
    for cflags in [
        format!("-O2; touch {}", marker.display()),
        format!("$(touch {})", marker.display()),
    ] {
        let design = dir.join("evil.toml");
        std::fs::write(
            &design,
            format!(
                "name = \"evil\"\ntitle = \"t\"\nfamily = \"own\"\narch = \"rv32\"\n\
                 isa = \"rv32im\"\ntiming = \"zscale\"\nkernel = \"rv32-ref\"\ncflags = {cflags:?}\n"
            ),
        )
        .unwrap();
        let o = run(&["firmware", "--design", design.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(
            err.contains(&format!(
                "invalid design file {}: cflags: '",
                design.display()
            )) && err.contains("is not a compiler flag the firmware flow supports"),
            "{err}"
        );
        assert!(!err.contains("panicked"), "{err}");
        assert!(o.stdout.is_empty());
        assert!(!marker.exists(), "{cflags}: the design's cflags ran");
        assert!(!root().join("firmware/build/evil").exists());
    }
}
