//! Published figures the report sets beside the measured ones, read from the tree:
//! `hw/seed004.json` (seed 004 Tables II and IV), `hw/asic_published.json` (seed 001 Table 5,
//! seed 003's GE, seed 004's node-scaling rule) and `designs/published/seed003-abstract.toml`.
//! A missing or malformed file leaves its figures out. (The designs' own published rows come
//! with the designs: `design::Published`.)

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// A row of a seed's hardware table (seed 004 Table II), read from `hw/seed004.json`.
#[derive(Debug, Clone, PartialEq)]
pub struct HwPublished {
    pub case: String,
    pub fmax_mhz: f64,
    pub slices: f64,
    pub gbps: f64,
    pub mbps_per_slice: f64,
}

/// Seed 004 Table IV (ASIC, Case V), from `hw/seed004.json`, with the other seeds' ASIC
/// figures (`hw/asic_published.json` beside it).
#[derive(Debug, Clone, PartialEq)]
pub struct AsicPublished {
    pub kge: f64,
    pub fmax_mhz: f64,
    pub gbps: f64,
    pub seeds: AsicSeeds,
}

/// Seed 001 Table 5, seed 003's GE and seed 004's node-scaling rule
/// (`hw/asic_published.json`; empty when absent).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AsicSeeds {
    pub seed001_node: String,
    pub seed001: Vec<Seed001AsicRow>,
    pub seed003: Option<Seed003Asic>,
    /// Frequency factor per node step (seed 004: 1.43 for 130 -> 90 -> 65 nm) and its source.
    pub scale_per_step: Option<(f64, String)>,
}

/// Seed 003's ASIC figure (its Keccak SIMD instructions in GE) and the unit of ours that
/// answers it (`unit`: an ASIC-flow target such as `isa/xvkeccak`, shown as not measured
/// until the flow has it).
#[derive(Debug, Clone, PartialEq)]
pub struct Seed003Asic {
    pub what: String,
    pub ge: f64,
    pub node: String,
    pub unit: Option<String>,
}

/// One row of seed 001 Table 5 and the design that reproduces it.
#[derive(Debug, Clone, PartialEq)]
pub struct Seed001AsicRow {
    pub row: String,
    pub design: String,
    pub fmax_mhz: f64,
    pub mbytes_per_s: f64,
    pub power_mw: f64,
    /// Static and dynamic parts of `power_mw`, MB/mJ and the power-efficiency speed-up over
    /// the first row, as published (None when the data file lacks them).
    pub static_mw: Option<f64>,
    pub dynamic_mw: Option<f64>,
    pub mbytes_per_mj: Option<f64>,
    pub power_eff_speedup: Option<f64>,
}

/// A JSON data file of published figures; None if it is absent or malformed (the report
/// then leaves its figures out).
fn read_json(path: &Path) -> Option<serde_json::Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

fn load_asic_seeds(path: &Path) -> AsicSeeds {
    let Some(v) = read_json(path) else {
        return AsicSeeds::default();
    };
    let s = |x: &serde_json::Value, k: &str| x.get(k).and_then(|y| y.as_str()).map(String::from);
    let n = |x: &serde_json::Value, k: &str| x.get(k).and_then(|y| y.as_f64());
    let t5 = v.get("seed001_table5");
    let rows = t5
        .and_then(|t| t.get("rows"))
        .and_then(|r| r.as_array())
        .cloned()
        .unwrap_or_default();
    AsicSeeds {
        seed001_node: t5.and_then(|t| s(t, "node")).unwrap_or_default(),
        seed001: rows
            .iter()
            .filter_map(|r| {
                Some(Seed001AsicRow {
                    row: s(r, "row")?,
                    design: s(r, "design")?,
                    fmax_mhz: n(r, "fmax_mhz")?,
                    mbytes_per_s: n(r, "mbytes_per_s")?,
                    power_mw: n(r, "power_mw")?,
                    static_mw: n(r, "static_mw"),
                    dynamic_mw: n(r, "dynamic_mw"),
                    mbytes_per_mj: n(r, "mbytes_per_mj"),
                    power_eff_speedup: n(r, "power_eff_speedup"),
                })
            })
            .collect(),
        seed003: v.get("seed003").and_then(|x| {
            Some(Seed003Asic {
                what: s(x, "what")?,
                ge: n(x, "ge")?,
                node: s(x, "node")?,
                unit: s(x, "unit"),
            })
        }),
        scale_per_step: v.get("seed004_scaling").and_then(|x| {
            Some((
                n(x, "factor_per_node_step")?,
                format!("{}, {}", s(x, "source")?, s(x, "steps")?),
            ))
        }),
    }
}

/// Seed 004 Table IV from `hw/seed004.json` (None if absent), with `hw/asic_published.json`.
pub fn load_seed004_asic(path: &Path) -> Option<AsicPublished> {
    let v = read_json(path)?;
    let t = v.get("table4_caseV_asic")?;
    Some(AsicPublished {
        kge: t.get("kge")?.as_f64()?,
        fmax_mhz: t.get("fmax_mhz")?.as_f64()?,
        gbps: t.get("gbps")?.as_f64()?,
        seeds: load_asic_seeds(&path.with_file_name("asic_published.json")),
    })
}

/// Published rows of seed 004 Table II from `hw/seed004.json` (empty if absent).
pub fn load_seed004(path: &Path) -> Vec<HwPublished> {
    let Some(v) = read_json(path) else {
        return Vec::new();
    };
    let Some(t2) = v.get("table2").and_then(|t| t.as_object()) else {
        return Vec::new();
    };
    let g = |r: &serde_json::Value, k: &str| r.get(k).and_then(|x| x.as_f64()).unwrap_or(f64::NAN);
    t2.iter()
        .map(|(case, r)| HwPublished {
            case: format!("case {case}"),
            fmax_mhz: g(r, "fmax_mhz"),
            slices: g(r, "slices"),
            gbps: g(r, "gbps"),
            mbps_per_slice: g(r, "mbps_per_slice"),
        })
        .collect()
}

/// `designs/published/seed003-abstract.toml`: the instructions per byte seed 003's abstract
/// publishes and the designs of ours that answer each of its rows.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seed003 {
    pub source: String,
    /// Row key (scalar, NEON, extension) -> row; in the order scalar, NEON, extension.
    pub rows: BTreeMap<String, Seed003Row>,
    pub claims: Seed003Claims,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seed003Row {
    pub label: String,
    /// Our design in this row's part.
    pub design: String,
    /// Published instructions per byte per function.
    pub instr_per_byte: BTreeMap<String, f64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seed003Claims {
    pub extension_over_neon: f64,
    pub extension_over_scalar: f64,
}

/// The rows in the seed's order.
const SEED003_ROW_ORDER: [&str; 3] = ["scalar", "NEON", "extension"];
/// Optional rows after them: our other answers to the seed's extension row (issue 31's
/// register-resident extension).
const SEED003_EXTRA_ROWS: [&str; 1] = ["extension-r"];

impl Seed003 {
    /// Read the data file; None if it is missing or malformed (then the section is left out).
    pub fn load(root: &Path) -> Option<Seed003> {
        let p = root.join("designs/published/seed003-abstract.toml");
        let t = std::fs::read_to_string(p).ok()?;
        let s: Seed003 = toml::from_str(&t).ok()?;
        SEED003_ROW_ORDER
            .iter()
            .all(|k| s.rows.contains_key(*k))
            .then_some(s)
    }

    /// The rows in the seed's order (scalar, NEON, extension), then the optional ones
    /// present (extension-r).
    pub fn rows(&self) -> impl Iterator<Item = &Seed003Row> {
        SEED003_ROW_ORDER
            .iter()
            .map(|k| &self.rows[*k])
            .chain(SEED003_EXTRA_ROWS.iter().filter_map(|k| self.rows.get(*k)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed003_data_file_holds_the_abstracts_figures() {
        let s = Seed003::load(&crate::project::root()).expect("seed003-abstract.toml loads");
        assert_eq!(s.rows["NEON"].instr_per_byte["sha3-512"], 48.1);
        assert_eq!(s.rows["extension"].instr_per_byte["sha3-512"], 21.9);
        assert_eq!(s.rows["NEON"].instr_per_byte["lake-keyak"], 13.4);
        assert_eq!(s.rows["extension"].instr_per_byte["lake-keyak"], 7.7);
        assert_eq!(
            (s.claims.extension_over_neon, s.claims.extension_over_scalar),
            (2.0, 6.0)
        );
        assert_eq!(s.rows["NEON"].design, "rv32-v");
        assert_eq!(
            s.rows().map(|r| r.design.as_str()).collect::<Vec<_>>(),
            ["rv32-sw", "rv32-v", "rv32-v-keccak", "rv32-v-keccakr"]
        );
    }
}
