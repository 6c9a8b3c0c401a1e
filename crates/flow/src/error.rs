//! One error type for the flow, with messages meant for the command line.

use std::fmt;

#[derive(Debug)]
pub enum FlowError {
    Design(crate::design::DesignError),
    MissingTool(crate::project::MissingTool),
    /// Firmware or hardware build failed: what was run and the tail of its output.
    Build {
        what: String,
        output: String,
    },
    /// The simulator stopped the program with a trap or error.
    Sim(String),
    /// The program was stopped while running (a trap without a handler, the cycle limit):
    /// the message and the exit status a POSIX shell shows for it (128 + signal).
    Guest {
        message: String,
        status: u8,
    },
    /// The program ran but exited with a non-zero code.
    ProgramExit {
        code: i64,
        stderr: String,
    },
    Harness(crate::harness::ParseError),
    /// The harness printed fewer or other results than asked for.
    Missing(String),
    Usage(String),
    Io(String, std::io::Error),
}

impl fmt::Display for FlowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FlowError::Design(e) => write!(f, "{e}"),
            FlowError::MissingTool(e) => write!(f, "{e}"),
            FlowError::Build { what, output } => write!(f, "{what} failed:\n{output}"),
            FlowError::Sim(e) => write!(f, "{e}"),
            FlowError::Guest { message, .. } => write!(f, "{message}"),
            FlowError::ProgramExit { code, stderr } => {
                write!(f, "program exited with code {code}")?;
                if !stderr.trim().is_empty() {
                    write!(f, ": {}", stderr.trim())?;
                }
                Ok(())
            }
            FlowError::Harness(e) => write!(f, "{e}"),
            FlowError::Missing(e) => write!(f, "{e}"),
            FlowError::Usage(e) => write!(f, "{e}"),
            FlowError::Io(what, e) => write!(f, "{what}: {e}"),
        }
    }
}

impl std::error::Error for FlowError {}

/// `std::fs` for the flow: the same calls, with errors that say what was done to which file
/// (`reading <path>: <error>`, [`FlowError::Io`]).
pub(crate) mod files {
    use super::FlowError;
    use std::path::Path;

    fn failed(verb: &str, p: &Path, e: std::io::Error) -> FlowError {
        FlowError::Io(format!("{verb} {}", p.display()), e)
    }

    pub fn read(p: &Path) -> Result<Vec<u8>, FlowError> {
        std::fs::read(p).map_err(|e| failed("reading", p, e))
    }

    pub fn read_to_string(p: &Path) -> Result<String, FlowError> {
        std::fs::read_to_string(p).map_err(|e| failed("reading", p, e))
    }

    pub fn write(p: &Path, contents: impl AsRef<[u8]>) -> Result<(), FlowError> {
        std::fs::write(p, contents).map_err(|e| failed("writing", p, e))
    }

    pub fn create_dir_all(p: &Path) -> Result<(), FlowError> {
        std::fs::create_dir_all(p).map_err(|e| failed("creating", p, e))
    }

    pub use crate::dir::with_ext;
}

/// The last `n` lines of `text`, joined by newlines.
pub(crate) fn last_lines(text: &str, n: usize) -> String {
    let tail: Vec<&str> = text.lines().rev().take(n).collect();
    tail.into_iter().rev().collect::<Vec<_>>().join("\n")
}

/// The last 30 lines a finished process printed (stdout, then stderr): what a failed build
/// step is reported with ([`FlowError::Build`]).
pub(crate) fn output_tail(out: &std::process::Output) -> String {
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    last_lines(&text, 30)
}

impl FlowError {
    /// A simulator error: [`FlowError::Guest`] when it stopped a running program (with
    /// 128 + its signal, `SimError::signal`), [`FlowError::Sim`] otherwise.
    pub fn from_sim(e: &asip_sim::SimError) -> FlowError {
        match e.signal() {
            Some((n, name)) => FlowError::Guest {
                message: format!("{e} (exit status {}, as {name})", 128 + n as u32),
                status: 128 + n,
            },
            None => FlowError::Sim(e.to_string()),
        }
    }
}

impl From<crate::design::DesignError> for FlowError {
    fn from(e: crate::design::DesignError) -> Self {
        FlowError::Design(e)
    }
}
impl From<crate::project::MissingTool> for FlowError {
    fn from(e: crate::project::MissingTool) -> Self {
        FlowError::MissingTool(e)
    }
}
impl From<crate::harness::ParseError> for FlowError {
    fn from(e: crate::harness::ParseError) -> Self {
        FlowError::Harness(e)
    }
}
