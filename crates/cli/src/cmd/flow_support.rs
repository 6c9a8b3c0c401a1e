//! Glue between the CLI and the measurement flow (`asip-flow`).

use crate::error::CliError;
use asip_flow::design::{self, Design};
use asip_flow::error::FlowError;
use std::path::PathBuf;

impl From<FlowError> for CliError {
    fn from(e: FlowError) -> CliError {
        match e {
            FlowError::Usage(_) | FlowError::Design(design::DesignError::Unknown { .. }) => {
                CliError::usage(e.to_string())
            }
            FlowError::Guest { status, .. } => CliError {
                message: e.to_string(),
                code: status as i32,
            },
            _ => CliError::new(e.to_string()),
        }
    }
}

/// An output folder (`--out`) that cannot be created or written into is an error before any
/// work starts (exit 2), not at the end of a run.
pub fn check_out_dir(flag: &str, dir: &std::path::Path) -> Result<(), CliError> {
    let bad = |e: std::io::Error| {
        CliError::usage(format!("{flag} {}: cannot write there: {e}", dir.display()))
    };
    std::fs::create_dir_all(dir).map_err(bad)?;
    let probe = dir.join(format!(".sha3-asip-write-test-{}", std::process::id()));
    std::fs::File::create(&probe).map_err(bad)?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// An output file (`--trace`, `--vcd`) is created (emptied) before the run, so one that
/// cannot be written is an error (exit 2) before anything runs rather than a silent no-op.
pub fn create_out_file(flag: &str, path: &std::path::Path) -> Result<std::fs::File, CliError> {
    std::fs::File::create(path)
        .map_err(|e| CliError::usage(format!("{flag} {}: cannot write: {e}", path.display())))
}

/// A file the run rewrites at its end (the project README's results block) must be writable
/// now; opened for appending, so it is not changed.
pub fn check_writable_file(what: &str, path: &std::path::Path) -> Result<(), CliError> {
    std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .map(|_| ())
        .map_err(|e| CliError::usage(format!("{what} {}: cannot write: {e}", path.display())))
}

/// The project root (designs/, firmware/, hw/).
pub fn root() -> PathBuf {
    asip_flow::project::root()
}

/// Load a design by name from `designs/`, or from a TOML file when `name` is a path
/// (ends in `.toml` or contains a `/`).
pub fn find_design(name: &str) -> Result<Design, CliError> {
    if name.ends_with(".toml") || name.contains('/') {
        let p = std::path::Path::new(name);
        if !p.is_file() {
            return Err(CliError::usage(format!(
                "--design {name}: no such design file (a design is a name from designs/ or a path to a .toml file)"
            )));
        }
        return Ok(Design::load(p).map_err(FlowError::from)?);
    }
    Ok(design::find(&root().join("designs"), name).map_err(FlowError::from)?)
}

/// Every design of `designs/`, sorted by name.
pub fn all_designs() -> Result<Vec<Design>, CliError> {
    Ok(design::load_all(&root().join("designs")).map_err(FlowError::from)?)
}

/// The designs `--design` names (names or TOML files, as [`find_design`] takes them), or
/// every design when it names none.
pub fn named_or_all(names: &[String]) -> Result<Vec<Design>, CliError> {
    if names.is_empty() {
        all_designs()
    } else {
        names.iter().map(|n| find_design(n)).collect()
    }
}

/// Parse a comma-separated list of byte lengths.
pub fn parse_lens(s: &str) -> Result<Vec<usize>, CliError> {
    let lens: Vec<usize> = s
        .split(',')
        .filter(|t| !t.trim().is_empty())
        .map(|t| {
            t.trim()
                .parse::<usize>()
                .map_err(|_| CliError::usage(format!("--len: '{t}' is not a byte length")))
        })
        .collect::<Result<_, _>>()?;
    for &l in &lens {
        check_harness_len(l)?;
    }
    if lens.len() > HARNESS_MAX_LENS {
        return Err(CliError::usage(format!(
            "--len: {} lengths is more than the firmware harness's {HARNESS_MAX_LENS}",
            lens.len()
        )));
    }
    Ok(lens)
}

/// The firmware harness's message buffer and length list (`firmware/harness/bench_util.h`,
/// MSG_MAX and MAX_LENS).
pub const HARNESS_MSG_MAX: usize = 65536;
pub const HARNESS_MAX_LENS: usize = 1024;

/// A message length the firmware harness can take.
pub fn check_harness_len(len: usize) -> Result<(), CliError> {
    if len > HARNESS_MSG_MAX {
        return Err(CliError::usage(format!(
            "--len: {len} bytes is more than the firmware harness's {HARNESS_MSG_MAX}-byte message buffer"
        )));
    }
    Ok(())
}

/// Where the hardware tasks run (`reproduce`, `sweep`): the task layer's Dask cluster.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ClusterArgs {
    /// A running Dask scheduler for the hardware tasks, e.g. tcp://127.0.0.1:8786 (default:
    /// DASK_SCHEDULER_ADDRESS if set, else a LocalCluster on this machine; docs/tasks.md).
    #[arg(long, value_name = "ADDR")]
    pub scheduler: Option<String>,
    /// Worker processes of the LocalCluster (default: this machine's CPUs).
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Time limit of each hardware task in seconds (default: none): the tool a task runs at
    /// its limit is stopped, and the task is reported as timed out with its log tail.
    #[arg(long, value_name = "SECONDS")]
    pub task_timeout: Option<u64>,
}

impl ClusterArgs {
    pub fn cluster(&self) -> Result<asip_flow::hw::Cluster, CliError> {
        if self.workers == Some(0) {
            return Err(CliError::usage("--workers must be at least 1"));
        }
        if let Some(s) = &self.scheduler {
            if s.trim().is_empty() || s.starts_with('-') {
                return Err(CliError::usage(format!(
                    "--scheduler {s:?}: expected an address such as tcp://HOST:PORT"
                )));
            }
        }
        if self.task_timeout == Some(0) {
            return Err(CliError::usage("--task-timeout must be at least 1 second"));
        }
        Ok(asip_flow::hw::Cluster {
            scheduler: self.scheduler.clone(),
            workers: self.workers,
            task_timeout: self.task_timeout,
        })
    }
}
