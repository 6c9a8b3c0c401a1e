//! The hardware tables: extension units, Keccak cases and seed 004 Table II beside them.

use super::model::Model;
use super::table::{f0, f1, f2, md_table, pnr_fmax_cell};
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
                pnr_fmax_cell(c.pnr_fmax, true),
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
                pnr_fmax_cell(c.pnr_fmax, true),
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
