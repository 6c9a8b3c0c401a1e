//! `sha3-asip profile`: where a design's kernel spends its cycles.

use super::flow_support::{find_design, root};
use crate::error::Result;
use clap::Args;

#[derive(Args, Debug)]
#[command(after_help = "\
Runs the harness once with the profiler on. Instruction-class shares (seed 001 Fig. 5
classes) count the kernel's own code only; the hottest functions and basic blocks cover
the whole program.

Examples:
  sha3-asip profile --design rv32-ref
  sha3-asip profile --design rv32-sw --alg sha3-512 --len 4096 --json")]
pub struct ProfileArgs {
    #[arg(long)]
    pub design: String,
    #[arg(long, default_value = "sha3-256")]
    pub alg: String,
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
    let p = asip_flow::profile::profile(&root(), &d, &a.alg, a.len)?;
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
    println!("hottest functions (whole program):");
    for f in &p.functions {
        println!(
            "  {:<40} {:>12} {:>6.1}%",
            f.name,
            f.cycles,
            f.share * 100.0
        );
    }
    println!("hottest basic blocks:");
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
