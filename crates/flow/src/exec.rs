//! Running a design's ELF on the simulator with the design's ISA and timing model.

use crate::design::Design;
use crate::error::{files, FlowError};
use asip_sim::{Machine, Program, RunOptions, TimingParams};
use std::io::Write;
use std::path::Path;

/// What to run and how.
#[derive(Default)]
pub struct ExecOptions {
    pub argv: Vec<String>,
    pub max_cycles: u64,
    pub profile: bool,
    pub trace: Option<Box<dyn Write>>,
}

/// What a run produced.
#[derive(Debug, Clone)]
pub struct ExecOutcome {
    /// The guest's exit code as passed (exit(-1) is -1; a tohost fail: the test number).
    pub exit_code: i64,
    /// The exit status a POSIX parent sees ([`asip_sim::ExitKind::status`]).
    pub status: u8,
    /// The riscv-tests `tohost` value the run ended with, if it ended that way.
    pub tohost: Option<u32>,
    pub stdout: String,
    pub stderr: String,
    pub cycles: u64,
    pub instret: u64,
    pub profile: Option<asip_sim::Profile>,
    pub program: Program,
    /// MIPS: every cycle-counter read, (cycle, instructions retired before it), in order
    /// (`asip_sim::mips::base::CycleReads`); empty on RV32 and the RTL.
    pub cycle_reads: Vec<(u64, u64)>,
}

impl ExecOutcome {
    /// The outcome of a run that exited with 0; any other exit is [`FlowError::ProgramExit`].
    pub fn exited_zero(self) -> Result<ExecOutcome, FlowError> {
        if self.exit_code != 0 {
            return Err(FlowError::ProgramExit {
                code: self.exit_code,
                stderr: self.stderr,
            });
        }
        Ok(self)
    }
}

fn merge(base: &mut toml::Table, over: &toml::Table) {
    for (k, v) in over {
        match (base.get_mut(k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            _ => {
                base.insert(k.clone(), v.clone());
            }
        }
    }
}

/// Override the `misaligned` setting (`"trap"` or `"perform"`) of a design's timing model.
pub fn override_misaligned(d: &mut Design, how: &str) {
    let mut t = d.timing_overrides.take().unwrap_or_default();
    t.insert("misaligned".into(), toml::Value::String(how.into()));
    d.timing_overrides = Some(t);
}

/// The design's timing parameters: its preset with `timing_overrides` merged over it (the
/// preset's TOML parsed once).
pub fn timing_of(d: &Design) -> Result<TimingParams, FlowError> {
    let mut t = TimingParams::preset_table(&d.timing)
        .map_err(|e| FlowError::Usage(format!("design '{}': {e}", d.name)))?;
    let what = if let Some(over) = &d.timing_overrides {
        merge(&mut t, over);
        "timing_overrides: "
    } else {
        ""
    };
    let names = asip_extensions::registry().names();
    TimingParams::from_table(t)
        .and_then(|p| p.check_event_extensions(&names).map(|_| p))
        .map_err(|e| FlowError::Usage(format!("design '{}': {what}{e}", d.name)))
}

/// Load an ELF file.
pub fn load(elf: &Path) -> Result<Program, FlowError> {
    let bytes = files::read(elf)?;
    Program::load_elf(&bytes).map_err(|e| FlowError::Sim(format!("{}: {e}", elf.display())))
}

/// Run a program on a design's core.
pub fn run_program(d: &Design, prog: &Program, o: ExecOptions) -> Result<ExecOutcome, FlowError> {
    let isa = asip_extensions::registry()
        .parse_isa(&d.isa)
        .map_err(|e| FlowError::Usage(format!("design '{}': {e}", d.name)))?;
    let timing = timing_of(d)?;
    let mut opts = RunOptions {
        argv: if o.argv.is_empty() {
            vec!["bench.elf".into()]
        } else {
            o.argv
        },
        profile: o.profile,
        trace: o.trace,
        ..RunOptions::default()
    };
    if o.max_cycles > 0 {
        opts.max_cycles = o.max_cycles;
    }
    let mut m = Machine::new(prog, isa, timing, opts).map_err(|e| FlowError::Sim(e.to_string()))?;
    let r = m.run().map_err(|e| FlowError::from_sim(&e))?;
    let cycle_reads = m
        .cpu()
        .state::<asip_sim::mips::base::CycleReads>()
        .map(|c| c.0.clone())
        .unwrap_or_default();
    Ok(ExecOutcome {
        cycle_reads,
        exit_code: r.exit.code() as i64,
        status: r.exit.status(),
        tohost: match r.exit {
            asip_sim::ExitKind::ToHost { pass: true, .. } => Some(1),
            asip_sim::ExitKind::ToHost { test, .. } => Some((test << 1) | 1),
            asip_sim::ExitKind::Exit(_) => None,
        },
        stdout: String::from_utf8_lossy(&r.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&r.stderr).into_owned(),
        cycles: r.cycles,
        instret: r.instret,
        profile: r.profile,
        program: prog.clone(),
    })
}

/// Run an ELF file on a design's core.
pub fn run_design(d: &Design, elf: &Path, o: ExecOptions) -> Result<ExecOutcome, FlowError> {
    let prog = load(elf)?;
    run_program(d, &prog, o)
}

/// Bytes of the kernel's text + rodata + data, from the `__kernel_*` symbols the linker
/// script defines around the kernel object's sections.
pub fn kernel_code_size(elf: &Path) -> Result<u64, FlowError> {
    let prog = load(elf)?;
    let mut total = 0u64;
    for sec in ["text", "rodata", "data"] {
        let (a, b) = (
            format!("__kernel_{sec}_start"),
            format!("__kernel_{sec}_end"),
        );
        let n = prog.symbol_span(&a, &b).ok_or_else(|| {
            FlowError::Missing(format!(
                "{} has no {a}/{b} symbols (was it linked with firmware/arch/*/link.ld?)",
                elf.display()
            ))
        })?;
        total += n as u64;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn timing_events_are_overridable_and_checked_by_name() {
        let with = |events: &str| {
            let text = format!(
                "{}timing_overrides = {{ events = {{ {events} }} }}\n",
                crate::design::tests::GOOD.replace("rv32im", "rv32im_xoasip")
            );
            let d = Design::parse(&text, Path::new("designs/rv32-x.toml")).unwrap();
            timing_of(&d).map_err(|e| e.to_string())
        };
        let t = with("\"xoasip.doloop_skip\" = 7").unwrap();
        assert_eq!(t.events["xoasip.doloop_skip"], 7);
        // the preset's other events stay
        assert_eq!(t.events["xdasip.aux_load_use"], 1);
        let e = with("\"xoaisp.doloop_skip\" = 7").unwrap_err();
        assert!(
            e.contains("key \"xoaisp.doloop_skip\" is not <extension>.<event> with a known"),
            "{e}"
        );
    }
}
