//! Building a design's firmware with the distro's cross compiler, through `firmware/Makefile`.

use crate::design::{Arch, Design, DesignError};
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

/// What `cflags` may hold, for the error message.
const SUPPORTED_CFLAGS: &str = "-O<level>, -I<dir>, -D<name>[=<value>], -U<name>, \
     -f[no-]<option>[=<number>], -m<option>[=<value>] (not -march: use the march field), \
     -g[<level>], -W<warning>, -w, -std=<standard>";

fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    c.next()
        .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

fn all_chars(s: &str, extra: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || extra.contains(c))
}

/// Whether one `cflags` word is a compiler flag the firmware flow supports. Every accepted
/// word is made of letters, digits and `_ . / = + , -` only, so neither make nor the shell
/// that runs make's recipes can read anything into it.
fn flag_supported(w: &str) -> bool {
    if let Some(o) = w.strip_prefix("-O") {
        return ["", "0", "1", "2", "3", "s", "z", "g", "fast"].contains(&o);
    }
    if let Some(dir) = w.strip_prefix("-I") {
        return all_chars(dir, "_./-+") && !dir.starts_with('-');
    }
    if let Some(def) = w.strip_prefix("-D") {
        let (name, value) = def.split_once('=').unwrap_or((def, ""));
        return is_ident(name) && (value.is_empty() || all_chars(value, "_.+-"));
    }
    if let Some(name) = w.strip_prefix("-U") {
        return is_ident(name);
    }
    if let Some(f) = w.strip_prefix("-f") {
        let (opt, value) = f.split_once('=').unwrap_or((f, ""));
        let opt_name = opt.strip_prefix("no-").unwrap_or(opt);
        // plugins load code; dumps and profiles write files outside the build folder
        let forbidden = [
            "plugin",
            "dump",
            "profile",
            "debug-prefix-map",
            "file-prefix-map",
        ]
        .iter()
        .any(|p| opt_name.starts_with(p));
        return all_chars(opt, "-")
            && !forbidden
            && (value.is_empty() || value.chars().all(|c| c.is_ascii_digit()));
    }
    if let Some(m) = w.strip_prefix("-m") {
        let (opt, value) = m.split_once('=').unwrap_or((m, ""));
        return opt != "arch"
            && all_chars(opt, "-")
            && (value.is_empty() || all_chars(value, "_.-"));
    }
    if let Some(g) = w.strip_prefix("-g") {
        return ["", "0", "1", "2", "3"].contains(&g);
    }
    if let Some(warn) = w.strip_prefix("-W") {
        // no '-Wl,' / '-Wa,' / '-Wp,': a comma is not accepted
        return all_chars(warn, "-=");
    }
    if let Some(std) = w.strip_prefix("-std=") {
        return all_chars(std, "+");
    }
    w == "-w"
}

/// Check the design fields that reach the firmware build (`name`, `kernel`, `march`,
/// `cflags`) and return the make arguments for them; anything else is refused with an error
/// naming the field and the design file.
pub fn make_args(root: &Path, d: &Design) -> Result<Vec<String>, FlowError> {
    let invalid = |msg: String| FlowError::Design(DesignError::Invalid(d.path.clone(), msg));
    for (field, v) in [("name", &d.name), ("kernel", &d.kernel)] {
        if !all_chars(v, "_.-") || v.starts_with(['.', '-']) {
            return Err(invalid(format!(
                "{field}: '{v}' is not a valid {field} (letters, digits, '_', '.', '-'; \
                 not starting with '.' or '-')"
            )));
        }
    }
    let kdir = root.join("firmware").join("kernels").join(&d.kernel);
    if !kdir.join("kernel.mk").is_file() {
        return Err(invalid(format!(
            "kernel: '{}' is not a firmware kernel ({} has no kernel.mk)",
            d.kernel,
            kdir.display()
        )));
    }
    let mut args = vec![
        format!("KERNEL={}", d.kernel),
        format!("BUILD={}", build_dir(root, d).display()),
    ];
    if let Some(m) = &d.march {
        let prefix = match d.arch {
            Arch::Rv32 => "rv32",
            Arch::Mips32 => "mips",
        };
        if !m.starts_with(prefix) || !all_chars(m, "_") {
            return Err(invalid(format!(
                "march: '{m}' is not a {prefix}... -march value (letters, digits and '_')"
            )));
        }
        args.push(format!("MARCH={m}"));
    }
    if let Some(c) = &d.cflags {
        if let Some(w) = c.split_whitespace().find(|w| !flag_supported(w)) {
            return Err(invalid(format!(
                "cflags: '{w}' is not a compiler flag the firmware flow supports \
                 (supported: {SUPPORTED_CFLAGS})"
            )));
        }
        args.push(format!(
            "CFLAGS_KERNEL={}",
            c.split_whitespace().collect::<Vec<_>>().join(" ")
        ));
    }
    Ok(args)
}

/// Build (or bring up to date) the benchmark ELF of a design; returns its path.
pub fn build(root: &Path, d: &Design) -> Result<PathBuf, FlowError> {
    let make_args = make_args(root, d)?;
    project::require(project::MAKE)?;
    project::require(compiler_for(d.arch))?;
    let bdir = build_dir(root, d);
    // One build of a design at a time, across threads and processes (parallel tests and
    // reproduce jobs share firmware/build/<design>): an exclusive flock on a lock file
    // beside the build folder, released when `_lock` is dropped.
    let _lock = lock_build(&bdir)?;
    let elf = bdir.join("bench.elf");
    let stamp = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let before = stamp(&elf);
    let mut cmd = Command::new("make");
    cmd.arg("-s")
        .arg("-C")
        .arg(root.join("firmware"))
        .args(&make_args);
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
    if !elf.is_file() {
        return Err(FlowError::Build {
            what: format!("building firmware for design '{}'", d.name),
            output: format!("make succeeded but {} was not produced", elf.display()),
        });
    }
    if stamp(&elf) != before {
        eprintln!(
            "sha3-asip: {} firmware of design '{}' ({})",
            if before.is_some() { "rebuilt" } else { "built" },
            d.name,
            elf.strip_prefix(root).unwrap_or(&elf).display()
        );
    }
    Ok(elf)
}
