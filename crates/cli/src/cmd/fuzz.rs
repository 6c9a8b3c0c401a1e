//! `sha3-asip fuzz`: the differential tester (asip_flow::difftest).

use crate::error::{CliError, Result};
use asip_flow::difftest::{self, Engines, Flavour};
use clap::Args;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
#[command(after_help = "\
Random self-checking programs, generated per ISA flavour from a seed, run on every engine that
implements the flavour: qemu-user (standard ISAs, programs that do not fault), the simulator
and the processor RTL (Verilator). The exit status or error message, the output (the scratch
memory and every register) and the commit log (retire cycle, pc, word, register and memory
writes) must be equal. A divergence is reduced to a minimal program, written to --out as an
ELF with a .txt (the divergence and a listing), and the run exits 1.

Programs: edge values, RAW and load-use hazards, computed addresses, forward branches, jumps,
loops, the flavour's extension instructions, and (one program in four) faults: misaligned
accesses and targets, illegal instructions, accesses outside memory or into the text, traps,
unknown system calls, runaway loops; RV32 half of those with a trap handler that skips the
faulting instruction. docs/difftest.md says what each flavour covers.

Examples:
  sha3-asip fuzz --flavour mips32 --count 1000 --jobs 2
  sha3-asip fuzz --flavour all --count 20
  sha3-asip fuzz --flavour rv32im --case 0x1234abcd   (one program again, with its listing)")]
pub struct FuzzArgs {
    /// Flavours, comma-separated, or all (rv32im, rv32im-eo, zbb, zbkb, xoasip, xdasip,
    /// xkeccak, zve64x, xvkeccak, xvkeccakr, mips32, xmipscop, xmipsnative).
    #[arg(long, default_value = "all")]
    pub flavour: String,
    /// Programs per flavour.
    #[arg(long, default_value_t = 100)]
    pub count: u64,
    /// Programs run at the same time.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Seed of the campaign (each program's seed is derived from it, the flavour and its
    /// index, and printed with any divergence).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Run the one program with this seed (decimal or 0x hex) and print its listing.
    #[arg(long, value_parser = parse_seed)]
    pub case: Option<u64>,
    /// Engines besides the simulator, comma-separated: rtl, qemu (default both).
    #[arg(long, default_value = "rtl,qemu")]
    pub engines: String,
    /// Where reduced programs are written.
    #[arg(long, default_value = "build/fuzz")]
    pub out: PathBuf,
}

fn parse_seed(s: &str) -> std::result::Result<u64, String> {
    let r = match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16),
        None => s.parse(),
    };
    r.map_err(|e| format!("not a seed: {s} ({e})"))
}

pub fn run(a: &FuzzArgs) -> Result<u8> {
    let flavours: Vec<&'static Flavour> = if a.flavour == "all" {
        difftest::FLAVOURS.iter().collect()
    } else {
        a.flavour
            .split(',')
            .map(|f| difftest::flavour(f.trim()).map_err(|e| CliError::usage(e.to_string())))
            .collect::<Result<_>>()?
    };
    let mut e = Engines {
        rtl: false,
        qemu: false,
    };
    for x in a
        .engines
        .split(',')
        .map(str::trim)
        .filter(|x| !x.is_empty())
    {
        match x {
            "rtl" => e.rtl = true,
            "qemu" => e.qemu = true,
            "sim" => {}
            _ => {
                return Err(CliError::usage(format!(
                    "--engines: unknown engine '{x}' (rtl, qemu; the simulator always runs)"
                )))
            }
        }
    }
    if a.jobs == 0 || a.count == 0 {
        return Err(CliError::usage("--jobs and --count must be at least 1"));
    }
    let tmp = std::env::temp_dir();
    if let Some(seed) = a.case {
        let fl = flavours[0];
        let c = difftest::generate(fl, seed).map_err(CliError::from)?;
        let (r, f) =
            difftest::check_and_reduce(fl, seed, e, &tmp, &a.out).map_err(CliError::from)?;
        let d = difftest::design_of(fl).map_err(CliError::from)?;
        println!(
            "{} seed {seed:#x}: {} blocks, faults {:?}, handler {}, {} instructions, engines {}",
            fl.name,
            c.blocks.len(),
            c.faults,
            c.handler,
            r.instret,
            r.engines.join(", ")
        );
        print!("{}", difftest::listing(&d, &c));
        return Ok(match f {
            None => {
                println!("no divergence");
                0
            }
            Some(f) => {
                print_finding(&f);
                1
            }
        });
    }
    let total = a.count * flavours.len() as u64;
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    let (tx, rx) = std::sync::mpsc::channel();
    let tty = std::io::stderr().is_terminal();
    // per flavour: programs, instructions, faulty ones, engine sets seen, findings
    let mut stats: Vec<(u64, u64, Vec<&'static str>, Vec<difftest::Finding>)> =
        flavours.iter().map(|_| (0, 0, vec![], vec![])).collect();
    let mut errors: Vec<String> = vec![];
    std::thread::scope(|s| {
        for _ in 0..a.jobs {
            let tx = tx.clone();
            let (next, flavours, tmp, out) = (&next, &flavours, &tmp, &a.out);
            s.spawn(move || loop {
                let k = next.fetch_add(1, Ordering::Relaxed) as u64;
                if k >= total {
                    break;
                }
                let (fi, idx) = (
                    (k % flavours.len() as u64) as usize,
                    k / flavours.len() as u64,
                );
                let fl = flavours[fi];
                let seed = difftest::case_seed(a.seed, fl.name, idx);
                let r = difftest::check_and_reduce(fl, seed, e, tmp, out);
                if tx.send((fi, seed, r)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut done = 0u64;
        let mut last = Instant::now() - Duration::from_secs(3600);
        for (fi, seed, r) in rx {
            done += 1;
            match r {
                Ok((c, f)) => {
                    let st = &mut stats[fi];
                    st.0 += 1;
                    st.1 += c.instret;
                    for en in c.engines {
                        if !st.2.contains(&en) {
                            st.2.push(en);
                        }
                    }
                    if let Some(f) = f {
                        if tty {
                            eprint!("\r\x1b[K");
                        }
                        print_finding(&f);
                        st.3.push(f);
                    }
                }
                Err(er) => errors.push(format!("{} seed {seed:#x}: {er}", flavours[fi].name)),
            }
            let every = if tty {
                Duration::from_millis(300)
            } else {
                Duration::from_secs(30)
            };
            if last.elapsed() >= every || done == total {
                last = Instant::now();
                let found: usize = stats.iter().map(|s| s.3.len()).sum();
                let line = format!(
                    "fuzz: {done}/{total} programs, {found} divergences, {} errors, {:.0} s",
                    errors.len(),
                    start.elapsed().as_secs_f64()
                );
                if tty {
                    eprint!("\r\x1b[K{line}");
                } else {
                    eprintln!("{line}");
                }
            }
        }
        if tty {
            eprintln!();
        }
    });
    for er in &errors {
        eprintln!("sha3-asip: fuzz: {er}");
    }
    println!("| flavour | design | programs | instructions (simulator) | engines | divergences |");
    println!("| --- | --- | ---: | ---: | --- | ---: |");
    for (fl, st) in flavours.iter().zip(&stats) {
        println!(
            "| {} | {} | {} | {} | {} | {} |",
            fl.name,
            fl.design,
            st.0,
            st.1,
            st.2.join(", "),
            st.3.len()
        );
    }
    let found: usize = stats.iter().map(|s| s.3.len()).sum();
    println!(
        "fuzz --seed {} --count {} --jobs {}: {} programs in {:.0} s, {} divergences, {} errors",
        a.seed,
        a.count,
        a.jobs,
        total,
        start.elapsed().as_secs_f64(),
        found,
        errors.len()
    );
    Ok(if found == 0 && errors.is_empty() {
        0
    } else {
        1
    })
}

fn print_finding(f: &difftest::Finding) {
    println!(
        "DIVERGENCE {} seed {:#x} ({}), reduced program {}:\n{}\n{}",
        f.flavour,
        f.seed,
        f.divergence.engines,
        f.elf.display(),
        f.divergence.detail,
        f.listing
    );
}
