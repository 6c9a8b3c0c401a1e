//! Measures rv32-oasip against rv32-ref on the simulator (zscale timing) and prints the
//! Markdown section of isa/oasip/README.md; `--write` replaces that section in place.
//!
//!     cargo run --release -p isa-oasip --example report [-- --write]
//!
//! Method: both firmwares built with the distro's gcc through firmware/Makefile; SHA3-256
//! of harness messages of L1 = 10 and L2 = 20 blocks (1360, 2720 bytes), cycles/byte =
//! (cycles(L2) - cycles(L1)) / (L2 - L1) (long-message rate, no padding or set-up);
//! code size = kernel text + rodata + data from the __kernel_* symbols (docs/firmware.md);
//! profile = cycles per instruction class inside kernel_permute for one L1 hash.

use asip_sim::{InstrClass, Machine, Program, Registry, RunOptions, TimingParams};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

const L1: usize = 1360;
const L2: usize = 2720;
const BEGIN: &str =
    "<!-- BEGIN measured (cargo run --release -p isa-oasip --example report -- --write) -->";
const END: &str = "<!-- END measured -->";

struct Meas {
    kernel: &'static str,
    cpb: f64,
    perm: u64,
    code: u32,
    classes: Vec<(InstrClass, u64, u64)>,
    permute_cycles: u64,
    permute_insns: u64,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn build(kernel: &str) -> Result<PathBuf, String> {
    let dir = std::env::temp_dir()
        .join("sha3-asip-oasip-report")
        .join(kernel);
    let out = Command::new("make")
        .args(["-s", "-C"])
        .arg(root().join("firmware"))
        .arg(format!("KERNEL={kernel}"))
        .arg(format!("BUILD={}", dir.display()))
        .output()
        .map_err(|e| format!("running make: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "building {kernel}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(dir.join("bench.elf"))
}

fn field(line: &str, key: &str) -> Option<u64> {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(key)?.strip_prefix('=')?.parse().ok())
}

fn measure(kernel: &'static str, isa: &str, div: Option<u32>) -> Result<Meas, String> {
    let elf = build(kernel)?;
    let bytes = std::fs::read(&elf).map_err(|e| e.to_string())?;
    let prog = Program::load_elf(&bytes).map_err(|e| e.to_string())?;
    let mut reg = Registry::new();
    reg.register(Arc::new(isa_oasip::Oasip));
    let isa = reg.parse_isa(isa).map_err(|e| e.to_string())?;
    let mut timing = TimingParams::preset("zscale").map_err(|e| e.to_string())?;
    if let Some(d) = div {
        timing.latency.div = d;
    }
    let run = |lens: &str, profile: bool| {
        let mut m = Machine::new(
            &prog,
            isa.clone(),
            timing.clone(),
            RunOptions {
                argv: vec![
                    "bench.elf".into(),
                    "sha3-256".into(),
                    lens.into(),
                    "0".into(),
                ],
                profile,
                ..RunOptions::default()
            },
        )
        .map_err(|e| e.to_string())?;
        m.run().map_err(|e| e.to_string())
    };
    let r = run(&format!("{L1},{L2}"), false)?;
    let text = String::from_utf8_lossy(&r.stdout).into_owned();
    let cyc: Vec<u64> = text
        .lines()
        .filter(|l| l.starts_with("hash "))
        .filter_map(|l| field(l, "cycles"))
        .collect();
    let perm = text
        .lines()
        .find(|l| l.starts_with("perm "))
        .and_then(|l| field(l, "cycles"))
        .ok_or("no perm line")?;
    if cyc.len() != 2 {
        return Err(format!("unexpected harness output: {text}"));
    }
    let cpb = (cyc[1] - cyc[0]) as f64 / (L2 - L1) as f64;
    let sym = |n: &str| prog.symbols.addr(n).ok_or(format!("no symbol {n}"));
    let mut code = 0;
    for s in ["text", "rodata", "data"] {
        code += sym(&format!("__kernel_{s}_end"))? - sym(&format!("__kernel_{s}_start"))?;
    }
    let p = run(&L1.to_string(), true)?.profile.ok_or("no profile")?;
    let f = prog
        .symbols
        .get("kernel_permute")
        .ok_or("no kernel_permute")?;
    let (lo, hi) = (f.addr, f.addr + f.size.max(4));
    let mut classes: Vec<(InstrClass, u64, u64)> =
        InstrClass::ALL.iter().map(|&c| (c, 0, 0)).collect();
    let (mut pc_cyc, mut pc_n) = (0, 0);
    for s in p.pcs.iter().filter(|s| s.pc >= lo && s.pc < hi) {
        classes[s.class.index()].1 += s.count;
        classes[s.class.index()].2 += s.cycles;
        pc_cyc += s.cycles;
        pc_n += s.count;
    }
    Ok(Meas {
        kernel,
        cpb,
        perm,
        code,
        classes,
        permute_cycles: pc_cyc,
        permute_insns: pc_n,
    })
}

fn main() {
    let write = std::env::args().any(|a| a == "--write");
    let res = (|| -> Result<String, String> {
        let r = measure("rv32-ref", "rv32im", None)?;
        let o = measure("rv32-oasip", "rv32im_xoasip", None)?;
        let r1 = measure("rv32-ref", "rv32im", Some(1))?;
        let mut s = String::new();
        s.push_str(&format!(
            "Simulator, zscale timing, SHA3-256, cycles/byte = (cycles({L2} B) - cycles({L1} B)) / {}; \
             code size = kernel text + rodata + data (`__kernel_*` symbols); published = seed 001, Table 4.\n\n",
            L2 - L1
        ));
        s.push_str("| design | cycles/byte | bytes/cycle ×10⁻³ | published ×10⁻³ | one permutation (cycles) | code bytes | published code bytes |\n");
        s.push_str("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (m, pb, pc) in [(&r, 2.01, 1248), (&o, 3.43, 1066)] {
            s.push_str(&format!(
                "| {} | {:.1} | {:.2} | {:.2} | {} | {} | {} |\n",
                m.kernel,
                m.cpb,
                1000.0 / m.cpb,
                pb,
                m.perm,
                m.code,
                pc
            ));
        }
        let sp = r.cpb / o.cpb;
        s.push_str(&format!(
            "\nSpeed-up rv32-oasip over rv32-ref: **{sp:.2}x** measured, 1.71x published \
             ({:+.0}%). Code size ratio: {:.1}% measured, 85.4% published.\n\n",
            (sp / 1.71 - 1.0) * 100.0,
            100.0 * o.code as f64 / r.code as f64
        ));
        s.push_str(&format!(
            "Calibration: rv32-oasip against the seed's published Z-scale rate (2.01e-3 \
             bytes/cycle): {:.2}x. What-if, rv32-ref on zscale with a 1-cycle divider \
             (`latency.div = 1`): {:.1} cycles/byte ({:.2} ×10⁻³ bytes/cycle), speed-up of \
             rv32-oasip over it {:.2}x.\n\n",
            1000.0 / o.cpb / 2.01,
            r1.cpb,
            1000.0 / r1.cpb,
            r1.cpb / o.cpb
        ));
        s.push_str(&format!(
            "Profile inside `kernel_permute`, one {L1}-byte hash (cycles per class, share):\n\n"
        ));
        s.push_str("| class | rv32-ref cycles | share | rv32-oasip cycles | share |\n| --- | ---: | ---: | ---: | ---: |\n");
        for i in 0..InstrClass::ALL.len() {
            let (c, _, rc) = r.classes[i];
            let (_, _, oc) = o.classes[i];
            if rc == 0 && oc == 0 {
                continue;
            }
            s.push_str(&format!(
                "| {} | {} | {:.1}% | {} | {:.1}% |\n",
                c.name(),
                rc,
                100.0 * rc as f64 / r.permute_cycles as f64,
                oc,
                100.0 * oc as f64 / o.permute_cycles as f64
            ));
        }
        s.push_str(&format!(
            "| total | {} ({} insns, CPI {:.2}) | | {} ({} insns, CPI {:.2}) | |\n",
            r.permute_cycles,
            r.permute_insns,
            r.permute_cycles as f64 / r.permute_insns as f64,
            o.permute_cycles,
            o.permute_insns,
            o.permute_cycles as f64 / o.permute_insns as f64
        ));
        Ok(s)
    })();
    let section = match res {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    print!("{section}");
    if write {
        let path = root().join("isa/oasip/README.md");
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: reading {}: {e}", path.display());
                std::process::exit(1);
            }
        };
        let (Some(a), Some(b)) = (text.find(BEGIN), text.find(END)) else {
            eprintln!(
                "error: {} lacks the measured-section markers",
                path.display()
            );
            std::process::exit(1);
        };
        let new = format!("{}{BEGIN}\n{section}{}", &text[..a], &text[b..]);
        if let Err(e) = std::fs::write(&path, new) {
            eprintln!("error: writing {}: {e}", path.display());
            std::process::exit(1);
        }
    }
}
