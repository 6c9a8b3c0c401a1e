//! `sha3-asip sweep SPEC.toml`: design-space exploration over a base design's (or a Keccak
//! case's) parameters, the flows run as tasks of the task layer (Dask).

use super::flow_support::{check_out_dir, root, ClusterArgs};
use crate::error::{CliError, Result};
use asip_flow::sweep::{self, Flow, Spec, SweepOptions};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(after_help = "\
A sweep file names a base (designs = [\"rv32-ref\", ...] from designs/, or case = \"I\" from
hw/cases.json) and [axes]: each a design file's key (timing_overrides.latency.div, kernel,
cflags, rtl.units, ...) or a case parameter (K, N, SUB, RC_MODE, LATE) with its list of
values. Every combination of every base is a point; the design points are written as design
files into OUT/designs/ (and build/sweep/NAME/designs/). The flows run on each point as
Dask tasks (hw/scripts/taskrun.py, docs/tasks.md): sim (designs: firmware + benchmark on the
simulator, c/B; cases: the Verilator testbench), area (Yosys synthesis of the processor or
the case), asic (the ASIC flow), pnr (ECP5 place and route, the file's pnr_seeds, default
1,2,3) and power (designs only: the gate-level netlist running the benchmark firmware).
Results are cached by content (hw/build) and shared with make asic / make pnr, so running a
sweep again only runs what is missing. Writes OUT/results.json, README.md and index.html:
every point, the Pareto front of speed against area (and of energy against area with
power), each point linked to its design file.
Exit status 1 when a task failed (listed on the page and on stderr).

Examples:
  sha3-asip sweep sweeps/seed004-cases.toml --flows sim,area
  sha3-asip sweep sweeps/zscale-divider.toml --workers 2
  sha3-asip sweep sweeps/zscale-divider.toml --scheduler tcp://127.0.0.1:8786")]
pub struct SweepArgs {
    /// The sweep file (sweeps/*.toml).
    pub spec: PathBuf,
    /// Flows to run on every point, comma-separated: sim, area, asic, pnr, power (default:
    /// the file's `flows`, else sim,area).
    #[arg(long, value_delimiter = ',')]
    pub flows: Option<Vec<String>>,
    /// Folder of the results and the page (default: sweep/<name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Run nothing: write README.md and index.html again from OUT/results.json.
    #[arg(long)]
    pub render: bool,
    #[command(flatten)]
    pub cluster: ClusterArgs,
}

pub fn run(a: &SweepArgs) -> Result<u8> {
    let root = root();
    if !a.spec.is_file() {
        return Err(CliError::usage(format!(
            "{}: no such sweep file",
            a.spec.display()
        )));
    }
    let spec = Spec::load(&root, &a.spec)?;
    let flows = match &a.flows {
        None => None,
        Some(v) => Some(
            v.iter()
                .map(|s| {
                    Flow::parse(s.trim()).map_err(|e| CliError::usage(format!("--flows: {e}")))
                })
                .collect::<Result<Vec<_>>>()?,
        ),
    };
    if flows.as_ref().is_some_and(|f| f.is_empty()) {
        return Err(CliError::usage("--flows: name at least one flow"));
    }
    if let Some(f) = &flows {
        sweep::check_flows(&spec.base, f).map_err(|e| CliError::usage(format!("--flows: {e}")))?;
    }
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("sweep").join(&spec.name));
    check_out_dir("--out", &out)?;
    if a.render {
        let p = out.join("results.json");
        let text = std::fs::read_to_string(&p)
            .map_err(|e| CliError::usage(format!("--render: {}: {e}", p.display())))?;
        let res: sweep::SweepResults = serde_json::from_str(&text)
            .map_err(|e| CliError::usage(format!("--render: {}: {e}", p.display())))?;
        sweep::write(&root, &out, &res)?;
        eprintln!(
            "sha3-asip sweep: wrote {}/README.md, index.html",
            out.display()
        );
        return Ok(0);
    }
    let o = SweepOptions {
        out: out.clone(),
        flows,
        cluster: a.cluster.cluster()?,
    };
    let res = sweep::run(&root, &spec, &o)?;
    let front: Vec<&str> = res
        .points
        .iter()
        .filter(|p| p.pareto)
        .map(|p| p.name.as_str())
        .collect();
    eprintln!(
        "sha3-asip sweep {}: {} point(s), Pareto front: {}; wrote {}/results.json, README.md, index.html",
        res.name,
        res.points.len(),
        if front.is_empty() { "(none measured)".to_string() } else { front.join(", ") },
        out.display()
    );
    let mut failed = false;
    for p in &res.points {
        for (f, e) in &p.errors {
            failed = true;
            eprintln!(
                "sha3-asip: FAILED {} {f}: {}",
                p.name,
                e.lines().next().unwrap_or("")
            );
        }
        if p.digests_ok == Some(false) {
            failed = true;
            eprintln!("sha3-asip: WRONG DIGEST {}", p.name);
        }
    }
    if failed {
        Err(CliError::new("sweep finished with failures (listed above)"))
    } else {
        Ok(0)
    }
}
