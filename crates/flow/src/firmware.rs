//! Building a design's firmware with the distro's cross compiler, through `firmware/Makefile`.

use crate::design::{Arch, Design};
use crate::error::FlowError;
use crate::project::{self, Tool};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The compiler a design's architecture needs.
pub fn compiler_for(arch: Arch) -> Tool {
    match arch {
        Arch::Rv32 => project::RISCV_GCC,
        Arch::Mips32 => project::MIPSEL_GCC,
    }
}

/// Where a design's firmware is built.
pub fn build_dir(root: &Path, d: &Design) -> PathBuf {
    root.join("firmware").join("build").join(&d.name)
}

pub(crate) fn lock_build(bdir: &Path) -> Result<std::fs::File, FlowError> {
    use std::os::unix::io::AsRawFd;
    let parent = bdir.parent().unwrap_or(bdir);
    std::fs::create_dir_all(parent)
        .map_err(|e| FlowError::Io(format!("creating {}", parent.display()), e))?;
    let path = bdir.with_extension("lock");
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| FlowError::Io(format!("opening {}", path.display()), e))?;
    // SAFETY: flock on a descriptor we own; blocks until the lock is ours.
    let rc = unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX) };
    if rc != 0 {
        return Err(FlowError::Io(
            format!("locking {}", path.display()),
            std::io::Error::last_os_error(),
        ));
    }
    Ok(f)
}

/// Build (or bring up to date) the benchmark ELF of a design; returns its path.
pub fn build(root: &Path, d: &Design) -> Result<PathBuf, FlowError> {
    project::require(project::MAKE)?;
    project::require(compiler_for(d.arch))?;
    let kdir = root.join("firmware").join("kernels").join(&d.kernel);
    if !kdir.is_dir() {
        return Err(FlowError::Usage(format!(
            "design '{}' names kernel '{}', but {} does not exist",
            d.name,
            d.kernel,
            kdir.display()
        )));
    }
    let bdir = build_dir(root, d);
    // One build of a design at a time, across threads and processes (parallel tests and
    // reproduce jobs share firmware/build/<design>): an exclusive flock on a lock file
    // beside the build folder, released when `_lock` is dropped.
    let _lock = lock_build(&bdir)?;
    let mut cmd = Command::new("make");
    cmd.arg("-s")
        .arg("-C")
        .arg(root.join("firmware"))
        .arg(format!("KERNEL={}", d.kernel))
        .arg(format!("BUILD={}", bdir.display()));
    if let Some(m) = &d.march {
        cmd.arg(format!("MARCH={m}"));
    }
    if let Some(c) = &d.cflags {
        cmd.arg(format!("CFLAGS_KERNEL={c}"));
    }
    let out = cmd
        .output()
        .map_err(|e| FlowError::Io("running make".into(), e))?;
    if !out.status.success() {
        let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.push_str(&String::from_utf8_lossy(&out.stderr));
        let tail: Vec<&str> = text.lines().rev().take(30).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(FlowError::Build {
            what: format!("building firmware for design '{}'", d.name),
            output: tail.join("\n"),
        });
    }
    let elf = bdir.join("bench.elf");
    if !elf.is_file() {
        return Err(FlowError::Build {
            what: format!("building firmware for design '{}'", d.name),
            output: format!("make succeeded but {} was not produced", elf.display()),
        });
    }
    Ok(elf)
}
