//! Shared helpers: tool detection, RNG, the firmware build, the harness runner.
#![allow(dead_code)]

use asip_sim::{Isa, Machine, Program, Registry, RunOptions, RunResult, TimingParams};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

/// The built-in registry plus this extension (what `asip_extensions::registry()` gives).
pub fn registry() -> Registry {
    let mut r = Registry::new();
    r.register(Arc::new(isa_mips_coproc::MipsCop));
    r
}

pub fn isa(s: &str) -> Isa {
    registry().parse_isa(s).expect("isa")
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

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Whether `tool flag` can be started and exits with status 0.
pub fn have_with(tool: &str, flag: &str) -> bool {
    Command::new(tool)
        .arg(flag)
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

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
    let res = if !have("mipsel-linux-gnu-gcc") {
        eprintln!(
            "\n*** SKIPPED: mipsel-linux-gnu-gcc not found; the {kernel} firmware test \
             did not run (install gcc-mipsel-linux-gnu) ***\n"
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

/// Run the harness `bench.elf ALG LENS SEED` on `isa_str` with the mips5 timing model.
pub fn run_bench(
    elf: &Path,
    isa_str: &str,
    alg: &str,
    lens: &[usize],
    seed: u32,
) -> (Vec<HashLine>, RunResult) {
    let bytes = std::fs::read(elf).expect("read elf");
    let prog = Program::load_elf(&bytes).expect("load elf");
    let lens_s: Vec<String> = lens.iter().map(|l| l.to_string()).collect();
    let mut m = Machine::new(
        &prog,
        isa(isa_str),
        TimingParams::preset("mips5").expect("mips5"),
        RunOptions {
            argv: vec![
                "bench.elf".into(),
                alg.into(),
                lens_s.join(","),
                seed.to_string(),
            ],
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

/// The harness's message PRNG (docs/firmware.md).
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
