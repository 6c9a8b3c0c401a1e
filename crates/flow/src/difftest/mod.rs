//! Differential testing (issue 35): random self-checking programs, generated per ISA
//! flavour from a seed, run on every engine that implements the flavour (qemu-user where
//! the ISA is standard, the simulator, the processor RTL), with the outcome (exit status or
//! error message), the output and the commit log (retire cycles included) compared. A
//! divergence is reduced to a minimal program (blocks removed while it still diverges).
//!
//! A program is a fixed prologue (the data segment's base in a reserved register, every
//! other register an edge value, maybe a trap handler), a list of self-contained blocks
//! (an instruction, a forward branch with its shadow, a loop, a fault ...) and a fixed
//! epilogue that stores the registers, writes the scratch area and the registers to
//! stdout (as letters) and exits with a sum of the registers. Any subset of the blocks is a
//! valid program, which is what the reduction relies on.

pub mod elf;
mod mips;
pub mod program;
mod rv32;
mod rv32enc;
pub mod rvv;
mod rvv_gen;

pub use program::{Block, Case, Rng, DATA, OUT, REGS, SCRATCH, TEXT};

use crate::design::{self, Arch, Design};
use crate::error::FlowError;
use crate::exec::{self, ExecOptions};
use crate::rtl::{self, RtlOptions};
use asip_sim::{Program, SharedBuf};
use program::MAX_CYCLES;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// An ISA flavour: the design whose simulator and RTL run it, and qemu where it is standard.
pub struct Flavour {
    /// Name (`--flavour`).
    pub name: &'static str,
    /// The design (its ISA, timing model and RTL).
    pub design: &'static str,
    /// The ISA the simulator runs, when not the design's (a flavour with no RTL).
    pub isa: Option<&'static str>,
    /// The design has a processor RTL for this flavour.
    pub rtl: bool,
    /// qemu-user and its arguments, for programs that do not fault.
    pub qemu: Option<(&'static str, &'static [&'static str])>,
    /// What it covers.
    pub doc: &'static str,
}

/// Every flavour.
pub const FLAVOURS: &[Flavour] = &[
    Flavour {
        name: "rv32im",
        design: "rv32-ref",
        isa: None,
        rtl: true,
        qemu: Some(("qemu-riscv32", &["-cpu", "rv32"])),
        doc: "RV32IM + Zicsr (traps with a handler), zscale timing",
    },
    Flavour {
        name: "rv32im-eo",
        design: "rv32-ref-eo",
        isa: None,
        rtl: true,
        qemu: Some(("qemu-riscv32", &["-cpu", "rv32"])),
        doc: "RV32IM with the early-out divider (zscale-eo timing)",
    },
    Flavour {
        name: "zbb",
        design: "rv32-ref",
        isa: Some("rv32im_zbb"),
        rtl: false,
        qemu: Some(("qemu-riscv32", &["-cpu", "rv32,zbb=true"])),
        doc: "RV32IM + Zbb (no design has Zbb in RTL: simulator and qemu)",
    },
    Flavour {
        name: "zbkb",
        design: "rv32-zbkb",
        isa: None,
        rtl: true,
        qemu: Some(("qemu-riscv32", &["-cpu", "rv32,zbkb=true"])),
        doc: "RV32IM + Zbkb",
    },
    Flavour {
        name: "xoasip",
        design: "rv32-oasip",
        isa: None,
        rtl: true,
        qemu: None,
        doc: "RV32IM + xoasip (doloop zero-overhead loops)",
    },
    Flavour {
        name: "xdasip",
        design: "rv32-dasip",
        isa: None,
        rtl: true,
        qemu: None,
        doc: "RV32IM + xoasip + xdasip (auxiliary registers, fused loads/stores)",
    },
    Flavour {
        name: "xkeccak",
        design: "rv32-xkeccak",
        isa: None,
        rtl: true,
        qemu: None,
        doc: "RV32IM + xkeccak (the Keccak state unit)",
    },
    Flavour {
        name: "zve64x",
        design: "rv32-v",
        isa: None,
        rtl: true,
        qemu: Some((
            "qemu-riscv32",
            &["-cpu", "rv32,v=true,vlen=128,elen=64,vext_spec=v1.0"],
        )),
        doc: "RV32IM + the zve64x subset the vector RTL implements (VLEN = 128)",
    },
    Flavour {
        name: "xvkeccak",
        design: "rv32-v-keccak",
        isa: None,
        rtl: true,
        qemu: None,
        doc: "RV32IM + the zve64x subset + xvkeccak (Keccak planes on a register block)",
    },
    Flavour {
        name: "xvkeccakr",
        design: "rv32-v-keccakr",
        isa: None,
        rtl: true,
        qemu: None,
        doc: "RV32IM + the zve64x subset + xvkeccakr (register-resident Keccak columns)",
    },
    Flavour {
        name: "mips32",
        design: "mips-ref",
        isa: None,
        rtl: true,
        qemu: Some(("qemu-mipsel", &[])),
        doc: "MIPS32: delay slots, branch-likely, link branches, lwl/lwr/swl/swr, ll/sc, \
              madd/msub, HI/LO, movn/movz, clz/clo, traps",
    },
    Flavour {
        name: "xmipscop",
        design: "mips-coproc",
        isa: None,
        rtl: true,
        qemu: None,
        doc: "MIPS32 + the Keccak coprocessor",
    },
    Flavour {
        name: "xmipsnative",
        design: "mips-native",
        isa: None,
        rtl: true,
        qemu: None,
        doc: "MIPS32 + the native Keccak instructions",
    },
];

/// The flavour called `name`.
pub fn flavour(name: &str) -> Result<&'static Flavour, FlowError> {
    FLAVOURS.iter().find(|f| f.name == name).ok_or_else(|| {
        let names: Vec<&str> = FLAVOURS.iter().map(|f| f.name).collect();
        FlowError::Usage(format!(
            "unknown flavour '{name}'; flavours: {}",
            names.join(", ")
        ))
    })
}

/// The program of flavour `fl` for `seed` (the same everywhere).
pub fn generate(fl: &Flavour, seed: u64) -> Result<Case, FlowError> {
    let d = design_of(fl)?;
    let isa_str = fl.isa.unwrap_or(&d.isa).to_string();
    let isa = asip_extensions::registry()
        .parse_isa(&isa_str)
        .map_err(|e| FlowError::Usage(format!("flavour {}: {e}", fl.name)))?;
    let ext: Vec<&'static asip_sim::OpInfo> = isa
        .extensions()
        .iter()
        .filter(|x| !matches!(x.name(), "i" | "m" | "mips32"))
        .flat_map(|x| x.ops().iter())
        .filter(|o| o.enc.is_some() && o.name != "doloop")
        .collect();
    let doloop: Vec<&'static asip_sim::OpInfo> = isa.ops().filter(|o| o.name == "doloop").collect();
    let mut rng = Rng::new(seed);
    let n = 8 + rng.index(40);
    let mut c = Case {
        flavour: fl.name,
        seed,
        arch: d.arch,
        prologue: vec![],
        blocks: vec![],
        epilogue: vec![],
        faults: vec![],
        handler: false,
        vregs: false,
        max_cycles: MAX_CYCLES,
        data: (0..OUT - DATA).map(|_| rng.below(256) as u8).collect(),
    };
    match d.arch {
        Arch::Rv32 => {
            let mut all = ext;
            all.extend(doloop);
            rv32::case(&mut c, &isa_str, all, n, fl.qemu.is_some())
        }
        Arch::Mips32 => mips::case(&mut c, ext, n, fl.qemu.is_some()),
    }
    if c.faults.contains(&"runaway loop") {
        c.max_cycles = 50 + rng.below(5_000);
    }
    Ok(c)
}

/// The design that runs `fl` (with the flavour's ISA).
pub fn design_of(fl: &Flavour) -> Result<Design, FlowError> {
    let mut d = design::find(&crate::project::root().join("designs"), fl.design)?;
    if let Some(isa) = fl.isa {
        d.isa = isa.to_string();
    }
    Ok(d)
}

/// How one engine ran a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// "exit N" or the error message with its exit status.
    pub outcome: String,
    pub stdout: String,
    /// The commit log (simulator and RTL; empty for qemu).
    pub log: Vec<String>,
    pub instret: u64,
}

/// How a run ended: its exit or the program's error (a fault, a runaway). An error of the
/// engine itself (a model that does not build, a missing tool) is returned as an error: it
/// is not a divergence.
fn outcome(r: Result<exec::ExecOutcome, FlowError>) -> Result<(String, String, u64), FlowError> {
    match r {
        Ok(o) => Ok((
            format!("exit {} (status {})", o.exit_code, o.status),
            o.stdout,
            o.instret,
        )),
        Err(FlowError::Guest { message, status }) => {
            Ok((format!("{message} [status {status}]"), String::new(), 0))
        }
        Err(e) => Err(e),
    }
}

fn run_sim(d: &Design, c: &Case, prog: &Program) -> Result<Run, FlowError> {
    let buf = SharedBuf::default();
    let r = exec::run_program(
        d,
        prog,
        ExecOptions {
            argv: vec!["t".into()],
            max_cycles: c.max_cycles,
            profile: false,
            trace: Some(Box::new(buf.clone())),
        },
    );
    let (outcome, stdout, instret) = outcome(r)?;
    Ok(Run {
        outcome,
        stdout,
        log: buf.text().lines().map(|l| l.trim_end().into()).collect(),
        instret,
    })
}

fn run_rtl(d: &Design, c: &Case, prog: &Program) -> Result<Run, FlowError> {
    let log = Arc::new(Mutex::new(Vec::new()));
    let l2 = log.clone();
    let r = rtl::run_program(
        &crate::project::root(),
        d,
        prog,
        RtlOptions {
            argv: vec!["t".into()],
            max_cycles: c.max_cycles,
            on_commit: Some(Box::new(move |_, line| {
                l2.lock().expect("log").push(line.trim_end().to_string());
                Ok(())
            })),
            ..RtlOptions::default()
        },
    );
    let (outcome, stdout, instret) = outcome(r)?;
    let log = log.lock().expect("log").clone();
    Ok(Run {
        outcome,
        stdout,
        log,
        instret,
    })
}

/// How long qemu may run one program (they take milliseconds).
const QEMU_SECONDS: u64 = 60;

/// Run qemu on `path`: its exit status (`None`: killed after [`QEMU_SECONDS`]) and stdout.
fn qemu_output(
    bin: &str,
    args: &[&str],
    path: &Path,
) -> Result<(Option<std::process::ExitStatus>, Vec<u8>), FlowError> {
    use std::io::Read;
    let mut child = std::process::Command::new(bin)
        .args(args)
        .arg(path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| FlowError::Io(format!("running {bin}"), e))?;
    let mut pipe = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = pipe.read_to_end(&mut v);
        v
    });
    let start = std::time::Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed().as_secs() < QEMU_SECONDS => {
                std::thread::sleep(std::time::Duration::from_millis(1))
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    Ok((status, reader.join().unwrap_or_default()))
}

fn run_qemu(fl: &Flavour, c: &Case, prog: &Program, dir: &Path) -> Result<Run, FlowError> {
    let (bin, args) = fl.qemu.expect("a qemu flavour");
    let path = dir.join(format!(
        "{}-{:016x}-{}.elf",
        fl.name,
        c.seed,
        std::process::id()
    ));
    elf::write_file(&path, prog)
        .map_err(|e| FlowError::Io(format!("writing {}", path.display()), e))?;
    let out = qemu_output(bin, args, &path);
    let _ = std::fs::remove_file(&path);
    let (status, stdout) = out?;
    use std::os::unix::process::ExitStatusExt;
    let outcome = match status.map(|s| (s.code(), s.signal())) {
        None => format!("no exit within {QEMU_SECONDS} s (killed)"),
        Some((Some(code), _)) => format!("exit {code} (status {code})"),
        Some((None, Some(sig))) => format!("killed by signal {sig}"),
        Some((None, None)) => "no status".into(),
    };
    Ok(Run {
        outcome,
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        log: vec![],
        instret: 0,
    })
}

/// Engines to run (a subset of sim, rtl, qemu).
#[derive(Clone, Copy, Debug)]
pub struct Engines {
    pub rtl: bool,
    pub qemu: bool,
}

impl Default for Engines {
    fn default() -> Self {
        Engines {
            rtl: true,
            qemu: true,
        }
    }
}

/// Where two engines disagree about one program.
#[derive(Clone, Debug)]
pub struct Divergence {
    /// "simulator vs RTL", "simulator vs qemu".
    pub engines: String,
    /// What differs, with the first differing commit-log line.
    pub detail: String,
}

/// What one program did.
pub struct Checked {
    pub instret: u64,
    /// Engines that ran it.
    pub engines: Vec<&'static str>,
    pub divergence: Option<Divergence>,
}

/// Run `c` on the simulator and every other engine of its flavour that `e` allows and can
/// run it; compare.
pub fn check(fl: &Flavour, c: &Case, e: Engines, tmp: &Path) -> Result<Checked, FlowError> {
    let d = design_of(fl)?;
    let prog = c.program();
    let sim = run_sim(&d, c, &prog)?;
    let mut engines = vec!["sim"];
    let mut divergence = None;
    if fl.rtl && e.rtl {
        engines.push("rtl");
        let hw = run_rtl(&d, c, &prog)?;
        divergence = compare("simulator vs RTL", &sim, &hw);
    }
    if divergence.is_none() && fl.qemu.is_some() && e.qemu && c.clean() {
        engines.push("qemu");
        let q = run_qemu(fl, c, &prog, tmp)?;
        if q.outcome != sim.outcome || q.stdout != sim.stdout {
            divergence = Some(Divergence {
                engines: "simulator vs qemu".into(),
                detail: format!(
                    "outcome: {} | qemu: {}\noutput: {}\nqemu:   {}",
                    sim.outcome, q.outcome, sim.stdout, q.stdout
                ),
            });
        }
    }
    Ok(Checked {
        instret: sim.instret,
        engines,
        divergence,
    })
}

fn compare(engines: &str, a: &Run, b: &Run) -> Option<Divergence> {
    if a.log != b.log {
        let n = a.log.iter().zip(&b.log).take_while(|(x, y)| x == y).count();
        let line = |l: &[String]| l.get(n).cloned().unwrap_or_else(|| "(end of log)".into());
        return Some(Divergence {
            engines: engines.into(),
            detail: format!(
                "commit logs differ at line {} (outcomes: {} | {})\n  before: {}\n  left:   {}\n  right:  {}",
                n + 1,
                a.outcome,
                b.outcome,
                if n > 0 { a.log[n - 1].as_str() } else { "(start)" },
                line(&a.log),
                line(&b.log)
            ),
        });
    }
    if a.outcome != b.outcome || a.stdout != b.stdout {
        return Some(Divergence {
            engines: engines.into(),
            detail: format!(
                "outcomes differ: {} | {}\noutput: {}\n        {}",
                a.outcome, b.outcome, a.stdout, b.stdout
            ),
        });
    }
    None
}

/// Remove blocks while the program still diverges between the same engines; returns the
/// reduced case and its divergence.
pub fn reduce(
    fl: &Flavour,
    c: &Case,
    e: Engines,
    tmp: &Path,
    first: &Divergence,
) -> Result<(Case, Divergence), FlowError> {
    let mut best = c.clone();
    let mut div = first.clone();
    loop {
        let mut changed = false;
        let mut k = best.blocks.len();
        while k > 0 {
            k -= 1;
            let mut t = best.clone();
            let removed = t.blocks.remove(k);
            // a program whose fault block is removed no longer has that fault
            let _ = removed;
            if let Some(d) = check(fl, &t, e, tmp)?.divergence {
                if d.engines == first.engines {
                    best = t;
                    div = d;
                    changed = true;
                }
            }
        }
        if !changed {
            return Ok((best, div));
        }
    }
}

/// A divergence found by a campaign, reduced.
pub struct Finding {
    pub flavour: &'static str,
    pub seed: u64,
    pub divergence: Divergence,
    /// The reduced program's ELF, and its listing.
    pub elf: PathBuf,
    pub listing: String,
}

/// The seed of program `index` of a campaign with base seed `base` (reproducible:
/// `fuzz --flavour F --case SEED` runs exactly that program).
pub fn case_seed(base: u64, flavour: &str, index: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ base;
    for b in flavour.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
    }
    let mut r = Rng::new(h ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    r.u64()
}

/// Check one case; on a divergence reduce it and write the reduced program to `out`.
pub fn check_and_reduce(
    fl: &'static Flavour,
    seed: u64,
    e: Engines,
    tmp: &Path,
    out: &Path,
) -> Result<(Checked, Option<Finding>), FlowError> {
    let c = generate(fl, seed)?;
    let r = check(fl, &c, e, tmp)?;
    let Some(first) = r.divergence.clone() else {
        return Ok((r, None));
    };
    let (small, div) = reduce(fl, &c, e, tmp, &first)?;
    std::fs::create_dir_all(out)
        .map_err(|er| FlowError::Io(format!("creating {}", out.display()), er))?;
    let elf_path = out.join(format!("{}-{seed:016x}.elf", fl.name));
    elf::write_file(&elf_path, &small.program())
        .map_err(|er| FlowError::Io(format!("writing {}", elf_path.display()), er))?;
    let d = design_of(fl)?;
    let listing = listing(&d, &small);
    std::fs::write(
        elf_path.with_extension("txt"),
        format!("{}\n\n{listing}", div.detail),
    )
    .map_err(|er| FlowError::Io(format!("writing {}", elf_path.display()), er))?;
    Ok((
        r,
        Some(Finding {
            flavour: fl.name,
            seed,
            divergence: div,
            elf: elf_path,
            listing,
        }),
    ))
}

/// The body blocks of `c` disassembled (the prologue and epilogue are always the same).
pub fn listing(d: &Design, c: &Case) -> String {
    let isa = asip_extensions::registry().parse_isa(&d.isa).ok();
    let mut s = String::new();
    let mut pc = TEXT + 4 * c.prologue.len() as u32;
    let words = c.words();
    for (k, b) in c.blocks.iter().enumerate() {
        s.push_str(&format!("block {k}:\n"));
        for _ in &b.words {
            let w = words[((pc - TEXT) / 4) as usize];
            let text = isa.as_ref().map(|i| i.disasm(w, pc)).unwrap_or_default();
            s.push_str(&format!("  {pc:08x}: {w:08x}  {text}\n"));
            pc += 4;
        }
    }
    s
}
