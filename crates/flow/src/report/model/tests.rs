//! The model's figures from a small hand-written results file
//! (`crates/flow/testdata/report-model.json`) with the tree's designs and published data.

use super::*;
use crate::results::test_support::{tree, tree_designs};

fn results() -> Results {
    Results::from_json(include_str!("../../../testdata/report-model.json")).unwrap()
}

fn close(a: Option<f64>, b: f64) {
    let a = a.unwrap_or_else(|| panic!("no figure, want {b}"));
    assert!((a - b).abs() < 1e-9 * b.abs().max(1.0), "{a} != {b}");
}

#[test]
fn per_design_speed_speedups_area_and_published_ratios() {
    let (r, ds) = (results(), tree_designs());
    let m = Model::new(&r, &ds, Inputs::default());
    let o = m.design("rv32-oasip").unwrap();
    close(o.cpb, 200.0);
    close(o.speedup, 1000.0 / 200.0);
    // rv32-ref and rv32-ref-eo both reproduce Z-scale: a speed-up over each, labelled
    assert_eq!(
        o.speedups,
        vec![
            ("rv32-ref".to_string(), 5.0),
            ("rv32-ref-eo".to_string(), 3.0)
        ]
    );
    assert!(o.speedups_labelled);
    // seed 001 Table 4: OASIP 3.43 bytes per 1000 cycles, 1066 code bytes, 981 / 747.5 slices
    close(o.published_cpb, 1000.0 / 3.43);
    close(o.cpb_ratio.flatten(), 200.0 / (1000.0 / 3.43));
    close(o.code_ratio.flatten(), 1000.0 / 1066.0);
    close(
        o.published_area_over_baseline_pct,
        100.0 * (981.0 / 747.5 - 1.0),
    );
    close(o.proc_slices, 900.0);
    close(o.area_over_baseline_pct, 50.0);
    // 25 MHz x 8 bit / 200 c/B
    close(o.mbit_at_pnr, 1.0);
    assert_eq!(o.pnr.and_then(|p| p.lut4), Some(8000));
    assert!(o.rtl.is_some_and(|x| x.lockstep_ok));
    assert!(o.digests_ok);

    let rf = m.design("rv32-ref").unwrap();
    close(rf.cpb_512, 1900.0);
    assert!(!rf.digests_ok, "its SHA3-512 digest is wrong");
    assert_eq!(rf.speedup, None, "a baseline has no speed-up");
    assert_eq!(rf.area_over_baseline_pct, None);
    // the DASIP design has no processor area: no area figures, no place on the front
    let da = m.design("rv32-dasip").unwrap();
    assert_eq!((da.proc_slices, da.on_front), (None, None));
    // a design without measurements has only its published figures
    let z = m.design("rv32-zbkb").unwrap();
    assert_eq!((z.cpb, z.speedup, z.cpb_ratio), (None, None, None));
}

#[test]
fn ranking_and_pareto_front_per_architecture() {
    let (r, ds) = (results(), tree_designs());
    let m = Model::new(&r, &ds, Inputs::default());
    let names = |arch| {
        m.ranked(arch)
            .map(|f| f.design.name.as_str())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        names(None),
        [
            "rv32-dasip",
            "rv32-oasip",
            "mips-ref",
            "rv32-ref-eo",
            "rv32-ref"
        ]
    );
    assert_eq!(names(Some(Arch::Mips32)), ["mips-ref"]);
    // areas 600 / 650 / 900 slices at 1000 / 600 / 200 c/B: all three on the front
    for d in ["rv32-ref", "rv32-ref-eo", "rv32-oasip"] {
        assert_eq!(m.design(d).unwrap().on_front, Some(true), "{d}");
    }
    assert_eq!(
        pareto_front(&[(600.0, 1000.0), (650.0, 1000.0), (900.0, 200.0)]),
        [true, false, true]
    );
}

#[test]
fn hardware_cases_relative_to_case_i_and_at_the_pnr_fmax() {
    let (r, ds) = (results(), tree_designs());
    let m = Model::new(&r, &ds, Inputs::load(&tree()));
    let v = m.cases.iter().find(|c| c.perf.case == "case V").unwrap();
    close(v.eff_rel_measured, 5.0 / 10.0);
    // seed 004 Table II: 11.47 / 4.22 Mbps/slice
    close(v.eff_rel_published, 11.47 / 4.22);
    // 20 Gbps at 200 MHz est., placed and routed at 100 MHz
    close(v.gbps_at_pnr, 10.0);
    assert_eq!(v.pnr_fmax, Some(100.0));
    assert!(v.in_flight.is_some(), "hw/cases.json names case V");
    let i = m.cases.iter().find(|c| c.perf.case == "case I").unwrap();
    assert_eq!((i.area.is_none(), i.gbps_at_pnr), (true, None));
}

#[test]
fn asic_throughput_and_seed_comparisons() {
    let (r, ds) = (results(), tree_designs());
    let m = Model::new(&r, &ds, Inputs::load(&tree()));
    let tp = |t: &str| throughput(&m, t);
    assert_eq!(tp("case V"), Some(AsicThroughput::Gbps(20.0)));
    // 180 MHz / 80 c/B
    assert_eq!(tp("rv32-dasip"), Some(AsicThroughput::MBps(2.25)));
    assert_eq!(tp("isa/dasip"), None);

    let s4 = m.seed004_asic.as_ref().unwrap();
    close(s4.kge, 150.0);
    close(s4.mbps_per_ge, 20.0 / 150.0);
    close(s4.fmax_scaled, 400.0 * 1.43f64.powi(3));
    close(s4.kge_generic_est, 120.0);

    let d = m
        .seed001_asic
        .iter()
        .find(|x| x.row.design == "rv32-dasip")
        .unwrap();
    close(d.fmax_rel_measured, 180.0 / 200.0);
    close(Some(d.fmax_rel_published), 560.0 / 590.0);
    close(d.ge_over_ref_pct, 50.0);
    close(
        d.slices_over_ref_published_pct,
        100.0 * (1522.0 / 747.5 - 1.0),
    );
    close(d.mbytes_per_s, 2.25);
    // over rv32-ref: 200 MHz / 1000 c/B
    close(d.speedup_measured, 2.25 / 0.2);

    let s3 = m.seed003_asic.as_ref().unwrap();
    assert_eq!(s3.unit_ge, None, "isa/xvkeccak not measured here");
    assert_eq!(
        s3.others,
        vec![("isa/dasip".to_string(), 9316.0, Some(2.0))]
    );
}

#[test]
fn a_zero_published_figure_gives_no_ratio() {
    assert_eq!(ratio(3.0, 0.0), None);
    assert_eq!(ratio(3.0, 2.0), Some(1.5));
}
#[test]
fn pareto_front_keeps_ties_and_drops_dominated_points() {
    let pts = [
        (615.0, 1040.9), // rv32-ref: same area as rv32-sw, slower: dominated
        (615.0, 99.5),   // rv32-sw
        (592.0, 629.7),  // rv32-ref-eo: smallest
        (738.0, 66.2),   // rv32-zbkb: fastest
        (1447.0, 77.5),  // rv32-dasip: larger and slower than zbkb
        (738.0, 66.2),   // an exact tie with zbkb: both on the front
        (600.0, 629.7),  // same speed as ref-eo, larger: dominated
    ];
    assert_eq!(
        pareto_front(&pts),
        vec![false, true, true, true, false, true, false]
    );
    assert_eq!(pareto_front(&[]), Vec::<bool>::new());
    assert_eq!(pareto_front(&[(0.0, 1.0)]), vec![true]);
}

#[test]
fn seed004_ratios_to_case_i_per_flow() {
    let (r, ds) = (results(), tree_designs());
    let m = Model::new(&r, &ds, Inputs::load(&tree()));
    let t = crate::report::hw_tables::seed004_ratio_table(&m);
    let row = t
        .lines()
        .find(|l| l.starts_with("| case V |"))
        .unwrap_or_else(|| panic!("{t}"));
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    // [case, Fmax pub/ECP5/ASIC, area pub/ECP5/ASIC, Gbps pub/ECP5/ASIC, eff. pub/ECP5/ASIC]
    // published (Table II): 344/153 MHz, 1406/871 slices, 16.51/3.68 Gbps, 11.47/4.22
    assert_eq!(cells[2], "2.25", "{row}");
    // ECP5: 100/50 MHz; 9000/6000 LUT4; case I has no Gbps at its P&R Fmax (no estimate)
    assert_eq!(cells[3], "2.00", "{row}");
    assert_eq!(cells[6], "1.50", "{row}");
    assert_eq!((cells[9], cells[12]), ("-", "-"), "{row}");
    // ASIC: 400/200 MHz (11 % off the published 2.25: no mark), 150/50 kGE (3.00 against
    // 1.61 published: marked), 20/5 Gbps (11 % off 4.49), (20/150)/(5/50) efficiency
    // (51 % off 2.72: marked)
    assert_eq!(cells[4], "2.00", "{row}");
    assert_eq!(cells[7], "3.00 *", "{row}");
    assert_eq!(cells[10], "4.00", "{row}");
    assert_eq!(cells[13], "1.33 *", "{row}");
    assert_eq!((cells[5], cells[8], cells[11]), ("1.61", "4.49", "2.72"));
}

#[test]
fn seed004_efficiency_against_case_v_per_flow() {
    let (r, ds) = (results(), tree_designs());
    let m = Model::new(&r, &ds, Inputs::load(&tree()));
    let t = crate::report::hw_tables::seed004_vs_v_table(&m);
    let row = |case: &str| -> Vec<String> {
        let l = t
            .lines()
            .find(|l| l.starts_with(&format!("| {case} |")))
            .unwrap_or_else(|| panic!("{t}"));
        l.split('|').map(|c| c.trim().to_string()).collect()
    };
    // [case, eff. ECP5 / V, eff. ASIC / V, both >= 1.30]
    let v = row("case V");
    assert_eq!(
        (v[2].as_str(), v[3].as_str(), v[4].as_str()),
        ("1.00", "1.00", "no"),
        "{t}"
    );
    // case I: no Gbps at its P&R Fmax; ASIC (5 Gbps / 50 kGE) / (20 Gbps / 150 kGE) = 0.75
    let i = row("case I");
    assert_eq!((i[2].as_str(), i[3].as_str()), ("-", "0.75"), "{t}");
    assert_eq!(i[4], "- (a flow not run)", "{t}");
}

/// An ASIC-flow result of a case run without its simulation (`asic.py --no-sim`: no Gbps)
/// takes its throughput from the reproduction's simulation of the case, scaled from the
/// synthesis Fmax estimate to the OSU Fmax (as the P&R column is); a case without the
/// estimate has none.
#[test]
fn asic_case_throughput_from_the_case_simulation_when_the_flow_did_not_simulate() {
    let text = include_str!("../../../testdata/report-model.json").replace(
        r#""start": "a", "end": "b", "gbps": 20.0"#,
        r#""start": "a", "end": "b", "gbps": null"#,
    );
    assert!(!text.contains(r#""end": "b", "gbps": 20.0"#));
    let text = text.replace(
        r#""fmax_mhz": 200.0, "start": "a", "end": "b", "gbps": 5.0"#,
        r#""fmax_mhz": 200.0, "start": "a", "end": "b", "gbps": null"#,
    );
    let r = Results::from_json(&text).unwrap();
    let ds = tree_designs();
    let m = Model::new(&r, &ds, Inputs::load(&tree()));
    let tp = |t: &str| throughput(&m, t);
    // case V: 20 Gbps at the 200 MHz estimate, 400 MHz in the ASIC flow
    assert_eq!(tp("case V"), Some(AsicThroughput::Gbps(40.0)));
    let v = m.cases.iter().find(|c| c.perf.case == "case V").unwrap();
    close(v.gbps_at_asic, 40.0);
    close(m.seed004_asic.as_ref().unwrap().gbps, 40.0);
    // case I has no synthesis estimate in the fixture
    assert_eq!(tp("case I"), None);
    let i = m.cases.iter().find(|c| c.perf.case == "case I").unwrap();
    assert_eq!(i.gbps_at_asic, None);
}

/// The ASIC throughput the model gives target `t`.
fn throughput(m: &Model, t: &str) -> Option<AsicThroughput> {
    m.asics
        .iter()
        .find(|a| a.rec.target == t)
        .unwrap()
        .throughput
}
