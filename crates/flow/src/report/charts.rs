//! What each of the report's figures shows, decided from the model (families, published
//! rows, the Pareto front); `figure` draws them. The HTML page inlines the SVGs; README.md
//! links them.

use super::figure::Figure;
use super::model::{DesignFigures, Model, SEED_ALG};
use super::published::HwPublished;
use super::seed003;
use crate::design::Arch;
use serde_json::{json, Value};

fn arch_title(a: Arch) -> &'static str {
    match a {
        Arch::Rv32 => "RV32 designs (3-stage RV32IM core + extensions)",
        Arch::Mips32 => "MIPS32 designs (5-stage MIPS core + extensions)",
    }
}

/// A design's published (slices, cycles/byte), when its paper row gives both.
fn published_point(f: &DesignFigures) -> Option<Value> {
    let p = f.design.published.as_ref()?;
    Some(json!({"x": p.slices?, "y": f.published_cpb?}))
}

/// Cycles/byte against whole-processor area, one panel per architecture.
pub fn pareto_figure(m: &Model) -> Option<Figure> {
    let mut panels = Vec::new();
    for arch in [Arch::Rv32, Arch::Mips32] {
        let ds: Vec<&DesignFigures> = m.ranked(Some(arch)).collect();
        if ds.is_empty() {
            continue;
        }
        let points: Vec<Value> = ds
            .iter()
            .filter_map(|f| {
                let (x, y, on) = (f.proc_slices?, f.cpb?, f.on_front?);
                let d = f.design;
                Some(
                    json!({"label": d.name, "family": d.family.key(), "x": x, "y": y,
                       "front": on, "published": published_point(f)}),
                )
            })
            .collect();
        let unmeasured: Vec<Value> = ds
            .iter()
            .filter(|f| f.proc_slices.is_none())
            .map(|f| {
                json!({"label": f.design.name, "family": f.design.family.key(), "y": f.cpb,
                       "published": published_point(f)})
            })
            .collect();
        panels.push(json!({
            "title": arch_title(arch),
            "xlabel": "area: slices est. of the whole processor (log)",
            "ylabel": "SHA3-256 cycles/byte, long messages (log)",
            "points": points,
            "unmeasured": unmeasured,
        }));
    }
    if panels.is_empty() {
        return None;
    }
    Some(Figure {
        name: "pareto",
        caption: "Speed against silicon: SHA3-256 long-message cycles per byte (cycle model, lower is faster) against the area of the whole processor (core + extension units, memories outside; Yosys `synth_xilinx -family xc6v`, slices estimated as max(LUT/4, FF/8), a lower bound; `hw/scripts/synth_proc.py`). Filled dots are measured, outlined ones on the Pareto front (dashed: no design is both smaller and faster); hollow diamonds are the seed papers' published points (their Virtex-6 place and route and their cycle counts), joined to our design reproducing that row by a dotted line. RV32 and MIPS run on different cores and are not compared with each other. A design without a synthesized processor is drawn at the left edge, marked as not measured: the processors with a vector unit are synthesized by `make reproduce HW=all` or `hw/scripts/synth_proc.py --design D` (tens of CPU minutes each), and the default run reads their results from the cache.".into(),
        spec: json!({"kind": "pareto", "panels": panels}),
    })
}

/// Cycles/byte of every design, sorted by speed, with the published figures.
pub fn cycles_figure(m: &Model) -> Option<Figure> {
    let bars: Vec<Value> = m
        .ranked(None)
        .map(|f| {
            json!({"label": f.design.name, "family": f.design.family.key(), "value": f.cpb,
                   "published": f.published_cpb})
        })
        .collect();
    if bars.is_empty() {
        return None;
    }
    Some(Figure {
        name: "cycles-per-byte",
        caption: "SHA3-256 long-message cycles per byte of every design on the cycle model (steady-state cycles per absorbed block / rate; lower is faster), fastest first, coloured by family; hollow diamonds: the figure the seed paper published for the row the design reproduces.".into(),
        spec: json!({"kind": "bars", "xlabel": "SHA3-256 cycles/byte (log)", "bars": bars}),
    })
}

/// Kernel cycles per permutation split by instruction class, absolute, stacked.
pub fn classes_figure(m: &Model) -> Option<Figure> {
    let r = m.results;
    let mut classes: Vec<String> = Vec::new();
    for p in r.profiles() {
        for c in &p.classes {
            if !classes.contains(&c.class) && c.cycles > 0 {
                classes.push(c.class.clone());
            }
        }
    }
    let mut rows = Vec::new();
    let mut lens = Vec::new();
    for f in m.ranked(None) {
        let d = f.design;
        let Some(p) = r.profiles().find(|p| p.design == d.name) else {
            continue;
        };
        let Some(rate) = r
            .benches()
            .find(|b| b.design == d.name && b.alg == p.alg)
            .map(|b| b.rate_bytes)
        else {
            continue;
        };
        let perms = (p.len / rate + 1) as f64;
        let values: Vec<f64> = classes
            .iter()
            .map(|c| {
                p.classes
                    .iter()
                    .find(|x| &x.class == c)
                    .map(|x| x.cycles as f64 / perms)
                    .unwrap_or(0.0)
            })
            .collect();
        rows.push(json!({"label": d.name, "values": values}));
        if !lens.contains(&(p.len, perms)) {
            lens.push((p.len, perms));
        }
    }
    if rows.is_empty() {
        return None;
    }
    let how = lens
        .iter()
        .map(|(l, n)| format!("{l} bytes, {n} permutations"))
        .collect::<Vec<_>>()
        .join("; ");
    Some(Figure {
        name: "instruction-classes",
        caption: format!("Where the cycles go: the kernel's cycles per Keccak-f[1600] permutation, split by instruction class (seed 001 Fig. 5 classes), absolute, so the cost of each class compares across designs; the profile of one {SEED_ALG} hash ({how}) divided by its permutations (absorbing and padding code included), fastest design first."),
        spec: json!({"kind": "stacked", "classes": classes, "rows": rows,
                     "xlabel": "kernel cycles per permutation"}),
    })
}

/// Seed 004's Keccak cores: published beside measured area, throughput and efficiency.
pub fn seed004_figure(m: &Model) -> Option<Figure> {
    let cases = &m.cases;
    if cases.is_empty() {
        return None;
    }
    let cats: Vec<String> = cases
        .iter()
        .map(|c| {
            let short = c.perf.case.trim_start_matches("case ");
            match c.in_flight {
                Some(n) if n > 1 => format!("{short} ({n} msgs)"),
                _ => short.to_string(),
            }
        })
        .collect();
    let publ = |f: fn(&HwPublished) -> f64| -> Vec<Option<f64>> {
        cases
            .iter()
            .map(|c| c.published.as_ref().map(f).filter(|v| v.is_finite()))
            .collect()
    };
    let area: Vec<Option<f64>> = cases
        .iter()
        .map(|c| c.area.and_then(|a| a.slices_est))
        .collect();
    // the figure's efficiency panel is relative to the first case drawn
    let eff = |v: &[Option<f64>]| -> Vec<Option<f64>> {
        let base = v.first().copied().flatten();
        v.iter()
            .map(|x| match (x, base) {
                (Some(x), Some(b)) if b > 0.0 => Some(x / b),
                _ => None,
            })
            .collect()
    };
    let eff_m: Vec<Option<f64>> = cases.iter().map(|c| c.perf.mbps_per_slice).collect();
    let panel = |title: &str, ylabel: &str, p: Vec<Option<f64>>, m: Vec<Option<f64>>| {
        json!({"title": title, "ylabel": ylabel, "categories": cats,
               "series": [{"label": "published (paper)", "values": p},
                          {"label": "measured", "values": m}]})
    };
    let panels = vec![
        panel(
            "area",
            "slices (paper: P&R; ours: est.)",
            publ(|p| p.slices),
            area,
        ),
        panel(
            "throughput",
            "Gbps (ours at est. Fmax)",
            publ(|p| p.gbps),
            cases.iter().map(|c| c.perf.gbps).collect(),
        ),
        panel(
            "efficiency relative to case I",
            "Mbps/slice over case I's",
            eff(&publ(|p| p.mbps_per_slice)),
            eff(&eff_m),
        ),
    ];
    Some(Figure {
        name: "seed004",
        caption: "Seed 004's Keccak cores (SHA3-512), published (Xilinx ISE place and route on the XC6VLX75T) beside ours (Verilator cycles, Yosys `synth_xilinx -family xc6v` slices estimated as max(LUT/4, FF/8), Fmax estimated from LUT levels, not placed and routed; docs/hardware.md). Throughput counts every message a pipelined case keeps in flight (\"n msgs\": N x (1 + SUB) slots, hw/cases.json), as seed 004 eq. (5) does. Absolute figures differ between the flows; the efficiency relative to case I is the comparison that carries over.".into(),
        spec: json!({"kind": "grouped", "panels": panels}),
    })
}

/// Every figure the model allows, in report order.
pub fn figures(m: &Model) -> Vec<Figure> {
    [
        cycles_figure(m),
        pareto_figure(m),
        // in the order the report shows them: the seed 003 section comes before the profile
        seed003::figure(m),
        classes_figure(m),
        seed004_figure(m),
    ]
    .into_iter()
    .flatten()
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::model::Inputs;
    use crate::results::test_support::{bench_rec, proc_area, results_of, tree_designs};

    #[test]
    fn every_design_is_in_the_figures_once_sorted_by_speed() {
        let designs = tree_designs();
        // every design benchmarked, at distinct speeds; only the first half has an area
        let mut recs = Vec::new();
        for (i, d) in designs.iter().enumerate() {
            recs.push(bench_rec(&d.name, 1000.0 - 10.0 * i as f64));
            if i % 2 == 0 {
                recs.push(proc_area(&d.name, 500.0 + i as f64));
            }
        }
        let r = results_of(recs);
        let m = Model::new(&r, &designs, Inputs::default());
        let bars = cycles_figure(&m).unwrap().spec["bars"].clone();
        let bars = bars.as_array().unwrap();
        assert_eq!(bars.len(), designs.len());
        let v: Vec<f64> = bars.iter().map(|b| b["value"].as_f64().unwrap()).collect();
        assert!(v.windows(2).all(|w| w[0] <= w[1]), "fastest first: {v:?}");
        for b in bars {
            let d = designs.iter().find(|d| d.name == b["label"]).unwrap();
            assert_eq!(b["family"], d.family.key());
            assert_eq!(
                b["published"].as_f64(),
                d.published
                    .as_ref()
                    .and_then(crate::report::model::published_cpb)
            );
        }
        let p = pareto_figure(&m).unwrap().spec;
        let mut seen = Vec::new();
        for panel in p["panels"].as_array().unwrap() {
            let rv = panel["title"].as_str().unwrap().starts_with("RV32");
            for (key, measured) in [("points", true), ("unmeasured", false)] {
                for q in panel[key].as_array().unwrap() {
                    let d = designs.iter().find(|d| d.name == q["label"]).unwrap();
                    assert_eq!(d.arch == Arch::Rv32, rv, "{} in the wrong panel", d.name);
                    assert_eq!(
                        m.design(&d.name).unwrap().proc_slices.is_some(),
                        measured,
                        "{}",
                        d.name
                    );
                    seen.push(d.name.clone());
                }
            }
        }
        seen.sort();
        let mut all: Vec<String> = designs.iter().map(|d| d.name.clone()).collect();
        all.sort();
        assert_eq!(seen, all, "every design once in the Pareto figure");
    }
}
