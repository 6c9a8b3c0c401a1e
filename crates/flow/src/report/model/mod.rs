//! The report model: every figure the reports show that is derived from the records (speeds,
//! speed-ups, areas, ratios to the published rows, the Pareto front, the hardware and ASIC
//! comparisons), computed once from a [`Results`], the designs and the published data
//! ([`Inputs`]). The renderers (`markdown`, `html`, `csv`, `charts`, `findings`, `seed003`)
//! read this model and format it; none of them computes a figure another one shows.

mod hardware;

pub use hardware::{
    ratio, AsicFigures, AsicThroughput, CaseFigures, PowerFigures, Seed001Figures,
    Seed003AsicFigures, Seed003Figures, Seed004AsicFigures,
};

use crate::design::{Arch, Design, Published};
pub use crate::results::SEED_ALG;
use crate::results::{BenchRecord, PnrRecord, Results, RtlRecord};
use std::collections::BTreeMap;
use std::path::Path;

use super::published::{self, AsicPublished, HwPublished, Seed003};

/// What the report needs from the tree besides the results and the designs.
#[derive(Debug, Clone, Default)]
pub struct Inputs {
    /// Seed 004 Table II (`hw/seed004.json`).
    pub hw_pub: Vec<HwPublished>,
    /// Seed 004 Table IV and the other seeds' ASIC figures.
    pub asic_pub: Option<AsicPublished>,
    /// Seed 003's abstract (`designs/published/seed003-abstract.toml`).
    pub seed003: Option<Seed003>,
    /// docs/reproduction-notes.md (empty if missing): the findings link its sections.
    pub notes: String,
    /// Messages each Keccak case keeps in flight (`N x (1 + SUB)`, hw/cases.json).
    pub in_flight: BTreeMap<String, u64>,
}

impl Inputs {
    /// Everything from the tree at `root`; a missing file leaves its part empty.
    pub fn load(root: &Path) -> Inputs {
        let seed004 = root.join("hw").join("seed004.json");
        Inputs {
            hw_pub: published::load_seed004(&seed004),
            asic_pub: published::load_seed004_asic(&seed004),
            seed003: Seed003::load(root),
            notes: reproduction_notes(root),
            in_flight: in_flight(root),
        }
    }
}

/// docs/reproduction-notes.md (empty if missing): the findings link its sections.
pub fn reproduction_notes(root: &Path) -> String {
    std::fs::read_to_string(root.join("docs").join("reproduction-notes.md")).unwrap_or_default()
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

/// A published row's cycles per byte (given directly or as bytes per 1000 cycles).
pub fn published_cpb(p: &Published) -> Option<f64> {
    p.cycles_per_byte
        .or(p.bytes_per_cycle_e3.map(|b| 1000.0 / b))
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

/// Estimated Virtex-6 slices of a design's whole processor (`processor <design>` area
/// record of `hw/scripts/synth_proc.py`), if synthesized.
pub fn proc_slices(r: &Results, design: &str) -> Option<f64> {
    let name = format!("processor {design}");
    r.areas()
        .find(|a| a.unit == name)
        .and_then(|a| a.slices_est)
}

/// The derived figures of one design ([`SEED_ALG`] unless said otherwise).
#[derive(Debug, Clone)]
pub struct DesignFigures<'a> {
    pub design: &'a Design,
    /// The [`SEED_ALG`] bench record.
    pub bench: Option<&'a BenchRecord>,
    /// Long-message cycles per byte.
    pub cpb: Option<f64>,
    /// Long-message cycles per byte of SHA3-512.
    pub cpb_512: Option<f64>,
    /// Every bench record of the design has the right digest.
    pub digests_ok: bool,
    /// The baseline's cycles per byte over this design's.
    pub speedup: Option<f64>,
    /// Speed-up over the baseline and over every design that reproduces the baseline's
    /// published row (e.g. both dividers of Z-scale), where both are measured.
    pub speedups: Vec<(String, f64)>,
    /// There is more than one such baseline: each speed-up names its own.
    pub speedups_labelled: bool,
    /// Slices est. of the whole processor.
    pub proc_slices: Option<f64>,
    /// Our processor's area over the baseline's, in per cent (slices est.).
    pub area_over_baseline_pct: Option<f64>,
    /// The published row's cycles per byte.
    pub published_cpb: Option<f64>,
    /// cycles/byte measured over published: outer None when either is missing, inner None
    /// when the published figure is 0.
    pub cpb_ratio: Option<Option<f64>>,
    /// Code bytes measured over published, as `cpb_ratio`.
    pub code_ratio: Option<Option<f64>>,
    /// The paper's own area overhead: its row's slices over its baseline row's, per cent.
    pub published_area_over_baseline_pct: Option<f64>,
    /// ECP5 place and route of the processor.
    pub pnr: Option<&'a PnrRecord>,
    /// Mbit/s at the P&R Fmax and the measured cycles per byte.
    pub mbit_at_pnr: Option<f64>,
    /// The processor's lockstep check.
    pub rtl: Option<&'a RtlRecord>,
    /// On the Pareto front of cycles/byte against processor area among the designs of its
    /// architecture (None without both figures).
    pub on_front: Option<bool>,
}

/// The report model: the records, the designs, the published data and every derived figure.
#[derive(Debug, Clone)]
pub struct Model<'a> {
    pub results: &'a Results,
    pub designs: &'a [Design],
    pub inputs: Inputs,
    /// One per design, in the designs' order.
    pub software: Vec<DesignFigures<'a>>,
    /// Indices into `software` of the designs with a [`SEED_ALG`] benchmark, fastest first.
    pub by_speed: Vec<usize>,
    /// One per hardware case (hw_perf record), in record order.
    pub cases: Vec<CaseFigures<'a>>,
    /// One per ASIC-flow record, in record order.
    pub asics: Vec<AsicFigures<'a>>,
    /// Seed 004 Table IV beside our case V (with the published ASIC data).
    pub seed004_asic: Option<Seed004AsicFigures>,
    /// Seed 001 Table 5 beside our processors (empty without its published rows).
    pub seed001_asic: Vec<Seed001Figures>,
    /// Seed 003's GE beside our units.
    pub seed003_asic: Option<Seed003AsicFigures>,
    /// Every processor's power and energy (`hw/scripts/power.py`), in the designs' order.
    pub powers: Vec<hardware::PowerFigures>,
    /// Seed 003's claims against ours.
    pub seed003: Option<Seed003Figures>,
}

impl<'a> Model<'a> {
    /// The model of `results` with `designs` and the published data in `inputs`.
    pub fn new(results: &'a Results, designs: &'a [Design], inputs: Inputs) -> Model<'a> {
        let mut software: Vec<DesignFigures> = designs
            .iter()
            .map(|d| design_figures(results, designs, d))
            .collect();
        let mut by_speed: Vec<usize> = (0..software.len())
            .filter(|&i| software[i].cpb.is_some())
            .collect();
        by_speed.sort_by(|&a, &b| {
            let (x, y) = (software[a].cpb, software[b].cpb);
            x.unwrap_or(0.0).total_cmp(&y.unwrap_or(0.0))
        });
        for arch in [Arch::Rv32, Arch::Mips32] {
            let idx: Vec<usize> = (0..software.len())
                .filter(|&i| {
                    let f = &software[i];
                    f.design.arch == arch && f.cpb.is_some() && f.proc_slices.is_some()
                })
                .collect();
            let pts: Vec<(f64, f64)> = idx
                .iter()
                .map(|&i| {
                    let f = &software[i];
                    (f.proc_slices.unwrap_or(0.0), f.cpb.unwrap_or(0.0))
                })
                .collect();
            for (i, on) in idx.into_iter().zip(pareto_front(&pts)) {
                software[i].on_front = Some(on);
            }
        }
        let cases = hardware::cases(results, &inputs.hw_pub, &inputs.in_flight);
        let asics = hardware::asics(results);
        let seed004_asic = inputs
            .asic_pub
            .as_ref()
            .map(|p| hardware::seed004_asic(results, p));
        let seed001_asic = inputs
            .asic_pub
            .as_ref()
            .map(|p| hardware::seed001_asic(results, designs, p))
            .unwrap_or_default();
        let seed003_asic = inputs
            .asic_pub
            .as_ref()
            .and_then(|p| p.seeds.seed003.as_ref())
            .map(|p3| hardware::seed003_asic(results, p3, inputs.seed003.as_ref()));
        let powers = hardware::powers(results, designs);
        let seed003 = inputs
            .seed003
            .as_ref()
            .map(|s| hardware::seed003(results, s));
        Model {
            results,
            designs,
            inputs,
            software,
            by_speed,
            cases,
            asics,
            seed004_asic,
            seed001_asic,
            seed003_asic,
            powers,
            seed003,
        }
    }

    /// The figures of the design named `name`.
    pub fn design(&self, name: &str) -> Option<&DesignFigures<'a>> {
        self.software.iter().find(|f| f.design.name == name)
    }

    /// Designs with a [`SEED_ALG`] benchmark (of one architecture, or all), fastest first.
    pub fn ranked(&self, arch: Option<Arch>) -> impl Iterator<Item = &DesignFigures<'a>> {
        self.by_speed
            .iter()
            .map(|&i| &self.software[i])
            .filter(move |f| arch.map_or(true, |a| f.design.arch == a))
    }
}

fn design_figures<'a>(r: &'a Results, designs: &'a [Design], d: &'a Design) -> DesignFigures<'a> {
    let bench = r.bench(&d.name, SEED_ALG);
    let cpb = bench.map(|b| b.cycles_per_byte);
    let base_cpb = d
        .baseline
        .as_deref()
        .and_then(|b| r.bench(b, SEED_ALG))
        .map(|b| b.cycles_per_byte);
    let (speedups, speedups_labelled) = speedups(r, d, designs);
    let proc = proc_slices(r, &d.name);
    let p = d.published.as_ref();
    let pub_cpb = p.and_then(published_cpb);
    let pnr = r.pnr(&d.name);
    DesignFigures {
        design: d,
        bench,
        cpb,
        cpb_512: r.bench(&d.name, "sha3-512").map(|b| b.cycles_per_byte),
        digests_ok: r
            .benches()
            .filter(|x| x.design == d.name)
            .all(|x| x.digest_ok),
        speedup: base_cpb.zip(cpb).map(|(b, m)| b / m),
        speedups,
        speedups_labelled,
        proc_slices: proc,
        area_over_baseline_pct: d
            .baseline
            .as_deref()
            .and_then(|b| proc_slices(r, b))
            .zip(proc)
            .map(|(b, m)| 100.0 * (m / b - 1.0)),
        published_cpb: pub_cpb,
        cpb_ratio: cpb.zip(pub_cpb).map(|(a, b)| ratio(a, b)),
        code_ratio: bench
            .zip(p.and_then(|p| p.code_bytes))
            .map(|(b, c)| ratio(b.code_size_bytes as f64, c as f64)),
        published_area_over_baseline_pct: p.and_then(|p| published_overhead(designs, p)),
        pnr,
        mbit_at_pnr: match (pnr.and_then(|x| x.fmax_mhz), cpb) {
            (Some(f), Some(c)) if c > 0.0 => Some(f * 8.0 / c),
            _ => None,
        },
        rtl: r.rtls().find(|x| x.design == d.name),
        on_front: None,
    }
}

/// The paper's own overhead of a published row: its slices over its baseline row's (the
/// row of the same source), in per cent.
fn published_overhead(designs: &[Design], p: &Published) -> Option<f64> {
    let b = p.baseline.as_deref().and_then(|b| {
        designs
            .iter()
            .filter_map(|x| x.published.as_ref())
            .filter(|x| x.source == p.source)
            .find(|x| x.row.as_deref() == Some(b))
            .and_then(|x| x.slices)
    })?;
    let m = p.slices?;
    (b > 0.0).then(|| 100.0 * (m / b - 1.0))
}

/// Measured speed-ups of a design: over its baseline and over every other design that
/// reproduces the same published row as the baseline (e.g. `rv32-ref` and `rv32-ref-eo`,
/// the two dividers of Z-scale); and whether there is more than one such baseline.
fn speedups(r: &Results, d: &Design, designs: &[Design]) -> (Vec<(String, f64)>, bool) {
    let Some(base) = d.baseline.as_deref() else {
        return (Vec::new(), false);
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
    let v = bases
        .iter()
        .filter_map(|b| {
            let sp = r.bench(b, SEED_ALG)?.cycles_per_byte / m?.cycles_per_byte;
            Some((b.clone(), sp))
        })
        .collect();
    (v, bases.len() > 1)
}

#[cfg(test)]
mod tests;
