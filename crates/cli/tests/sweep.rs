//! `sha3-asip sweep`: a tiny sweep (two variants of rv32-ref, sim and area) through a
//! LocalCluster of 2 worker processes gives the serial run's results; bad sweep files are
//! clear errors.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sha3-asip"));
    c.current_dir(root());
    c
}

/// Why the task layer cannot run here (no build/venv with dask, no yosys), or None.
fn missing_tools() -> Option<String> {
    let py = root().join("build/venv/bin/python3");
    let dask = Command::new(&py)
        .args(["-c", "import distributed"])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !dask {
        return Some(format!(
            "{} cannot import distributed (scripts/setup installs it)",
            py.display()
        ));
    }
    if !asip_flow::project::have("yosys") {
        return Some("yosys not on PATH (scripts/setup installs it)".into());
    }
    None
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sweep-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn points(out: &Path) -> serde_json::Value {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("results.json")).unwrap()).unwrap();
    v["points"].clone()
}

#[test]
fn two_workers_give_the_serial_results() {
    if let Some(why) = missing_tools() {
        eprintln!("skipped: {why}");
        return;
    }
    let dir = tmp("cluster");
    let spec = dir.join("tiny.toml");
    std::fs::write(
        &spec,
        "name = \"test-tiny\"\ndesigns = [\"rv32-ref\"]\n[axes]\n\"timing_overrides.latency.div\" = [1, 34]\n",
    )
    .unwrap();
    let mut outs = Vec::new();
    for workers in ["1", "2"] {
        let out = dir.join(format!("w{workers}"));
        let o = bin()
            .arg("sweep")
            .arg(&spec)
            .args(["--flows", "sim,area", "--workers", workers, "--out"])
            .arg(&out)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "--workers {workers}: {err}");
        if workers == "2" {
            assert!(err.contains("LocalCluster of 2 worker(s)"), "{err}");
        }
        assert!(err.contains("[sweep test-tiny 4/4 "), "{err}");
        outs.push(points(&out));
    }
    assert_eq!(outs[0], outs[1]);
    let p = outs[0].as_array().unwrap();
    assert_eq!(p.len(), 2);
    let cpb = |i: usize| p[i]["cycles_per_byte"].as_f64().unwrap();
    // the divider's latency is in the baseline's cycles (seed 001's %5 indexing), the
    // processor's area is not (the RTL does not depend on the timing model)
    assert!(cpb(0) < cpb(1), "{} {}", cpb(0), cpb(1));
    assert!(p[0]["slices_est"].as_f64().unwrap() > 100.0);
    assert_eq!(p[0]["slices_est"], p[1]["slices_est"]);
    // the faster one at the same area is the only point of the front
    assert_eq!(p[0]["pareto"], true);
    assert_eq!(p[1]["pareto"], false);
    let page = std::fs::read_to_string(dir.join("w2/index.html")).unwrap();
    assert!(page.contains("rv32-ref_div1") && page.contains("rv32-ref_div34"));
    assert!(dir.join("w2/designs/rv32-ref_div1.toml").is_file());
    // --render writes the page again from results.json, running nothing
    std::fs::remove_file(dir.join("w2/index.html")).unwrap();
    let o = bin()
        .arg("sweep")
        .arg(&spec)
        .args(["--render", "--out"])
        .arg(dir.join("w2"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        std::fs::read_to_string(dir.join("w2/index.html")).unwrap(),
        page
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_sweep_files_are_usage_errors() {
    let dir = tmp("bad");
    for (text, want) in [
        (
            "name = \"x\"\ndesigns = [\"nope\"]\n[axes]\na = [1]\n",
            "unknown design 'nope'",
        ),
        (
            "name = \"x\"\ncase = \"I\"\n[axes]\nQ = [1]\n",
            "a case sweep varies K, N, SUB",
        ),
        (
            "name = \"x\"\ndesigns = [\"rv32-ref\"]\n[axes]\n",
            "no [axes]",
        ),
        (
            "name = \"x\"\ndesigns = [\"rv32-ref\"]\n[axes]\nbogus = [1]\n",
            "unknown field `bogus`",
        ),
        (
            "name = \"x y\"\ncase = \"I\"\n[axes]\nK = [1]\n",
            "must be letters",
        ),
    ] {
        let spec = dir.join("s.toml");
        std::fs::write(&spec, text).unwrap();
        let o = bin()
            .arg("sweep")
            .arg(&spec)
            .args(["--out"])
            .arg(dir.join("out"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{text}: {err}");
        assert!(err.contains(want), "{text}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let o = bin()
        .args(["sweep", "sweeps/seed004-cases.toml", "--flows", "sim,power"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains(
        "--flows: the power flow measures processors running firmware, not a case sweep"
    ));
    let o = bin()
        .args(["sweep", "sweeps/seed004-cases.toml", "--flows", "route"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("known: sim, area, asic, pnr, power"));
    for args in [
        vec!["sweep", "sweeps/seed004-cases.toml", "--out"],
        vec!["reproduce", "--no-readme", "--out"],
    ] {
        let cmd = args[0];
        let o = bin()
            .args(&args)
            .arg(dir.join(cmd))
            .args(["--task-timeout", "0"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{cmd}: {err}");
        assert!(
            err.contains("--task-timeout must be at least 1 second"),
            "{cmd}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
