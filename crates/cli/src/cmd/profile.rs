//! `sha3-asip profile`: where a design's kernel spends its cycles.

use super::flow_support::{find_design, root};
use crate::error::Result;
use clap::Args;

#[derive(Args, Debug)]
#[command(after_help = "\
Runs the harness once with the profiler on, hashing one message. Everything counts the
kernel's own code (between the ELF's __kernel_text_* symbols): cycles and instructions per
instruction class (seed 001 Fig. 5 classes), per mnemonic (how often each instruction,
custom ones included, ran), and the hottest functions and basic blocks. --whole-program
widens the hottest functions and blocks to everything that ran: start-up (the .bss loop),
the harness's message generator and printing.

Examples:
  sha3-asip profile --design rv32-ref
  sha3-asip profile --design rv32-dasip --whole-program
  sha3-asip profile --design rv32-sw --alg sha3-512 --len 4096 --json")]
pub struct ProfileArgs {
    /// Design name (see `sha3-asip designs`) or a path to a design TOML file.
    #[arg(long)]
    pub design: String,
    /// Function the harness hashes with (e.g. sha3-256, shake128).
    #[arg(long, default_value = "sha3-256")]
    pub alg: String,
    /// Hottest functions and blocks of the kernel only (the default).
    #[arg(long, conflicts_with = "whole_program")]
    pub kernel_only: bool,
    /// Hottest functions and blocks of the whole program (start-up, harness) instead.
    #[arg(long)]
    pub whole_program: bool,
    /// Message length in bytes (at most 65536, the firmware harness's buffer).
    #[arg(long, default_value_t = asip_flow::profile::PROFILE_LEN)]
    pub len: usize,
    /// Print the profile record as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &ProfileArgs) -> Result<u8> {
    super::flow_support::check_harness_len(a.len)?;
    let d = find_design(&a.design)?;
    let p = asip_flow::profile::profile_scoped(&root(), &d, &a.alg, a.len, a.whole_program)?;
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&p).expect("profile serializes")
        );
        return Ok(0);
    }
    println!(
        "{} {} len={}: {} cycles in the kernel ({})",
        p.design, p.alg, p.len, p.total_cycles, p.scope
    );
    println!(
        "  {:<22} {:>12} {:>12} {:>7}",
        "class", "cycles", "instr", "share"
    );
    for c in &p.classes {
        println!(
            "  {:<22} {:>12} {:>12} {:>6.1}%",
            c.class,
            c.cycles,
            c.instructions,
            c.share * 100.0
        );
    }
    println!(
        "  {:<22} {:>12} {:>12} {:>7}",
        "mnemonic", "cycles", "count", "share"
    );
    for m in &p.mnemonics {
        println!(
            "  {:<22} {:>12} {:>12} {:>6.1}%",
            m.name,
            m.cycles,
            m.count,
            100.0 * m.cycles as f64 / p.total_cycles.max(1) as f64
        );
    }
    let scope = if a.whole_program {
        "whole program: start-up, harness and kernel"
    } else {
        "kernel only; --whole-program for all"
    };
    println!("hottest functions ({scope}):");
    for f in &p.functions {
        println!(
            "  {:<40} {:>12} {:>6.1}%",
            f.name,
            f.cycles,
            f.share * 100.0
        );
    }
    println!("hottest basic blocks ({scope}):");
    for b in &p.blocks {
        println!(
            "  {:<40} {:>12} {:>6.1}%",
            b.name,
            b.cycles,
            b.share * 100.0
        );
    }
    Ok(0)
}
