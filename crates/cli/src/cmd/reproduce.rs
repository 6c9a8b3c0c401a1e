//! `sha3-asip reproduce`: the project's main job.

use super::flow_support::root;
use crate::error::{CliError, Result};
use asip_flow::reproduce::{self, ReproduceOptions};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(after_help = "\
Builds the firmware of every design in designs/, checks every digest against the golden
model, benchmarks every SHA-3/SHAKE function, profiles each design, runs the constant-time
check, simulates and synthesizes the hardware cases (not with --quick), and writes
results.json, results.csv, README.md and index.html into --out. Failures are listed at the
end and make the exit code non-zero without stopping the other steps. Progress goes to
stderr: a bar on a terminal; one line per finished step when stdout or stderr is not a
terminal (CI logs, pipes): '[reproduce 3/42 00:12] <step>: ok|FAILED'.

Hardware: the hardware tasks (synthesis and simulation of every Keccak case, synthesis of
every unit and processor; with --hw all also the ASIC flow of each) run as dask.distributed
tasks (hw/scripts/taskrun.py, docs/tasks.md): on a LocalCluster of --workers processes
(default: the machine's CPUs), or on a running Dask cluster given by --scheduler or
DASK_SCHEDULER_ADDRESS. Without --hw all, the synthesis of the processors with a vector
unit (tens of CPU minutes each) and the ASIC, power and P&R figures come from the cache
(hw/build) when present; the report says for each missing one which command produces it.
--task-timeout limits each hardware task.

--designs restricts the benchmarks, profiles and checks to the named designs and leaves out
the hardware steps (a partial run: the report still lists every design, the others
unmeasured; the project README is not rewritten), e.g. to refresh the seed 003 section
cheaply.

Examples:
  sha3-asip reproduce
  sha3-asip reproduce --quick --out /tmp/report --no-readme
  sha3-asip reproduce --designs rv32-sw,rv32-v --out /tmp/seed003 --no-readme
  sha3-asip reproduce --hw all --scheduler tcp://127.0.0.1:8786")]
pub struct ReproduceArgs {
    /// Folder the reports are written into (created if missing).
    #[arg(long, default_value = "report")]
    pub out: PathBuf,
    /// Fewer functions and lengths, no synthesis.
    #[arg(long)]
    pub quick: bool,
    /// Parallel jobs (default: number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Do not rewrite the results block of the project README.
    #[arg(long)]
    pub no_readme: bool,
    /// Only these designs (comma-separated), no hardware steps.
    #[arg(long, value_delimiter = ',')]
    pub designs: Option<Vec<String>>,
    /// No progress on stderr (default: a bar on a terminal, else one line per step).
    #[arg(long)]
    pub no_progress: bool,
    /// Hardware flows: `fast` (synthesis and simulation; the vector processors' synthesis
    /// and ASIC/power/P&R from the cache) or `all` (also those: hours cold).
    #[arg(long, value_enum, default_value = "fast")]
    pub hw: HwLevel,
    #[command(flatten)]
    pub cluster: super::flow_support::ClusterArgs,
}

/// `--hw`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HwLevel {
    Fast,
    All,
}

pub fn run(a: &ReproduceArgs) -> Result<u8> {
    let root = root();
    let jobs = a.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    super::flow_support::check_out_dir("--out", &a.out)?;
    if !a.no_readme && a.designs.is_none() {
        super::flow_support::check_writable_file("the results block of", &root.join("README.md"))?;
    }
    let o = ReproduceOptions {
        out: a.out.clone(),
        quick: a.quick,
        jobs,
        readme: if a.no_readme || a.designs.is_some() {
            None
        } else {
            Some(root.join("README.md"))
        },
        progress: reproduce::Progress::for_terminal(a.no_progress),
        designs: a.designs.clone(),
    };
    let tools = asip_flow::project::tool_versions();
    let extra = if a.designs.is_some() {
        Vec::new()
    } else {
        let flows = match a.hw {
            HwLevel::Fast => asip_flow::hw::HwFlows::Fast,
            HwLevel::All => asip_flow::hw::HwFlows::All,
        };
        asip_flow::hw::reproduce_tasks(&root, a.quick, flows, &a.cluster.cluster()?)
    };
    let (results, ok) = reproduce::reproduce(&root, &o, extra, tools)?;
    eprintln!(
        "sha3-asip: wrote {}/results.json, results.csv, README.md, index.html, figures/ ({} records)",
        a.out.display(),
        results.records.len()
    );
    let fails: Vec<_> = results.failures().collect();
    for f in &fails {
        eprintln!("sha3-asip: FAILED {}: {}", f.step, f.error);
    }
    for b in results.benches().filter(|b| !b.digest_ok) {
        eprintln!("sha3-asip: WRONG DIGEST {} {}", b.design, b.alg);
    }
    for c in results.constant_times().filter(|c| !c.ok) {
        eprintln!(
            "sha3-asip: NOT CONSTANT TIME {} {}: {} distinct cycle counts",
            c.design, c.alg, c.distinct_cycle_counts
        );
    }
    if ok {
        Ok(0)
    } else {
        Err(CliError::new(
            "reproduce finished with failures (listed above)",
        ))
    }
}
