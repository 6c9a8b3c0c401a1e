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
  sha3-asip hw power --design rv32-ref
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
    /// Power and energy from the firmware's switching activity (hw/scripts/power.py): the
    /// processors' OSU netlists simulated at gate level running the benchmark firmware,
    /// per-net toggles, OSU Liberty power tables; cached in hw/build/power. Arguments go to
    /// power.py (--help).
    Power(HwAsicArgs),
    /// List the named cases of hw/cases.json with what each one is.
    Cases,
}

#[derive(Args, Debug)]
pub struct HwPnrArgs {
    /// pnr.py arguments: --case NAME, --design D, --unit isa/EXT, --seeds 1,2,3, --json, ...
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
}

/// The cases of hw/cases.json, for the options' help (a test checks it lists them all).
const CASES_HELP: &str = "Case name from hw/cases.json: I, II, III, IV, V (seed 004), VI, V-np, VI-np (ours), V-entry (experiment); `sha3-asip hw cases` describes them";

#[derive(Args, Debug)]
pub struct HwAsicArgs {
    /// asic.py arguments: --case C, --unit [isa/]EXT[:UNIT], --design D, --cases, --units,
    /// --designs, --json, --status, ...
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
}

#[derive(Args, Debug)]
pub struct HwSimArgs {
    #[arg(long, help = CASES_HELP)]
    pub case: String,
    #[arg(long, default_value = "sha3-512", help = super::alg_help("SHA-3 function the core runs", true, "; default SHA3-512, the function of seed 004's Table II, as `hw synth` and the report use"))]
    pub alg: String,
    /// Simulator: verilator or icarus.
    #[arg(long, default_value = "verilator")]
    pub sim: String,
    /// Print the result as JSON (cycles per block, latency, digests checked).
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct HwSynthArgs {
    #[arg(long, help = CASES_HELP)]
    pub case: String,
    #[arg(long, default_value = "sha3-512", help = super::alg_help("SHA-3 function whose throughput is simulated next to the synthesis", true, "; default SHA3-512, seed 004's Table II"))]
    pub alg: String,
    /// Print the figures as JSON (LUTs, FFs, slices est., LUT levels, Fmax est., GE).
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
    // `--case C --alg A [--json]` for sim.py and synth.py, the case checked
    let case_args = |case: &str, alg: &str, json: bool| -> Result<Vec<String>> {
        check_case(case)?;
        let mut v = vec!["--case".into(), case.into(), "--alg".into(), alg.into()];
        if json {
            v.push("--json".into());
        }
        Ok(v)
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
            let descs = asip_flow::hw::case_descriptions(&root)?;
            println!("{:<8} description", "case");
            for c in case_names(&root)? {
                println!("{c:<8} {}", descs.get(&c).map(String::as_str).unwrap_or(""));
            }
            Ok(0)
        }
        HwCmd::Sim(s) => {
            let mut args = case_args(&s.case, &s.alg, s.json)?;
            args.extend(["--sim".into(), s.sim.clone()]);
            passthrough("sim.py", args)
        }
        HwCmd::Pnr(p) => passthrough("pnr.py", p.args.clone()),
        HwCmd::Asic(p) => passthrough("asic.py", p.args.clone()),
        HwCmd::Power(p) => passthrough("power.py", p.args.clone()),
        HwCmd::Synth(s) => passthrough("synth.py", case_args(&s.case, &s.alg, s.json)?),
    }
}
