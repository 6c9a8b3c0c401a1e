//! Locating the project tree (designs/, firmware/, hw/) and its external tools.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The project's root folder: `$SHA3_ASIP_ROOT`, else the nearest ancestor of the current
/// directory holding `designs/` and `firmware/`, else the source tree this binary was built from.
pub fn root() -> PathBuf {
    if let Ok(r) = std::env::var("SHA3_ASIP_ROOT") {
        return PathBuf::from(r);
    }
    if let Ok(cwd) = std::env::current_dir() {
        let mut p: Option<&Path> = Some(&cwd);
        while let Some(dir) = p {
            if dir.join("designs").is_dir() && dir.join("firmware").is_dir() {
                return dir.to_path_buf();
            }
            p = dir.parent();
        }
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// An external program the flow needs, with the Debian package that provides it.
#[derive(Debug, Clone, Copy)]
pub struct Tool {
    pub program: &'static str,
    pub package: &'static str,
}

impl Tool {
    /// The program `program`, installed by the Debian package `package`.
    pub const fn new(program: &'static str, package: &'static str) -> Tool {
        Tool { program, package }
    }
}

pub const MAKE: Tool = Tool::new("make", "make");
pub const RISCV_GCC: Tool = Tool::new("riscv64-unknown-elf-gcc", "gcc-riscv64-unknown-elf");
pub const MIPSEL_GCC: Tool = Tool::new("mipsel-linux-gnu-gcc", "gcc-mipsel-linux-gnu");
pub const PYTHON3: Tool = Tool::new("python3", "python3");
pub const QEMU_RISCV32: Tool = Tool::new("qemu-riscv32", "qemu-user");
pub const QEMU_MIPSEL: Tool = Tool::new("qemu-mipsel", "qemu-user");

/// A required tool is not installed.
#[derive(Debug, Clone)]
pub struct MissingTool(pub Tool);

impl fmt::Display for MissingTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' not found on PATH: install it with 'apt-get install {}' (or run scripts/setup as root)",
            self.0.program, self.0.package
        )
    }
}

impl std::error::Error for MissingTool {}

/// Whether a program can be found on PATH.
pub fn have(program: &str) -> bool {
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|d| {
        let p = d.join(program);
        p.is_file()
            && std::fs::metadata(&p)
                .map(|m| {
                    use std::os::unix::fs::PermissionsExt;
                    m.permissions().mode() & 0o111 != 0
                })
                .unwrap_or(false)
    })
}

/// Ok when the tool is installed, a [`MissingTool`] saying what to install otherwise.
pub fn require(tool: Tool) -> Result<(), MissingTool> {
    if have(tool.program) {
        Ok(())
    } else {
        Err(MissingTool(tool))
    }
}

/// First line of `program --version`, for report metadata.
pub fn version_of(program: &str) -> Option<String> {
    let out = Command::new(program).arg("--version").output().ok()?;
    let s = String::from_utf8_lossy(&out.stdout);
    s.lines().next().map(|l| l.trim().to_string())
}

/// The commit of the project tree at `root` and whether it has uncommitted changes
/// (generated `report/` excluded); `(None, None)` outside a git checkout.
pub fn git_state(root: &Path) -> (Option<String>, Option<bool>) {
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let Some(commit) = git(&["rev-parse", "HEAD"]) else {
        return (None, None);
    };
    let dirty =
        git(&["status", "--porcelain", "--", ".", ":(exclude)report"]).map(|s| !s.is_empty());
    (Some(commit), dirty)
}

/// Versions of the external tools a full run uses, for the report's provenance: the first
/// line of each one's `--version` (absent tools are left out).
pub fn tool_versions() -> Vec<(String, String)> {
    let mut tools = vec![(
        "sha3-asip".to_string(),
        env!("CARGO_PKG_VERSION").to_string(),
    )];
    for t in [
        "riscv64-unknown-elf-gcc",
        "mipsel-linux-gnu-gcc",
        "yosys",
        "verilator",
        "qemu-riscv32",
        "qemu-mipsel",
    ] {
        if let Some(v) = version_of(t) {
            tools.push((t.to_string(), v));
        }
    }
    tools
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_tool_says_what_to_install() {
        let t = Tool::new("definitely-not-a-program-xyz", "pkg-xyz");
        let e = require(t).unwrap_err();
        assert_eq!(
            e.to_string(),
            "'definitely-not-a-program-xyz' not found on PATH: install it with 'apt-get install pkg-xyz' (or run scripts/setup as root)"
        );
        assert!(require(Tool::new("sh", "dash")).is_ok());
    }
}
