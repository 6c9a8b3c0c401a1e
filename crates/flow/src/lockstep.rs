//! Lockstep check: the benchmark firmware on a design's processor RTL and on the
//! simulator, commit logs compared line by line (retire cycle, pc, word, disassembly,
//! register written and value, memory written). The first divergence is reported with
//! the ten lines before it.

use crate::bench::harness_argv;
use crate::design::Design;
use crate::error::FlowError;
use crate::exec::{self, ExecOptions};
use crate::rtl::{self, RtlOptions};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// What a successful check compared.
#[derive(Debug, Clone, Copy)]
pub struct LockstepResult {
    pub instructions: u64,
    pub cycles: u64,
}

/// Run the design's benchmark firmware for `alg` over `lens` on both engines and compare.
pub fn check(
    root: &Path,
    d: &Design,
    alg: &str,
    lens: &[usize],
    seed: u32,
) -> Result<LockstepResult, FlowError> {
    check_with(root, d, alg, lens, seed, &[])
}

/// [`check`] on the RTL built with Verilog `defines` (`SHA3ASIP_FPGA`: the FPGA forms).
pub fn check_with(
    root: &Path,
    d: &Design,
    alg: &str,
    lens: &[usize],
    seed: u32,
    defines: &[String],
) -> Result<LockstepResult, FlowError> {
    let elf = crate::firmware::build(root, d)?;
    let prog = exec::load(&elf)?;
    let buf = asip_sim::SharedBuf::default();
    let sim = exec::run_program(
        d,
        &prog,
        ExecOptions {
            argv: harness_argv(alg, lens, seed),
            max_cycles: 0,
            profile: false,
            trace: Some(Box::new(buf.clone())),
        },
    )?;
    let text = buf.text();
    let sim_lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    let lines = Arc::new(sim_lines);
    let pos = Arc::new(Mutex::new(0usize));
    let (l2, p2) = (lines.clone(), pos.clone());
    let on_commit = Box::new(move |_: &rtl::Commit, line: &str| {
        let mut i = p2.lock().map_err(|_| FlowError::Sim("poisoned".into()))?;
        let want = l2
            .get(*i)
            .map(|s| s.as_str())
            .unwrap_or("(simulator log ended)");
        let got = line.trim_end();
        if want != got {
            let from = i.saturating_sub(10);
            let mut msg = format!(
                "lockstep: RTL and simulator diverge at instruction {} (line {}):\n",
                *i,
                *i + 1
            );
            for l in &l2[from..*i] {
                msg.push_str(&format!("  = {l}\n"));
            }
            msg.push_str(&format!("  sim {want}\n  rtl {got}"));
            return Err(FlowError::Sim(msg));
        }
        *i += 1;
        Ok(())
    });
    let out = rtl::run_program(
        root,
        d,
        &prog,
        RtlOptions {
            argv: harness_argv(alg, lens, seed),
            max_cycles: sim.cycles.saturating_mul(2).max(1000),
            on_commit: Some(on_commit),
            vcd: None,
            sim: crate::rtl::HdlSim::Verilator,
            harness: None,
            progress: None,
            defines: defines.to_vec(),
        },
    )?;
    let n = *pos.lock().map_err(|_| FlowError::Sim("poisoned".into()))?;
    if n != lines.len() {
        return Err(FlowError::Sim(format!(
            "lockstep: the RTL retired {n} instructions, the simulator {}",
            lines.len()
        )));
    }
    if out.cycles != sim.cycles || out.stdout != sim.stdout || out.exit_code != sim.exit_code {
        return Err(FlowError::Sim(format!(
            "lockstep: same commit logs but different totals: RTL {} cycles exit {}, \
             simulator {} cycles exit {}{}",
            out.cycles,
            out.exit_code,
            sim.cycles,
            sim.exit_code,
            if out.stdout != sim.stdout {
                " (and different output)"
            } else {
                ""
            }
        )));
    }
    Ok(LockstepResult {
        instructions: n as u64,
        cycles: out.cycles,
    })
}
