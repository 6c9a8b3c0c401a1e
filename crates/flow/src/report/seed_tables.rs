//! The seed tables: per published source, performance (cycles/byte, code size, speed-up:
//! published beside measured) and silicon (slices, area over the baseline, place-and-route
//! Fmax and the throughput at it, RTL == simulator).

use super::model::{DesignFigures, Model, SEED_ALG};
use super::table::{f1, f2, md_table, opt_ratio_cell, or_dash, pnr_cell};
use crate::design::Published;
use crate::md;
use std::collections::BTreeMap;
use std::fmt::Write;

/// A design's measured speed-ups: over its baseline and every design reproducing the
/// baseline's row, labelled by baseline when there is more than one.
pub fn speedups_text(f: &DesignFigures) -> String {
    if f.design.baseline.is_none() || f.speedups.is_empty() {
        return "-".into();
    }
    f.speedups
        .iter()
        .map(|(b, sp)| {
            if f.speedups_labelled {
                format!("{} ({})", f2(*sp), md::code(b))
            } else {
                f2(*sp)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Two tables per published source (seed table): performance and silicon.
pub fn seed_tables(m: &Model) -> String {
    let mut groups: BTreeMap<String, Vec<&DesignFigures>> = BTreeMap::new();
    for f in &m.software {
        if let Some(p) = &f.design.published {
            groups.entry(p.source.clone()).or_default().push(f);
        }
    }
    let mut s = String::new();
    for (source, ds) in groups {
        // one table of the source's designs: a heading, its method, and per design its paper
        // row, its name and the cells `row` gives
        let mut table =
            |what: &str,
             method: String,
             headers: &[&str],
             row: &dyn Fn(&DesignFigures, &Published) -> Vec<String>| {
                let _ = writeln!(s, "#### {}: {what}\n", md::text(&source));
                let _ = writeln!(s, "{method}");
                let rows: Vec<Vec<String>> = ds
                    .iter()
                    .map(|f| {
                        let d = f.design;
                        let p = d.published.as_ref().expect("grouped by published");
                        let mut v = vec![
                            md::text(p.row.as_deref().unwrap_or(&d.name)),
                            md::code(&d.name),
                        ];
                        v.extend(row(f, p));
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
            &|f, p| {
                vec![
                    or_dash(f.published_cpb, f1),
                    or_dash(f.cpb, f1),
                    opt_ratio_cell(f.cpb_ratio),
                    p.code_bytes
                        .map(|c| c.to_string())
                        .unwrap_or_else(|| "-".into()),
                    f.bench
                        .map(|b| b.code_size_bytes.to_string())
                        .unwrap_or_else(|| "-".into()),
                    opt_ratio_cell(f.code_ratio),
                    or_dash(p.speedup, f2),
                    speedups_text(f),
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
            &|f, p| {
                vec![
                    p.slices
                        .map(|v| v.to_string())
                        .unwrap_or_else(|| "-".into()),
                    f.proc_slices
                        .map(|v| format!("{v:.0}"))
                        .unwrap_or_else(|| "not measured".into()),
                    f.published_area_over_baseline_pct
                        .map(|v| format!("{v:+.1} %"))
                        .unwrap_or_else(|| "-".into()),
                    f.area_over_baseline_pct
                        .map(|v| format!("{v:+.0} %"))
                        .unwrap_or_else(|| "-".into()),
                    match f.pnr.and_then(|x| x.lut4) {
                        Some(v) => v.to_string(),
                        None => "-".into(),
                    },
                    pnr_cell(f.pnr, f.design.rtl.is_some()),
                    or_dash(f.mbit_at_pnr, f1),
                    match f.rtl {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::model::Inputs;
    use crate::report::table::test_support::row;
    use crate::results::test_support::{bench_rec, proc_area, results_of, tree_designs};
    use crate::results::{PnrRecord, Record};

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
                unrouted: None,
                unrouted_seeds: vec![],
            }),
        ]);
        let md = seed_tables(&Model::new(&r, &designs, Inputs::default()));
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
        let md = seed_tables(&Model::new(&r, &designs, Inputs::default()));
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
