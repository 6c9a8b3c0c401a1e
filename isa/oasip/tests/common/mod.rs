//! Shared helpers: machines over raw words, the firmware build, the harness runner.
#![allow(dead_code)]

use asip_sim::{Isa, Machine, Program, Registry, RunOptions, RunResult, SimError, TimingParams};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

pub const BASE: u32 = 0x1_0000;

/// The built-in registry plus xoasip (what `asip_extensions::registry()` also gives).
pub fn registry() -> Registry {
    let mut r = Registry::new();
    r.register(Arc::new(isa_oasip::Oasip));
    r
}

pub fn isa(s: &str) -> Isa {
    registry().parse_isa(s).expect("isa")
}

// --- tiny RV32 encoder ---
pub fn i(imm: i32, rs1: u32, f3: u32, rd: u32, op: u32) -> u32 {
    (((imm as u32) & 0xfff) << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op
}
pub fn addi(rd: u32, rs1: u32, imm: i32) -> u32 {
    i(imm, rs1, 0, rd, 0x13)
}
pub fn add(rd: u32, rs1: u32, rs2: u32) -> u32 {
    (rs2 << 20) | (rs1 << 15) | (rd << 7) | 0x33
}
pub fn b(off: i32, rs2: u32, rs1: u32, f3: u32) -> u32 {
    let o = off as u32;
    ((o >> 12) & 1) << 31
        | ((o >> 5) & 0x3f) << 25
        | rs2 << 20
        | rs1 << 15
        | f3 << 12
        | ((o >> 1) & 0xf) << 8
        | ((o >> 11) & 1) << 7
        | 0x63
}
pub fn j(off: i32, rd: u32) -> u32 {
    let o = off as u32;
    ((o >> 20) & 1) << 31
        | ((o >> 1) & 0x3ff) << 21
        | ((o >> 11) & 1) << 20
        | ((o >> 12) & 0xff) << 12
        | rd << 7
        | 0x6f
}
pub const NOP: u32 = 0x13;
pub fn exit_seq() -> Vec<u32> {
    vec![addi(17, 0, 93), 0x73]
}

pub fn machine(words: &[u32]) -> Result<Machine, SimError> {
    let prog = Program::from_words(BASE, words, 4096);
    Machine::new(
        &prog,
        isa("rv32im_xoasip"),
        TimingParams::preset("zscale")?,
        RunOptions {
            max_cycles: 1_000_000,
            ..RunOptions::default()
        },
    )
}

/// Run `words` + exit with preset registers; the machine afterwards.
pub fn run_words(words: &[u32], regs: &[(usize, u32)]) -> (Result<RunResult, SimError>, Machine) {
    let mut w = words.to_vec();
    w.extend(exit_seq());
    let mut m = machine(&w).expect("machine");
    for &(k, v) in regs {
        m.cpu_mut().x[k] = v;
    }
    let r = m.run();
    (r, m)
}

/// Registers after running `words` (panics on a simulation error).
pub fn regs_after(words: &[u32], regs: &[(usize, u32)]) -> [u32; 32] {
    let (r, m) = run_words(words, regs);
    r.expect("run");
    m.cpu().x
}

pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn u32(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }
}

// --- firmware ---
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Whether `tool` can be started (`tool flag` exits with status 0).
pub fn have_with(tool: &str, flag: &str) -> bool {
    Command::new(tool)
        .arg(flag)
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// Whether `tool --version` works.
pub fn have(tool: &str) -> bool {
    have_with(tool, "--version")
}

/// Build a firmware kernel once per test binary; None (with a loud message) without gcc.
pub fn firmware(kernel: &str) -> Option<PathBuf> {
    type Built = Vec<(String, Option<PathBuf>)>;
    static BUILT: OnceLock<Mutex<Built>> = OnceLock::new();
    let lock = BUILT.get_or_init(|| Mutex::new(Vec::new()));
    let mut g = lock.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, p)) = g.iter().find(|(k, _)| k == kernel) {
        return p.clone();
    }
    let res = if !have("riscv64-unknown-elf-gcc") {
        eprintln!(
            "\n*** SKIPPED: riscv64-unknown-elf-gcc not found; the {kernel} firmware test \
             did not run (install gcc-riscv64-unknown-elf) ***\n"
        );
        None
    } else {
        let build = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fw-{kernel}"));
        let out = Command::new("make")
            .arg("-s")
            .arg("-C")
            .arg(root().join("firmware"))
            .arg(format!("KERNEL={kernel}"))
            .arg(format!("BUILD={}", build.display()))
            .output()
            .expect("running make");
        assert!(
            out.status.success(),
            "firmware build failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        Some(build.join("bench.elf"))
    };
    g.push((kernel.to_string(), res.clone()));
    res
}

/// One `hash` line of the harness output.
#[derive(Debug, Clone)]
pub struct HashLine {
    pub len: usize,
    pub seed: u32,
    pub cycles: u64,
    pub digest: Vec<u8>,
}

fn field<'a>(line: &'a str, key: &str) -> &'a str {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
        .unwrap_or_else(|| panic!("no {key}= in {line:?}"))
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

/// Run the harness: `bench.elf ALG LENS SEED` on `isa` with zscale timing.
pub fn run_bench(
    elf: &Path,
    isa_str: &str,
    alg: &str,
    lens: &[usize],
    seed: u32,
    profile: bool,
) -> (Vec<HashLine>, RunResult) {
    let bytes = std::fs::read(elf).expect("read elf");
    let prog = Program::load_elf(&bytes).expect("load elf");
    let lens_s: Vec<String> = lens.iter().map(|l| l.to_string()).collect();
    let mut m = Machine::new(
        &prog,
        isa(isa_str),
        TimingParams::preset("zscale").expect("zscale"),
        RunOptions {
            argv: vec![
                "bench.elf".into(),
                alg.into(),
                lens_s.join(","),
                seed.to_string(),
            ],
            profile,
            ..RunOptions::default()
        },
    )
    .expect("machine");
    let r = m.run().expect("run");
    assert_eq!(
        r.exit.code(),
        0,
        "harness failed: {}",
        String::from_utf8_lossy(&r.stderr)
    );
    let text = String::from_utf8_lossy(&r.stdout).into_owned();
    let lines = text
        .lines()
        .filter(|l| l.starts_with("hash "))
        .map(|l| HashLine {
            len: field(l, "len").parse().expect("len"),
            seed: field(l, "seed").parse().expect("seed"),
            cycles: field(l, "cycles").parse().expect("cycles"),
            digest: unhex(field(l, "digest")),
        })
        .collect();
    (lines, r)
}

/// The harness's message PRNG (docs/firmware.md, crates/flow/src/msg.rs).
pub fn harness_message(seed: u32, len: usize) -> Vec<u8> {
    let mut x: u32 = 0x9E37_79B9 ^ seed ^ ((len as u32) << 16);
    if x == 0 {
        x = 1;
    }
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect()
}
