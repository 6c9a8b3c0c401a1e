//! `sha3-asip report`: render the reports of a finished run again from its results.json.

use super::flow_support::{all_designs, root};
use crate::error::{CliError, Result};
use asip_flow::results::Results;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(after_help = "\
Reads a results.json written by `sha3-asip reproduce` and writes results.csv, README.md,
index.html and the figures (figures/*.svg, *.pdf) into --out, without measuring anything:
for trying a change to the report on the last run's numbers. The designs' descriptions
(families, published figures) come from designs/ of the current tree.

Examples:
  sha3-asip report --from report/results.json
  sha3-asip report --from /tmp/run/results.json --out /tmp/report --readme")]
pub struct ReportArgs {
    /// The results.json of a finished run.
    #[arg(long, value_name = "FILE")]
    pub from: PathBuf,
    /// Folder the reports are written into (created if missing).
    #[arg(long, default_value = "report", value_name = "DIR")]
    pub out: PathBuf,
    /// Also rewrite the results block of the project README.md.
    #[arg(long)]
    pub readme: bool,
}

pub fn run(a: &ReportArgs) -> Result<u8> {
    let root = root();
    let results = Results::read(&a.from)
        .map_err(|e| CliError::usage(format!("--from {}: {e}", a.from.display())))?;
    let designs = all_designs()?;
    let readme = root.join("README.md");
    super::flow_support::check_out_dir("--out", &a.out)?;
    if a.readme {
        super::flow_support::check_writable_file("--readme:", &readme)?;
    }
    asip_flow::reproduce::render(
        &root,
        &a.out,
        &results,
        &designs,
        a.readme.then_some(readme.as_path()),
    )?;
    eprintln!(
        "sha3-asip: wrote {}/results.json, results.csv, README.md, index.html, figures/ from {} ({} records)",
        a.out.display(),
        a.from.display(),
        results.records.len()
    );
    Ok(0)
}
