//! The report's figures: what each shows is decided here, from the records and the designs
//! (families, published rows, the Pareto front); `scripts/charts.py` draws them with
//! matplotlib in `build/venv` (docs/report.md says why) into `<out>/figures/<name>.svg`
//! and `.pdf`. The HTML page inlines the SVGs; README.md links them.

use crate::design::{Arch, Design, Family};
use crate::report::{self, HwPublished, SEED_ALG};
use crate::results::Results;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};

/// One figure: its file name (without extension), caption and what `charts.py` draws.
#[derive(Debug, Clone)]
pub struct Figure {
    pub name: &'static str,
    pub caption: String,
    pub spec: Value,
}

/// The figures after drawing: each one's SVG text, or why none was drawn.
#[derive(Debug, Clone, Default)]
pub struct Rendered {
    pub figures: Vec<Figure>,
    pub svgs: BTreeMap<String, String>,
    /// Why the figures are missing (no matplotlib in build/venv, the script failed).
    pub error: Option<String>,
}

impl Rendered {
    /// The figure named `name` if it was planned (drawn or not).
    pub fn figure(&self, name: &str) -> Option<(usize, &Figure)> {
        self.figures
            .iter()
            .enumerate()
            .find(|(_, f)| f.name == name)
            .map(|(i, f)| (i + 1, f))
    }
}

/// Which points are on the Pareto front when smaller x and smaller y are both better: a
/// point is on it unless another point is at most as large in both and smaller in one
/// (equal points are all on it).
pub fn pareto_front(pts: &[(f64, f64)]) -> Vec<bool> {
    pts.iter()
        .map(|&(x, y)| {
            !pts.iter()
                .any(|&(a, b)| a <= x && b <= y && (a < x || b < y))
        })
        .collect()
}

fn arch_title(a: Arch) -> &'static str {
    match a {
        Arch::Rv32 => "RV32 designs (3-stage RV32IM core + extensions)",
        Arch::Mips32 => "MIPS32 designs (5-stage MIPS core + extensions)",
    }
}

/// The families present among `designs`, in legend order.
fn families(designs: &[Design]) -> Value {
    Value::Array(
        Family::ALL
            .iter()
            .filter(|f| designs.iter().any(|d| d.family == **f))
            .map(|f| json!({"key": f.key(), "label": f.label()}))
            .collect(),
    )
}

/// Designs with a SHA3-256 benchmark, fastest first.
fn by_speed<'a>(r: &Results, designs: &'a [Design]) -> Vec<(&'a Design, f64)> {
    let mut v: Vec<(&Design, f64)> = designs
        .iter()
        .filter_map(|d| r.bench(&d.name, SEED_ALG).map(|b| (d, b.cycles_per_byte)))
        .collect();
    v.sort_by(|a, b| a.1.total_cmp(&b.1));
    v
}

/// A design's published (slices, cycles/byte), when its paper row gives both.
fn published_point(d: &Design) -> Option<Value> {
    let p = d.published.as_ref()?;
    Some(json!({"x": p.slices?, "y": report::published_cpb(p)?}))
}

/// Cycles/byte against whole-processor area, one panel per architecture.
pub fn pareto_figure(r: &Results, designs: &[Design]) -> Option<Figure> {
    let speed = by_speed(r, designs);
    let mut panels = Vec::new();
    for arch in [Arch::Rv32, Arch::Mips32] {
        let ds: Vec<&(&Design, f64)> = speed.iter().filter(|(d, _)| d.arch == arch).collect();
        if ds.is_empty() {
            continue;
        }
        let measured: Vec<(&Design, f64, f64)> = ds
            .iter()
            .filter_map(|(d, c)| report::proc_slices(r, &d.name).map(|s| (*d, s, *c)))
            .collect();
        let front = pareto_front(&measured.iter().map(|m| (m.1, m.2)).collect::<Vec<_>>());
        let points: Vec<Value> = measured
            .iter()
            .zip(&front)
            .map(|((d, x, y), on)| {
                let published = d
                    .published
                    .as_ref()
                    .and_then(|p| Some(json!({"x": p.slices?, "y": report::published_cpb(p)?})));
                json!({"label": d.name, "family": d.family.key(), "x": x, "y": y,
                       "front": on, "published": published})
            })
            .collect();
        let unmeasured: Vec<Value> = ds
            .iter()
            .filter(|(d, _)| report::proc_slices(r, &d.name).is_none())
            .map(|(d, c)| {
                json!({"label": d.name, "family": d.family.key(), "y": c,
                       "published": published_point(d)})
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
        caption: "Speed against silicon: SHA3-256 long-message cycles per byte (cycle model, lower is faster) against the area of the whole processor (core + extension units, memories outside; Yosys `synth_xilinx -family xc6v`, slices estimated as max(LUT/4, FF/8), a lower bound; `hw/scripts/synth_proc.py`). Filled dots are measured, outlined ones on the Pareto front (dashed: no design is both smaller and faster); hollow diamonds are the seed papers' published points (their Virtex-6 place and route and their cycle counts), joined to our design reproducing that row by a dotted line. RV32 and MIPS run on different cores and are not compared with each other. A design without a synthesized processor is drawn at the left edge, marked as not measured.".into(),
        spec: json!({"kind": "pareto", "panels": panels}),
    })
}

/// Cycles/byte of every design, sorted by speed, with the published figures.
pub fn cycles_figure(r: &Results, designs: &[Design]) -> Option<Figure> {
    let bars: Vec<Value> = by_speed(r, designs)
        .iter()
        .map(|(d, c)| {
            json!({"label": d.name, "family": d.family.key(), "value": c,
                   "published": d.published.as_ref().and_then(report::published_cpb)})
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
pub fn classes_figure(r: &Results, designs: &[Design]) -> Option<Figure> {
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
    for (d, _) in by_speed(r, designs) {
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

/// Messages a Keccak case keeps in flight (`N x (1 + SUB)` pipeline slots, hw/cases.json).
pub fn in_flight(root: &Path) -> BTreeMap<String, u64> {
    crate::hw::cases(root)
        .unwrap_or_default()
        .iter()
        .map(|(k, c)| {
            let n = c.get("N").and_then(|x| x.as_u64()).unwrap_or(1);
            let sub = c.get("SUB").and_then(|x| x.as_u64()).unwrap_or(0);
            (format!("case {k}"), n * (1 + sub))
        })
        .collect()
}

/// Seed 004's Keccak cores: published beside measured area, throughput and efficiency.
pub fn seed004_figure(r: &Results, hw_pub: &[HwPublished], root: &Path) -> Option<Figure> {
    let cases: Vec<_> = r.hw_perfs().collect();
    if cases.is_empty() {
        return None;
    }
    let flight = in_flight(root);
    let cats: Vec<String> = cases
        .iter()
        .map(|h| {
            let short = h.case.trim_start_matches("case ");
            match flight.get(&h.case) {
                Some(n) if *n > 1 => format!("{short} ({n} msgs)"),
                _ => short.to_string(),
            }
        })
        .collect();
    let publ = |f: fn(&HwPublished) -> f64| -> Vec<Option<f64>> {
        cases
            .iter()
            .map(|h| {
                hw_pub
                    .iter()
                    .find(|p| p.case == h.case)
                    .map(f)
                    .filter(|v| v.is_finite())
            })
            .collect()
    };
    let area: Vec<Option<f64>> = cases
        .iter()
        .map(|h| {
            r.areas()
                .find(|a| a.unit == h.case)
                .and_then(|a| a.slices_est)
        })
        .collect();
    let eff = |v: &[Option<f64>]| -> Vec<Option<f64>> {
        let base = v.first().copied().flatten();
        v.iter()
            .map(|x| match (x, base) {
                (Some(x), Some(b)) if b > 0.0 => Some(x / b),
                _ => None,
            })
            .collect()
    };
    let eff_m: Vec<Option<f64>> = cases.iter().map(|h| h.mbps_per_slice).collect();
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
            cases.iter().map(|h| h.gbps).collect(),
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

/// Every figure the results allow, in report order.
pub fn figures(
    root: &Path,
    r: &Results,
    designs: &[Design],
    hw_pub: &[HwPublished],
) -> Vec<Figure> {
    [
        cycles_figure(r, designs),
        pareto_figure(r, designs),
        // in the order the report shows them: the seed 003 section comes before the profile
        crate::seed003::Seed003::load(root).and_then(|s| crate::seed003::figure(r, &s)),
        classes_figure(r, designs),
        seed004_figure(r, hw_pub, root),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The Python of `build/venv` (where `scripts/setup` installs matplotlib).
pub fn venv_python(root: &Path) -> std::path::PathBuf {
    root.join("build").join("venv").join("bin").join("python3")
}

/// Draw `figs` into `dir` with `scripts/charts.py`; the SVG texts, or why not.
pub fn draw(root: &Path, dir: &Path, designs: &[Design], figs: Vec<Figure>) -> Rendered {
    let mut out = Rendered {
        figures: figs,
        ..Rendered::default()
    };
    if out.figures.is_empty() {
        return out;
    }
    let py = venv_python(root);
    if !py.is_file() {
        out.error = Some(format!(
            "figures not drawn: {} is missing (run scripts/setup: it installs matplotlib into build/venv)",
            py.display()
        ));
        return out;
    }
    let spec = json!({
        "families": families(designs),
        "figures": out.figures.iter().map(|f| {
            let mut s = f.spec.clone();
            s["name"] = json!(f.name);
            s
        }).collect::<Vec<_>>(),
    });
    let run = || -> Result<(), String> {
        let mut child = Command::new(&py)
            .arg(root.join("scripts").join("charts.py"))
            .arg("--out")
            .arg(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("running {}: {e}", py.display()))?;
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().expect("piped stdin");
            stdin
                .write_all(spec.to_string().as_bytes())
                .map_err(|e| format!("writing to scripts/charts.py: {e}"))?;
        }
        let o = child
            .wait_with_output()
            .map_err(|e| format!("waiting for scripts/charts.py: {e}"))?;
        if !o.status.success() {
            return Err(format!(
                "scripts/charts.py failed ({}): {}",
                o.status,
                crate::error::last_lines(&String::from_utf8_lossy(&o.stderr), 8)
            ));
        }
        Ok(())
    };
    if let Err(e) = run() {
        out.error = Some(format!("figures not drawn: {e}"));
        return out;
    }
    for f in &out.figures {
        let p = dir.join(format!("{}.svg", f.name));
        match std::fs::read_to_string(&p) {
            Ok(t) => {
                out.svgs.insert(f.name.to_string(), inline_svg(&t));
            }
            Err(e) => {
                out.error = Some(format!("figures not drawn: reading {}: {e}", p.display()));
            }
        }
    }
    out
}

/// An SVG file's `<svg>` element alone, for inlining: no XML declaration, doctype or
/// `<metadata>` (RDF about the generator).
pub fn inline_svg(text: &str) -> String {
    let Some(i) = text.find("<svg") else {
        return String::new();
    };
    let mut s = text[i..].trim_end().to_string();
    if let (Some(a), Some(b)) = (s.find("<metadata"), s.find("</metadata>")) {
        if a < b {
            s.replace_range(a..b + "</metadata>".len(), "");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn every_design_is_in_the_figures_once_sorted_by_speed() {
        use crate::results::test_support::{bench_rec, proc_area, results_of, tree_designs};
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
        let bars = cycles_figure(&r, &designs).unwrap().spec["bars"].clone();
        let bars = bars.as_array().unwrap();
        assert_eq!(bars.len(), designs.len());
        let v: Vec<f64> = bars.iter().map(|b| b["value"].as_f64().unwrap()).collect();
        assert!(v.windows(2).all(|w| w[0] <= w[1]), "fastest first: {v:?}");
        for b in bars {
            let d = designs.iter().find(|d| d.name == b["label"]).unwrap();
            assert_eq!(b["family"], d.family.key());
            assert_eq!(
                b["published"].as_f64(),
                d.published.as_ref().and_then(report::published_cpb)
            );
        }
        let p = pareto_figure(&r, &designs).unwrap().spec;
        let mut seen = Vec::new();
        for panel in p["panels"].as_array().unwrap() {
            let rv = panel["title"].as_str().unwrap().starts_with("RV32");
            for (key, measured) in [("points", true), ("unmeasured", false)] {
                for q in panel[key].as_array().unwrap() {
                    let d = designs.iter().find(|d| d.name == q["label"]).unwrap();
                    assert_eq!(d.arch == Arch::Rv32, rv, "{} in the wrong panel", d.name);
                    assert_eq!(
                        report::proc_slices(&r, &d.name).is_some(),
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

    #[test]
    fn without_the_venv_the_figures_say_how_to_get_them() {
        let f = Figure {
            name: "x",
            caption: "c".into(),
            spec: json!({"kind": "bars", "bars": []}),
        };
        let dir = std::env::temp_dir().join(format!("charts-novenv-{}", std::process::id()));
        let r = draw(&dir, &dir.join("figures"), &[], vec![f]);
        assert!(r.svgs.is_empty());
        let e = r.error.clone().unwrap();
        assert!(
            e.contains("build/venv/bin/python3 is missing") && e.contains("scripts/setup"),
            "{e}"
        );
        let md = report::figure_md(&r, "x");
        assert!(
            md.starts_with("_Figure 1 (x) not drawn: figures not drawn:"),
            "{md}"
        );
        assert_eq!(
            report::figure_md(&r, "other"),
            "",
            "an unplanned figure leaves no trace"
        );
    }

    #[test]
    fn inline_svg_drops_the_prolog() {
        let t = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<svg a=\"1\">\n <metadata>\n  <rdf:RDF><dc:format>x</dc:format></rdf:RDF>\n </metadata>\n<g/></svg>\n";
        assert_eq!(inline_svg(t), "<svg a=\"1\">\n \n<g/></svg>");
    }
}
