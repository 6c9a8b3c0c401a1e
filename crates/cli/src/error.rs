//! The CLI's error type: a message for stderr and an exit code.

use std::fmt;

/// An error to report as `sha3-asip: <message>` with a non-zero exit code.
#[derive(Debug)]
pub struct CliError {
    pub message: String,
    pub code: i32,
}

/// Result of a subcommand.
pub type Result<T> = std::result::Result<T, CliError>;

impl CliError {
    /// Error with exit code 1 (runtime failure).
    pub fn new(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 1,
        }
    }

    /// Error with exit code 2 (bad usage).
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 2,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<sha3_golden::Error> for CliError {
    fn from(e: sha3_golden::Error) -> CliError {
        CliError::usage(e.to_string())
    }
}

/// Attach context to I/O errors.
pub trait Context<T> {
    fn context(self, what: impl FnOnce() -> String) -> Result<T>;
}

impl<T> Context<T> for std::result::Result<T, std::io::Error> {
    fn context(self, what: impl FnOnce() -> String) -> Result<T> {
        self.map_err(|e| CliError::new(format!("{}: {e}", what())))
    }
}
