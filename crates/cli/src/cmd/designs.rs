//! `sha3-asip designs`: list the design points in `designs/`.

use super::flow_support::all_designs;
use crate::error::Result;
use asip_flow::design;
use clap::Args;

#[derive(Args, Debug)]
#[command(after_help = "\
One line per design of designs/*.toml: name, family (baseline, seed-ise, standard, own),
ISA string and title; --long adds every field, --json prints them as a JSON array.

Examples:
  sha3-asip designs
  sha3-asip designs --long
  sha3-asip designs --json")]
pub struct DesignsArgs {
    /// Show every field of each design.
    #[arg(long, conflicts_with = "json")]
    pub long: bool,
    /// Print a JSON array, one object per design (name, title, family, the fields of
    /// --long, published source and row).
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &DesignsArgs) -> Result<u8> {
    let designs = all_designs()?;
    if a.json {
        let v: Vec<serde_json::Value> = designs
            .iter()
            .map(|d| {
                let mut o = serde_json::json!({"name": d.name, "title": d.title});
                for (k, v) in design::summary(d) {
                    o[k] = serde_json::json!(v);
                }
                o["published"] = match &d.published {
                    Some(p) => serde_json::json!({"source": p.source, "row": p.row}),
                    None => serde_json::Value::Null,
                };
                o["rtl_units"] = match &d.rtl {
                    Some(r) => serde_json::json!(r.units),
                    None => serde_json::Value::Null,
                };
                o
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&v).expect("designs serialize")
        );
        return Ok(0);
    }
    if !a.long {
        println!("{:<14} {:<9} {:<22} title", "design", "family", "ISA");
    }
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
            println!(
                "{:<14} {:<9} {:<22} {}",
                d.name,
                d.family.key(),
                d.isa,
                d.title
            );
        }
    }
    Ok(0)
}
