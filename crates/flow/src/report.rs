//! Reports generated from a [`Results`]: Markdown, CSV and one self-contained HTML page.
//! Every number comes from the records or from the published table row a design refers to
//! (`designs/published/`).

use crate::charts::Rendered;
use crate::design::{Design, Published};
use crate::findings;
use crate::md;
use crate::results::Results;
use std::collections::BTreeMap;
use std::fmt::Write;

/// How the seed 004 Table II comparison is measured (under the table in every format).
pub const SEED004_METHOD: &str = "Method: published = the paper's Xilinx ISE place and route; slices est. and Fmax est. = our Yosys synthesis, Fmax estimated from LUT levels (not placed and routed); Gbps at Fmax est. = that estimate x 8 x rate / cycles per block, counting every message a pipelined case keeps in flight (N x (1 + SUB) slots, `hw/cases.json`), as seed 004 eq. (5) does.\n\n";

/// The function the seed tables are compared on.
pub const SEED_ALG: &str = "sha3-256";

fn f1(v: f64) -> String {
    format!("{v:.1}")
}
fn f2(v: f64) -> String {
    format!("{v:.2}")
}
fn f0(v: f64) -> String {
    format!("{v:.0}")
}
fn ratio(measured: f64, published: f64) -> String {
    if published == 0.0 {
        "n/a".into()
    } else {
        format!("{:.2}", measured / published)
    }
}

/// Markdown table rows from a header and string cells.
pub(crate) fn md_table(head: &[&str], rows: &[Vec<String>]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "| {} |", head.join(" | "));
    let _ = writeln!(
        s,
        "|{}|",
        head.iter().map(|_| "---").collect::<Vec<_>>().join("|")
    );
    for r in rows {
        let _ = writeln!(s, "| {} |", r.join(" | "));
    }
    s
}

/// Measured speed-up of a design over its baseline on `alg` (long-message cycles per byte).
pub fn speedup(r: &Results, d: &Design, alg: &str) -> Option<f64> {
    let base = d.baseline.as_deref()?;
    let b = r.bench(base, alg)?;
    let m = r.bench(&d.name, alg)?;
    Some(b.cycles_per_byte / m.cycles_per_byte)
}

/// Estimated Virtex-6 slices of a design's whole processor (`processor <design>` area
/// record of `hw/scripts/synth_proc.py`), if synthesized.
pub fn proc_slices(r: &Results, design: &str) -> Option<f64> {
    let name = format!("processor {design}");
    r.areas()
        .find(|a| a.unit == name)
        .and_then(|a| a.slices_est)
}

/// The software-design summary table.
pub fn designs_table(r: &Results, designs: &[Design]) -> String {
    let mut rows = Vec::new();
    for d in designs {
        let Some(b) = r.bench(&d.name, SEED_ALG) else {
            continue;
        };
        let b512 = r.bench(&d.name, "sha3-512");
        rows.push(vec![
            md::code(&d.name),
            md::code(&d.isa),
            md::text(&d.timing),
            f1(b.cycles_per_byte),
            b512.map(|b| f1(b.cycles_per_byte))
                .unwrap_or_else(|| "-".into()),
            b.cycles_per_permutation.to_string(),
            // 0 = not counted: MIPS32 has no user-readable instruction counter; the simulator
            // counts the harness's intervals (harness::fill_instret), the RTL does not.
            if b.instret_per_permutation == 0 {
                "n/a".into()
            } else {
                b.instret_per_permutation.to_string()
            },
            b.code_size_bytes.to_string(),
            speedup(r, d, SEED_ALG)
                .map(f2)
                .unwrap_or_else(|| "-".into()),
            if r.benches()
                .filter(|x| x.design == d.name)
                .all(|x| x.digest_ok)
            {
                "yes".into()
            } else {
                "**NO**".into()
            },
        ]);
    }
    md_table(
        &[
            "design",
            "ISA",
            "timing",
            "SHA3-256 c/B",
            "SHA3-512 c/B",
            "cycles/perm",
            "instr/perm",
            "code bytes",
            "speed-up",
            "digests ok",
        ],
        &rows,
    )
}

/// Cycles per byte of every function measured (rows, in `sha3_golden::Algorithm::ALL`
/// order) on every design (columns), with the two message lengths the figure comes from
/// (`BenchRecord::cpb_lens`); a wrong digest marks the cell.
pub fn functions_table(r: &Results, designs: &[Design]) -> String {
    let algs: Vec<&str> = sha3_golden::Algorithm::ALL
        .iter()
        .map(|a| a.name())
        .filter(|a| r.benches().any(|b| b.alg == *a))
        .collect();
    let cols: Vec<&Design> = designs
        .iter()
        .filter(|d| r.benches().any(|b| b.design == d.name))
        .collect();
    let mut head = vec!["function".to_string(), "c/B from (bytes)".to_string()];
    head.extend(cols.iter().map(|d| md::code(&d.name)));
    let rows: Vec<Vec<String>> = algs
        .iter()
        .map(|a| {
            let lens = r
                .benches()
                .find(|b| b.alg == *a)
                .map(|b| format!("{}..{}", b.cpb_lens[0], b.cpb_lens[1]))
                .unwrap_or_default();
            let mut row = vec![a.to_string(), lens];
            for d in &cols {
                row.push(match r.bench(&d.name, a) {
                    Some(b) if b.digest_ok => f1(b.cycles_per_byte),
                    Some(b) => format!("{} **wrong digest**", f1(b.cycles_per_byte)),
                    None => "-".into(),
                });
            }
            row
        })
        .collect();
    let head: Vec<&str> = head.iter().map(|s| s.as_str()).collect();
    md_table(&head, &rows)
}

/// Measured speed-ups of a design: over its baseline and over every other design that
/// reproduces the same published row as the baseline (e.g. `rv32-ref` and `rv32-ref-eo`,
/// the two dividers of Z-scale), labelled by baseline when there is more than one.
pub fn speedups_text(r: &Results, d: &Design, designs: &[Design]) -> String {
    let Some(base) = d.baseline.as_deref() else {
        return "-".into();
    };
    let row_of = |n: &str| {
        designs
            .iter()
            .find(|x| x.name == n)
            .and_then(|x| x.published.as_ref())
            .map(|p| (p.source.clone(), p.row.clone()))
    };
    let mut bases = vec![base.to_string()];
    if let Some(row) = row_of(base) {
        bases.extend(
            designs
                .iter()
                .filter(|x| x.name != base && row_of(&x.name) == Some(row.clone()))
                .map(|x| x.name.clone()),
        );
    }
    let m = r.bench(&d.name, SEED_ALG);
    let cells: Vec<String> = bases
        .iter()
        .filter_map(|b| {
            let sp = r.bench(b, SEED_ALG)?.cycles_per_byte / m?.cycles_per_byte;
            Some(if bases.len() > 1 {
                format!("{} ({})", f2(sp), md::code(b))
            } else {
                f2(sp)
            })
        })
        .collect();
    if cells.is_empty() {
        "-".into()
    } else {
        cells.join(", ")
    }
}

/// A processor's ECP5 place-and-route Fmax cell: the figure, or why there is none.
fn pnr_fmax_cell(r: &Results, target: &str, has_rtl: bool) -> String {
    match r.pnr(target).and_then(|p| p.fmax_mhz) {
        Some(f) => f1(f),
        None if has_rtl => "P&R not run (make pnr)".into(),
        None => "no RTL".into(),
    }
}

/// A published row's cycles per byte (given directly or as bytes per 1000 cycles).
pub fn published_cpb(p: &Published) -> Option<f64> {
    p.cycles_per_byte
        .or(p.bytes_per_cycle_e3.map(|b| 1000.0 / b))
}

/// Two tables per published source (seed table): performance (cycles/byte, code size,
/// speed-up: published / measured / ratio) and silicon (slices, area over the baseline,
/// place-and-route Fmax and the throughput at it, RTL == simulator).
pub fn seed_tables(r: &Results, designs: &[Design]) -> String {
    let mut groups: BTreeMap<String, Vec<&Design>> = BTreeMap::new();
    for d in designs {
        if let Some(p) = &d.published {
            groups.entry(p.source.clone()).or_default().push(d);
        }
    }
    let cell = |v: Option<f64>, f: fn(f64) -> String| v.map(f).unwrap_or_else(|| "-".into());
    let mut s = String::new();
    for (source, ds) in groups {
        // one table of the source's designs: a heading, its method, and per design its paper
        // row, its name and the cells `row` gives
        let mut table = |what: &str,
                         method: String,
                         headers: &[&str],
                         row: &dyn Fn(&Design, &Published) -> Vec<String>| {
            let _ = writeln!(s, "#### {}: {what}\n", md::text(&source));
            let _ = writeln!(s, "{method}");
            let rows: Vec<Vec<String>> = ds
                .iter()
                .map(|d| {
                    let p = d.published.as_ref().expect("grouped by published");
                    let mut v = vec![
                        md::text(p.row.as_deref().unwrap_or(&d.name)),
                        md::code(&d.name),
                    ];
                    v.extend(row(d, p));
                    v
                })
                .collect();
            let mut h = vec!["paper row", "design"];
            h.extend(headers);
            s.push_str(&md_table(&h, &rows));
            s.push('\n');
        };
        table(
            "performance",
            format!("Method: measured = long-message {SEED_ALG} cycles/byte on the cycle model (steady-state cycles per absorbed block / rate); code = the kernel's text + rodata + data from the ELF's `__kernel_*` symbols; ratio = measured / published; speed-up = the baseline's cycles/byte over the design's (every design that reproduces the baseline's paper row is a baseline: `rv32-ref` has Z-scale's fixed radix-2 divider, `rv32-ref-eo` Rocket's early-out one).\n"),
            &[
                "c/B published",
                "c/B measured",
                "ratio",
                "code published",
                "code measured",
                "ratio",
                "speed-up published",
                "speed-up measured",
            ],
            &|d, p| {
                let m = r.bench(&d.name, SEED_ALG);
                let pub_cpb = published_cpb(p);
                let meas_cpb = m.map(|b| b.cycles_per_byte);
                vec![
                    cell(pub_cpb, f1),
                    cell(meas_cpb, f1),
                    match (meas_cpb, pub_cpb) {
                        (Some(a), Some(b)) => ratio(a, b),
                        _ => "-".into(),
                    },
                    p.code_bytes
                        .map(|c| c.to_string())
                        .unwrap_or_else(|| "-".into()),
                    m.map(|b| b.code_size_bytes.to_string())
                        .unwrap_or_else(|| "-".into()),
                    match (m, p.code_bytes) {
                        (Some(b), Some(c)) => ratio(b.code_size_bytes as f64, c as f64),
                        _ => "-".into(),
                    },
                    cell(p.speedup, f2),
                    speedups_text(r, d, designs),
                ]
            },
        );
        table(
            "silicon",
            format!("Method: slices published = the paper's FPGA place and route; slices est. = our whole processor (core + units, memories outside) through Yosys `synth_xilinx -family xc6v`, max(LUT/4, FF/8), a lower bound (`hw/scripts/synth_proc.py`); area over baseline from those estimates; LUT4 and Fmax = place and route of the same processor on a Lattice ECP5 (LFE5U-6, out of context; LUT4 = logic cells used, 2 per carry cell, LUT RAM; Fmax the median of 3 seeds; opt-in `make pnr`, docs/hardware.md); throughput = Fmax x 8 / measured cycles per byte ({SEED_ALG}, long messages); RTL cycles == simulator: the processor's commit log equals the simulator's.\n"),
            &[
                "slices published",
                "slices est. (processor)",
                "area over baseline published",
                "area over baseline (est.)",
                "LUT4 (ECP5 P&R)",
                "Fmax MHz (ECP5 P&R)",
                "Mbit/s at that Fmax",
                "RTL cycles == simulator",
            ],
            &|d, p| {
                let meas_cpb = r.bench(&d.name, SEED_ALG).map(|b| b.cycles_per_byte);
                let fmax = r.pnr(&d.name).and_then(|x| x.fmax_mhz);
                vec![
                    p.slices
                        .map(|v| v.to_string())
                        .unwrap_or_else(|| "-".into()),
                    proc_slices(r, &d.name)
                        .map(|v| format!("{v:.0}"))
                        .unwrap_or_else(|| "not measured".into()),
                    // the paper's own overhead: this row's slices over its baseline row's
                    match (
                        p.baseline.as_deref().and_then(|b| {
                            ds.iter()
                                .filter_map(|x| x.published.as_ref())
                                .find(|x| x.row.as_deref() == Some(b))
                                .and_then(|x| x.slices)
                        }),
                        p.slices,
                    ) {
                        (Some(b), Some(m)) if b > 0.0 => format!("{:+.1} %", 100.0 * (m / b - 1.0)),
                        _ => "-".into(),
                    },
                    match (
                        d.baseline.as_deref().and_then(|b| proc_slices(r, b)),
                        proc_slices(r, &d.name),
                    ) {
                        (Some(b), Some(m)) => format!("{:+.0} %", 100.0 * (m / b - 1.0)),
                        _ => "-".into(),
                    },
                    match r.pnr(&d.name).and_then(|x| x.lut4) {
                        Some(v) => v.to_string(),
                        None => "-".into(),
                    },
                    pnr_fmax_cell(r, &d.name, d.rtl.is_some()),
                    match (fmax, meas_cpb) {
                        (Some(f), Some(c)) if c > 0.0 => f1(f * 8.0 / c),
                        _ => "-".into(),
                    },
                    match r.rtls().find(|x| x.design == d.name) {
                        Some(x) if x.lockstep_ok => "yes".into(),
                        Some(_) => "**NO**".into(),
                        None => "no RTL".into(),
                    },
                ]
            },
        );
    }
    s
}

/// Instruction-class shares per profiled design.
pub fn profile_table(r: &Results) -> String {
    let mut classes: Vec<String> = Vec::new();
    for p in r.profiles() {
        for c in &p.classes {
            if !classes.contains(&c.class) {
                classes.push(c.class.clone());
            }
        }
    }
    let classes_md: Vec<String> = classes.iter().map(|c| md::text(c)).collect();
    let mut head = vec!["design", "scope"];
    head.extend(classes_md.iter().map(|s| s.as_str()));
    let rows: Vec<Vec<String>> = r
        .profiles()
        .map(|p| {
            let mut row = vec![md::code(&p.design), md::text(&p.scope)];
            for c in &classes {
                row.push(
                    p.classes
                        .iter()
                        .find(|x| &x.class == c)
                        .map(|x| format!("{:.1}%", x.share * 100.0))
                        .unwrap_or_else(|| "0.0%".into()),
                );
            }
            row
        })
        .collect();
    md_table(&head, &rows)
}

/// Area of the instruction-set extensions' functional units (`unit` = `isa/<ext>[/<part>]`).
pub fn units_table(r: &Results) -> String {
    let rows: Vec<Vec<String>> = r
        .areas()
        .filter(|a| a.unit.starts_with("isa/"))
        .map(|a| {
            let n = |v: Option<u64>| v.map(|x| x.to_string()).unwrap_or_else(|| "-".into());
            let g = |v: Option<f64>| v.map(f0).unwrap_or_else(|| "-".into());
            let asic = r.asic(&a.unit);
            vec![
                md::code(&a.unit),
                n(a.luts),
                n(a.ffs),
                g(a.slices_est),
                g(asic.and_then(|x| x.ge)),
                asic.and_then(|x| x.fmax_mhz)
                    .map(f1)
                    .unwrap_or_else(|| "-".into()),
                g(a.ge_est),
            ]
        })
        .collect();
    md_table(
        &[
            "unit",
            "LUTs",
            "FFs",
            "slices (est.)",
            "GE (sky130)",
            "Fmax MHz (OSU 0.18 um)",
            "GE (generic-gate est.)",
        ],
        &rows,
    )
}

/// The constant-time check of every design.
pub fn constant_time_table(r: &Results) -> String {
    let rows: Vec<Vec<String>> = r
        .constant_times()
        .map(|c| {
            vec![
                md::code(&c.design),
                md::text(&c.alg),
                c.len.to_string(),
                c.messages.to_string(),
                c.min_cycles.to_string(),
                c.max_cycles.to_string(),
                c.distinct_cycle_counts.to_string(),
                if c.ok { "yes".into() } else { "**NO**".into() },
            ]
        })
        .collect();
    md_table(
        &[
            "design",
            "alg",
            "len",
            "messages",
            "min cycles",
            "max cycles",
            "distinct",
            "constant",
        ],
        &rows,
    )
}

/// Processors in RTL (RV32 and MIPS): lockstep with the simulator.
pub fn rtl_table(r: &Results) -> String {
    let rows: Vec<Vec<String>> = r
        .rtls()
        .map(|x| {
            vec![
                md::code(&x.design),
                md::text(&x.alg),
                x.lens
                    .iter()
                    .map(|l| l.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                if x.lockstep_ok {
                    "yes".into()
                } else {
                    format!(
                        "**NO**: {}",
                        md::text(
                            x.error
                                .as_deref()
                                .unwrap_or("")
                                .lines()
                                .next()
                                .unwrap_or("")
                        )
                    )
                },
                x.instructions.to_string(),
                x.cycles.to_string(),
            ]
        })
        .collect();
    md_table(
        &[
            "design",
            "alg",
            "message lengths",
            "RTL cycles == simulator",
            "instructions compared",
            "cycles",
        ],
        &rows,
    )
}

/// Hardware cases: simulated throughput and synthesized area.
pub fn hw_table(r: &Results) -> String {
    let rows: Vec<Vec<String>> = r
        .hw_perfs()
        .map(|h| {
            let a = r.areas().find(|a| a.unit == h.case);
            let opt = |v: Option<f64>| v.map(f2).unwrap_or_else(|| "-".into());
            vec![
                md::text(&h.case),
                md::text(&h.alg),
                f2(h.cycles_per_block),
                opt(h.gbps),
                a.and_then(|a| a.luts)
                    .map(|v| v.to_string())
                    .unwrap_or_else(|| "-".into()),
                a.and_then(|a| a.ffs)
                    .map(|v| v.to_string())
                    .unwrap_or_else(|| "-".into()),
                a.and_then(|a| a.slices_est)
                    .map(f0)
                    .unwrap_or_else(|| "-".into()),
                a.and_then(|a| a.fmax_mhz_est)
                    .map(f1)
                    .unwrap_or_else(|| "-".into()),
                pnr_fmax_cell(r, &h.case, true),
                opt(h.mbps_per_slice),
                if h.digests_ok {
                    "yes".into()
                } else {
                    "**NO**".into()
                },
            ]
        })
        .collect();
    md_table(
        &[
            "case",
            "alg",
            "cycles/block",
            "Gbps",
            "LUTs",
            "FFs",
            "slices (est.)",
            "Fmax MHz (est. from logic depth)",
            "Fmax MHz (ECP5 P&R)",
            "Mbps/slice",
            "digests ok",
        ],
        &rows,
    )
}

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
fn read_json(path: &std::path::Path) -> Option<serde_json::Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

fn load_asic_seeds(path: &std::path::Path) -> AsicSeeds {
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
pub fn load_seed004_asic(path: &std::path::Path) -> Option<AsicPublished> {
    let v = read_json(path)?;
    let t = v.get("table4_caseV_asic")?;
    Some(AsicPublished {
        kge: t.get("kge")?.as_f64()?,
        fmax_mhz: t.get("fmax_mhz")?.as_f64()?,
        gbps: t.get("gbps")?.as_f64()?,
        seeds: load_asic_seeds(&path.with_file_name("asic_published.json")),
    })
}

/// Node steps from OSU 0.18 um to 65 nm (180 -> 130 -> 90 -> 65): seed 004's rule covers the
/// last two; the first is our extension of it, said wherever the scaled figure appears.
const STEPS_180_TO_65: i32 = 3;

/// Every target of the ASIC flow: sky130 area and GE, OSU 0.18 um Fmax and its path, and the
/// throughput at that Fmax (Keccak cases: Gbps, SHA3-512; processors: MB/s at their measured
/// SHA3-256 cycles per byte).
pub fn asic_table(r: &Results) -> String {
    let g = |v: Option<f64>, f: fn(f64) -> String| v.map(f).unwrap_or_else(|| "-".into());
    let rows: Vec<Vec<String>> = r
        .asics()
        .map(|a| {
            let tp = match (a.gbps, a.fmax_mhz, r.bench(&a.target, SEED_ALG)) {
                (Some(gb), _, _) => format!("{} Gbps", f2(gb)),
                (None, Some(fm), Some(b)) if b.cycles_per_byte > 0.0 => {
                    format!("{} MB/s", f2(fm / b.cycles_per_byte))
                }
                _ => "-".into(),
            };
            vec![
                md::text(&a.target),
                a.cells.map(|c| c.to_string()).unwrap_or_else(|| "-".into()),
                g(a.area_um2, f0),
                g(a.ge.map(|x| x / 1000.0), f2),
                a.ffs.map(|c| c.to_string()).unwrap_or_else(|| "-".into()),
                g(a.critical_path_ns, f2),
                g(a.fmax_mhz, f1),
                format!(
                    "{} -> {}",
                    md::code(a.start.as_deref().unwrap_or("?")),
                    md::code(a.end.as_deref().unwrap_or("?"))
                ),
                tp,
            ]
        })
        .collect();
    md_table(
        &[
            "target",
            "cells",
            "area um^2 (sky130)",
            "kGE (sky130)",
            "FF",
            "critical path ns",
            "Fmax MHz (OSU 0.18 um)",
            "critical path start -> end",
            "throughput at that Fmax",
        ],
        &rows,
    )
}

/// Seed 004 Table IV beside our Case V: sky130 GE and OSU 0.18 um Fmax as measured, then the
/// Fmax and throughput scaled to 65 nm by the seed's own rule (kept apart from the raw
/// figures), and the generic-gate estimate of the synthesis flow, labelled as such.
pub fn seed004_asic_table(r: &Results, p: &AsicPublished) -> String {
    let a = r.asic("case V");
    let ge = a.and_then(|a| a.ge).map(|g| g / 1000.0);
    let fmax = a.and_then(|a| a.fmax_mhz);
    let gbps = a.and_then(|a| a.gbps);
    let old_ge = r
        .areas()
        .find(|a| a.unit == "case V")
        .and_then(|a| a.ge_est)
        .map(|g| g / 1000.0);
    let scale = p
        .seeds
        .scale_per_step
        .as_ref()
        .map(|(k, _)| k.powi(STEPS_180_TO_65));
    let not_run = "ASIC flow not run (make asic)";
    let row = |what: &str, publ: String, meas: Option<f64>, fmt: fn(f64) -> String, pv: f64| {
        vec![
            what.to_string(),
            publ,
            meas.map(fmt).unwrap_or_else(|| not_run.into()),
            meas.map(|m| ratio(m, pv)).unwrap_or_else(|| "-".into()),
        ]
    };
    let mut rows = vec![
        row("area (kGE), sky130 GE", f1(p.kge), ge, f1, p.kge),
        row(
            "Fmax (MHz), OSU 0.18 um as measured",
            f0(p.fmax_mhz),
            fmax,
            f0,
            p.fmax_mhz,
        ),
        row(
            "throughput (Gbps) at that Fmax",
            f1(p.gbps),
            gbps,
            f1,
            p.gbps,
        ),
        row(
            "efficiency (Mbps/GE) at that Fmax",
            f2(p.gbps * 1000.0 / (p.kge * 1000.0)),
            gbps.zip(ge).map(|(t, g)| t / g),
            f2,
            p.gbps / p.kge,
        ),
    ];
    if let Some(k) = scale {
        rows.push(row(
            "Fmax (MHz) scaled to 65 nm (x1.43 per step, 180 -> 130 -> 90 -> 65 nm)",
            f0(p.fmax_mhz),
            fmax.map(|f| f * k),
            f0,
            p.fmax_mhz,
        ));
        rows.push(row(
            "throughput (Gbps) at the scaled Fmax",
            f1(p.gbps),
            gbps.map(|g| g * k),
            f1,
            p.gbps,
        ));
    }
    rows.push(row(
        "area (kGE), generic-gate estimate (Yosys gates x NAND2 weights, not a cell library)",
        f1(p.kge),
        old_ge,
        f1,
        p.kge,
    ));
    md_table(
        &[
            "case V, ASIC",
            "published (TSMC 65 nm)",
            "measured",
            "ratio",
        ],
        &rows,
    )
}

/// Seed 001 Table 5 (Z-scale, OASIP, DASIP in TSMC 28 nm) beside our processors through the
/// ASIC flow: Fmax raw (OSU 0.18 um), the Fmax ratio to the reference core (the fair
/// comparison across nodes), GE and its overhead over the reference beside the paper's own
/// area overhead (the seed gives no ASIC area: its Table 4 FPGA slices, from the published
/// row each design cites), throughput at Fmax and its speed-up.
pub fn seed001_asic_table(r: &Results, designs: &[Design], p: &AsicPublished) -> String {
    let t = &p.seeds.seed001;
    let Some(base) = t.first() else {
        return String::new();
    };
    let ba = r.asic(&base.design);
    let slices = |design: &str| -> Option<f64> {
        designs
            .iter()
            .find(|d| d.name == design)?
            .published
            .as_ref()?
            .slices
    };
    let tp = |design: &str| -> Option<f64> {
        let f = r.asic(design)?.fmax_mhz?;
        let c = r.bench(design, SEED_ALG)?.cycles_per_byte;
        (c > 0.0).then(|| f / c)
    };
    let o = |v: Option<f64>, f: fn(f64) -> String| v.map(f).unwrap_or_else(|| "-".into());
    let rows: Vec<Vec<String>> = t
        .iter()
        .map(|row| {
            let a = r.asic(&row.design);
            let fm = a.and_then(|a| a.fmax_mhz);
            let ge = a.and_then(|a| a.ge);
            let bge = ba.and_then(|b| b.ge);
            vec![
                md::text(&row.row),
                md::code(&row.design),
                f0(row.fmax_mhz),
                o(fm, f0),
                f2(row.fmax_mhz / base.fmax_mhz),
                o(fm.zip(ba.and_then(|b| b.fmax_mhz)).map(|(x, b)| x / b), f2),
                o(ge.map(|g| g / 1000.0), f1),
                o(ge.zip(bge).map(|(g, b)| 100.0 * (g / b - 1.0)), |v| {
                    format!("{v:+.0} %")
                }),
                o(
                    slices(&row.design)
                        .zip(slices(&base.design))
                        .filter(|(_, b)| *b > 0.0)
                        .map(|(x, b)| 100.0 * (x / b - 1.0)),
                    |v| format!("{v:+.0} %"),
                ),
                f2(row.mbytes_per_s),
                o(tp(&row.design), f2),
                f2(row.mbytes_per_s / base.mbytes_per_s),
                o(
                    tp(&row.design).zip(tp(&base.design)).map(|(x, b)| x / b),
                    f2,
                ),
                o(r.power(&row.design).map(|p| p.static_mw + p.dynamic_mw), f2),
            ]
        })
        .collect();
    md_table(
        &[
            "paper row",
            "design",
            "Fmax MHz published",
            "Fmax MHz measured (OSU 0.18 um)",
            "Fmax / reference published",
            "Fmax / reference measured",
            "kGE measured (sky130)",
            "GE over reference measured",
            "area over reference published (FPGA slices, Table 4)",
            "MB/s published",
            "MB/s measured at that Fmax",
            "speed-up published",
            "speed-up measured",
            "power mW measured at that Fmax",
        ],
        &rows,
    )
}

/// How the power tables are measured (under them in every format).
pub const POWER_METHOD: &str = "power = static (leakage) + dynamic (internal + switching + the ideal clock net's pin capacitance) at the design's OSU Fmax, from a gate-level simulation of the OSU 0.18 um netlist (1.8 V, typical corner, pre-layout, memories outside) running the design's firmware on SHA3-256: every net's toggles and high time over the steady-state window (the difference of 4- and 2-block messages: 2 absorbed blocks), Liberty power tables, OpenSTA 2.0.17's slews and loads (docs/hardware.md \"Power\"); pJ/B = that window's energy at Fmax / its 272 bytes; MB/mJ = 1000 / (pJ/B); nJ/perm = one Keccak-f[1600] permutation's energy; OpenSTA vectorless = its report_power with port activity 0.1 per cycle propagated (no firmware), for comparison";

/// Seed 001 Table 5's power columns, published (TSMC 28 nm) beside measured (OSU 0.18 um):
/// power, MB/mJ and the power-efficiency speed-up over the reference row. Absolute mW and
/// MB/mJ do not carry across nodes; the ratios to the reference core do.
pub fn seed001_power_table(r: &Results, p: &AsicPublished) -> String {
    let t = &p.seeds.seed001;
    let Some(base) = t.first() else {
        return String::new();
    };
    let o = |v: Option<f64>, f: fn(f64) -> String| {
        v.map(f).unwrap_or_else(|| "not run (make asic)".into())
    };
    let bp = r.power(&base.design);
    let rows: Vec<Vec<String>> = t
        .iter()
        .map(|row| {
            let m = r.power(&row.design);
            let split = |tot: f64, s: Option<f64>, d: Option<f64>| match (s, d) {
                (Some(s), Some(d)) => format!("{} ({} + {})", f2(tot), f2(s), f2(d)),
                _ => f2(tot),
            };
            vec![
                md::text(&row.row),
                md::code(&row.design),
                split(row.power_mw, row.static_mw, row.dynamic_mw),
                o(
                    m.map(|m| (m.static_mw, m.dynamic_mw)).map(|(s, d)| s + d),
                    f2,
                ) + &m
                    .map(|m| format!(" ({} + {})", f2(m.static_mw), f2(m.dynamic_mw)))
                    .unwrap_or_default(),
                row.mbytes_per_mj.map(f2).unwrap_or_else(|| "-".into()),
                o(m.map(|m| m.mb_per_mj), |v| format!("{v:.3}")),
                row.power_eff_speedup.map(f2).unwrap_or_else(|| "-".into()),
                o(m.zip(bp).map(|(m, b)| m.mb_per_mj / b.mb_per_mj), f2),
                o(m.map(|m| m.pj_per_byte), f0),
            ]
        })
        .collect();
    md_table(
        &[
            "paper row",
            "design",
            "power mW published (static + dynamic)",
            "power mW measured at Fmax (static + dynamic)",
            "MB/mJ published",
            "MB/mJ measured",
            "power-efficiency speed-up published",
            "power-efficiency speed-up measured",
            "pJ/B measured",
        ],
        &rows,
    )
}

/// Every processor's power and energy (the seed 000 MIPS designs and all RV32 designs):
/// power at Fmax, energy per byte and per permutation, MB/mJ and its speed-up over the
/// design's baseline, OpenSTA's vectorless figure beside.
pub fn power_table(r: &Results, designs: &[Design]) -> String {
    let mut rows = Vec::new();
    for d in designs.iter().filter(|d| d.rtl.is_some()) {
        let Some(m) = r.power(&d.name) else {
            rows.push(vec![
                md::code(&d.name),
                "not run (make asic)".into(),
                "-".into(),
                "-".into(),
                "-".into(),
                "-".into(),
                "-".into(),
                "-".into(),
                "-".into(),
                "-".into(),
            ]);
            continue;
        };
        let base = d.baseline.as_deref().and_then(|b| r.power(b));
        rows.push(vec![
            md::code(&d.name),
            f1(m.fmax_mhz),
            f2(m.static_mw + m.dynamic_mw),
            format!("{:.3}", m.static_mw),
            f2(m.total_ref_mw),
            f2(m.vectorless_fmax_mw),
            f0(m.pj_per_byte),
            f1(m.nj_per_perm),
            format!("{:.3}", m.mb_per_mj),
            base.map(|b| f2(m.mb_per_mj / b.mb_per_mj))
                .unwrap_or_else(|| "-".into()),
        ]);
    }
    if rows.is_empty() {
        return String::new();
    }
    md_table(
        &[
            "design",
            "Fmax MHz (OSU)",
            "power mW at Fmax",
            "of which static mW",
            "power mW at 100 MHz",
            "OpenSTA vectorless mW at Fmax",
            "pJ/B",
            "nJ/perm",
            "MB/mJ",
            "power-efficiency speed-up over baseline",
        ],
        &rows,
    )
}

/// The report's ASIC section (empty without ASIC records): method, every target, and the
/// seed 001, 003 and 004 comparisons.
pub fn asic_section(r: &Results, designs: &[Design], asic_pub: Option<&AsicPublished>) -> String {
    let Some(first) = r.asics().next() else {
        return String::new();
    };
    let mut s = String::from("\n## ASIC: sky130 area, OSU 0.18 um timing\n\n");
    let _ = writeln!(
        s,
        "Method: {} (`hw/scripts/asic.py`, docs/hardware.md \"ASIC\"). GE = area / area of sky130 `nand2_1` (3.7536 um^2). Fmax: OSU 0.18 um, typical corner, ideal clock, no wire load, pre-layout. Processors: core + units, instruction and data memories not included. Throughput: Keccak cases in Gbps (SHA3-512, seed 004 eq. 5), processors in MB/s = Fmax / measured {SEED_ALG} cycles per byte.\n",
        md::text(&first.flow)
    );
    s.push_str(&asic_table(r));
    let Some(p) = asic_pub else {
        return s;
    };
    s.push_str("\n#### seed 004, Table IV (ASIC, Case V)\n\nMethod: published = TSMC 65 nm (Synopsys Design Compiler); measured = our Case V through the ASIC flow (sky130 GE, OSU 0.18 um Fmax), raw. ");
    if let Some((k, src)) = &p.seeds.scale_per_step {
        let _ = write!(
            s,
            "Scaled rows: the seed's own frequency rule, x{k} per node step ({src}), applied over three steps 180 -> 130 -> 90 -> 65 nm (x{:.2}; the 180 -> 130 step extends the seed's rule, which covers 130 -> 65 nm); area in GE is not scaled. ",
            k.powi(STEPS_180_TO_65)
        );
    }
    s.push_str("Ratio = measured / published.\n\n");
    s.push_str(&seed004_asic_table(r, p));
    if !p.seeds.seed001.is_empty() {
        let _ = write!(
            s,
            "\n#### seed 001, Table 5 (ASIC, {})\n\nMethod: published = the paper's Synopsys flow in {}, power from gate-level switching activity (not measured here: docs/hardware.md \"ASIC\", power); measured = our processors (core + units, memories outside) through the ASIC flow, Fmax raw in OSU 0.18 um (no node scaling: the fair comparison across nodes is the ratio to the reference core, measured beside published); GE over reference = our sky130 GE over the reference core's; the paper gives no ASIC area, so its area overhead is the one it publishes on FPGA (Virtex-7 slices, Table 4, the row each design cites); MB/s = Fmax / measured {SEED_ALG} cycles per byte; speed-up = over the reference row.\n\n",
            p.seeds.seed001_node, p.seeds.seed001_node
        );
        s.push_str(&seed001_asic_table(r, designs, p));
        let _ = write!(
            s,
            "\n#### seed 001, Table 5: power and energy\n\nMethod: published = the paper's Synopsys Power Compiler on SAIF from a gate-level simulation of its SHA-3 firmware, {}; measured: {}. mW and MB/mJ do not carry from 28 nm to 0.18 um (voltage, capacitance, frequency); the power-efficiency speed-up (MB/mJ over the reference row) does.\n\n",
            p.seeds.seed001_node, POWER_METHOD
        );
        s.push_str(&seed001_power_table(r, p));
    }
    if r.powers().next().is_some() || designs.iter().any(|d| d.rtl.is_some()) {
        let _ = write!(
            s,
            "\n#### Power and energy of every processor\n\nMethod: {}. Flow: {}.\n\n",
            POWER_METHOD,
            r.powers()
                .next()
                .map(|p| md::text(&p.flow))
                .unwrap_or_else(|| "not run (make asic)".into())
        );
        s.push_str(&power_table(r, designs));
    }
    if let Some(p3) = &p.seeds.seed003 {
        s.push_str(&seed003_asic_table(r, p3));
    }
    s
}

/// Seed 003's GE beside ours: its SIMD Keccak instructions (published node named), our
/// vector unit (the target `unit` names; "not measured" until the ASIC flow has it) and
/// every other extension unit, raw sky130 GE (GE is the node-independent measure; no
/// scaling).
pub fn seed003_asic_table(r: &Results, p3: &Seed003Asic) -> String {
    let mut s = format!(
        "\n#### seed 003 (ASIC)\n\nMethod: published = the paper's {what}, {node} standard cells (its abstract); measured = our extension units alone through the ASIC flow (sky130 GE, not scaled: GE is already relative to a NAND2 of its own library); ratio = measured / published.\n\n",
        what = p3.what,
        node = p3.node
    );
    let mut rows = vec![vec![
        format!("seed 003: {}", p3.what),
        format!("published, {}", p3.node),
        f0(p3.ge),
        "1.00".into(),
    ]];
    if let Some(u) = &p3.unit {
        let ge = r.asic(u).and_then(|a| a.ge);
        rows.push(vec![
            format!("{} (our vector unit, the answer to seed 003)", md::code(u)),
            "measured, sky130".into(),
            ge.map(f0).unwrap_or_else(|| "not measured".into()),
            ge.map(|g| ratio(g, p3.ge)).unwrap_or_else(|| "-".into()),
        ]);
    }
    for a in r
        .asics()
        .filter(|a| a.target_kind == "unit" && Some(&a.target) != p3.unit.as_ref())
    {
        if let Some(g) = a.ge {
            rows.push(vec![
                md::code(&a.target),
                "measured, sky130".into(),
                f0(g),
                ratio(g, p3.ge),
            ]);
        }
    }
    s.push_str(&md_table(&["unit", "source", "GE", "ratio"], &rows));
    s
}

/// Published rows of seed 004 Table II from `hw/seed004.json` (empty if absent).
pub fn load_seed004(path: &std::path::Path) -> Vec<HwPublished> {
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

/// Seed 004 Table II beside the measured cases: area, Fmax, throughput, efficiency, and
/// each case's efficiency relative to case I (the ratio that compares across flows).
pub fn seed004_table(r: &Results, published: &[HwPublished]) -> String {
    let eff = |case: &str| {
        r.hw_perfs()
            .find(|h| h.case == case)
            .and_then(|h| h.mbps_per_slice)
    };
    let base_m = eff("case I");
    let base_p = published
        .iter()
        .find(|p| p.case == "case I")
        .map(|p| p.mbps_per_slice);
    let opt = |v: Option<f64>| {
        v.filter(|x| x.is_finite())
            .map(f2)
            .unwrap_or_else(|| "-".into())
    };
    let opt0 = |v: Option<f64>| {
        v.filter(|x| x.is_finite())
            .map(f0)
            .unwrap_or_else(|| "-".into())
    };
    let rows: Vec<Vec<String>> = r
        .hw_perfs()
        .map(|h| {
            let a = r.areas().find(|a| a.unit == h.case);
            let p = published.iter().find(|p| p.case == h.case);
            let rel_m = match (h.mbps_per_slice, base_m) {
                (Some(x), Some(b)) if b > 0.0 => Some(x / b),
                _ => None,
            };
            let rel_p = match (p.map(|p| p.mbps_per_slice), base_p) {
                (Some(x), Some(b)) if b > 0.0 => Some(x / b),
                _ => None,
            };
            vec![
                md::text(&h.case),
                opt0(p.map(|p| p.slices)),
                opt0(a.and_then(|a| a.slices_est)),
                opt0(p.map(|p| p.fmax_mhz)),
                opt0(a.and_then(|a| a.fmax_mhz_est)),
                pnr_fmax_cell(r, &h.case, true),
                opt(p.map(|p| p.gbps)),
                opt(h.gbps),
                match (
                    h.gbps,
                    a.and_then(|a| a.fmax_mhz_est),
                    r.pnr(&h.case).and_then(|x| x.fmax_mhz),
                ) {
                    (Some(g), Some(e), Some(f)) if e > 0.0 => f2(g * f / e),
                    _ => "-".into(),
                },
                opt(p.map(|p| p.mbps_per_slice)),
                opt(h.mbps_per_slice),
                opt(rel_p),
                opt(rel_m),
            ]
        })
        .collect();
    md_table(
        &[
            "case",
            "slices published",
            "slices est.",
            "Fmax published",
            "Fmax est. (logic depth)",
            "Fmax ECP5 P&R",
            "Gbps published",
            "Gbps at Fmax est.",
            "Gbps at P&R Fmax",
            "Mbps/slice published",
            "Mbps/slice measured",
            "eff./case I published",
            "eff./case I measured",
        ],
        &rows,
    )
}

/// The generated block of the project README: method, design table, seed tables.
pub fn readme_block(
    r: &Results,
    designs: &[Design],
    hw_pub: &[HwPublished],
    asic_pub: Option<&AsicPublished>,
    notes: &str,
) -> String {
    let mut body = findings::section(r, designs, notes, "docs").replacen("## ", "### ", 1);
    body += &format!(
        "Method: each design's firmware built with the distro's cross compiler and run on the project's simulator with the design's timing model; digests checked against the golden model; c/B = long-message cycles per byte; code = kernel text + rodata + data; speed-up over the design's baseline (`rv32-ref` / `mips-ref`).\n\n{}\n{}",
        designs_table(r, designs),
        seed_tables(r, designs)
    );
    if r.hw_perfs().next().is_some() && !hw_pub.is_empty() {
        body.push_str("#### seed 004, Table II (SHA3-512, Virtex-6)\n\n");
        body.push_str(SEED004_METHOD);
        body.push_str(&seed004_table(r, hw_pub));
        if let Some(a) = asic_pub {
            body.push_str("\n#### seed 004, Table IV (ASIC, Case V)\n\nMethod: published = TSMC 65 nm; measured = our Case V through the ASIC flow (sky130 GE; Fmax OSU 0.18 um, typical corner, ideal clock, no wire load, pre-layout), raw; the node-scaled rows use seed 004's x1.43 per node step (section ASIC says how).\n\n");
            body.push_str(&seed004_asic_table(r, a));
        }
    }
    body.push_str("\n#### Provenance\n\n");
    body.push_str(&provenance(r));
    body
}

/// A figure's place in the Markdown: the image, its numbered caption and the PDF beside it;
/// or, when no figure was drawn, why (nothing when the results give no such figure).
pub fn figure_md(figs: &Rendered, name: &str) -> String {
    let Some((n, f)) = figs.figure(name) else {
        return String::new();
    };
    if figs.svgs.contains_key(name) {
        format!(
            "![Figure {n}](figures/{name}.svg)\n\n_Figure {n}._ {} ([PDF](figures/{name}.pdf))\n\n",
            f.caption
        )
    } else {
        format!(
            "_Figure {n} ({name}) not drawn: {}_\n\n",
            md::text(figs.error.as_deref().unwrap_or("unknown reason"))
        )
    }
}

/// Seconds since the Unix epoch as `YYYY-MM-DD HH:MM UTC`.
pub fn utc_date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (h, m) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    // civil-from-days (Howard Hinnant's algorithm)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let mo = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(mo <= 2);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{m:02} UTC")
}

/// Where the numbers come from: commit, tree state, date, tool versions.
pub fn provenance(r: &Results) -> String {
    let m = &r.metadata;
    let commit = match (&m.commit, m.dirty) {
        (Some(c), Some(true)) => format!("{} with uncommitted changes", md::code(c)),
        (Some(c), _) => md::code(c),
        (None, _) => "not recorded (not a git checkout)".into(),
    };
    let mut rows = vec![
        vec!["commit".to_string(), commit],
        vec!["generated".into(), utc_date(m.generated_unix)],
        vec![
            "run".into(),
            if m.quick {
                "quick (`--quick`: fewer functions and lengths, no synthesis)".into()
            } else {
                "full".into()
            },
        ],
    ];
    for (t, v) in &m.tools {
        rows.push(vec![md::text(t), md::text(v)]);
    }
    md_table(&["provenance", "value"], &rows)
}

/// The whole Markdown report (`report/README.md`; index.html is made from it).
pub fn markdown(
    r: &Results,
    designs: &[Design],
    hw_pub: &[HwPublished],
    asic_pub: Option<&AsicPublished>,
    figs: &Rendered,
    notes: &str,
    seed003: Option<&crate::seed003::Seed003>,
) -> String {
    let mut s = String::from("# sha3-asip results\n\nGenerated by `sha3-asip reproduce`; every number below is measured by this run or, where marked published, quoted from the seed paper the design's TOML cites.\n\n");
    s.push_str(&findings::section(r, designs, notes, "../docs"));
    s.push_str(&figure_md(figs, "cycles-per-byte"));
    s.push_str(&figure_md(figs, "pareto"));
    s.push_str("## Software designs\n\nMethod: firmware built with the distro's cross compiler, run on the project's instruction-set simulator with the design's timing model; every digest checked against the golden model. c/B = long-message cycles per byte (steady state).\n\n");
    s.push_str(&designs_table(r, designs));
    s.push_str("\n### Cycles per byte, every function\n\nMethod: every SHA-3-family function through the one sponge layer (`firmware/sponge/`) over each design's kernel, default parameters (empty key and strings, ParallelHash B = 8192, TurboSHAKE D = 0x1F, default output length); c/B = (cycles(l2) - cycles(l1)) / (l2 - l1) for the two message lengths l1..l2 given: 8 absorbed blocks apart, for ParallelHash and KangarooTwelve one and three 8192-byte tree units (serial leaves), so every message is in tree mode.\n\n");
    s.push_str(&functions_table(r, designs));
    s.push_str("\n## Seed tables, published beside measured\n\n");
    s.push_str(&seed_tables(r, designs));
    if let Some(p) = seed003 {
        s.push_str(&crate::seed003::section(r, p, &figure_md(figs, "seed003")));
        s.push('\n');
    }
    if r.profiles().next().is_some() {
        s.push_str("## Instruction-class profile\n\n");
        s.push_str(&figure_md(figs, "instruction-classes"));
        s.push_str("Share of the kernel's cycles per instruction class (seed 001 Fig. 5 classes), SHA3-256.\n\n");
        s.push_str(&profile_table(r));
    }
    if r.areas().any(|a| a.unit.starts_with("isa/")) {
        s.push_str("\n## Extension functional units\n\nMethod: each extension's Verilog unit alone (`hw/scripts/synth_unit.py`), Yosys `synth_xilinx -family xc6v`; slices estimated as max(LUT/4, FF/8); GE (sky130) and Fmax = the ASIC flow (section ASIC below; whole units only); GE (generic-gate est.) = NAND2-equivalent weights of an abc generic-gate mapping, not a cell library. `isa/<ext>` is the whole unit, `isa/<ext>/<part>` its parts. Whole processors: the seed tables above (slices est.).\n\n");
        s.push_str(&units_table(r));
    }
    if r.hw_perfs().next().is_some() {
        s.push_str("\n## Keccak hardware cases\n\nMethod: Verilator testbench cycles against golden vectors; Yosys `synth_xilinx -family xc6v` LUTs/FFs, slices estimated as max(LUT/4, FF/8), Fmax estimated from LUT levels (docs/hardware.md); Gbps by seed 004 eq. (5). Published: Xilinx ISE place and route on the XC6VLX75T, which this flow cannot reproduce: compare the ratios between cases.\n\n");
        s.push_str(&figure_md(figs, "seed004"));
        s.push_str(&hw_table(r));
        if !hw_pub.is_empty() {
            s.push_str("\n#### seed 004, Table II (SHA3-512, Virtex-6)\n\n");
            s.push_str(SEED004_METHOD);
            s.push_str(&seed004_table(r, hw_pub));
        }
    }
    s.push_str(&asic_section(r, designs, asic_pub));
    if r.rtls().next().is_some() {
        s.push_str("\n## Processors in RTL\n\nMethod: each design's processor (the core of its architecture, `hw/cores/rv32` or `hw/cores/mips`, + the units in its `[rtl]` table; docs/rv32-core.md, docs/mips-core.md) simulated with Verilator runs the design's benchmark firmware; its commit log (retire cycle, pc, word, register and memory writes of every instruction) is compared line by line with the simulator's (`sha3-asip rtl lockstep`).\n\n");
        s.push_str(&rtl_table(r));
    }
    if r.constant_times().next().is_some() {
        s.push_str("\n## Constant time\n\nCycles of the whole hash call over random messages of one length (seeds 1..=N); a constant-time kernel shows one distinct count.\n\n");
        s.push_str(&constant_time_table(r));
    }
    let fails: Vec<_> = r.failures().collect();
    if !fails.is_empty() {
        s.push_str("\n## Failures\n\n");
        for f in fails {
            let _ = writeln!(
                s,
                "- **{}**: {}",
                md::text(&f.step),
                md::text(f.error.lines().next().unwrap_or(""))
            );
        }
    }
    s.push_str("\n## Provenance\n\n");
    s.push_str(&provenance(r));
    s
}

/// CSV of the bench records, one row per design x function x length.
pub fn csv(r: &Results) -> String {
    let mut s = String::from("design,alg,len,cycles,instret,cycles_per_byte,digest_ok,long_message_cycles_per_byte,cycles_per_permutation,code_size_bytes\n");
    for b in r.benches() {
        for run in &b.runs {
            let _ = writeln!(
                s,
                "{},{},{},{},{},{},{},{:.3},{},{}",
                b.design,
                b.alg,
                run.len,
                run.cycles,
                run.instret,
                run.cycles_per_byte
                    .map(|v| format!("{v:.3}"))
                    .unwrap_or_default(),
                run.digest_ok,
                b.cycles_per_byte,
                b.cycles_per_permutation,
                b.code_size_bytes
            );
        }
    }
    s
}

/// HTML-escape text.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// One line of Markdown text as HTML: escaped, with backslash escapes, `code`, **bold**,
/// _emphasis_ and [links](url) whose target is http(s) or relative ([`md::safe_url`]; any
/// other is shown as text).
fn inline_html(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while !rest.is_empty() {
        if let Some(t) = rest.strip_prefix('\\') {
            if let Some(c) = t.chars().next().filter(|c| c.is_ascii_punctuation()) {
                out.push_str(&esc(&c.to_string()));
                rest = &t[1..];
                continue;
            }
        }
        if let Some(t) = rest.strip_prefix('`') {
            if let Some(e) = t.find('`') {
                let _ = write!(out, "<code>{}</code>", esc(&t[..e]));
                rest = &t[e + 1..];
                continue;
            }
        }
        if let Some(t) = rest.strip_prefix("**") {
            if let Some(e) = t.find("**") {
                let _ = write!(out, "<b>{}</b>", inline_html(&t[..e]));
                rest = &t[e + 2..];
                continue;
            }
        }
        if let Some(t) = rest.strip_prefix('[') {
            if let Some(e) = t.find("](") {
                if let Some(u) = t[e + 2..].find(')') {
                    let url = &t[e + 2..e + 2 + u];
                    if md::safe_url(url) {
                        let _ =
                            write!(out, "<a href=\"{}\">{}</a>", esc(url), inline_html(&t[..e]));
                        rest = &t[e + 3 + u..];
                        continue;
                    }
                }
            }
        }
        let c = rest.chars().next().expect("non-empty");
        out.push_str(&esc(&c.to_string()));
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The cells of a Markdown table row: split at every `|` not escaped by a backslash (as
/// GFM does), trimmed.
fn table_cells(line: &str) -> Vec<&str> {
    let inner = line.trim().strip_prefix('|').unwrap_or(line);
    let mut cells = Vec::new();
    let (mut start, mut escaped) = (0, false);
    for (i, c) in inner.char_indices() {
        match c {
            '|' if !escaped => {
                cells.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        escaped = c == '\\' && !escaped;
    }
    let last = inner[start..].trim();
    if !last.is_empty() {
        cells.push(last);
    }
    cells
}

/// The Markdown this module writes, as HTML; figure lines become the inline SVG with its
/// caption.
fn md_to_html(md: &str, figs: &Rendered) -> String {
    let mut out = String::new();
    let mut in_table = false;
    let mut header_done = false;
    let mut in_list = false;
    for line in md.lines() {
        if line.starts_with('|') {
            let cells = table_cells(line);
            if line.starts_with("|---") {
                continue;
            }
            if !in_table {
                out.push_str("<div class=\"table\"><table>");
                in_table = true;
                header_done = false;
            }
            let tag = if header_done { "td" } else { "th" };
            out.push_str("<tr>");
            for c in cells {
                let _ = write!(out, "<{tag}>{}</{tag}>", inline_html(c));
            }
            out.push_str("</tr>");
            header_done = true;
            continue;
        }
        if in_table {
            out.push_str("</table></div>\n");
            in_table = false;
        }
        if let Some(h) = line.strip_prefix("- ") {
            if !in_list {
                out.push_str("<ul>\n");
                in_list = true;
            }
            let _ = writeln!(out, "<li>{}</li>", inline_html(h));
            continue;
        }
        if in_list {
            out.push_str("</ul>\n");
            in_list = false;
        }
        if let Some(img) = line.strip_prefix("![") {
            // ![Figure n](figures/<name>.svg)
            let name = img
                .split("(figures/")
                .nth(1)
                .and_then(|t| t.strip_suffix(".svg)"))
                .unwrap_or("");
            if let (Some((n, f)), Some(svg)) = (figs.figure(name), figs.svgs.get(name)) {
                let _ = writeln!(
                    out,
                    "<figure id=\"{name}\" data-view=\"{name}\">{svg}<figcaption><b>Figure {n}.</b> {} (<a href=\"figures/{name}.pdf\">PDF</a>, <a href=\"figures/{name}.svg\">SVG</a>)</figcaption></figure>",
                    inline_html(&f.caption)
                );
            }
            continue;
        }
        if line.starts_with("_Figure ") && line.contains("[PDF](") {
            continue; // the caption, already in the <figure>
        }
        if let Some(h) = line.strip_prefix("#### ") {
            let _ = writeln!(out, "<h4>{}</h4>", inline_html(h));
        } else if let Some(h) = line.strip_prefix("### ") {
            let _ = writeln!(out, "<h3>{}</h3>", inline_html(h));
        } else if let Some(h) = line.strip_prefix("## ") {
            let _ = writeln!(out, "<h2>{}</h2>", inline_html(h));
        } else if let Some(h) = line.strip_prefix("# ") {
            let _ = writeln!(out, "<h1>{}</h1>", inline_html(h));
        } else if !line.trim().is_empty() {
            let text = line.trim();
            let text = text
                .strip_prefix('_')
                .and_then(|t| t.strip_suffix('_'))
                .map(|t| format!("<em>{}</em>", inline_html(t)))
                .unwrap_or_else(|| inline_html(text));
            let _ = writeln!(out, "<p>{text}</p>");
        }
    }
    if in_table {
        out.push_str("</table></div>\n");
    }
    if in_list {
        out.push_str("</ul>\n");
    }
    out
}

/// The HTML page: the Markdown report with the figures inline (self-contained but for the
/// PDF links).
pub fn html(md: &str, figs: &Rendered) -> String {
    let mut s = String::from("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>sha3-asip results</title><style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.4}div.table{overflow-x:auto}table{border-collapse:collapse;margin:1em 0;font-size:90%}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}figure{margin:1.5em 0}figure svg{max-width:100%;height:auto}figcaption{font-size:90%;color:#444}code{font-size:95%}</style></head><body>\n");
    s.push_str(&md_to_html(md, figs));
    s.push_str("</body></html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::test_support::{bench_rec, proc_area, results_of, tree, tree_designs};
    use crate::results::{PnrRecord, Record};

    /// The row of `design` in the table that follows `heading`.
    fn row<'a>(md: &'a str, heading: &str, design: &str) -> Vec<&'a str> {
        let t = &md[md.find(heading).expect("heading")..];
        let line = t
            .lines()
            .find(|l| l.contains(&format!("`{design}`")))
            .expect("row");
        line.trim_matches('|').split(" | ").map(str::trim).collect()
    }

    #[test]
    fn markdown_lines_become_html_with_links_code_and_bold() {
        assert_eq!(
            inline_html("**Fastest:** `a<b` see [notes](../docs/x.md#y) & more"),
            "<b>Fastest:</b> <code>a&lt;b</code> see <a href=\"../docs/x.md#y\">notes</a> &amp; more"
        );
        assert_eq!(
            inline_html("unclosed `tick and [bracket"),
            "unclosed `tick and [bracket"
        );
        let html = md_to_html(
            "## H\n\n- one\n- two\n\n| a | b |\n|---|---|\n| `x` | 2 |\n",
            &Rendered::default(),
        );
        assert_eq!(
            html,
            "<h2>H</h2>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<div class=\"table\"><table><tr><th>a</th><th>b</th></tr><tr><td><code>x</code></td><td>2</td></tr></table></div>\n"
        );
    }

    /// Escaped data stays text in the HTML, a cell break escaped with a backslash stays in
    /// its cell, and a link to anything but http(s) or a relative path is shown as text.
    #[test]
    fn escaped_data_and_unsafe_links_stay_text_in_html() {
        let data = "[a](javascript:x) <script>&amp; | `b` *c*";
        assert_eq!(
            inline_html(&md::text(data)),
            "[a](javascript:x) &lt;script&gt;&amp;amp; | `b` *c*"
        );
        assert_eq!(
            inline_html("[a](javascript:alert(1)) [b](data:text/html,x) [c](https://x.org/)"),
            "[a](javascript:alert(1)) [b](data:text/html,x) <a href=\"https://x.org/\">c</a>"
        );
        assert_eq!(
            table_cells(&format!("| {} | 2 |", md::text("a | b"))),
            vec!["a \\| b", "2"]
        );
        let html = md_to_html(
            &md_table(&["x", "y"], &[vec![md::text("a | b"), md::code("<i>")]]),
            &Rendered::default(),
        );
        assert!(
            html.contains("<td>a | b</td><td><code>&lt;i&gt;</code></td></tr>"),
            "{html}"
        );
    }

    #[test]
    fn seed_tables_give_speedups_over_both_dividers_and_pnr_throughput() {
        let designs = tree_designs();
        let r = results_of(vec![
            bench_rec("rv32-ref", 1000.0),
            bench_rec("rv32-ref-eo", 600.0),
            bench_rec("rv32-oasip", 200.0),
            bench_rec("rv32-dasip", 80.0),
            proc_area("rv32-ref", 600.0),
            proc_area("rv32-oasip", 900.0),
            Record::Pnr(PnrRecord {
                target: "rv32-oasip".into(),
                target_kind: "processor".into(),
                device: "LFE5U-25F-6 CABGA256".into(),
                flow: "test".into(),
                fmax_mhz: Some(25.0),
                seeds: vec![1, 2, 3],
                lut4: Some(8000),
                ff: Some(1200),
                dsp: Some(0),
            }),
        ]);
        let md = seed_tables(&r, &designs);
        let perf = row(
            &md,
            "seed 001, Table 4 (FPGA, 100 MHz): performance",
            "rv32-oasip",
        );
        assert_eq!(perf[9], "5.00 (`rv32-ref`), 3.00 (`rv32-ref-eo`)");
        let si = row(
            &md,
            "seed 001, Table 4 (FPGA, 100 MHz): silicon",
            "rv32-oasip",
        );
        // slices est., the paper's 981 / 747.5 slices, ours over rv32-ref, LUT4, Fmax,
        // 25 MHz x 8 bit / 200 c/B = 1.0 Mbit/s
        assert_eq!(
            &si[3..9],
            &["900", "+31.2 %", "+50 %", "8000", "25.0", "1.0"]
        );
        let da = row(
            &md,
            "seed 001, Table 4 (FPGA, 100 MHz): silicon",
            "rv32-dasip",
        );
        assert_eq!(&da[6..9], &["-", "P&R not run (make pnr)", "-"]);
    }

    fn power_rec(design: &str, fmax: f64, stat: f64, dynm: f64, pjb: f64) -> Record {
        Record::Power(crate::results::PowerRecord {
            design: design.into(),
            flow: "test power flow".into(),
            fmax_mhz: fmax,
            static_mw: stat,
            dynamic_mw: dynm,
            total_ref_mw: stat + dynm,
            vectorless_fmax_mw: 9.0,
            pj_per_byte: pjb,
            nj_per_perm: 1.0,
            mb_per_mj: 1e3 / pjb,
            mbytes_per_s: 1.0,
            nets: 10,
            nets_annotated: 10,
        })
    }

    #[test]
    fn seed_001_power_columns_show_published_beside_measured_and_the_speed_up() {
        let designs = tree_designs();
        let p = load_seed004_asic(&tree().join("hw").join("seed004.json")).expect("seed004.json");
        let r = results_of(vec![
            asic_rec("rv32-ref", 40000.0, 150.0, None),
            asic_rec("rv32-dasip", 60000.0, 120.0, None),
            power_rec("rv32-ref", 150.0, 0.01, 30.0, 2000.0),
            power_rec("rv32-dasip", 120.0, 0.02, 20.0, 500.0),
        ]);
        let md = asic_section(&r, &designs, Some(&p));
        // published 3.66 (0.72 + 2.94) mW, 1.17 MB/mJ, 3.88x beside measured 20.02 mW,
        // 2.000 MB/mJ and 2.000 / 0.500 = 4.00x
        let d = row(&md, "seed 001, Table 5: power", "rv32-dasip");
        assert_eq!(
            &d[2..9],
            &[
                "3.66 (0.72 + 2.94)",
                "20.02 (0.02 + 20.00)",
                "1.17",
                "2.000",
                "3.88",
                "4.00",
                "500"
            ]
        );
        let o = row(&md, "seed 001, Table 5: power", "rv32-oasip");
        assert_eq!(&o[3], &"not run (make asic)");
        // every processor: a measured one with its baseline's ratio, the others not run
        let all = row(&md, "Power and energy of every processor", "rv32-dasip");
        assert_eq!(&all[1..4], &["120.0", "20.02", "0.020"]);
        assert_eq!(all[9], "4.00");
        let m = row(&md, "Power and energy of every processor", "mips-ref");
        assert_eq!(m[1], "not run (make asic)");
    }

    fn asic_rec(target: &str, ge: f64, fmax: f64, gbps: Option<f64>) -> Record {
        Record::Asic(crate::results::AsicRecord {
            target: target.into(),
            target_kind: if target.starts_with("case") {
                "case"
            } else {
                "processor"
            }
            .into(),
            flow: "test flow".into(),
            cells: Some(1),
            area_um2: Some(ge * 3.7536),
            ge: Some(ge),
            ffs: Some(1),
            critical_path_ns: Some(1000.0 / fmax),
            fmax_mhz: Some(fmax),
            start: Some("a".into()),
            end: Some("b".into()),
            gbps,
        })
    }

    #[test]
    fn asic_section_sets_the_flow_beside_seeds_001_and_004_with_scaling_apart() {
        let p = load_seed004_asic(&tree().join("hw").join("seed004.json")).unwrap();
        let r = results_of(vec![
            bench_rec("rv32-ref", 100.0),
            bench_rec("rv32-dasip", 25.0),
            asic_rec("case V", 150_000.0, 400.0, Some(20.0)),
            asic_rec("rv32-ref", 40_000.0, 200.0, None),
            asic_rec("rv32-dasip", 60_000.0, 180.0, None),
        ]);
        let designs = tree_designs();
        let md = asic_section(&r, &designs, Some(&p));
        let t4 = &md[md.find("seed 004, Table IV").unwrap()..];
        let line = |t: &str, k: &str| t.lines().find(|l| l.contains(k)).unwrap().to_string();
        // raw figures as measured; the scaled Fmax (x1.43^3) on its own row
        assert!(
            line(t4, "| area (kGE), sky130").contains("| 105.0 | 150.0 | 1.43 |"),
            "{t4}"
        );
        assert!(line(t4, "OSU 0.18 um as measured").contains("| 1000 | 400 |"));
        assert!(
            line(t4, "scaled to 65 nm").contains(&format!("| {:.0} |", 400.0 * 1.43f64.powi(3)))
        );
        assert!(line(t4, "| area (kGE), generic-gate").contains("| 105.0 | ASIC flow not run"));
        // seed 001: Fmax ratio 180/200 beside 560/590, GE overhead +50 % beside the paper's
        // FPGA-slice overhead (1522 / 747.5 slices, Table 4), MB/s = Fmax / c/B
        let d = row(&md, "seed 001, Table 5", "rv32-dasip");
        assert_eq!(
            &d[2..9],
            &["560", "180", "0.95", "0.90", "60.0", "+50 %", "+104 %"]
        );
        assert_eq!(&d[9..13], &["4.29", "7.20", "3.61", "3.60"]);
        // OASIP has no measured processor here; the paper's +31 % stands alone
        let o = row(&md, "seed 001, Table 5", "rv32-oasip");
        assert_eq!(&o[6..9], &["-", "-", "+31 %"]);
        // seed 003: 4658 GE (90 nm) beside our vector unit, not measured until the flow has it
        let s3 = &md[md.find("seed 003 (ASIC)").unwrap()..];
        assert!(line(s3, "| seed 003:").contains("| published, 90 nm | 4658 | 1.00 |"));
        assert!(
            line(s3, "`isa/xvkeccak`").contains("| not measured | - |"),
            "{s3}"
        );
        let r3 = results_of(vec![asic_rec("isa/xvkeccak", 9316.0, 300.0, None)]);
        let s3 = asic_section(&r3, &designs, Some(&p));
        assert!(
            line(&s3, "`isa/xvkeccak`").contains("| 9316 | 2.00 |"),
            "{s3}"
        );
        assert!(asic_table(&r).contains("| 7.20 MB/s |"));
        assert_eq!(
            asic_section(
                &Results {
                    records: Vec::new(),
                    ..r
                },
                &designs,
                Some(&p)
            ),
            ""
        );
    }

    #[test]
    fn seed_000_silicon_table_shows_every_mips_processor_over_mips_ref() {
        let designs = tree_designs();
        let r = results_of(vec![
            bench_rec("mips-ref", 580.0),
            bench_rec("mips-native", 500.0),
            bench_rec("mips-coproc", 320.0),
            proc_area("mips-ref", 800.0),
            proc_area("mips-native", 840.0),
            proc_area("mips-coproc", 1000.0),
        ]);
        let md = seed_tables(&r, &designs);
        let h = "seed 000, Table 3 (Virtex-6): silicon";
        // paper row, design, slices published, slices est., the paper's area over its
        // reference row (6595 / 6074, 7645 / 6074), ours over mips-ref
        let rf = row(&md, h, "mips-ref");
        assert_eq!(&rf[2..6], &["6074", "800", "-", "-"]);
        let na = row(&md, h, "mips-native");
        assert_eq!(&na[2..6], &["6595", "840", "+8.6 %", "+5 %"]);
        let co = row(&md, h, "mips-coproc");
        assert_eq!(&co[2..6], &["7645", "1000", "+25.9 %", "+25 %"]);
        assert_eq!(&co[6..8], &["-", "P&R not run (make pnr)"]);
    }
}
