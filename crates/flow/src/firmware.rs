//! Building a design's firmware with the distro's cross compiler. What is built is data
//! (`firmware/firmware.toml` and each kernel's `firmware/kernels/<name>/kernel.toml`); each
//! step runs as an argument vector in `firmware/` (no make, no shell), so no design field
//! is ever read by a shell. A build is redone only when an input changed (a hash of every
//! command and of every file the compiler read), one build per design at a time.

use crate::design::{Arch, Design, DesignError};
use crate::error::{files, FlowError};
use crate::project::{self, Tool};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The compiler a design's architecture needs.
pub fn compiler_for(arch: Arch) -> Tool {
    match arch {
        Arch::Rv32 => project::RISCV_GCC,
        Arch::Mips32 => project::MIPSEL_GCC,
    }
}

/// The folder name of an architecture under `firmware/arch/` and in `kernel.toml`.
pub fn arch_dir(arch: Arch) -> &'static str {
    match arch {
        Arch::Rv32 => "rv32",
        Arch::Mips32 => "mips",
    }
}

/// Where a design's firmware is built.
pub fn build_dir(root: &Path, d: &Design) -> PathBuf {
    root.join("firmware").join("build").join(&d.name)
}

/// `firmware/firmware.toml`: what every build shares.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct BuildSpec {
    common_cflags: Vec<String>,
    harness_cflags: Vec<String>,
    harness_includes: Vec<String>,
    harness: Vec<String>,
    info_source: String,
    linker_script: String,
    arch: BTreeMap<String, ArchSpec>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ArchSpec {
    cross: String,
    cflags: Vec<String>,
    #[serde(default)]
    libgcc: Option<Vec<String>>,
    #[serde(default)]
    ldflags: Vec<String>,
}

/// A kernel's `kernel.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KernelSpec {
    /// `rv32` or `mips` (a folder of `firmware/arch/`).
    pub arch: String,
    /// The default `-march` (a design's `march` overrides it).
    pub march: String,
    /// The default kernel flags (a design's `cflags` overrides them).
    pub cflags: String,
    /// The kernel's sources, relative to `firmware/`, linked in this order.
    pub sources: Vec<String>,
    /// Why qemu-user cannot run the kernel (custom instructions), if it cannot.
    #[serde(default)]
    pub qemu_unsupported: Option<String>,
    /// The qemu `-cpu` the kernel needs.
    #[serde(default)]
    pub qemu_cpu: Option<String>,
    /// Checked-in generated sources and the python3 command that writes each.
    #[serde(default)]
    pub generated: Vec<Generated>,
}

/// A generated source: `python3 <command>` run in `firmware/` writes `output`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Generated {
    pub output: String,
    pub command: Vec<String>,
}

fn data_error(path: &Path, msg: String) -> FlowError {
    FlowError::Build {
        what: format!("reading {}", path.display()),
        output: msg,
    }
}

fn read_toml<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, FlowError> {
    let text = files::read_to_string(path)?;
    toml::from_str(&text).map_err(|e| data_error(path, e.to_string().trim().to_string()))
}

fn build_spec(root: &Path) -> Result<BuildSpec, FlowError> {
    read_toml(&root.join("firmware").join("firmware.toml"))
}

/// The names of the kernels (folders of `firmware/kernels/` with a `kernel.toml`), sorted.
pub fn kernels(root: &Path) -> Vec<String> {
    let dir = root.join("firmware").join("kernels");
    let mut v: Vec<String> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().join("kernel.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// A kernel's `kernel.toml` (the name must be a plain folder name: see [`plan`]).
pub fn kernel_spec(root: &Path, kernel: &str) -> Result<KernelSpec, FlowError> {
    let path = root
        .join("firmware")
        .join("kernels")
        .join(kernel)
        .join("kernel.toml");
    let k: KernelSpec = read_toml(&path)?;
    for s in k
        .sources
        .iter()
        .chain(k.generated.iter().map(|g| &g.output))
    {
        if !safe_path(s) {
            return Err(data_error(
                &path,
                format!("'{s}' is not a relative path inside firmware/"),
            ));
        }
    }
    Ok(k)
}

/// The qemu `-cpu` a design's firmware needs under qemu-user (`Ok(None)`: the default), or
/// why qemu cannot run it (the kernel's `qemu_unsupported`).
pub fn qemu_cpu(root: &Path, d: &Design) -> Result<Result<Option<String>, String>, FlowError> {
    let k = kernel_spec(root, &d.kernel)?;
    Ok(match k.qemu_unsupported {
        Some(why) => Err(why),
        None => Ok(k.qemu_cpu),
    })
}

fn arch_spec<'a>(root: &Path, spec: &'a BuildSpec, arch: &str) -> Result<&'a ArchSpec, FlowError> {
    spec.arch.get(arch).ok_or_else(|| {
        data_error(
            &root.join("firmware").join("firmware.toml"),
            format!("no [arch.{arch}] table"),
        )
    })
}

/// The error for a build that cannot write `dir` (creating or writing `path`): on a
/// read-only tree it says that `what` needs building and where that can be done.
pub(crate) fn needs_build_error(
    what: &str,
    dir: &Path,
    path: &Path,
    e: std::io::Error,
) -> FlowError {
    if matches!(
        e.kind(),
        std::io::ErrorKind::ReadOnlyFilesystem | std::io::ErrorKind::PermissionDenied
    ) {
        FlowError::Io(
            format!(
                "{what} needs to be built (it is missing or out of date), but {} cannot be written (a read-only tree: build it where the tree is writable)",
                dir.display()
            ),
            e,
        )
    } else {
        FlowError::Io(format!("writing {}", path.display()), e)
    }
}

/// The exclusive lock of a build folder `bdir` (`<bdir>.lock` beside it), taken only to
/// build: a finished build is read without it. `what` names the product for the error when
/// the folder cannot be written (a read-only checkout whose build is missing or stale).
pub(crate) fn lock_build(bdir: &Path, what: &str) -> Result<std::fs::File, FlowError> {
    use std::os::unix::io::AsRawFd;
    let parent = bdir.parent().unwrap_or(bdir);
    let path = bdir.with_extension("lock");
    let read_only = |e: std::io::Error| needs_build_error(what, parent, &path, e);
    std::fs::create_dir_all(parent).map_err(read_only)?;
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(read_only)?;
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

/// A relative path of plain names (no `..` above `firmware/`, no absolute path).
fn safe_path(s: &str) -> bool {
    all_chars(s, "_./-+")
        && !s.starts_with(['/', '-'])
        && s.split('/').all(|c| !c.is_empty() && c != "." && c != "..")
}

/// Whether one `cflags` word is a compiler flag the firmware flow supports. Words are
/// passed to the compiler as single arguments (never through a shell); the whitelist keeps
/// out what would make the compiler run, load or write something else (plugins, dumps,
/// `-o`, `-Wl,`, specs files), and every accepted word is made of letters, digits and
/// `_ . / = + , -` only.
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

/// One step of a firmware build: a program and its arguments, run in `firmware/`, writing
/// `output` (through `<output>.tmp`, renamed when the step succeeded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub program: String,
    pub args: Vec<String>,
    pub output: PathBuf,
    /// The step's dependency file (`-MD -MF`): the files the compiler read.
    pub depfile: Option<PathBuf>,
    /// The step prints its output on stdout (objdump) instead of writing `-o`.
    pub stdout: bool,
}

/// A design's checked firmware build: every step, in order.
#[derive(Debug, Clone)]
pub struct Plan {
    pub design: String,
    /// `firmware/`: every step runs here; relative paths are relative to it.
    pub dir: PathBuf,
    pub build: PathBuf,
    pub elf: PathBuf,
    /// The kernel's relocatable object: the `nm` check that it calls nothing outside itself.
    pub kernel_object: PathBuf,
    pub nm: String,
    pub steps: Vec<Step>,
    /// Inputs that no dependency file names (linker script, libgcc).
    pub inputs: Vec<PathBuf>,
}

/// Check the design fields that reach the firmware build (`name`, `kernel`, `march`,
/// `cflags`) and return the build's steps; anything else is refused with an error naming
/// the field and the design file. Nothing is run.
pub fn plan(root: &Path, d: &Design) -> Result<Plan, FlowError> {
    let invalid = |msg: String| FlowError::Design(DesignError::Invalid(d.path.clone(), msg));
    for (field, v) in [("name", &d.name), ("kernel", &d.kernel)] {
        if !all_chars(v, "_.-") || v.starts_with(['.', '-']) {
            return Err(invalid(format!(
                "{field}: '{v}' is not a valid {field} (letters, digits, '_', '.', '-'; \
                 not starting with '.' or '-')"
            )));
        }
    }
    let fw = root.join("firmware");
    let kdir = fw.join("kernels").join(&d.kernel);
    if !kdir.join("kernel.toml").is_file() {
        return Err(invalid(format!(
            "kernel: '{}' is not a firmware kernel ({} has no kernel.toml)",
            d.kernel,
            kdir.display()
        )));
    }
    let march = d.march.clone();
    if let Some(m) = &march {
        let prefix = arch_dir(d.arch);
        if !m.starts_with(prefix) || !all_chars(m, "_") {
            return Err(invalid(format!(
                "march: '{m}' is not a {prefix}... -march value (letters, digits and '_')"
            )));
        }
    }
    if let Some(c) = &d.cflags {
        if let Some(w) = c.split_whitespace().find(|w| !flag_supported(w)) {
            return Err(invalid(format!(
                "cflags: '{w}' is not a compiler flag the firmware flow supports \
                 (supported: {SUPPORTED_CFLAGS})"
            )));
        }
    }
    let spec = build_spec(root)?;
    let k = kernel_spec(root, &d.kernel)?;
    if k.arch != arch_dir(d.arch) {
        return Err(invalid(format!(
            "kernel: '{}' is a {} kernel, the design's arch is {}",
            d.kernel,
            k.arch,
            arch_dir(d.arch)
        )));
    }
    let a = arch_spec(root, &spec, &k.arch)?;
    let march = march.unwrap_or_else(|| k.march.clone());
    let kflags: Vec<String> = d
        .cflags
        .as_deref()
        .unwrap_or(&k.cflags)
        .split_whitespace()
        .map(String::from)
        .collect();
    let sub = |s: &String| s.replace("{arch}", &k.arch);
    let cc = format!("{}gcc", a.cross);
    let mut arch_flags = vec![format!("-march={march}")];
    arch_flags.extend(a.cflags.iter().cloned());
    let common: Vec<String> = spec.common_cflags.iter().map(sub).collect();
    let build = build_dir(root, d);
    let mut steps = vec![];
    // The compile runs in firmware/, and with -g the debug information records that folder
    // (DW_AT_comp_dir): mapped to `.`, so the ELF is the same in every checkout (the power
    // flow's cache key hashes it). The compiler records its working directory as getcwd()
    // gives it (symbolic links resolved): the canonical path. -ffile-prefix-map for C
    // (debug information and __FILE__), -fdebug-prefix-map for the assembler too (GCC 12
    // passes only that one on to `as`: crt0.S kept the path without it).
    let fw_abs = fw.canonicalize().unwrap_or_else(|_| fw.clone());
    let prefix_maps = [
        format!("-ffile-prefix-map={}=.", fw_abs.display()),
        format!("-fdebug-prefix-map={}=.", fw_abs.display()),
    ];
    let compile = |flags: &[String], src: &str, obj: PathBuf| {
        let depfile = obj.with_extension("d");
        let mut args = flags.to_vec();
        args.extend(prefix_maps.iter().cloned());
        args.extend([
            "-MD".into(),
            "-MF".into(),
            tmp(&depfile).display().to_string(),
            "-c".into(),
            "-o".into(),
            tmp(&obj).display().to_string(),
            src.to_string(),
        ]);
        Step {
            program: cc.clone(),
            args,
            output: obj,
            depfile: Some(depfile),
            stdout: false,
        }
    };
    // the harness
    let mut harness_flags = arch_flags.clone();
    harness_flags.extend(spec.harness_cflags.iter().cloned());
    harness_flags.extend(common.iter().cloned());
    harness_flags.extend(spec.harness_includes.iter().map(sub));
    let kernel_cflags_str = arch_flags
        .iter()
        .chain(kflags.iter())
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    let mut objs = vec![];
    for src in spec.harness.iter().map(sub) {
        let stem = Path::new(&src)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let obj = build.join(format!("{stem}.o"));
        if objs.contains(&obj) {
            return Err(data_error(
                &fw.join("firmware.toml"),
                format!("two harness sources make {stem}.o: rename one"),
            ));
        }
        let mut flags = harness_flags.clone();
        if src == spec.info_source {
            flags.push(format!("-DKERNEL_NAME=\"{}\"", d.kernel));
            flags.push(format!("-DKERNEL_CFLAGS=\"{kernel_cflags_str}\""));
        }
        steps.push(compile(&flags, &src, obj.clone()));
        objs.push(obj);
    }
    // the kernel, one relocatable object (with the libgcc members it needs)
    let mut kernel_flags = arch_flags.clone();
    kernel_flags.extend(kflags.iter().cloned());
    kernel_flags.extend(common.iter().cloned());
    kernel_flags.push(format!("-Ikernels/{}", d.kernel));
    let mut kobjs = vec![];
    for src in &k.sources {
        let obj = build.join("k").join(Path::new(src).with_extension("o"));
        steps.push(compile(&kernel_flags, src, obj.clone()));
        kobjs.push(obj);
    }
    let mut inputs = vec![];
    let libgcc = match &a.libgcc {
        Some(flags) => libgcc_file(&cc, flags),
        None => None,
    };
    let kernel_object = build.join("kernel.o");
    let mut args = arch_flags.clone();
    args.extend(["-nostdlib".into(), "-r".into(), "-o".into()]);
    args.push(tmp(&kernel_object).display().to_string());
    args.extend(kobjs.iter().map(|o| o.display().to_string()));
    if let Some(l) = libgcc {
        args.push(l.display().to_string());
        inputs.push(l);
    }
    steps.push(Step {
        program: cc.clone(),
        args,
        output: kernel_object.clone(),
        depfile: None,
        stdout: false,
    });
    objs.push(kernel_object.clone());
    // the ELF and its listing
    let elf = build.join("bench.elf");
    let ld = sub(&spec.linker_script);
    inputs.push(PathBuf::from(&ld));
    let mut args = arch_flags.clone();
    args.extend([
        "-nostdlib".into(),
        "-static".into(),
        "-T".into(),
        ld,
        format!("-Wl,-Map={}", build.join("bench.map").display()),
        "-Wl,--no-warn-rwx-segments".into(),
    ]);
    args.extend(a.ldflags.iter().cloned());
    args.push("-o".into());
    args.push(tmp(&elf).display().to_string());
    args.extend(objs.iter().map(|o| o.display().to_string()));
    steps.push(Step {
        program: cc.clone(),
        args,
        output: elf.clone(),
        depfile: None,
        stdout: false,
    });
    steps.push(Step {
        program: format!("{}objdump", a.cross),
        args: vec!["-d".into(), elf.display().to_string()],
        output: build.join("bench.dis"),
        depfile: None,
        stdout: true,
    });
    Ok(Plan {
        design: d.name.clone(),
        dir: fw,
        build,
        elf,
        kernel_object,
        nm: format!("{}nm", a.cross),
        steps,
        inputs,
    })
}

/// `<cc> <flags> -print-libgcc-file-name`, if the compiler names an existing file.
fn libgcc_file(cc: &str, flags: &[String]) -> Option<PathBuf> {
    let out = Command::new(cc)
        .args(flags)
        .arg("-print-libgcc-file-name")
        .output()
        .ok()?;
    let p = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    (out.status.success() && p.is_absolute() && p.is_file()).then_some(p)
}

fn tmp(p: &Path) -> PathBuf {
    let mut s = p.as_os_str().to_owned();
    s.push(".tmp");
    PathBuf::from(s)
}

fn hash_hex(parts: &[&[u8]]) -> String {
    let mut s = sha3_golden::Sponge::new(1088, 0x06);
    for p in parts {
        s.absorb(&(p.len() as u64).to_le_bytes());
        s.absorb(p);
    }
    let mut out = [0u8; 16];
    s.squeeze(&mut out);
    sha3_golden::encoding::hex(&out)
}

/// The files a make-style dependency file names (`target: a b \` lines).
fn depfile_inputs(text: &str) -> Vec<String> {
    let joined = text.replace("\\\n", " ");
    let mut v = vec![];
    for line in joined.lines() {
        if let Some((_, deps)) = line.split_once(": ") {
            v.extend(deps.split_whitespace().map(String::from));
        }
    }
    v
}

impl Plan {
    /// The stamp's first line: a hash of every step (program and arguments, in order).
    fn commands_hash(&self) -> String {
        let text: Vec<String> = self
            .steps
            .iter()
            .map(|s| format!("{}\0{}", s.program, s.args.join("\0")))
            .collect();
        hash_hex(&[text.join("\n").as_bytes()])
    }

    fn stamp_path(&self) -> PathBuf {
        self.build.join("inputs")
    }

    /// Whether the last build's stamp matches: the same commands and every input file it
    /// read unchanged (its content hash).
    fn up_to_date(&self) -> bool {
        let Ok(text) = std::fs::read_to_string(self.stamp_path()) else {
            return false;
        };
        let mut lines = text.lines();
        if lines.next() != Some(self.commands_hash().as_str()) {
            return false;
        }
        let outputs_exist = self.steps.iter().all(|s| s.output.is_file());
        outputs_exist
            && lines.all(|l| {
                let Some((h, path)) = l.split_once(' ') else {
                    return false;
                };
                let p = self.dir.join(path);
                std::fs::read(&p).is_ok_and(|b| hash_hex(&[&b]) == h)
            })
    }

    /// Run every step (the caller holds the design's build lock); write the stamp last.
    pub fn run(&self) -> Result<(), FlowError> {
        let stamp = self.stamp_path();
        let _ = std::fs::remove_file(&stamp);
        files::create_dir_all(&self.build)?;
        let mut inputs: Vec<PathBuf> = self.inputs.clone();
        let what = format!("building firmware for design '{}'", self.design);
        for s in &self.steps {
            if let Some(parent) = s.output.parent() {
                files::create_dir_all(parent)?;
            }
            let out = Command::new(&s.program)
                .args(&s.args)
                .current_dir(&self.dir)
                .output()
                .map_err(|e| FlowError::Io(format!("running {}", s.program), e))?;
            let t = tmp(&s.output);
            if !out.status.success() {
                let _ = std::fs::remove_file(&t);
                return Err(FlowError::Build {
                    what,
                    output: format!(
                        "{} {}\n{}",
                        s.program,
                        s.args.join(" "),
                        crate::error::output_tail(&out)
                    ),
                });
            }
            if s.stdout {
                files::write(&t, &out.stdout)?;
            }
            if s.output == self.kernel_object {
                self.check_kernel_closed(&t)?;
            }
            if let Some(dep) = &s.depfile {
                let dt = tmp(dep);
                let text = files::read_to_string(&dt)?;
                inputs.extend(depfile_inputs(&text).into_iter().map(PathBuf::from));
                let _ = std::fs::rename(&dt, dep);
            }
            std::fs::rename(&t, &s.output)
                .map_err(|e| FlowError::Io(format!("renaming {}", t.display()), e))?;
        }
        // the stamp: the commands' hash, then one line per input file (hash, path)
        inputs.sort();
        inputs.dedup();
        let mut text = self.commands_hash();
        text.push('\n');
        for p in &inputs {
            let full = self.dir.join(p);
            let b = files::read(&full)?;
            text.push_str(&format!("{} {}\n", hash_hex(&[&b]), p.display()));
        }
        let t = tmp(&stamp);
        std::fs::write(&t, text)
            .and_then(|_| std::fs::rename(&t, &stamp))
            .map_err(|e| FlowError::Io(format!("writing {}", stamp.display()), e))
    }

    /// The kernel object must not call anything outside itself (its code size is bracketed).
    fn check_kernel_closed(&self, obj: &Path) -> Result<(), FlowError> {
        let out = Command::new(&self.nm)
            .arg("-u")
            .arg(obj)
            .output()
            .map_err(|e| FlowError::Io(format!("running {}", self.nm), e))?;
        let undef: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.split_whitespace().last().map(String::from))
            .collect();
        if !out.status.success() || !undef.is_empty() {
            let _ = std::fs::remove_file(obj);
            return Err(FlowError::Build {
                what: format!("building firmware for design '{}'", self.design),
                output: format!(
                    "the kernel calls outside the kernel: {}{}",
                    undef.join(" "),
                    String::from_utf8_lossy(&out.stderr).trim()
                ),
            });
        }
        Ok(())
    }
}

/// Build (or bring up to date) the benchmark ELF of a design; returns its path.
pub fn build(root: &Path, d: &Design) -> Result<PathBuf, FlowError> {
    let plan = plan(root, d)?;
    // A finished build is read without a lock (so a read-only checkout whose firmware is
    // built works): its outputs and then its stamp are renamed into place, and a rebuild
    // removes the stamp first, so a matching stamp means a complete build.
    if plan.up_to_date() {
        return Ok(plan.elf);
    }
    project::require(compiler_for(d.arch))?;
    // One build of a design at a time, across threads and processes (parallel tests and
    // reproduce jobs share firmware/build/<design>): an exclusive flock on a lock file
    // beside the build folder, released when `_lock` is dropped.
    let _lock = lock_build(&plan.build, &format!("the firmware of design '{}'", d.name))?;
    if plan.up_to_date() {
        return Ok(plan.elf); // built by another process while this one waited
    }
    let before = plan.elf.is_file();
    plan.run()?;
    eprintln!(
        "sha3-asip: {} firmware of design '{}' ({})",
        if before { "rebuilt" } else { "built" },
        d.name,
        plan.elf.strip_prefix(root).unwrap_or(&plan.elf).display()
    );
    Ok(plan.elf)
}
