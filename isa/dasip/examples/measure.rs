//! Measure rv32-dasip against rv32-ref on the simulator (zscale timing): SHA3-256
//! long-message cycles/byte (slope between two lengths), one permutation, code size.
//!
//! `cargo run --release -p isa-dasip --example measure -- <dasip bench.elf> <ref bench.elf>`
//! (build the ELFs with `make -C firmware KERNEL=...`). Prints JSON.

use asip_sim::{Machine, Program, RunOptions, TimingParams};

fn run(elf: &str, isa: &str, lens: &str, profile: bool) -> (u64, Vec<(usize, u64)>) {
    let bytes = std::fs::read(elf).unwrap_or_else(|e| panic!("{elf}: {e}"));
    let prog = Program::load_elf(&bytes).expect("elf");
    let isa = asip_extensions::registry().parse_isa(isa).expect("isa");
    let mut m = Machine::new(
        &prog,
        isa,
        TimingParams::preset("zscale").expect("zscale"),
        RunOptions {
            argv: vec!["bench.elf".into(), "sha3-256".into(), lens.into()],
            profile,
            ..RunOptions::default()
        },
    )
    .expect("machine");
    let r = m.run().expect("run");
    if let Some(p) = &r.profile {
        let total: u64 = p.classes.iter().map(|c| c.cycles).sum();
        for c in &p.classes {
            eprintln!(
                "  {:<20} {:>10} insns {:>10} cycles {:5.1}%",
                c.class.name(),
                c.count,
                c.cycles,
                100.0 * c.cycles as f64 / total.max(1) as f64
            );
        }
        for o in p.ops.iter().take(12) {
            eprintln!(
                "    {:<22} {:>10} insns {:>10} cycles",
                o.name, o.count, o.cycles
            );
        }
    }
    let text = String::from_utf8_lossy(&r.stdout).into_owned();
    let get = |l: &str, k: &str| -> u64 {
        l.split_whitespace()
            .find_map(|w| w.strip_prefix(k))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    let mut perm = 0;
    let mut hashes = Vec::new();
    for l in text.lines() {
        if l.starts_with("perm ") {
            perm = get(l, "cycles=");
        } else if l.starts_with("hash ") {
            hashes.push((get(l, "len=") as usize, get(l, "cycles=")));
        }
    }
    (perm, hashes)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        eprintln!("usage: measure <rv32-dasip bench.elf> <rv32-ref bench.elf>");
        std::process::exit(2);
    }
    // 100 and 200 blocks of 136 bytes: the slope is the long-message cost per byte.
    let (l1, l2) = (136 * 100, 136 * 200);
    let lens = format!("{l1},{l2}");
    let mut out = Vec::new();
    let mut cpb = Vec::new();
    for (name, elf, isa) in [
        ("rv32-dasip", &args[1], "rv32im_xoasip_xdasip"),
        ("rv32-ref", &args[2], "rv32im"),
    ] {
        eprintln!("{name} (whole run, profile):");
        let (perm, h) = run(elf, isa, &lens, std::env::var_os("PROFILE").is_some());
        let c = (h[1].1 - h[0].1) as f64 / (l2 - l1) as f64;
        cpb.push(c);
        out.push(format!(
            "\"{name}\": {{\"perm_cycles\": {perm}, \"cycles_per_byte\": {c:.2}, \"bytes_per_cycle_e3\": {:.3}}}",
            1000.0 / c
        ));
    }
    println!(
        "{{{}, \"speedup\": {:.2}}}",
        out.join(", "),
        cpb[1] / cpb[0]
    );
}
