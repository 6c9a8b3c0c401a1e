//! The model's hardware part: Keccak cases beside seed 004 Table II, the ASIC flow's
//! targets, and the seed 001, 003 and 004 ASIC comparisons; and seed 003's claims.

use crate::design::Design;
use crate::report::published::{AsicPublished, HwPublished, Seed003, Seed003Asic};
use crate::results::{AreaRecord, AsicRecord, HwPerfRecord, Results, SEED_ALG};
use std::collections::BTreeMap;

/// `measured / published`; None when the published figure is 0 (shown as "n/a").
pub fn ratio(measured: f64, published: f64) -> Option<f64> {
    (published != 0.0).then(|| measured / published)
}

/// Node steps from OSU 0.18 um to 65 nm (180 -> 130 -> 90 -> 65): seed 004's rule covers the
/// last two; the first is our extension of it, said wherever the scaled figure appears.
pub const STEPS_180_TO_65: i32 = 3;

/// A Keccak hardware case: simulated throughput, synthesized area, P&R, seed 004's row.
#[derive(Debug, Clone)]
pub struct CaseFigures<'a> {
    pub perf: &'a HwPerfRecord,
    pub area: Option<&'a AreaRecord>,
    /// Seed 004 Table II's row of this case.
    pub published: Option<HwPublished>,
    /// ECP5 place-and-route Fmax.
    pub pnr_fmax: Option<f64>,
    /// Throughput at the P&R Fmax: Gbps at Fmax est. scaled by P&R Fmax / Fmax est.
    pub gbps_at_pnr: Option<f64>,
    /// Throughput at the ASIC flow's (OSU) Fmax: the flow's own figure when it simulated the
    /// case, else Gbps at Fmax est. scaled by OSU Fmax / Fmax est. ([`gbps_at`]).
    pub gbps_at_asic: Option<f64>,
    /// Mbps/slice over case I's, measured and published.
    pub eff_rel_measured: Option<f64>,
    pub eff_rel_published: Option<f64>,
    /// Messages in flight (hw/cases.json).
    pub in_flight: Option<u64>,
}

pub(super) fn cases<'a>(
    r: &'a Results,
    hw_pub: &[HwPublished],
    in_flight: &BTreeMap<String, u64>,
) -> Vec<CaseFigures<'a>> {
    let base_m = r
        .hw_perfs()
        .find(|h| h.case == "case I")
        .and_then(|h| h.mbps_per_slice);
    let base_p = hw_pub
        .iter()
        .find(|p| p.case == "case I")
        .map(|p| p.mbps_per_slice);
    let rel = |x: Option<f64>, b: Option<f64>| match (x, b) {
        (Some(x), Some(b)) if b > 0.0 => Some(x / b),
        _ => None,
    };
    r.hw_perfs()
        .map(|h| {
            let area = r.areas().find(|a| a.unit == h.case);
            let published = hw_pub.iter().find(|p| p.case == h.case).cloned();
            let pnr_fmax = r.pnr(&h.case).and_then(|x| x.fmax_mhz);
            let asic = r.asic(&h.case);
            CaseFigures {
                perf: h,
                area,
                gbps_at_pnr: pnr_fmax.and_then(|f| gbps_at(h, area, f)),
                gbps_at_asic: asic.and_then(|a| asic_gbps(r, a)),
                eff_rel_measured: rel(h.mbps_per_slice, base_m),
                eff_rel_published: rel(published.as_ref().map(|p| p.mbps_per_slice), base_p),
                published,
                pnr_fmax,
                in_flight: in_flight.get(&h.case).copied(),
            }
        })
        .collect()
}

/// A case's Gbps at the clock `fmax` (MHz): its simulation's Gbps at the synthesis Fmax
/// estimate scaled to it (cycles per block and messages in flight are the simulation's, seed
/// 004 eq. 5); None without the simulation or the estimate.
pub fn gbps_at(h: &HwPerfRecord, area: Option<&AreaRecord>, fmax: f64) -> Option<f64> {
    match (h.gbps, area.and_then(|a| a.fmax_mhz_est)) {
        (Some(g), Some(e)) if e > 0.0 && fmax > 0.0 => Some(g * fmax / e),
        _ => None,
    }
}

/// A Keccak case's Gbps at its ASIC-flow Fmax: the flow's own figure when it simulated the
/// case, else [`gbps_at`] from the reproduction's simulation of it.
pub fn asic_gbps(r: &Results, a: &AsicRecord) -> Option<f64> {
    a.gbps.or_else(|| {
        let h = r.hw_perfs().find(|h| h.case == a.target)?;
        gbps_at(h, r.areas().find(|x| x.unit == a.target), a.fmax_mhz?)
    })
}

/// Throughput of an ASIC-flow target at its Fmax.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AsicThroughput {
    /// A Keccak case (seed 004 eq. 5, SHA3-512).
    Gbps(f64),
    /// A processor: Fmax / its measured [`SEED_ALG`] cycles per byte.
    MBps(f64),
}

#[derive(Debug, Clone)]
pub struct AsicFigures<'a> {
    pub rec: &'a AsicRecord,
    pub throughput: Option<AsicThroughput>,
}

pub(super) fn asics(r: &Results) -> Vec<AsicFigures<'_>> {
    r.asics()
        .map(|a| AsicFigures {
            rec: a,
            throughput: match (asic_gbps(r, a), a.fmax_mhz, r.bench(&a.target, SEED_ALG)) {
                (Some(gb), _, _) => Some(AsicThroughput::Gbps(gb)),
                (None, Some(fm), Some(b)) if b.cycles_per_byte > 0.0 => {
                    Some(AsicThroughput::MBps(fm / b.cycles_per_byte))
                }
                _ => None,
            },
        })
        .collect()
}

/// Seed 004 Table IV beside our case V: raw, scaled to 65 nm by the seed's rule, and the
/// generic-gate estimate.
#[derive(Debug, Clone)]
pub struct Seed004AsicFigures {
    pub published: AsicPublished,
    /// Measured sky130 kGE, OSU 0.18 um Fmax, Gbps at it, Mbps/GE.
    pub kge: Option<f64>,
    pub fmax_mhz: Option<f64>,
    pub gbps: Option<f64>,
    pub mbps_per_ge: Option<f64>,
    /// The published efficiency (Mbps/GE) as shown, and as the ratio's base.
    pub published_mbps_per_ge_shown: f64,
    pub published_mbps_per_ge: f64,
    /// The seed's factor per node step and the factor over [`STEPS_180_TO_65`] steps.
    pub scale: Option<(f64, f64)>,
    pub fmax_scaled: Option<f64>,
    pub gbps_scaled: Option<f64>,
    /// The synthesis flow's generic-gate estimate, kGE.
    pub kge_generic_est: Option<f64>,
}

pub(super) fn seed004_asic(r: &Results, p: &AsicPublished) -> Seed004AsicFigures {
    let a = r.asic("case V");
    let kge = a.and_then(|a| a.ge).map(|g| g / 1000.0);
    let fmax = a.and_then(|a| a.fmax_mhz);
    let gbps = a.and_then(|a| asic_gbps(r, a));
    let scale = p
        .seeds
        .scale_per_step
        .as_ref()
        .map(|(k, _)| (*k, k.powi(STEPS_180_TO_65)));
    Seed004AsicFigures {
        published: p.clone(),
        kge,
        fmax_mhz: fmax,
        gbps,
        mbps_per_ge: gbps.zip(kge).map(|(t, g)| t / g),
        published_mbps_per_ge_shown: p.gbps * 1000.0 / (p.kge * 1000.0),
        published_mbps_per_ge: p.gbps / p.kge,
        fmax_scaled: scale.and_then(|(_, k)| fmax.map(|f| f * k)),
        gbps_scaled: scale.and_then(|(_, k)| gbps.map(|g| g * k)),
        scale,
        kge_generic_est: r
            .areas()
            .find(|a| a.unit == "case V")
            .and_then(|a| a.ge_est)
            .map(|g| g / 1000.0),
    }
}

/// A row of seed 001 Table 5 beside the processor that reproduces it.
#[derive(Debug, Clone)]
pub struct Seed001Figures {
    pub row: crate::report::published::Seed001AsicRow,
    /// Measured OSU 0.18 um Fmax.
    pub fmax_mhz: Option<f64>,
    /// Fmax over the reference row's, published and measured.
    pub fmax_rel_published: f64,
    pub fmax_rel_measured: Option<f64>,
    /// Measured sky130 kGE and its overhead over the reference's, per cent.
    pub kge: Option<f64>,
    pub ge_over_ref_pct: Option<f64>,
    /// The paper's FPGA-slice overhead over the reference row (Table 4), per cent.
    pub slices_over_ref_published_pct: Option<f64>,
    /// MB/s at the measured Fmax, and the speed-ups over the reference.
    pub mbytes_per_s: Option<f64>,
    pub speedup_published: f64,
    pub speedup_measured: Option<f64>,
    /// Measured power at the measured Fmax (static, dynamic; mW), MB/mJ, pJ/B and the
    /// power-efficiency speed-up (MB/mJ over the reference row's), when the power flow ran.
    pub power_mw: Option<(f64, f64)>,
    pub mb_per_mj: Option<f64>,
    pub pj_per_byte: Option<f64>,
    pub power_eff_speedup_measured: Option<f64>,
}

/// A processor's power and energy (`hw/scripts/power.py`) and its power-efficiency
/// speed-up over its baseline design.
#[derive(Debug, Clone)]
pub struct PowerFigures {
    pub design: String,
    pub rec: Option<crate::results::PowerRecord>,
    pub eff_over_baseline: Option<f64>,
}

/// Every processor design (with an [rtl] table), in the designs' order.
pub(super) fn powers(r: &Results, designs: &[Design]) -> Vec<PowerFigures> {
    designs
        .iter()
        .filter(|d| d.rtl.is_some())
        .map(|d| {
            let rec = r.power(&d.name).cloned();
            let base = d.baseline.as_deref().and_then(|b| r.power(b));
            PowerFigures {
                design: d.name.clone(),
                eff_over_baseline: rec
                    .as_ref()
                    .zip(base)
                    .map(|(m, b)| m.mb_per_mj / b.mb_per_mj),
                rec,
            }
        })
        .collect()
}

/// A processor's MB/s at its ASIC Fmax and measured [`SEED_ALG`] cycles per byte.
fn asic_mbytes_per_s(r: &Results, design: &str) -> Option<f64> {
    let f = r.asic(design)?.fmax_mhz?;
    let c = r.bench(design, SEED_ALG)?.cycles_per_byte;
    (c > 0.0).then(|| f / c)
}

pub(super) fn seed001_asic(
    r: &Results,
    designs: &[Design],
    p: &AsicPublished,
) -> Vec<Seed001Figures> {
    let t = &p.seeds.seed001;
    let Some(base) = t.first() else {
        return Vec::new();
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
    t.iter()
        .map(|row| {
            let a = r.asic(&row.design);
            let fm = a.and_then(|a| a.fmax_mhz);
            let ge = a.and_then(|a| a.ge);
            let bge = ba.and_then(|b| b.ge);
            let tp = asic_mbytes_per_s(r, &row.design);
            Seed001Figures {
                row: row.clone(),
                fmax_mhz: fm,
                fmax_rel_published: row.fmax_mhz / base.fmax_mhz,
                fmax_rel_measured: fm.zip(ba.and_then(|b| b.fmax_mhz)).map(|(x, b)| x / b),
                kge: ge.map(|g| g / 1000.0),
                ge_over_ref_pct: ge.zip(bge).map(|(g, b)| 100.0 * (g / b - 1.0)),
                slices_over_ref_published_pct: slices(&row.design)
                    .zip(slices(&base.design))
                    .filter(|(_, b)| *b > 0.0)
                    .map(|(x, b)| 100.0 * (x / b - 1.0)),
                mbytes_per_s: tp,
                speedup_published: row.mbytes_per_s / base.mbytes_per_s,
                speedup_measured: tp
                    .zip(asic_mbytes_per_s(r, &base.design))
                    .map(|(x, b)| x / b),
                power_mw: r.power(&row.design).map(|p| (p.static_mw, p.dynamic_mw)),
                mb_per_mj: r.power(&row.design).map(|p| p.mb_per_mj),
                pj_per_byte: r.power(&row.design).map(|p| p.pj_per_byte),
                power_eff_speedup_measured: r
                    .power(&row.design)
                    .zip(r.power(&base.design))
                    .map(|(x, b)| x.mb_per_mj / b.mb_per_mj),
            }
        })
        .collect()
}

/// Seed 003's GE beside our vector unit and every other extension unit (raw sky130 GE).
#[derive(Debug, Clone)]
pub struct Seed003AsicFigures {
    pub published: Seed003Asic,
    /// The unit that answers seed 003: its GE and the ratio to the published figure.
    pub unit_ge: Option<f64>,
    pub unit_ratio: Option<Option<f64>>,
    /// Every other extension unit with a GE: (target, GE, ratio).
    pub others: Vec<(String, f64, Option<f64>)>,
    /// The GE breakdown of the processors of seed 003's rows (the designs of
    /// `designs/published/seed003-abstract.toml`), each a difference of whole-processor
    /// GE: the extension inside the vector unit (extension design - NEON design), the
    /// vector base (NEON design - scalar design); the ratio to the published GE for the
    /// extension only.
    pub breakdown: Vec<Seed003Diff>,
}

/// One difference of two processors' sky130 GE.
#[derive(Debug, Clone)]
pub struct Seed003Diff {
    pub what: &'static str,
    pub design: String,
    pub minus: String,
    pub ge: Option<f64>,
    pub ratio: Option<f64>,
}

pub(super) fn seed003_asic(
    r: &Results,
    p3: &Seed003Asic,
    rows: Option<&Seed003>,
) -> Seed003AsicFigures {
    let unit_ge = p3.unit.as_ref().and_then(|u| r.asic(u)).and_then(|a| a.ge);
    let proc_ge = |d: &str| {
        r.asics()
            .find(|a| a.target == d && a.target_kind == "processor")
            .and_then(|a| a.ge)
    };
    let diff = |what: &'static str, a: &str, b: &str, with_ratio: bool| {
        let ge = proc_ge(a).zip(proc_ge(b)).map(|(x, y)| x - y);
        Seed003Diff {
            what,
            design: a.into(),
            minus: b.into(),
            ge,
            ratio: ge.filter(|_| with_ratio).and_then(|g| ratio(g, p3.ge)),
        }
    };
    let breakdown = rows
        .map(|s| {
            let d = |k: &str| s.rows.get(k).map(|row| row.design.clone());
            let mut v = Vec::new();
            if let (Some(ext), Some(neon)) = (d("extension"), d("NEON")) {
                v.push(diff(
                    "the Keccak SIMD extension (its own GE)",
                    &ext,
                    &neon,
                    true,
                ));
            }
            if let (Some(ext), Some(neon)) = (d("extension-r"), d("NEON")) {
                v.push(diff(
                    "the register-resident Keccak SIMD extension (its own GE)",
                    &ext,
                    &neon,
                    true,
                ));
            }
            if let (Some(neon), Some(sc)) = (d("NEON"), d("scalar")) {
                v.push(diff("the 128-bit vector base", &neon, &sc, false));
            }
            v
        })
        .unwrap_or_default();
    Seed003AsicFigures {
        published: p3.clone(),
        unit_ge,
        unit_ratio: unit_ge.map(|g| ratio(g, p3.ge)),
        breakdown,
        others: r
            .asics()
            .filter(|a| a.target_kind == "unit" && Some(&a.target) != p3.unit.as_ref())
            .filter_map(|a| a.ge.map(|g| (a.target.clone(), g, ratio(g, p3.ge))))
            .collect(),
    }
}

/// Seed 003's claims against ours: instructions per byte of one design over another's.
#[derive(Debug, Clone)]
pub struct Seed003Figures {
    /// Per function: NEON design / extension design, scalar / extension, scalar / NEON.
    pub claims: Vec<(&'static str, [Option<f64>; 3])>,
}

/// The functions seed 003's claims are checked on.
pub const SEED003_CLAIM_ALGS: [&str; 2] = ["sha3-512", "lake-keyak"];

pub(super) fn seed003(r: &Results, s: &Seed003) -> Seed003Figures {
    let ipb = |design: &str, alg: &str| r.bench(design, alg).map(|b| b.instr_per_byte);
    let (sc, ne, ex) = (
        &s.rows["scalar"].design,
        &s.rows["NEON"].design,
        &s.rows["extension"].design,
    );
    let over = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => Some(a / b),
        _ => None,
    };
    Seed003Figures {
        claims: SEED003_CLAIM_ALGS
            .iter()
            .map(|alg| {
                (
                    *alg,
                    [
                        over(ipb(ne, alg), ipb(ex, alg)),
                        over(ipb(sc, alg), ipb(ex, alg)),
                        over(ipb(sc, alg), ipb(ne, alg)),
                    ],
                )
            })
            .collect(),
    }
}
