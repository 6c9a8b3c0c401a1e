//! The report's ASIC section: every target of the ASIC flow, and seeds 001, 003 and 004
//! beside it.

use super::model::{AsicThroughput, Model, Seed003AsicFigures, Seed004AsicFigures, SEED_ALG};
use super::table::{f0, f1, f2, md_table, ratio_cell};
use crate::md;
use std::fmt::Write;

/// Every target of the ASIC flow: sky130 area and GE, OSU 0.18 um Fmax and its path, and the
/// throughput at that Fmax (Keccak cases: Gbps, SHA3-512; processors: MB/s at their measured
/// SHA3-256 cycles per byte).
pub fn asic_table(m: &Model) -> String {
    let g = |v: Option<f64>, f: fn(f64) -> String| v.map(f).unwrap_or_else(|| "-".into());
    let rows: Vec<Vec<String>> = m
        .asics
        .iter()
        .map(|x| {
            let a = x.rec;
            let tp = match x.throughput {
                Some(AsicThroughput::Gbps(gb)) => format!("{} Gbps", f2(gb)),
                Some(AsicThroughput::MBps(mb)) => format!("{} MB/s", f2(mb)),
                None => "-".into(),
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
pub fn seed004_asic_table(x: &Seed004AsicFigures) -> String {
    let p = &x.published;
    let not_run = "ASIC flow not run (make asic, or make reproduce HW=all)";
    let row = |what: &str, publ: String, meas: Option<f64>, fmt: fn(f64) -> String, pv: f64| {
        vec![
            what.to_string(),
            publ,
            meas.map(fmt).unwrap_or_else(|| not_run.into()),
            meas.map(|m| ratio_cell(super::model::ratio(m, pv)))
                .unwrap_or_else(|| "-".into()),
        ]
    };
    let mut rows = vec![
        row("area (kGE), sky130 GE", f1(p.kge), x.kge, f1, p.kge),
        row(
            "Fmax (MHz), OSU 0.18 um as measured",
            f0(p.fmax_mhz),
            x.fmax_mhz,
            f0,
            p.fmax_mhz,
        ),
        row(
            "throughput (Gbps) at that Fmax",
            f1(p.gbps),
            x.gbps,
            f1,
            p.gbps,
        ),
        row(
            "efficiency (Mbps/GE) at that Fmax",
            f2(x.published_mbps_per_ge_shown),
            x.mbps_per_ge,
            f2,
            x.published_mbps_per_ge,
        ),
    ];
    if x.scale.is_some() {
        rows.push(row(
            "Fmax (MHz) scaled to 65 nm (x1.43 per step, 180 -> 130 -> 90 -> 65 nm)",
            f0(p.fmax_mhz),
            x.fmax_scaled,
            f0,
            p.fmax_mhz,
        ));
        rows.push(row(
            "throughput (Gbps) at the scaled Fmax",
            f1(p.gbps),
            x.gbps_scaled,
            f1,
            p.gbps,
        ));
    }
    rows.push(row(
        "area (kGE), generic-gate estimate (Yosys gates x NAND2 weights, not a cell library)",
        f1(p.kge),
        x.kge_generic_est,
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
pub fn seed001_asic_table(m: &Model) -> String {
    if m.seed001_asic.is_empty() {
        return String::new();
    }
    let o = |v: Option<f64>, f: fn(f64) -> String| v.map(f).unwrap_or_else(|| "-".into());
    let pct = |v: f64| format!("{v:+.0} %");
    let rows: Vec<Vec<String>> = m
        .seed001_asic
        .iter()
        .map(|x| {
            let row = &x.row;
            vec![
                md::text(&row.row),
                md::code(&row.design),
                f0(row.fmax_mhz),
                o(x.fmax_mhz, f0),
                f2(x.fmax_rel_published),
                o(x.fmax_rel_measured, f2),
                o(x.kge, f1),
                o(x.ge_over_ref_pct, pct),
                o(x.slices_over_ref_published_pct, pct),
                f2(row.mbytes_per_s),
                o(x.mbytes_per_s, f2),
                f2(x.speedup_published),
                o(x.speedup_measured, f2),
                o(x.power_mw.map(|(a, b)| a + b), f2),
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

const NOT_RUN: &str = "not run (make asic)";

/// Seed 001 Table 5's power columns, published (TSMC 28 nm) beside measured (OSU 0.18 um):
/// power, MB/mJ and the power-efficiency speed-up over the reference row. Absolute mW and
/// MB/mJ do not carry across nodes; the ratios to the reference core do.
pub fn seed001_power_table(m: &Model) -> String {
    if m.seed001_asic.is_empty() {
        return String::new();
    }
    let o = |v: Option<f64>, f: fn(f64) -> String| v.map(f).unwrap_or_else(|| NOT_RUN.into());
    let rows: Vec<Vec<String>> = m
        .seed001_asic
        .iter()
        .map(|x| {
            let row = &x.row;
            let published = match (row.static_mw, row.dynamic_mw) {
                (Some(s), Some(d)) => format!("{} ({} + {})", f2(row.power_mw), f2(s), f2(d)),
                _ => f2(row.power_mw),
            };
            vec![
                md::text(&row.row),
                md::code(&row.design),
                published,
                x.power_mw
                    .map(|(s, d)| format!("{} ({} + {})", f2(s + d), f2(s), f2(d)))
                    .unwrap_or_else(|| NOT_RUN.into()),
                row.mbytes_per_mj.map(f2).unwrap_or_else(|| "-".into()),
                o(x.mb_per_mj, |v| format!("{v:.4}")),
                row.power_eff_speedup.map(f2).unwrap_or_else(|| "-".into()),
                o(x.power_eff_speedup_measured, f2),
                o(x.pj_per_byte, f0),
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
pub fn power_table(m: &Model) -> String {
    let rows: Vec<Vec<String>> = m
        .powers
        .iter()
        .map(|x| match &x.rec {
            None => {
                let mut v = vec![md::code(&x.design), NOT_RUN.into()];
                v.extend((0..8).map(|_| "-".to_string()));
                v
            }
            Some(p) => vec![
                md::code(&x.design),
                f1(p.fmax_mhz),
                f2(p.static_mw + p.dynamic_mw),
                format!("{:.3}", p.static_mw),
                f2(p.total_ref_mw),
                p.vectorless_fmax_mw
                    .map(f2)
                    .unwrap_or_else(|| "- (OpenSTA crashed)".into()),
                f0(p.pj_per_byte),
                f1(p.nj_per_perm),
                format!("{:.4}", p.mb_per_mj),
                x.eff_over_baseline.map(f2).unwrap_or_else(|| "-".into()),
            ],
        })
        .collect();
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

/// What a run with hardware but no ASIC results says in place of the ASIC section.
pub const ASIC_NOT_RUN: &str = "Not measured in this run: the ASIC flow runs with `make asic` (or `make reproduce HW=all`, `sha3-asip reproduce --hw all`; hours cold on two cores), and every later `make reproduce` reads its results from the cache (hw/build/asic). It gives: the sky130 area and OSU 0.18 um timing of every Keccak case, extension unit and processor; seed 004, Table IV (ASIC, Case V); seed 001, Table 5 (ASIC) with its power and energy table; the power and energy of every processor.";

/// The report's ASIC section: method, every target, and the seed 001, 003 and 004
/// comparisons; without ASIC records, which command produces them (a run with hardware
/// results), or nothing (a run without: `--quick`, `--designs`).
pub fn asic_section(m: &Model) -> String {
    let Some(first) = m.asics.first() else {
        if m.results.hw_perfs().next().is_some() || m.results.areas().next().is_some() {
            return format!("\n## ASIC: sky130 area, OSU 0.18 um timing\n\n{ASIC_NOT_RUN}\n");
        }
        return String::new();
    };
    let mut s = String::from("\n## ASIC: sky130 area, OSU 0.18 um timing\n\n");
    let _ = writeln!(
        s,
        "Method: {} (`hw/scripts/asic.py`, docs/hardware.md \"ASIC\"). GE = area / area of sky130 `nand2_1` (3.7536 um^2). Fmax: OSU 0.18 um, typical corner, ideal clock, no wire load, pre-layout. Processors: core + units, instruction and data memories not included. Throughput: Keccak cases in Gbps (SHA3-512, seed 004 eq. 5), processors in MB/s = Fmax / measured {SEED_ALG} cycles per byte.\n",
        md::text(&first.rec.flow)
    );
    s.push_str(&asic_table(m));
    let Some(x) = &m.seed004_asic else {
        return s;
    };
    let p = &x.published;
    s.push_str("\n#### seed 004, Table IV (ASIC, Case V)\n\nMethod: published = TSMC 65 nm (Synopsys Design Compiler); measured = our Case V through the ASIC flow (sky130 GE, OSU 0.18 um Fmax), raw. ");
    if let (Some((k, src)), Some((_, total))) = (&p.seeds.scale_per_step, x.scale) {
        let _ = write!(
            s,
            "Scaled rows: the seed's own frequency rule, x{k} per node step ({src}), applied over three steps 180 -> 130 -> 90 -> 65 nm (x{total:.2}; the 180 -> 130 step extends the seed's rule, which covers 130 -> 65 nm); area in GE is not scaled. ",
        );
    }
    s.push_str("Ratio = measured / published.\n\n");
    s.push_str(&seed004_asic_table(x));
    if !p.seeds.seed001.is_empty() {
        let _ = write!(
            s,
            "\n#### seed 001, Table 5 (ASIC, {})\n\nMethod: published = the paper's Synopsys flow in {}, power from gate-level switching activity (ours: the next table); measured = our processors (core + units, memories outside) through the ASIC flow, Fmax raw in OSU 0.18 um (no node scaling: the fair comparison across nodes is the ratio to the reference core, measured beside published); GE over reference = our sky130 GE over the reference core's; the paper gives no ASIC area, so its area overhead is the one it publishes on FPGA (Virtex-7 slices, Table 4, the row each design cites); MB/s = Fmax / measured {SEED_ALG} cycles per byte; speed-up = over the reference row.\n\n",
            p.seeds.seed001_node, p.seeds.seed001_node
        );
        s.push_str(&seed001_asic_table(m));
        let _ = write!(
            s,
            "\n#### seed 001, Table 5: power and energy\n\nMethod: published = the paper's Synopsys Power Compiler on SAIF from a gate-level simulation of its SHA-3 firmware, {}; measured: {POWER_METHOD}. mW and MB/mJ do not carry from 28 nm to 0.18 um (voltage, capacitance, frequency); the power-efficiency speed-up (MB/mJ over the reference row) does.\n\n",
            p.seeds.seed001_node
        );
        s.push_str(&seed001_power_table(m));
    }
    if !m.powers.is_empty() {
        let flow = m
            .powers
            .iter()
            .find_map(|x| x.rec.as_ref())
            .map(|p| md::text(&p.flow))
            .unwrap_or_else(|| NOT_RUN.into());
        let _ = write!(
            s,
            "\n#### Power and energy of every processor\n\nMethod: {POWER_METHOD}. Flow: {flow}.\n\n"
        );
        s.push_str(&power_table(m));
    }
    if let Some(x3) = &m.seed003_asic {
        s.push_str(&seed003_asic_table(x3));
    }
    s
}

/// Seed 003's GE beside ours: its SIMD Keccak instructions (published node named), our
/// vector unit (the target `unit` names; "not measured" until the ASIC flow has it) and
/// every other extension unit, raw sky130 GE (GE is the node-independent measure; no
/// scaling).
pub fn seed003_asic_table(x: &Seed003AsicFigures) -> String {
    let p3 = &x.published;
    let mut s = format!(
        "\n#### seed 003 (ASIC)\n\nMethod: published = the paper's {what}, {node} standard cells (its abstract); measured = our extension units alone through the ASIC flow (sky130 GE, not scaled: GE is already relative to a NAND2 of its own library), and the seed's own accounting, the instructions' cost on top of the SIMD unit: the difference of two whole processors' GE (same flow, same core; the Keccak SIMD extension = the extension design's processor - the NEON design's, the vector base = the NEON design's - the scalar design's; a difference of two whole-processor syntheses, whose mapping of the shared vector unit is not the same in both netlists: a small difference carries that variation, which is of the same order); ratio = measured / published.\n\n",
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
        rows.push(vec![
            format!("{} (our vector unit, the answer to seed 003)", md::code(u)),
            "measured, sky130".into(),
            x.unit_ge.map(f0).unwrap_or_else(|| "not measured".into()),
            x.unit_ratio.map(ratio_cell).unwrap_or_else(|| "-".into()),
        ]);
    }
    // the extension's own GE: the difference of the two vector processors (same core,
    // same vector unit but for the extension's instructions), the seed's accounting
    for d in &x.breakdown {
        rows.push(vec![
            format!(
                "{}: {} - {} (processors)",
                d.what,
                md::code(&d.design),
                md::code(&d.minus)
            ),
            "measured, sky130".into(),
            d.ge.map(f0).unwrap_or_else(|| "not measured".into()),
            d.ratio
                .map(|r| format!("{r:.2}"))
                .unwrap_or_else(|| "-".into()),
        ]);
    }
    for (target, g, r) in &x.others {
        rows.push(vec![
            md::code(target),
            "measured, sky130".into(),
            f0(*g),
            ratio_cell(*r),
        ]);
    }
    s.push_str(&md_table(&["unit", "source", "GE", "ratio"], &rows));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::model::Inputs;
    use crate::report::table::test_support::row;
    use crate::results::test_support::{bench_rec, results_of, tree, tree_designs};
    use crate::results::Record;

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
        let r = results_of(vec![
            bench_rec("rv32-ref", 100.0),
            bench_rec("rv32-dasip", 25.0),
            asic_rec("case V", 150_000.0, 400.0, Some(20.0)),
            asic_rec("rv32-ref", 40_000.0, 200.0, None),
            asic_rec("rv32-dasip", 60_000.0, 180.0, None),
        ]);
        let designs = tree_designs();
        let m = Model::new(&r, &designs, Inputs::load(&tree()));
        let md = asic_section(&m);
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
        assert!(line(s3, "(its own GE)").contains("| not measured | - |"));
        let r3 = results_of(vec![
            asic_rec("isa/xvkeccak", 9316.0, 300.0, None),
            asic_rec("rv32-sw", 30_000.0, 200.0, None),
            asic_rec("rv32-v", 70_000.0, 150.0, None),
            asic_rec("rv32-v-keccak", 72_329.0, 150.0, None),
        ]);
        let s3 = asic_section(&Model::new(&r3, &designs, Inputs::load(&tree())));
        assert!(
            line(&s3, "`isa/xvkeccak`").contains("| 9316 | 2.00 |"),
            "{s3}"
        );
        // the extension's own GE: 72329 - 70000 = 2329 = 0.50 x 4658; the base 40000
        assert!(
            line(&s3, "(its own GE)").contains("| 2329 | 0.50 |"),
            "{s3}"
        );
        assert!(line(&s3, "the 128-bit vector base: ").contains("| 40000 | - |"));
        assert!(asic_table(&m).contains("| 7.20 MB/s |"));
        let empty = results_of(Vec::new());
        assert_eq!(
            asic_section(&Model::new(&empty, &designs, Inputs::load(&tree()))),
            ""
        );
        // hardware measured, the ASIC flow not run: the section says what produces it
        let hw_only = results_of(vec![Record::HwPerf(crate::results::HwPerfRecord {
            case: "case V".into(),
            alg: "sha3-512".into(),
            cycles_per_block: 36.0,
            latency_cycles: None,
            gbps: None,
            mbps_per_slice: None,
            digests_ok: true,
        })]);
        let s = asic_section(&Model::new(&hw_only, &designs, Inputs::load(&tree())));
        assert!(
            s.contains("`make reproduce HW=all`") && s.contains("seed 004, Table IV"),
            "{s}"
        );
    }

    fn power_rec(design: &str, fmax: f64, stat: f64, dynm: f64, pjb: f64) -> Record {
        Record::Power(crate::results::PowerRecord {
            design: design.into(),
            flow: "test power flow".into(),
            fmax_mhz: fmax,
            static_mw: stat,
            dynamic_mw: dynm,
            total_ref_mw: stat + dynm,
            vectorless_fmax_mw: Some(9.0),
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
        let r = results_of(vec![
            asic_rec("rv32-ref", 40000.0, 150.0, None),
            asic_rec("rv32-dasip", 60000.0, 120.0, None),
            power_rec("rv32-ref", 150.0, 0.01, 30.0, 2000.0),
            power_rec("rv32-dasip", 120.0, 0.02, 20.0, 500.0),
        ]);
        let md = asic_section(&Model::new(&r, &designs, Inputs::load(&tree())));
        // published 3.66 (0.72 + 2.94) mW, 1.17 MB/mJ, 3.88x beside measured 20.02 mW,
        // 2.000 MB/mJ and 2.000 / 0.500 = 4.00x
        let d = row(&md, "seed 001, Table 5: power", "rv32-dasip");
        assert_eq!(
            &d[2..9],
            &[
                "3.66 (0.72 + 2.94)",
                "20.02 (0.02 + 20.00)",
                "1.17",
                "2.0000",
                "3.88",
                "4.00",
                "500"
            ]
        );
        let o = row(&md, "seed 001, Table 5: power", "rv32-oasip");
        assert_eq!(o[3], NOT_RUN);
        // the ASIC table's power column is the measured one now
        let a = row(&md, "seed 001, Table 5 (ASIC", "rv32-dasip");
        assert_eq!(a[13], "20.02");
        // every processor: a measured one with its baseline's ratio, the others not run
        let all = row(&md, "Power and energy of every processor", "rv32-dasip");
        assert_eq!(&all[1..4], &["120.0", "20.02", "0.020"]);
        assert_eq!(all[9], "4.00");
        let m = row(&md, "Power and energy of every processor", "mips-ref");
        assert_eq!(m[1], NOT_RUN);
        assert_eq!(all[5], "9.00");
    }

    #[test]
    fn a_missing_vectorless_figure_says_why_and_keeps_the_measured_ones() {
        let designs = tree_designs();
        let mut p = power_rec("rv32-dasip", 120.0, 0.02, 20.0, 500.0);
        if let Record::Power(ref mut r) = p {
            r.vectorless_fmax_mw = None;
        }
        let r = results_of(vec![asic_rec("rv32-dasip", 60000.0, 120.0, None), p]);
        let md = asic_section(&Model::new(&r, &designs, Inputs::load(&tree())));
        let all = row(&md, "Power and energy of every processor", "rv32-dasip");
        assert_eq!(
            &all[1..6],
            &["120.0", "20.02", "0.020", "20.02", "- (OpenSTA crashed)"]
        );
    }
}
