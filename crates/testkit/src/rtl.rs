//! RTL against the Rust model: Verilator lint and an Icarus Verilog harness (compile the
//! given Verilog files with a testbench, feed it vector files, return what it printed).
//!
//! Layout of an extension's RTL: `isa/<ext>/rtl/*.v` are the synthesizable modules (one
//! per file), `isa/<ext>/rtl/tb/tb_*.v` the testbenches.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `isa/<ext>/rtl`.
pub fn rtl_dir(ext: &str) -> PathBuf {
    crate::root().join("isa").join(ext).join("rtl")
}

/// The synthesizable modules of an extension: every `*.v` directly in `isa/<ext>/rtl`, sorted.
pub fn modules(ext: &str) -> Vec<PathBuf> {
    let dir = rtl_dir(ext);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "v"))
        .collect();
    v.sort();
    v
}

/// `isa/<ext>/rtl/tb/<file>`.
pub fn testbench(ext: &str, file: &str) -> PathBuf {
    rtl_dir(ext).join("tb").join(file)
}

/// The include path of every unit and unit testbench (`-I`): the folder of the units' port
/// list ([`asip_extensions::port::include_file`]) and of the testbenches' `tb_vectors.vh`.
pub fn include_arg() -> String {
    format!(
        "-I{}",
        crate::root()
            .join(asip_extensions::port::INCLUDE_DIR)
            .display()
    )
}

/// `-y` of every unit folder of `hw/units` (a unit of `isa/<ext>/rtl` may instantiate a
/// shared unit, as xvkeccak's port instantiates the vector unit of `hw/units/zve64x`).
pub fn unit_lib_args() -> Vec<String> {
    let dir = crate::root().join("hw/units");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    v.sort();
    v.into_iter()
        .flat_map(|d| ["-y".to_string(), d.display().to_string()])
        .collect()
}

fn stem(p: &Path) -> &str {
    p.file_stem().and_then(|n| n.to_str()).expect("file name")
}

/// `verilator --lint-only -Wall` (with [`include_arg`]) of each of `tops` (a module name;
/// every file's module when empty) with all of `files`; asserts a clean lint. False after a
/// loud SKIPPED line when verilator is missing.
pub fn verilator_lint(files: &[PathBuf], tops: &[&str]) -> bool {
    if !crate::have("verilator") {
        crate::skip("verilator", "RTL lint");
        return false;
    }
    let all: Vec<&str> = files.iter().map(|f| stem(f)).collect();
    let tops = if tops.is_empty() { &all[..] } else { tops };
    for top in tops {
        crate::run_ok(
            Command::new("verilator")
                .args(["--lint-only", "-Wall", "--top-module", top])
                .arg(include_arg())
                .args(unit_lib_args())
                .args(files),
            &format!("verilator lint of {top}"),
        );
    }
    true
}

/// Compile `files` with `iverilog -g2005 -Wall` ([`include_arg`]) in the scratch folder
/// `work`, write each of `inputs` (plusarg name, file contents) there and run
/// `vvp -n sim +name=<file> ... args`.
/// Returns the simulation's standard output; `None` after a loud SKIPPED line when
/// iverilog/vvp are missing.
pub fn icarus(
    work: &str,
    files: &[PathBuf],
    inputs: &[(&str, &str)],
    args: &[String],
) -> Option<String> {
    if !crate::have_with("iverilog", "-V") || !crate::have_with("vvp", "-V") {
        crate::skip("iverilog/vvp", &format!("the RTL-vs-model test {work}"));
        return None;
    }
    let dir = crate::work_dir(work);
    let bin = dir.join("sim.vvp");
    crate::run_ok(
        Command::new("iverilog")
            .args(["-g2005", "-Wall"])
            .arg(include_arg())
            .args(unit_lib_args())
            .arg("-o")
            .arg(&bin)
            .args(files),
        "iverilog",
    );
    let mut cmd = Command::new("vvp");
    cmd.arg("-n").arg(&bin);
    for (name, text) in inputs {
        let f = dir.join(format!("{name}.txt"));
        std::fs::write(&f, text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        cmd.arg(format!("+{name}={}", f.display()));
    }
    let out = cmd.args(args).output().expect("vvp");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// What a vector testbench reported on its `RESULT vectors=N ... fails=F` line.
#[derive(Debug, Clone)]
pub struct VectorResult {
    pub vectors: usize,
    pub fails: usize,
    /// The whole output, for assertion messages.
    pub output: String,
}

/// The vector-file protocol of the testbenches: one vector per line in `+vec=<file>`, a
/// final `RESULT vectors=N ... fails=F` line. `None` after a loud skip (see [`icarus`]).
pub fn run_vectors(work: &str, files: &[PathBuf], vectors: &str) -> Option<VectorResult> {
    let text = icarus(work, files, &[("vec", vectors)], &[])?;
    let line = text
        .lines()
        .find(|l| l.starts_with("RESULT"))
        .unwrap_or_else(|| panic!("no RESULT line:\n{text}"));
    let field = |k: &str| -> usize {
        line.split_whitespace()
            .find_map(|w| w.strip_prefix(k)?.strip_prefix('=')?.parse().ok())
            .unwrap_or_else(|| panic!("no {k}= in {line:?}"))
    };
    Some(VectorResult {
        vectors: field("vectors"),
        fails: field("fails"),
        output: text,
    })
}

/// Extension `ext`'s modules with its testbench `tb` (in `rtl/tb/`) on `vectors` (work
/// folder `work`): all `n` vectors ran and none failed. Returns after a loud skip without
/// iverilog.
pub fn check_unit_vectors(ext: &str, tb: &str, work: &str, vectors: &str, n: usize) {
    let mut files = modules(ext);
    files.push(testbench(ext, tb));
    let Some(r) = run_vectors(work, &files, vectors) else {
        return;
    };
    assert_eq!(r.vectors, n, "{}", r.output);
    assert_eq!(r.fails, 0, "{}", r.output);
}

/// A unit's random vector stream: `n` lines from `seed`, each written by `line` into `out`,
/// which counts in `counts` the cases the line exercised (named `names`, e.g. one per op);
/// every count must end above `min`, so the stream covers what the test says it covers.
pub fn counted_vectors<const N: usize>(
    n: usize,
    seed: u64,
    names: [&str; N],
    min: usize,
    mut line: impl FnMut(&mut crate::Rng, &mut [usize; N], &mut String),
) -> String {
    let mut g = crate::Rng(seed);
    let mut counts = [0; N];
    let mut out = String::new();
    for _ in 0..n {
        line(&mut g, &mut counts, &mut out);
    }
    assert!(
        counts.iter().all(|&c| c > min),
        "a case seen {min} times or fewer: {:?}",
        names.iter().zip(counts).collect::<Vec<_>>()
    );
    out
}

/// Where [`lockstep_words`] puts its data words: 2 KiB after [`crate::words::BASE`].
pub const DATA_ADDR: u32 = crate::words::BASE + 0x800;

/// Run raw instruction words (then `addi a7, zero, 93; ecall`, on MIPS `li v0, 4001;
/// syscall`) on a design's processor RTL
/// and on the simulator, with `data` at [`DATA_ADDR`]; assert that the commit logs (retire
/// cycle, pc, word, register and memory writes of every instruction), the cycle totals
/// and the instruction counts are equal. Returns (cycles, commit log); `None` (with a
/// loud SKIPPED line) when verilator is missing.
pub fn lockstep_words(design: &str, code: &[u32], data: &[u32]) -> Option<(u64, Vec<String>)> {
    lockstep_words_on(asip_flow::rtl::HdlSim::Verilator, design, code, data)
}

/// [`lockstep_words`] on the HDL simulator `hdl` (Icarus: `None` with a SKIPPED line when
/// iverilog is missing).
pub fn lockstep_words_on(
    hdl: asip_flow::rtl::HdlSim,
    design: &str,
    code: &[u32],
    data: &[u32],
) -> Option<(u64, Vec<String>)> {
    lockstep_words_with(hdl, design, code, data, &[])
}

/// [`lockstep_words_on`] with the RTL built with Verilog `defines` (`SHA3ASIP_FPGA`).
pub fn lockstep_words_with(
    hdl: asip_flow::rtl::HdlSim,
    design: &str,
    code: &[u32],
    data: &[u32],
    defines: &[&str],
) -> Option<(u64, Vec<String>)> {
    use asip_flow::exec::{self, ExecOptions};
    use asip_flow::rtl::{self, RtlOptions};
    use std::sync::{Arc, Mutex};

    let (tool, package) = match hdl {
        rtl::HdlSim::Verilator => ("verilator", "verilator"),
        rtl::HdlSim::Icarus => ("iverilog", "iverilog"),
    };
    let present = match hdl {
        rtl::HdlSim::Verilator => crate::have(tool),
        rtl::HdlSim::Icarus => crate::have_with(tool, "-V"),
    };
    if !present {
        eprintln!("*** SKIPPED: {tool} not installed (apt-get install {package}): {design} RTL");
        return None;
    }
    let d = asip_flow::design::find(&crate::root().join("designs"), design).expect("design");
    let mut w = code.to_vec();
    if d.arch == asip_flow::design::Arch::Mips32 {
        // li v0, 4001; syscall
        w.extend([0x2402_0fa1, 0x0000_000c]);
    } else {
        w.extend(crate::words::exit_seq());
    }
    let at = ((DATA_ADDR - crate::words::BASE) / 4) as usize;
    assert!(w.len() <= at, "program longer than {at} words");
    w.resize(at, 0);
    w.extend_from_slice(data);
    let prog = asip_sim::Program::from_words_for(d.arch, crate::words::BASE, &w, 4096);
    let buf = asip_sim::SharedBuf::default();
    let sim = exec::run_program(
        &d,
        &prog,
        ExecOptions {
            argv: vec!["t".into()],
            max_cycles: 100_000,
            profile: false,
            trace: Some(Box::new(buf.clone())),
        },
    )
    .expect("simulator run");
    let sim_log: Vec<String> = buf
        .text()
        .lines()
        .map(|l| l.trim_end().to_string())
        .collect();
    let rtl_log = Arc::new(Mutex::new(Vec::new()));
    let r2 = rtl_log.clone();
    let out = rtl::run_program(
        &crate::root(),
        &d,
        &prog,
        RtlOptions {
            argv: vec!["t".into()],
            max_cycles: 100_000,
            on_commit: Some(Box::new(move |_, line| {
                r2.lock().unwrap().push(line.trim_end().to_string());
                Ok(())
            })),
            vcd: None,
            sim: hdl,
            harness: None,
            progress: None,
            defines: defines.iter().map(|x| x.to_string()).collect(),
        },
    )
    .expect("RTL run");
    let rtl_log = rtl_log.lock().unwrap().clone();
    assert_eq!(sim_log, rtl_log, "{design}: commit logs differ");
    assert_eq!(out.cycles, sim.cycles, "{design}: total cycles differ");
    assert_eq!(out.instret, sim.instret);
    Some((sim.cycles, sim_log))
}
