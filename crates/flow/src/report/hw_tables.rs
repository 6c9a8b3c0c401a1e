//! The hardware tables: extension units, Keccak cases and seed 004 Table II beside them.

use super::model::{CaseFigures, Model};
use super::table::{f0, f1, f2, md_table, pnr_cell};
use crate::md;

/// How the seed 004 Table II comparison is measured (under the table in every format).
pub const SEED004_METHOD: &str = "Method: published = the paper's Xilinx ISE place and route; slices est. and Fmax est. = our Yosys synthesis, Fmax estimated from LUT levels (not placed and routed); Gbps at Fmax est. = that estimate x 8 x rate / cycles per block, counting every message a pipelined case keeps in flight (N x (1 + SUB) slots, `hw/cases.json`), as seed 004 eq. (5) does.\n\n";

/// Area of the instruction-set extensions' functional units (`unit` = `isa/<ext>[/<part>]`).
pub fn units_table(m: &Model) -> String {
    let r = m.results;
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

/// Hardware cases: simulated throughput and synthesized area.
pub fn hw_table(m: &Model) -> String {
    let rows: Vec<Vec<String>> = m
        .cases
        .iter()
        .map(|c| {
            let (h, a) = (c.perf, c.area);
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
                pnr_cell(m.results.pnr(&c.perf.case), true),
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

/// Seed 004 Table II beside the measured cases: area, Fmax, throughput, efficiency, and
/// each case's efficiency relative to case I (the ratio that compares across flows).
pub fn seed004_table(m: &Model) -> String {
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
    let rows: Vec<Vec<String>> = m
        .cases
        .iter()
        .map(|c| {
            let (h, a, p) = (c.perf, c.area, c.published.as_ref());
            vec![
                md::text(&h.case),
                opt0(p.map(|p| p.slices)),
                opt0(a.and_then(|a| a.slices_est)),
                opt0(p.map(|p| p.fmax_mhz)),
                opt0(a.and_then(|a| a.fmax_mhz_est)),
                pnr_cell(m.results.pnr(&c.perf.case), true),
                opt(p.map(|p| p.gbps)),
                opt(h.gbps),
                c.gbps_at_pnr.map(f2).unwrap_or_else(|| "-".into()),
                opt(p.map(|p| p.mbps_per_slice)),
                opt(h.mbps_per_slice),
                opt(c.eff_rel_published),
                opt(c.eff_rel_measured),
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

/// How the ratio table is measured (under it in every format).
pub const SEED004_RATIO_METHOD: &str = "Method: every figure is a ratio to the same flow's Case I. Published = seed 004 Table II (Xilinx ISE on the XC6VLX75T: Fmax, slices, Gbps, Mbps/slice); ECP5 = our place and route (round steps synthesized as modules of their own, nextpnr-ecp5 with the static placer, median Fmax of the seeds; area = LUT4 sites; Gbps = r x Fmax x messages in flight / cycles per block, seed 004 eq. (5); efficiency = Gbps / LUT4); ASIC = our ASIC flow (OSU 0.18 um Fmax by OpenSTA, sky130 GE, Gbps at that Fmax by eq. (5) with the case simulation's cycles per block and messages in flight, efficiency = Gbps / GE). A ratio marked * differs from the published one by more than 25 %: docs/reproduction-notes.md, \"Seed 004's ratios\", gives the reason from the tools' reports.\n\n";

/// One case's figures in one flow: Fmax (MHz), area, Gbps, efficiency (Gbps per area unit;
/// published: Table II's own Mbps/slice column).
type FlowFig = (Option<f64>, Option<f64>, Option<f64>, Option<f64>);

/// Seed 004 Table II as ratios to Case I, published beside ours on ECP5 P&R and in the ASIC
/// flow: Fmax, area (slices / LUT4 / GE), Gbps and efficiency.
/// (published, ECP5, ASIC) figures of one case.
fn flow_figs(m: &Model, c: &CaseFigures) -> [FlowFig; 3] {
    let r = m.results;
    let p = c.published.as_ref();
    let pnr = r.pnr(&c.perf.case);
    let asic = r.asic(&c.perf.case);
    let lut4 = pnr.and_then(|x| x.lut4).map(|v| v as f64);
    let ge = asic.and_then(|a| a.ge);
    let gbps_asic = c.gbps_at_asic;
    [
        (
            p.map(|p| p.fmax_mhz),
            p.map(|p| p.slices),
            p.map(|p| p.gbps),
            p.map(|p| p.mbps_per_slice),
        ),
        (c.pnr_fmax, lut4, c.gbps_at_pnr, div(c.gbps_at_pnr, lut4)),
        (
            asic.and_then(|a| a.fmax_mhz),
            ge,
            gbps_asic,
            div(gbps_asic, ge),
        ),
    ]
}

fn div(x: Option<f64>, y: Option<f64>) -> Option<f64> {
    match (x, y) {
        (Some(x), Some(y)) if y > 0.0 && x.is_finite() => Some(x / y),
        _ => None,
    }
}

pub fn seed004_ratio_table(m: &Model) -> String {
    let figs = |c: &CaseFigures| flow_figs(m, c);
    let Some(base) = m.cases.iter().find(|c| c.perf.case == "case I") else {
        return String::new();
    };
    let b = figs(base);
    let rows: Vec<Vec<String>> = m
        .cases
        .iter()
        .map(|c| {
            let f = figs(c);
            // [quantity][flow] ratios to case I
            let q = |i: usize| -> [Option<f64>; 3] {
                [0, 1, 2].map(|k| match i {
                    0 => div(f[k].0, b[k].0),
                    1 => div(f[k].1, b[k].1),
                    2 => div(f[k].2, b[k].2),
                    _ => div(f[k].3, b[k].3),
                })
            };
            let mut row = vec![md::text(&c.perf.case)];
            for i in 0..4 {
                let v = q(i);
                for (k, x) in v.iter().enumerate() {
                    row.push(match x {
                        None => "-".into(),
                        Some(x) => {
                            let off = k > 0
                                && v[0].is_some_and(|p| p > 0.0 && ((x / p) - 1.0).abs() > 0.25);
                            format!("{}{}", f2(*x), if off { " *" } else { "" })
                        }
                    });
                }
            }
            row
        })
        .collect();
    md_table(
        &[
            "case",
            "Fmax pub.",
            "Fmax ECP5",
            "Fmax ASIC",
            "area pub. (slices)",
            "area ECP5 (LUT4)",
            "area ASIC (GE)",
            "Gbps pub.",
            "Gbps ECP5",
            "Gbps ASIC",
            "eff. pub.",
            "eff. ECP5",
            "eff. ASIC",
        ],
        &rows,
    )
}

/// How the table against Case V is measured (under it in every format).
pub const SEED004_VS_V_METHOD: &str = "Method: each case's throughput per area divided by Case V's in the same flow: ECP5 = Gbps at the P&R Fmax per LUT4, ASIC = Gbps at the OSU 0.18 um Fmax per sky130 GE (as in the ratio table above). Issue 30 asks for a case at 1.30 or more in both flows; V-np and VI-np are `keccak_core_np`, whose loop never stalls (docs/hardware.md, \"Architecture\").\n\n";

/// Throughput per area of every case relative to Case V, on ECP5 P&R and in the ASIC flow.
pub fn seed004_vs_v_table(m: &Model) -> String {
    let Some(v) = m.cases.iter().find(|c| c.perf.case == "case V") else {
        return String::new();
    };
    let b = flow_figs(m, v);
    let rows: Vec<Vec<String>> = m
        .cases
        .iter()
        .map(|c| {
            let f = flow_figs(m, c);
            let e = [1, 2].map(|k| div(f[k].3, b[k].3));
            let both = match e {
                [Some(x), Some(y)] => if x >= 1.3 && y >= 1.3 { "yes" } else { "no" }.to_string(),
                _ => "- (a flow not run)".to_string(),
            };
            let mut row = vec![md::text(&c.perf.case)];
            row.extend(e.iter().map(|x| x.map_or("-".into(), f2)));
            row.push(both);
            row
        })
        .collect();
    md_table(
        &[
            "case",
            "eff. ECP5 / case V",
            "eff. ASIC / case V",
            ">= 1.30 in both",
        ],
        &rows,
    )
}
