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
            _ => CliError::new(e.to_string()),
        }
    }
}

/// The project root (designs/, firmware/, hw/).
pub fn root() -> PathBuf {
    asip_flow::project::root()
}

/// Load a design by name from `designs/`.
pub fn find_design(name: &str) -> Result<Design, CliError> {
    Ok(design::find(&root().join("designs"), name).map_err(FlowError::from)?)
}

/// Parse a comma-separated list of byte lengths.
pub fn parse_lens(s: &str) -> Result<Vec<usize>, CliError> {
    s.split(',')
        .filter(|t| !t.trim().is_empty())
        .map(|t| {
            t.trim()
                .parse::<usize>()
                .map_err(|_| CliError::usage(format!("--len: '{t}' is not a byte length")))
        })
        .collect()
}
