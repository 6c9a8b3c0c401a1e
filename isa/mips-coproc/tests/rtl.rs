//! The Verilog coprocessor (isa/mips-coproc/rtl) against the Rust semantics: random
//! operation streams from the model (rotation amounts biased to 0, 1, 31, 32, 63, every
//! Chi index), replayed by an Icarus testbench; Verilator lint. Skips loudly without the
//! tools.

mod common;
use common::*;
use isa_mips_coproc::{chi, rot, xor5, CopState};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

fn rtl_dir() -> PathBuf {
    root().join("isa/mips-coproc/rtl")
}

fn sources() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(rtl_dir())
        .expect("rtl dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            n.starts_with("mc_") && n.ends_with(".v")
        })
        .collect();
    v.sort();
    v
}

fn vectors(n: usize, seed: u64) -> (String, [usize; 5]) {
    let mut g = Rng(seed);
    let mut st = CopState::default();
    let mut out = String::new();
    let mut per_op = [0usize; 5];
    for _ in 0..n {
        let valid = (g.u32() % 8 != 0) as u32;
        let op = g.u32() % 5;
        let idx = g.u32() % 5;
        let ld = if op == 0 && idx == 2 && g.u32() % 2 == 0 {
            [0, 1, 31, 32, 63, 64, 0xffff_ffff][(g.u32() % 7) as usize]
        } else {
            g.u32()
        };
        let mut stv = 0;
        if valid == 1 {
            per_op[op as usize] += 1;
            match op {
                0 => st.au[idx as usize] = ld,
                1 => stv = xor5(&st.au),
                2 => stv = chi(&st.au, idx as usize),
                3 => {
                    let (m, l) = rot(&st.au);
                    stv = m;
                    st.least = l;
                }
                _ => stv = st.least,
            }
        }
        let a = st.au;
        let _ = writeln!(
            out,
            "{valid:x} {op:x} {idx:x} {ld:x} {stv:x} {:x} {:x} {:x} {:x} {:x} {:x}",
            a[0], a[1], a[2], a[3], a[4], st.least
        );
    }
    (out, per_op)
}

#[test]
fn verilator_lint_is_clean() {
    if !have("verilator") {
        eprintln!("\n*** SKIPPED: verilator not found; RTL lint did not run ***\n");
        return;
    }
    let srcs = sources();
    assert!(srcs.len() >= 3, "{srcs:?}");
    for s in &srcs {
        let top = s.file_stem().and_then(|n| n.to_str()).expect("name");
        let out = Command::new("verilator")
            .args(["--lint-only", "-Wall", "--top-module", top])
            .args(&srcs)
            .output()
            .expect("verilator");
        assert!(
            out.status.success(),
            "verilator lint of {top}:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn rtl_matches_the_model_on_random_vectors() {
    if !have_with("iverilog", "-V") || !have_with("vvp", "-V") {
        eprintln!("\n*** SKIPPED: iverilog/vvp not found; the RTL-vs-model test did not run ***\n");
        return;
    }
    let (vec, per_op) = vectors(40_000, 0xc0_9e0c);
    assert!(per_op.iter().all(|&n| n > 5000), "{per_op:?}");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mips-coproc-rtl");
    std::fs::create_dir_all(&dir).expect("mkdir");
    let vf = dir.join("vectors.txt");
    std::fs::write(&vf, vec).expect("write vectors");
    let bin = dir.join("tb");
    let out = Command::new("iverilog")
        .args(["-g2005", "-Wall", "-o"])
        .arg(&bin)
        .args(sources())
        .arg(rtl_dir().join("tb_mc_fu.v"))
        .output()
        .expect("iverilog");
    assert!(
        out.status.success(),
        "iverilog:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new("vvp")
        .arg("-n")
        .arg(&bin)
        .arg(format!("+vec={}", vf.display()))
        .output()
        .expect("vvp");
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("RESULT"))
        .unwrap_or_else(|| panic!("no RESULT line:\n{text}"));
    assert!(line.contains("vectors=40000"), "{text}");
    assert!(line.ends_with("fails=0"), "{text}");
}
