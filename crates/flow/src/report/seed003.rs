//! The report's section "seed 003": SHA-3, Keyak and Ketje on the 128-bit vector designs
//! beside the instructions per byte that seed 003's abstract publishes
//! (`designs/published/seed003-abstract.toml`), with its figure.

use super::figure::Figure;
use super::model::Model;
use super::table::{md_table, or_dash, pnr_cell};
use crate::results::BenchRecord;
use crate::results::SEED_ALG;
use serde_json::json;
use std::fmt::Write;

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
pub fn section(m: &Model, figure_md: &str) -> String {
    let (r, Some(s), Some(x)) = (m.results, &m.inputs.seed003, &m.seed003) else {
        return String::new();
    };
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
    let (sc, ne, ex) = (
        &s.rows["scalar"].design,
        &s.rows["NEON"].design,
        &s.rows["extension"].design,
    );
    let ratio = |v: Option<f64>| v.map_or_else(|| "not measured".into(), |v| format!("{v:.2}x"));
    let rows: Vec<Vec<String>> = x
        .claims
        .iter()
        .map(|(alg, [ne_ex, sc_ex, sc_ne])| {
            vec![
                alg.to_string(),
                format!("{:.0}x", s.claims.extension_over_neon),
                ratio(*ne_ex),
                format!("{:.0}x", s.claims.extension_over_scalar),
                ratio(*sc_ex),
                ratio(*sc_ne),
            ]
        })
        .collect();
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
    o.push_str(&silicon(m, s));
    o
}

/// The processors of the section's rows through every hardware flow the other processors
/// go through (issue 31): Virtex-6 estimate, ECP5 place and route, the ASIC flow and power,
/// with throughput at each measured clock; a flow not run says which command runs it.
fn silicon(m: &Model, s: &super::published::Seed003) -> String {
    let mut o = format!(
        "\n#### The processors in silicon\n\nMethod: each row's whole processor (core + units, instruction and data memories outside; the RTL's cycles equal the simulator's, `RTL == simulator`): slices est. = Yosys `synth_xilinx -family xc6v`, max(LUT/4, FF/8) (`hw/scripts/synth_proc.py`); ECP5 = place and route (nextpnr-ecp5, out of context, median Fmax of 3 seeds; LUT4 = logic cells used, 2 per carry cell, LUT RAM; the vector register file in LUT RAM there, `-DSHA3ASIP_FPGA`, in flip-flops in the other flows; docs/hardware.md); ASIC = sky130 GE and OSU 0.18 um pre-layout Fmax (section ASIC); MB/s = Fmax / measured {SEED_ALG} cycles per byte; pJ/B = the power flow's energy per byte of {SEED_ALG} at the OSU Fmax (section ASIC, power of every processor).\n\n"
    );
    let asic = |d: &str| {
        m.results
            .asics()
            .find(|a| a.target == d && a.target_kind == "processor")
    };
    let per_s = |fmax: Option<f64>, cpb: Option<f64>| match (fmax, cpb) {
        (Some(f), Some(c)) if c > 0.0 => format!("{:.2}", f / c),
        _ => "-".into(),
    };
    let rows: Vec<Vec<String>> = s
        .rows()
        .map(|x| {
            let f = m.design(&x.design);
            let cpb = f.and_then(|f| f.cpb);
            let has_rtl = f.is_some_and(|f| f.design.rtl.is_some());
            let pnr = f.and_then(|f| f.pnr);
            let a = asic(&x.design);
            let pw = m.results.power(&x.design);
            let pnr_fmax = pnr.and_then(|p| p.fmax_mhz);
            let osu = a.and_then(|a| a.fmax_mhz);
            vec![
                format!(
                    "{} ({})",
                    crate::md::code(&x.design),
                    crate::md::text(&x.label)
                ),
                or_dash(cpb, |v| format!("{v:.1}")),
                f.and_then(|f| f.proc_slices).map_or_else(
                    || "not synthesized (make reproduce HW=all)".into(),
                    |v| format!("{v:.0}"),
                ),
                pnr.and_then(|p| p.lut4)
                    .map_or_else(|| "-".into(), |v| v.to_string()),
                pnr_cell(pnr, has_rtl),
                per_s(pnr_fmax, cpb),
                a.and_then(|a| a.ge).map_or_else(
                    || "ASIC flow not run (make asic)".into(),
                    |v| format!("{v:.0}"),
                ),
                or_dash(osu, |v| format!("{v:.1}")),
                per_s(osu, cpb),
                pw.map_or_else(
                    || "power not run (make -C hw power)".into(),
                    |p| format!("{:.0}", p.pj_per_byte),
                ),
                match f.and_then(|f| f.rtl) {
                    Some(r) if r.lockstep_ok => "yes".into(),
                    Some(_) => "**NO**".into(),
                    None if has_rtl => "not run".into(),
                    None => "no RTL".into(),
                },
            ]
        })
        .collect();
    o.push_str(&md_table(
        &[
            "design",
            "c/B",
            "slices est. (xc6v)",
            "LUT4 (ECP5 P&R)",
            "Fmax MHz (ECP5 P&R)",
            "MB/s at ECP5 Fmax",
            "GE (sky130)",
            "Fmax MHz (OSU 0.18 um)",
            "MB/s at OSU Fmax",
            "pJ/B (OSU, at Fmax)",
            "RTL == simulator",
        ],
        &rows,
    ));
    o
}

fn md(head: &[String], rows: &[Vec<String>]) -> String {
    md_table(&head.iter().map(String::as_str).collect::<Vec<_>>(), rows)
}

/// Instructions per byte per function and design (log scale), the published rows beside;
/// a design without measurements is in the legend as not measured.
pub fn figure(m: &Model) -> Option<Figure> {
    let (r, s) = (m.results, m.inputs.seed003.as_ref()?);
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
    use crate::report::model::Inputs;
    use crate::results::test_support::{
        bench_rec, proc_area, results_of as results, tree, tree_designs,
    };
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
    fn section_shows_measured_figures_ratios_and_absent_designs() {
        let r = results(vec![
            rec("rv32-sw", "sha3-512", 160.0),
            rec("rv32-v", "sha3-512", 32.0),
        ]);
        let ds = tree_designs();
        let m = Model::new(&r, &ds, Inputs::load(&tree()));
        let md = section(&m, "");
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
        let f = figure(&m).expect("a figure when something is measured");
        let labels: Vec<String> = f.spec["panels"][0]["series"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["label"].as_str().unwrap().to_string())
            .collect();
        assert!(labels
            .iter()
            .any(|l| l.starts_with("rv32-v-keccak") && l.ends_with("not measured")));
        let empty = results(vec![]);
        assert!(figure(&Model::new(&empty, &ds, Inputs::load(&tree()))).is_none());
    }

    #[test]
    fn silicon_table_shows_every_flow_and_names_the_missing_ones() {
        let r = results(vec![
            bench_rec("rv32-v-keccak", 16.0),
            bench_rec("rv32-v", 80.0),
            proc_area("rv32-v-keccak", 7487.0),
            Record::Pnr(crate::results::PnrRecord {
                target: "rv32-v-keccak".into(),
                target_kind: "processor".into(),
                device: "LFE5U-85F-6 CABGA381".into(),
                flow: "test".into(),
                fmax_mhz: Some(40.0),
                seeds: vec![1, 2, 3],
                lut4: Some(39_000),
                ff: Some(6000),
                dsp: Some(2),
                unrouted: None,
                unrouted_seeds: vec![3],
            }),
            Record::Pnr(crate::results::PnrRecord {
                target: "rv32-v-keccakr".into(),
                target_kind: "processor".into(),
                device: String::new(),
                flow: "test".into(),
                fmax_mhz: None,
                seeds: vec![],
                lut4: None,
                ff: None,
                dsp: None,
                unrouted: Some("did not route on LFE5U-85F (router2, seed 1, 3600 s: <b>)".into()),
                unrouted_seeds: vec![],
            }),
            Record::Asic(crate::results::AsicRecord {
                target: "rv32-v-keccak".into(),
                target_kind: "processor".into(),
                flow: "test".into(),
                cells: Some(1),
                area_um2: Some(128_000.0 * 3.7536),
                ge: Some(128_000.0),
                ffs: Some(1),
                critical_path_ns: Some(12.5),
                fmax_mhz: Some(80.0),
                start: None,
                end: None,
                gbps: None,
            }),
        ]);
        let ds = tree_designs();
        let m = Model::new(&r, &ds, Inputs::load(&tree()));
        let md = section(&m, "");
        let t = &md[md
            .find("#### The processors in silicon")
            .expect("the table")..];
        let row = |d: &str| {
            t.lines()
                .find(|l| l.starts_with(&format!("| `{d}` (")))
                .unwrap_or_else(|| panic!("{d}: {t}"))
                .to_string()
        };
        // 40 MHz / 16 c/B = 2.50 MB/s on ECP5, 80 / 16 = 5.00 in OSU
        let k = row("rv32-v-keccak");
        assert!(
            k.contains(
                "| 16.0 | 7487 | 39000 | 40.0 (seed 3 did not route) | 2.50 | 128000 | 80.0 | 5.00 |"
            ),
            "{k}"
        );
        assert!(k.contains("power not run"), "{k}");
        // P&R that ran and did not route says so (escaped), not "not run"
        let kr = row("rv32-v-keccakr");
        assert!(
            kr.contains(r"| - | did not route on LFE5U-85F (router2, seed 1, 3600 s: \<b\>) | - |"),
            "{kr}"
        );
        let v = row("rv32-v");
        assert!(
            v.contains("P&R not run (make pnr)") && v.contains("ASIC flow not run (make asic)"),
            "{v}"
        );
    }
}
