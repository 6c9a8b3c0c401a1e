//! The report's section "seed 003": SHA-3, Keyak and Ketje on the 128-bit vector designs
//! beside the instructions per byte that seed 003's abstract publishes
//! (`designs/published/seed003-abstract.toml`), with its figure.

use crate::charts::Figure;
use crate::results::{BenchRecord, Results};
use serde::Deserialize;
use serde_json::json;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

/// The functions the section measures (issue 15): the SHA-3 functions and AEADs the seed
/// names, and every Ketje.
pub const ALGS: [&str; 9] = [
    "sha3-512",
    "sha3-256",
    "shake128",
    "lake-keyak",
    "river-keyak",
    "ketje-jr",
    "ketje-sr",
    "ketje-minor",
    "ketje-major",
];

/// `designs/published/seed003-abstract.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seed003 {
    pub source: String,
    /// Row key (scalar, NEON, extension) -> row; in the order scalar, NEON, extension.
    pub rows: BTreeMap<String, Row>,
    pub claims: Claims,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    pub label: String,
    /// Our design in this row's part.
    pub design: String,
    /// Published instructions per byte per function.
    pub instr_per_byte: BTreeMap<String, f64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claims {
    pub extension_over_neon: f64,
    pub extension_over_scalar: f64,
}

/// The rows in the seed's order.
const ROW_ORDER: [&str; 3] = ["scalar", "NEON", "extension"];

impl Seed003 {
    /// Read the data file; None if it is missing or malformed (then the section is left out).
    pub fn load(root: &Path) -> Option<Seed003> {
        let p = root.join("designs/published/seed003-abstract.toml");
        let t = std::fs::read_to_string(p).ok()?;
        let s: Seed003 = toml::from_str(&t).ok()?;
        ROW_ORDER
            .iter()
            .all(|k| s.rows.contains_key(*k))
            .then_some(s)
    }

    fn rows(&self) -> impl Iterator<Item = &Row> {
        ROW_ORDER.iter().map(|k| &self.rows[*k])
    }
}

fn cell(v: Option<f64>) -> String {
    v.map_or_else(|| "not measured".into(), |x| format!("{x:.1}"))
}

/// Instructions per permutation, with the route for an AEAD.
fn perm_cell(b: &BenchRecord) -> String {
    match &b.aead {
        Some(a) => format!(
            "{} ({})",
            b.instret_per_permutation,
            crate::md::text(&a.route)
        ),
        None => b.instret_per_permutation.to_string(),
    }
}

/// The section's Markdown (heading, method, tables, the seed's claims against ours).
pub fn section(r: &Results, s: &Seed003, figure_md: &str) -> String {
    let mut o = String::from("\n## seed 003: SHA-3, Keyak and Ketje on a 128-bit vector base\n\n");
    let _ = writeln!(
        o,
        "Method: firmware on the instruction-set simulator with the design's timing model, every digest, ciphertext and tag checked against the golden model (and decrypted again on the design). instr/B and c/B = long-message retired instructions and cycles per byte: (count(l2) - count(l1)) / (l2 - l1) for two messages 8 blocks apart (SHA-3: rate; Keyak: Rs = 168 / 68 bytes; Ketje: rho = 32 / 16 / 4 / 2 bytes of plaintext, no associated data, 16-byte key and tag). Per permutation: one call of the function's permutation as the firmware runs it (SHA-3: `kernel_permute`, 24 rounds; Keyak and Ketje: Keccak-p[b, 12] on the route named: `kernel` = the design's `kernel_keccakp`, `permute` = its Keccak-f[1600] kernel through the state-access functions, `portable` = the portable C of `firmware/aead/keccakp.c`; Ketje's 1-round steps on a design without `kernel_keccakp` also run on the portable C). Published: {}; NEON and the seed's extension run on an ARM core in gem5, not on our RV32 vector unit: instruction counts of two ISAs, compared in the seed's own metric. Rows: {}.\n",
        s.source,
        s.rows()
            .map(|x| format!("{} = `{}`", x.label, x.design))
            .collect::<Vec<_>>()
            .join(", ")
    );
    o.push_str(figure_md);
    let mut head = vec!["function".to_string()];
    for x in s.rows() {
        head.push(format!("{} instr/B", x.design));
        head.push(format!("{} c/B", x.design));
    }
    for x in s.rows().filter(|x| !x.instr_per_byte.is_empty()) {
        head.push(format!("published {} instr/B", x.label));
    }
    let mut rows = Vec::new();
    for alg in ALGS {
        let mut v = vec![alg.to_string()];
        for x in s.rows() {
            let b = r.bench(&x.design, alg);
            v.push(cell(b.map(|b| b.instr_per_byte)));
            v.push(cell(b.map(|b| b.cycles_per_byte)));
        }
        for x in s.rows().filter(|x| !x.instr_per_byte.is_empty()) {
            v.push(
                x.instr_per_byte
                    .get(alg)
                    .map_or_else(|| "-".into(), |p| format!("{p:.1}")),
            );
        }
        rows.push(v);
    }
    o.push_str(&md(&head, &rows));
    o.push_str("\n#### Per permutation\n\n");
    let mut head = vec!["function".to_string(), "permutation".to_string()];
    for x in s.rows() {
        head.push(format!("{} instructions", x.design));
        head.push(format!("{} cycles", x.design));
    }
    let mut rows = Vec::new();
    for alg in ALGS {
        let name = s
            .rows()
            .find_map(|x| r.bench(&x.design, alg))
            .map(|b| match &b.aead {
                Some(a) => format!("Keccak-p[{}, 12]", a.width),
                None => "Keccak-f[1600]".into(),
            })
            .unwrap_or_else(|| "-".into());
        let mut v = vec![alg.to_string(), name];
        for x in s.rows() {
            match r.bench(&x.design, alg) {
                Some(b) => {
                    v.push(perm_cell(b));
                    v.push(b.cycles_per_permutation.to_string());
                }
                None => v.extend(["not measured".to_string(), "not measured".to_string()]),
            }
        }
        rows.push(v);
    }
    o.push_str(&md(&head, &rows));
    o.push_str("\n#### The seed's claims against ours\n\n");
    let ipb = |design: &str, alg: &str| r.bench(design, alg).map(|b| b.instr_per_byte);
    let (sc, ne, ex) = (
        &s.rows["scalar"].design,
        &s.rows["NEON"].design,
        &s.rows["extension"].design,
    );
    let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}x", a / b),
        _ => "not measured".into(),
    };
    let mut rows = Vec::new();
    for alg in ["sha3-512", "lake-keyak"] {
        rows.push(vec![
            alg.to_string(),
            format!("{:.0}x", s.claims.extension_over_neon),
            ratio(ipb(ne, alg), ipb(ex, alg)),
            format!("{:.0}x", s.claims.extension_over_scalar),
            ratio(ipb(sc, alg), ipb(ex, alg)),
            ratio(ipb(sc, alg), ipb(ne, alg)),
        ]);
    }
    o.push_str(&md(
        &[
            "function".into(),
            "published extension over NEON".into(),
            format!("`{ne}` / `{ex}` instr/B"),
            "published extension over scalar".into(),
            format!("`{sc}` / `{ex}` instr/B"),
            format!("`{sc}` / `{ne}` instr/B"),
        ],
        &rows,
    ));
    o
}

fn md(head: &[String], rows: &[Vec<String>]) -> String {
    crate::report::md_table(&head.iter().map(String::as_str).collect::<Vec<_>>(), rows)
}

/// Instructions per byte per function and design (log scale), the published rows beside;
/// a design without measurements is in the legend as not measured.
pub fn figure(r: &Results, s: &Seed003) -> Option<Figure> {
    if !ALGS
        .iter()
        .any(|a| s.rows().any(|x| r.bench(&x.design, a).is_some()))
    {
        return None;
    }
    let mut series = Vec::new();
    for (k, x) in s.rows().enumerate() {
        let vals: Vec<Option<f64>> = ALGS
            .iter()
            .map(|a| r.bench(&x.design, a).map(|b| b.instr_per_byte))
            .collect();
        let measured = vals.iter().any(|v| v.is_some());
        series.push(json!({
            "label": if measured { format!("{} ({})", x.design, x.label) }
                     else { format!("{} ({}): not measured", x.design, x.label) },
            "values": vals,
            "colour": k,
        }));
        if !x.instr_per_byte.is_empty() {
            series.push(json!({
                "label": format!("published {}", x.label),
                "published": true,
                "values": ALGS.iter().map(|a| x.instr_per_byte.get(*a)).collect::<Vec<_>>(),
            }));
        }
    }
    Some(Figure {
        name: "seed003",
        caption: "Seed 003's metric: long-message retired instructions per byte (log scale, lower is better) of each function on the scalar and the 128-bit vector designs (simulator, every output checked against the golden model), beside the instructions per byte seed 003's abstract publishes for NEON and for its Keccak SIMD extension (hatched; ARM in gem5, a different ISA). Missing bars: not measured.".into(),
        spec: json!({"kind": "grouped", "panels": [{
            "title": "instructions per byte",
            "ylabel": "instr/B (log)",
            "log": true,
            "categories": ALGS,
            "series": series,
        }]}),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::test_support::{bench_rec, results_of as results};
    use crate::results::Record;

    fn rec(design: &str, alg: &str, ipb: f64) -> Record {
        let mut r = bench_rec(design, 2.0 * ipb);
        if let Record::Bench(b) = &mut r {
            b.alg = alg.into();
            b.instr_per_byte = ipb;
        }
        r
    }

    #[test]
    fn data_file_holds_the_abstracts_figures() {
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
    }

    #[test]
    fn section_shows_measured_figures_ratios_and_absent_designs() {
        let s = Seed003::load(&crate::project::root()).unwrap();
        let r = results(vec![
            rec("rv32-sw", "sha3-512", 160.0),
            rec("rv32-v", "sha3-512", 32.0),
        ]);
        let md = section(&r, &s, "");
        let row = md
            .lines()
            .find(|l| l.starts_with("| sha3-512 | 160.0 | 320.0 | 32.0 | 64.0 |"))
            .unwrap_or_else(|| panic!("{md}"));
        assert!(
            row.contains("not measured") && row.ends_with("| 48.1 | 21.9 |"),
            "{row}"
        );
        // rv32-sw / rv32-v = 5x; the extension's ratios are not measured
        let claim = md
            .lines()
            .find(|l| l.starts_with("| sha3-512 | 2x"))
            .unwrap();
        assert!(
            claim.ends_with("| 5.00x |") && claim.contains("not measured"),
            "{claim}"
        );
        let f = figure(&r, &s).expect("a figure when something is measured");
        let labels: Vec<String> = f.spec["panels"][0]["series"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["label"].as_str().unwrap().to_string())
            .collect();
        assert!(labels
            .iter()
            .any(|l| l.starts_with("rv32-v-keccak") && l.ends_with("not measured")));
        assert!(figure(&results(vec![]), &s).is_none());
    }
}
