//! `sha3-asip reproduce --quick`: every design appears with correct digests, the JSON follows
//! docs/results-schema.md, the HTML is well-formed with one chart per view, and two runs give
//! the same records (only `metadata` may differ).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `reproduce --quick`; with `progress`, stdout and stderr are pipes, so progress is one
/// line per step on stderr (checked here).
fn run_quick(out: &Path, progress: bool) -> Value {
    let st = Command::new(env!("CARGO_BIN_EXE_sha3-asip"))
        .args(["reproduce", "--quick", "--no-readme", "--out"])
        .arg(out)
        .args(if progress {
            None
        } else {
            Some("--no-progress")
        })
        .env("SHA3_ASIP_ROOT", root())
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&st.stderr);
    assert!(st.status.success(), "reproduce --quick failed:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
    let steps: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("[reproduce "))
        .collect();
    if progress {
        assert!(steps.len() >= 10, "{err}");
        let total = steps.len();
        // one line per step, each '[reproduce d/total mm:ss] <step>: ok', no bar redraws
        for l in &steps {
            assert!(
                l.contains(&format!("/{total} ")) && l.ends_with(": ok"),
                "{l}"
            );
        }
        assert!(steps
            .iter()
            .any(|l| l.starts_with(&format!("[reproduce {total}/{total} "))));
        assert!(!err.contains('\r'), "a bar was drawn into a pipe");
    } else {
        assert!(steps.is_empty(), "{err}");
    }
    let text = std::fs::read_to_string(out.join("results.json")).expect("results.json");
    serde_json::from_str(&text).expect("results.json is JSON")
}

fn design_names() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join("designs"))
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "toml")
                .then(|| p.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    v.sort();
    v
}

fn check_schema(v: &Value) {
    assert_eq!(v["schema"], "sha3-asip/results/v1");
    assert!(v["metadata"]["generated_unix"].is_u64());
    assert_eq!(v["metadata"]["quick"], true);
    let records = v["records"].as_array().expect("records array");
    let need: &[(&str, &[&str])] = &[
        (
            "bench",
            &[
                "design",
                "arch",
                "isa",
                "kernel",
                "timing",
                "alg",
                "rate_bytes",
                "cycles_per_byte",
                "cycles_per_block",
                "cycles_per_permutation",
                "instret_per_permutation",
                "code_size_bytes",
                "digest_ok",
                "runs",
            ],
        ),
        (
            "profile",
            &[
                "design",
                "alg",
                "len",
                "scope",
                "total_cycles",
                "classes",
                "functions",
                "blocks",
            ],
        ),
        (
            "constant_time",
            &[
                "design",
                "alg",
                "len",
                "messages",
                "min_cycles",
                "max_cycles",
                "distinct_cycle_counts",
                "ok",
            ],
        ),
        (
            "area",
            &[
                "unit",
                "flow",
                "luts",
                "ffs",
                "slices_est",
                "lut_levels",
                "fmax_mhz_est",
                "ge_est",
            ],
        ),
        (
            "hw_perf",
            &[
                "case",
                "alg",
                "cycles_per_block",
                "latency_cycles",
                "gbps",
                "mbps_per_slice",
                "digests_ok",
            ],
        ),
        (
            "rtl",
            &[
                "design",
                "alg",
                "lens",
                "lockstep_ok",
                "instructions",
                "cycles",
                "error",
            ],
        ),
        ("failure", &["step", "error"]),
    ];
    for r in records {
        let kind = r["kind"].as_str().expect("kind tag");
        let fields = need
            .iter()
            .find(|(k, _)| *k == kind)
            .unwrap_or_else(|| panic!("unknown record kind {kind}"))
            .1;
        for f in fields {
            assert!(r.get(*f).is_some(), "{kind} record lacks {f}: {r}");
        }
        if kind == "bench" {
            for run in r["runs"].as_array().unwrap() {
                for f in [
                    "len",
                    "seed",
                    "cycles",
                    "instret",
                    "cycles_per_byte",
                    "digest_ok",
                ] {
                    assert!(run.get(f).is_some(), "run lacks {f}");
                }
            }
        }
    }
}

/// Tag balance of the HTML (void elements excepted) and the SVG inside it.
fn check_well_formed(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"));
    const VOID: [&str; 6] = ["meta", "br", "hr", "img", "input", "link"];
    let mut stack: Vec<String> = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        let end = rest.find('>').expect("tag closes");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') {
            continue;
        }
        let self_closing = tag.ends_with('/');
        if let Some(name) = tag.strip_prefix('/') {
            let top = stack
                .pop()
                .unwrap_or_else(|| panic!("unexpected </{name}>"));
            assert_eq!(top, name.trim(), "mismatched closing tag");
        } else {
            let name: String = tag
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if !self_closing && !VOID.contains(&name.as_str()) {
                stack.push(name);
            }
        }
    }
    assert!(stack.is_empty(), "unclosed tags: {stack:?}");
}

#[test]
fn quick_reproduce_covers_every_design_and_is_deterministic() {
    let base = std::env::temp_dir().join(format!("sha3-asip-reproduce-{}", std::process::id()));
    let (a, b) = (base.join("a"), base.join("b"));
    let v = run_quick(&a, true);
    check_schema(&v);
    let records = v["records"].as_array().unwrap();
    for d in design_names() {
        let benches: Vec<&Value> = records
            .iter()
            .filter(|r| r["kind"] == "bench" && r["design"] == d.as_str())
            .collect();
        assert!(!benches.is_empty(), "design {d} missing from the report");
        for r in benches {
            assert_eq!(r["digest_ok"], true, "{d} {}: digests", r["alg"]);
            // instructions are counted on both architectures (MIPS: by the simulator)
            let (c, i) = (
                r["cycles_per_permutation"].as_u64().unwrap(),
                r["instret_per_permutation"].as_u64().unwrap(),
            );
            assert!(i > 0 && i <= c, "{d}: {i} instructions in {c} cycles");
            for run in r["runs"].as_array().unwrap() {
                assert!(run["instret"].as_u64().unwrap() > 0, "{d}: {run}");
            }
        }
        assert!(
            records
                .iter()
                .any(|r| r["kind"] == "profile" && r["design"] == d.as_str()),
            "{d}: profile"
        );
        assert!(
            records.iter().any(|r| r["kind"] == "constant_time"
                && r["design"] == d.as_str()
                && r["ok"] == true),
            "{d}: constant time"
        );
    }
    assert!(
        !records.iter().any(|r| r["kind"] == "failure"),
        "failures recorded"
    );
    let rtl: Vec<&Value> = records.iter().filter(|r| r["kind"] == "rtl").collect();
    assert!(
        rtl.iter().any(|r| r["design"] == "rv32-ref"),
        "no RTL lockstep record for rv32-ref"
    );
    for r in rtl {
        if r["error"]
            .as_str()
            .is_some_and(|e| e.contains("verilator not installed"))
        {
            continue;
        }
        assert_eq!(r["lockstep_ok"], true, "{}: {}", r["design"], r["error"]);
    }

    let html = std::fs::read_to_string(a.join("index.html")).unwrap();
    check_well_formed(&html);
    // The figures are drawn by matplotlib in build/venv (scripts/setup); without it the
    // page says so instead. A quick run synthesizes nothing: no seed 004 figure.
    if root().join("build/venv/bin/python3").is_file() {
        for view in [
            "cycles-per-byte",
            "pareto",
            "seed003",
            "instruction-classes",
        ] {
            assert_eq!(
                html.matches(&format!("data-view=\"{view}\"")).count(),
                1,
                "one figure for {view}"
            );
            assert!(
                a.join(format!("figures/{view}.pdf")).is_file(),
                "{view}.pdf"
            );
        }
        // the page in a real browser (skipped with a message when Chromium is absent)
        let chk = Command::new(root().join("scripts/check-report"))
            .arg(&a)
            .output()
            .expect("scripts/check-report runs");
        assert!(
            chk.status.success(),
            "check-report:\n{}{}",
            String::from_utf8_lossy(&chk.stdout),
            String::from_utf8_lossy(&chk.stderr)
        );
        eprintln!("{}", String::from_utf8_lossy(&chk.stdout).trim());
    } else {
        assert!(html.contains("not drawn"), "missing figures are explained");
    }
    assert!(html.contains("What this shows"), "findings section");
    assert!(html.contains("Provenance"), "provenance section");
    let md = std::fs::read_to_string(a.join("README.md")).unwrap();
    assert!(md.contains("seed 001, Table 4"), "seed table present");
    let csv = std::fs::read_to_string(a.join("results.csv")).unwrap();
    assert!(csv.starts_with("design,alg,len,cycles"));

    let w = run_quick(&b, false);
    assert_eq!(
        v["records"], w["records"],
        "records differ between two runs"
    );
    let _ = std::fs::remove_dir_all(&base);
}
