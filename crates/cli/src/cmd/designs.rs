//! `sha3-asip designs`: list the design points in `designs/`.

use super::flow_support::root;
use crate::error::Result;
use asip_flow::design;
use asip_flow::error::FlowError;
use clap::Args;

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  sha3-asip designs\n  sha3-asip designs --long")]
pub struct DesignsArgs {
    /// Show every field of each design.
    #[arg(long)]
    pub long: bool,
}

pub fn run(a: &DesignsArgs) -> Result<u8> {
    let designs = design::load_all(&root().join("designs")).map_err(FlowError::from)?;
    for d in &designs {
        if a.long {
            println!("{}: {}", d.name, d.title);
            for (k, v) in design::summary(d) {
                println!("    {k:<9} {v}");
            }
            if let Some(p) = &d.published {
                println!("    published {}", p.source);
            }
            if let Some(n) = &d.notes {
                println!("    notes     {n}");
            }
        } else {
            println!("{:<14} {:<22} {}", d.name, d.isa, d.title);
        }
    }
    Ok(0)
}
