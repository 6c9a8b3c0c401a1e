//! `sha3-asip bench-sim`: simulator speed in simulated instructions per second.

use super::flow_support::{find_design, root};
use crate::error::{CliError, Result};
use asip_flow::design::{Arch, Design};
use asip_flow::exec;
use asip_flow::project::{self, Tool};
use clap::Args;
use std::path::Path;
use std::time::Instant;

/// The most runs `--repeat` accepts.
pub const MAX_REPEAT: usize = 1000;

#[derive(Args, Debug)]
#[command(after_help = "\
Runs a design's benchmark firmware (SHA3-256 over --len bytes, at most 65536) on the
simulator with the timing model on, and reports simulated instructions per second (wall
time of the run, ELF loading excluded). When qemu can run the design's ISA (qemu-riscv32 or
qemu-mipsel, from qemu-user, installed; no custom instructions: the kernel's kernel.toml sets
qemu_unsupported otherwise), the same ELF with the same arguments is timed under it too
(qemu-user: no timing model, so it is the functional-speed reference); otherwise it says why
and times the simulator alone. A run that fails (a trap, a non-zero exit) is an error: no
speed is printed from it. Best of --repeat runs (1..=1000).

Examples:
  sha3-asip bench-sim
  sha3-asip bench-sim --design mips-ref
  sha3-asip bench-sim --design rv32-sw --len 65536 --repeat 5")]
pub struct BenchSimArgs {
    /// Design whose firmware is run (see `sha3-asip designs`).
    #[arg(long, default_value = "rv32-ref")]
    pub design: String,
    /// Message length in bytes (SHA3-256), at most 65536.
    #[arg(long, default_value_t = 65536)]
    pub len: usize,
    /// Runs (the best one is reported), 1..=1000.
    #[arg(long, default_value_t = 3)]
    pub repeat: usize,
}

/// The qemu-user of an architecture.
pub fn qemu_tool(arch: Arch) -> Tool {
    match arch {
        Arch::Rv32 => project::QEMU_RISCV32,
        Arch::Mips32 => project::QEMU_MIPSEL,
    }
}

/// The qemu-user that runs a design's firmware and its `-cpu` (the kernel.toml's `qemu_cpu`,
/// as `make test-firmware` uses it), or why there is none.
pub fn qemu_for(
    root: &Path,
    d: &Design,
) -> Result<std::result::Result<(Tool, Option<String>), String>> {
    let tool = qemu_tool(d.arch);
    let toml = Path::new("firmware/kernels")
        .join(&d.kernel)
        .join("kernel.toml");
    let cpu = match asip_flow::firmware::qemu_cpu(root, d)? {
        Ok(cpu) => cpu,
        Err(why) => {
            return Ok(Err(format!(
                "{} cannot run {} ({why}, per {}): the simulator alone is timed",
                tool.program,
                d.isa,
                toml.display()
            )))
        }
    };
    if !project::have(tool.program) {
        return Ok(Err(format!(
            "{} not installed (apt-get install {}): no comparison",
            tool.program, tool.package
        )));
    }
    Ok(Ok((tool, cpu)))
}

pub fn run(a: &BenchSimArgs) -> Result<u8> {
    super::flow_support::check_harness_len(a.len)?;
    if !(1..=MAX_REPEAT).contains(&a.repeat) {
        return Err(CliError::usage(format!(
            "--repeat: {} is not in 1..={MAX_REPEAT}",
            a.repeat
        )));
    }
    let d = find_design(&a.design)?;
    let elf = asip_flow::firmware::build(&root(), &d)?;
    let prog = exec::load(&elf)?;
    let argv = vec![
        "bench.elf".to_string(),
        "sha3-256".to_string(),
        a.len.to_string(),
    ];
    let timing = exec::timing_of(&d)?;
    let isa = asip_extensions::registry()
        .parse_isa(&d.isa)
        .map_err(|e| CliError::usage(e.to_string()))?;
    let mut best: Option<(f64, u64, u64)> = None;
    for _ in 0..a.repeat {
        let opts = asip_sim::RunOptions {
            argv: argv.clone(),
            ..asip_sim::RunOptions::default()
        };
        let failed = |why: String| {
            CliError::new(format!(
                "the benchmark ELF of {} failed on the simulator: {why}; no speed reported",
                d.name
            ))
        };
        let mut m = asip_sim::Machine::new(&prog, isa.clone(), timing.clone(), opts)
            .map_err(|e| failed(e.to_string()))?;
        let t0 = Instant::now();
        let r = m.run().map_err(|e| failed(e.to_string()))?;
        let s = t0.elapsed().as_secs_f64().max(1e-9);
        if r.exit.code() != 0 {
            return Err(failed(format!(
                "exit code {}: {}",
                r.exit.code(),
                String::from_utf8_lossy(&r.stderr).trim()
            )));
        }
        if best.map(|b| s < b.0).unwrap_or(true) {
            best = Some((s, r.instret, r.cycles));
        }
    }
    let (seconds, instret, cycles) = best.expect("at least one run");
    println!(
        "sha3-asip sim ({} on {}, timing {}): {instret} instructions, {cycles} cycles in {seconds:.3} s = {:.1} M simulated instructions/s",
        d.name,
        d.isa,
        d.timing,
        instret as f64 / seconds / 1e6
    );
    match qemu_for(&root(), &d)? {
        Ok((q, cpu)) => {
            let mut best_q = f64::MAX;
            for _ in 0..a.repeat {
                let t0 = Instant::now();
                let mut cmd = std::process::Command::new(q.program);
                if let Some(cpu) = &cpu {
                    cmd.arg("-cpu").arg(cpu);
                }
                let st = cmd
                    .arg(&elf)
                    .args(&argv[1..])
                    .output()
                    .map_err(|e| CliError::new(format!("running {}: {e}", q.program)))?;
                let s = t0.elapsed().as_secs_f64();
                if !st.status.success() {
                    return Err(CliError::new(format!(
                        "{} failed on the benchmark ELF ({}): {}; no qemu speed reported",
                        q.program,
                        st.status,
                        String::from_utf8_lossy(&st.stderr).trim()
                    )));
                }
                best_q = best_q.min(s);
            }
            let cpu = cpu.map(|c| format!(" -cpu {c}")).unwrap_or_default();
            println!(
                "{}{cpu} (same ELF, no timing model): {:.3} s wall = {:.1} M instructions/s; sha3-asip/qemu time ratio {:.2}",
                q.program,
                best_q,
                instret as f64 / best_q / 1e6,
                seconds / best_q
            );
        }
        Err(why) => println!("{why}"),
    }
    Ok(0)
}
