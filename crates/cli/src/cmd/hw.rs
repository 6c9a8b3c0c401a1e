//! `sha3-asip hw`: the Keccak hardware cases of hw/ (simulation and synthesis), wrapping the
//! python3 drivers in hw/scripts.

use crate::error::{CliError, Result};
use asip_flow::hw::{case_names, script};
use clap::{Args, Subcommand};
use std::process::Command;

#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  sha3-asip hw sim --case V --alg sha3-512
  sha3-asip hw synth --case V --json
  sha3-asip hw pnr --case II --design rv32-ref
  sha3-asip hw asic --case V --json
  sha3-asip hw asic --unit oasip --design rv32-dasip
  sha3-asip hw cases")]
pub struct HwArgs {
    #[command(subcommand)]
    pub cmd: HwCmd,
}

#[derive(Subcommand, Debug)]
pub enum HwCmd {
    /// Simulate a case against golden known-answer vectors (Verilator or Icarus).
    Sim(HwSimArgs),
    /// Synthesize a case with Yosys (Virtex-6 LUT/FF/slices, depth, Fmax estimate, GE).
    Synth(HwSynthArgs),
    /// Place and route on a Lattice ECP5 (opt-in, slow; hw/scripts/pnr.py: median Fmax of
    /// 3 seeds, LUT4, FF; cached in hw/build/pnr). Arguments go to pnr.py (--help).
    Pnr(HwPnrArgs),
    /// ASIC flow (hw/scripts/asic.py): sky130 standard-cell area in gate equivalents and
    /// OSU 0.18 um pre-layout timing (OpenSTA) of cases, units and processors; cached in
    /// hw/build/asic. Arguments go to asic.py (--help).
    Asic(HwAsicArgs),
    /// List the named cases of hw/cases.json.
    Cases,
}

#[derive(Args, Debug)]
pub struct HwPnrArgs {
    /// pnr.py arguments: --case NAME, --design D, --unit isa/EXT, --seeds 1,2,3, --json, ...
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
}

#[derive(Args, Debug)]
pub struct HwAsicArgs {
    /// asic.py arguments: --case C, --unit [isa/]EXT[:UNIT], --design D, --cases, --units,
    /// --designs, --json, --status, ...
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
}

#[derive(Args, Debug)]
pub struct HwSimArgs {
    /// Case name (I, II, III, IV, V, VI).
    #[arg(long)]
    pub case: String,
    #[arg(long, default_value = "sha3-256")]
    pub alg: String,
    /// verilator or icarus.
    #[arg(long, default_value = "verilator")]
    pub sim: String,
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct HwSynthArgs {
    #[arg(long)]
    pub case: String,
    #[arg(long, default_value = "sha3-512")]
    pub alg: String,
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &HwArgs) -> Result<u8> {
    let root = super::flow_support::root();
    let check_case = |c: &str| -> Result<()> {
        let names = case_names(&root)?;
        if names.iter().any(|n| n == c) {
            Ok(())
        } else {
            Err(CliError::usage(format!(
                "unknown case '{c}'; known cases: {}",
                names.join(", ")
            )))
        }
    };
    let passthrough = |name: &str, args: Vec<String>| -> Result<u8> {
        let st = Command::new("python3")
            .arg(script(&root, name))
            .args(&args)
            .current_dir(&root)
            .status()
            .map_err(|e| {
                CliError::new(format!(
                    "running hw/scripts/{name}: {e} (is python3 installed?)"
                ))
            })?;
        Ok(st.code().unwrap_or(1).clamp(0, 255) as u8)
    };
    match &a.cmd {
        HwCmd::Cases => {
            for c in case_names(&root)? {
                println!("{c}");
            }
            Ok(0)
        }
        HwCmd::Sim(s) => {
            check_case(&s.case)?;
            let mut args = vec![
                "--case".into(),
                s.case.clone(),
                "--alg".into(),
                s.alg.clone(),
                "--sim".into(),
                s.sim.clone(),
            ];
            if s.json {
                args.push("--json".into());
            }
            passthrough("sim.py", args)
        }
        HwCmd::Pnr(p) => passthrough("pnr.py", p.args.clone()),
        HwCmd::Asic(p) => passthrough("asic.py", p.args.clone()),
        HwCmd::Synth(s) => {
            check_case(&s.case)?;
            let mut args = vec![
                "--case".into(),
                s.case.clone(),
                "--alg".into(),
                s.alg.clone(),
            ];
            if s.json {
                args.push("--json".into());
            }
            passthrough("synth.py", args)
        }
    }
}
