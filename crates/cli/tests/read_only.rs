//! A read-only checkout whose firmware and RTL model are built: `firmware`, `bench` and
//! `rtl run` work (a finished build is read without taking its lock), and a design that needs
//! building says so in one line. The tree is made read-only by a bind mount in a private
//! mount namespace (`unshare -m`, as root: root writes through file modes), so the other
//! tests running meanwhile see it writable.

use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sha3-asip")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `sha3-asip args` in the tree, writable.
fn run(args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

/// `sha3-asip args` in the tree mounted read-only; None where that cannot be arranged.
fn run_read_only(args: &[&str]) -> Option<Output> {
    let r = root();
    let script =
        r#"mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && cd "$0" && exec "$@""#;
    let o = Command::new("unshare")
        .args(["-m", "--propagation", "private", "sh", "-c", script])
        .arg(&r)
        .arg(bin())
        .args(args)
        .output()
        .ok()?;
    let e = text(&o.stderr);
    if e.contains("mount:") || e.contains("unshare:") {
        return None;
    }
    Some(o)
}

#[test]
fn a_built_read_only_tree_runs_and_an_unbuilt_design_says_so() {
    let elf = "testdata/riscv-tests/elf/rv32ui-p-add";
    // build what the read-only runs read (a no-op when it is built)
    for args in [
        &["firmware", "--design", "rv32-ref"][..],
        &["rtl", "run", "--design", "rv32-ref", elf],
    ] {
        let o = run(args);
        assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    }
    let uid = Command::new("id").arg("-u").output().unwrap();
    if text(&uid.stdout).trim() != "0" {
        eprintln!("read_only: skipped (needs root for a read-only bind mount)");
        return;
    }
    let Some(probe) = run_read_only(&["firmware", "--design", "rv32-ref"]) else {
        panic!("cannot mount the tree read-only here (unshare -m, mount --bind)");
    };
    assert!(probe.status.success(), "{}", text(&probe.stderr));
    assert!(text(&probe.stdout).contains("firmware/build/rv32-ref/bench.elf"));
    let o = run_read_only(&["bench", "--design", "rv32-ref", "--len", "64", "--json"]).unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("\"digest_ok\": true"),
        "{}",
        text(&o.stdout)
    );
    let o = run_read_only(&["rtl", "run", "--design", "rv32-ref", elf]).unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("engine rtl"),
        "{}",
        text(&o.stderr)
    );

    // a design that was never built (its own name, from a TOML file outside the tree)
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("read-only");
    std::fs::create_dir_all(&d).unwrap();
    let name = format!("ro-probe-{}", std::process::id());
    let toml = std::fs::read_to_string(root().join("designs/rv32-ref.toml"))
        .unwrap()
        .replace("name = \"rv32-ref\"", &format!("name = \"{name}\""))
        .lines()
        .filter(|l| !l.starts_with("published"))
        .collect::<Vec<_>>()
        .join("\n");
    let path = d.join(format!("{name}.toml"));
    std::fs::write(&path, toml).unwrap();
    let path = path.to_str().unwrap();
    for (args, what) in [
        (
            vec!["firmware", "--design", path],
            format!("the firmware of design '{name}' needs to be built"),
        ),
        (
            vec!["rtl", "run", "--design", path, elf],
            format!("the generated RTL of design '{name}' needs to be built"),
        ),
    ] {
        let o = run_read_only(&args).unwrap();
        let e = text(&o.stderr);
        assert!(!o.status.success(), "{args:?}");
        let line = e.lines().find(|l| l.contains(&what));
        assert!(
            line.is_some_and(
                |l| l.contains("a read-only tree") && l.contains("Read-only file system")
            ),
            "{args:?}: {e}"
        );
    }
}
