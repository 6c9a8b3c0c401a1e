//! Test helpers shared by the extension crates under `isa/` (a dev-dependency only).
//!
//! - [`firmware`]: build a design's firmware once per test process and run the benchmark
//!   harness on the simulator, check digests against the golden model, constant time
//!   (all through `asip_flow`).
//! - [`words`]: run a program given as raw instruction words on the simulator.
//! - [`regs`]: register numbers by ABI name (RV32, MIPS o32).
//! - [`rtl`]: Verilator lint, the Icarus RTL-vs-model harness, raw-word programs in
//!   lockstep on a design's processor RTL and the simulator.
//!
//! Tests that need an external tool print a loud `*** SKIPPED` line and return when the
//! tool is missing (`scripts/setup`, run by `make test`, installs them all).

pub mod firmware;
pub mod mips;
pub mod regs;
pub mod rtl;
pub mod suites;
pub mod words;

pub use firmware::{firmware, Firmware};
pub use words::{fuzz_scale, Rng};

use std::path::{Path, PathBuf};
use std::process::Command;

/// The project's root folder (the workspace this crate belongs to).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("project root")
}

/// Whether `tool flag` can be started and exits with status 0.
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

/// Run `cmd` to its end; panics with `what` and the command's standard error unless it
/// exits with status 0. Returns its output.
pub fn run_ok(cmd: &mut Command, what: &str) -> std::process::Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(
        out.status.success(),
        "{what}:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Print the loud message of a test that did not run because `tool` is missing.
pub fn skip(tool: &str, what: &str) {
    eprintln!(
        "\n*** SKIPPED: {tool} not found; {what} did not run (run scripts/setup to install it) ***\n"
    );
}

/// A bare-metal RV32IM C test program (`int check(void)`, linked with
/// `data/check_start.c`: exit status = its result) built with the distro's gcc at
/// `-O2 -Wall -Wextra -Werror` (`-mno-relax`: no global pointer is set up) and loaded; `None` (after the loud skip line) without gcc.
/// Panics with gcc's messages if it does not build.
pub fn c_program(src: &Path) -> Option<asip_sim::Program> {
    const GCC: &str = "riscv64-unknown-elf-gcc";
    if !have(GCC) {
        skip(GCC, &format!("{} (C test program)", src.display()));
        return None;
    }
    let stem = src.file_stem().unwrap_or_default().to_string_lossy();
    let elf = work_dir("c_program").join(format!("{stem}.elf"));
    let start = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/check_start.c");
    run_ok(
        Command::new(GCC)
            .args([
                "-march=rv32im",
                "-mabi=ilp32",
                "-O2",
                "-ffreestanding",
                "-nostdlib",
            ])
            .args([
                "-static",
                "-mno-relax",
                "-Wall",
                "-Wextra",
                "-Werror",
                "-Wl,-Ttext=0x10000",
            ])
            .args(["-Wl,-e,_start", "-o"])
            .arg(&elf)
            .arg(&start)
            .arg(src),
        &format!("gcc {}", src.display()),
    );
    let bytes = std::fs::read(&elf).unwrap_or_else(|e| panic!("{}: {e}", elf.display()));
    Some(asip_sim::Program::load_elf(&bytes).expect("load the ELF"))
}

/// Build the C test program `src` ([`c_program`]) and run it on `isa` (zscale timing):
/// panics naming the first failing check unless it exits with 0. Returns without running
/// (after the skip line) when gcc is missing.
pub fn run_c_checks(src: &Path, isa: asip_sim::Isa) {
    let Some(prog) = c_program(src) else {
        return;
    };
    let opts = asip_sim::RunOptions {
        max_cycles: 1_000_000,
        ..asip_sim::RunOptions::default()
    };
    let timing = asip_sim::TimingParams::preset("zscale").expect("zscale");
    let mut m = asip_sim::Machine::new(&prog, isa, timing, opts).expect("machine");
    let code = m.run().expect("run").exit.code();
    assert_eq!(code, 0, "{}: check {code} failed", src.display());
}

/// A scratch folder for a test's files: `<target>/tmp/testkit/<name>` next to the test
/// binary (the folder `CARGO_TARGET_TMPDIR` names), else under the system temp folder.
pub fn work_dir(name: &str) -> PathBuf {
    let base = std::env::current_exe()
        .ok()
        .and_then(|exe| {
            // <target>/<profile>/deps/<test binary>
            exe.parent()?.parent()?.parent().map(|t| t.join("tmp"))
        })
        .unwrap_or_else(std::env::temp_dir);
    let dir = base.join("testkit").join(name);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("mkdir {}: {e}", dir.display()));
    dir
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_holds_the_project() {
        let r = root();
        assert!(
            r.join("designs").is_dir() && r.join("isa").is_dir(),
            "{r:?}"
        );
    }

    #[test]
    fn missing_tools_are_detected() {
        assert!(!have("definitely-not-a-tool-xyz"));
        assert!(!have_with("definitely-not-a-tool-xyz", "-V"));
    }

    #[test]
    fn rtl_modules_exclude_testbenches() {
        for ext in ["oasip", "dasip", "mips-native", "mips-coproc"] {
            let m = rtl::modules(ext);
            assert!(m.len() >= 2, "{ext}: {m:?}");
            for p in &m {
                let n = p.file_name().unwrap().to_str().unwrap();
                assert!(n.ends_with(".v") && !n.starts_with("tb_"), "{ext}: {n}");
            }
        }
    }

    #[test]
    fn raw_words_run() {
        let x = words::regs_after("rv32im", &[words::addi(5, 0, 7), words::add(6, 5, 5)], &[]);
        assert_eq!((x[5], x[6]), (7, 14));
        let mut g = Rng(1);
        assert_ne!(g.next(), g.next());
    }

    #[test]
    fn firmware_digests_against_the_golden_model() {
        let Some(fw) = firmware("rv32-ref") else {
            return;
        };
        let h = fw.check_digests("sha3-256", &[0, 1, 136], 5);
        assert_eq!(h.len(), 3);
        assert!(h.iter().all(|r| r.cycles > 0));
        assert!(!fw.words().is_empty());
    }
}
