//! The records a measurement run produces, and their JSON form (`report/results.json`).
//!
//! Schema (documented in docs/results-schema.md): one object with `schema`, `metadata` (the
//! only field allowed to differ between two runs on the same inputs) and `records`, a list
//! of tagged records: `bench` (design x function), `profile` (design), `area` (a hardware
//! unit or case), `hw_perf` (a hardware case's simulated throughput), `constant_time`, `rtl` (a processor in
//! lockstep with the simulator), `pnr` (place and route, when current), `asic` (sky130 area, OSU
//! 0.18 um timing), `failure`.

use serde::{Deserialize, Serialize};

pub const SCHEMA: &str = "sha3-asip/results/v1";

/// The function the seed tables are compared on, and the one `reproduce` profiles, checks for
/// constant time and runs in lockstep.
pub const SEED_ALG: &str = "sha3-256";

/// The largest results file [`Results::read`] accepts (bytes).
pub const MAX_RESULTS_BYTES: u64 = 64 << 20;

/// One measured message length.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct RunRecord {
    pub len: usize,
    pub seed: u32,
    pub cycles: u64,
    pub instret: u64,
    /// Cycles divided by `len` (null for the empty message).
    pub cycles_per_byte: Option<f64>,
    pub digest_ok: bool,
}

/// A design running one hash function.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct BenchRecord {
    pub design: String,
    pub arch: String,
    pub isa: String,
    pub kernel: String,
    pub timing: String,
    /// What ran the firmware: `sim` (simulator + timing model) or `rtl` (the processor).
    pub engine: String,
    pub alg: String,
    pub rate_bytes: usize,
    /// Long-message cycles per byte: (cycles(l2) - cycles(l1)) / (l2 - l1) for the two
    /// lengths of `cpb_lens` (8 absorbed blocks apart; for ParallelHash and KangarooTwelve one
    /// and three tree units, `bench::cpb_lens`).
    pub cycles_per_byte: f64,
    /// `cycles_per_byte` * rate.
    pub cycles_per_block: f64,
    /// Long-message retired instructions per byte, from the same two lengths as
    /// `cycles_per_byte`: (instret(l2) - instret(l1)) / (l2 - l1) (seed 003's metric).
    #[serde(default)]
    pub instr_per_byte: f64,
    /// The two message lengths `cycles_per_byte` comes from.
    #[serde(default)]
    pub cpb_lens: [usize; 2],
    pub cycles_per_permutation: u64,
    pub instret_per_permutation: u64,
    /// Bytes of the kernel's text + rodata + data (from the ELF's `__kernel_*` symbols).
    pub code_size_bytes: u64,
    pub digest_ok: bool,
    pub runs: Vec<RunRecord>,
    /// AEAD (Keyak, Ketje) only: where its permutation ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aead: Option<AeadPerm>,
}

/// Where an AEAD's Keccak-p[b] ran on the design (`firmware/harness/bench_aead.c`): the
/// design's `kernel_keccakp` ("kernel"), its Keccak-f[1600] kernel through the state-access
/// functions ("permute", b = 1600 with even round counts), or the portable C ("portable").
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct AeadPerm {
    /// The permutation width b in bits.
    pub width: usize,
    /// The route of Keccak-p[b, 12], the one `cycles_per_permutation` measures.
    pub route: String,
    /// The permutation calls of the longest measured message by route: kernel, permute,
    /// portable.
    pub calls: [u64; 3],
}

/// Share of cycles per instruction class, and the hottest code.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ProfileRecord {
    pub design: String,
    pub alg: String,
    pub len: usize,
    pub scope: String,
    pub total_cycles: u64,
    pub classes: Vec<ClassShare>,
    /// Per mnemonic in the kernel's text, most cycles first: how often each instruction
    /// (custom ones included) ran and its cycles.
    #[serde(default)]
    pub mnemonics: Vec<MnemonicCount>,
    /// Hottest functions and blocks: in the kernel's text (`hotspot_scope` "kernel"), or
    /// the whole program, start-up and harness included ("program").
    #[serde(default)]
    pub hotspot_scope: String,
    pub functions: Vec<Hotspot>,
    pub blocks: Vec<Hotspot>,
}

/// How often one mnemonic ran, and its cycles.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct MnemonicCount {
    pub name: String,
    pub count: u64,
    pub cycles: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ClassShare {
    pub class: String,
    pub cycles: u64,
    pub instructions: u64,
    pub share: f64,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Hotspot {
    pub name: String,
    pub cycles: u64,
    pub share: f64,
}

/// Area of a hardware unit (ISE functional unit, processor, or Keccak core case).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct AreaRecord {
    pub unit: String,
    pub flow: String,
    pub luts: Option<u64>,
    pub ffs: Option<u64>,
    pub slices_est: Option<f64>,
    pub lut_levels: Option<u64>,
    pub fmax_mhz_est: Option<f64>,
    pub ge_est: Option<f64>,
}

/// Simulated throughput of a hardware Keccak case.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct HwPerfRecord {
    pub case: String,
    pub alg: String,
    pub cycles_per_block: f64,
    pub latency_cycles: Option<f64>,
    pub gbps: Option<f64>,
    pub mbps_per_slice: Option<f64>,
    pub digests_ok: bool,
}

/// Cycles of many same-length random messages: a constant-time kernel shows one value.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ConstantTimeRecord {
    pub design: String,
    pub alg: String,
    pub len: usize,
    pub messages: usize,
    pub min_cycles: u64,
    pub max_cycles: u64,
    pub distinct_cycle_counts: usize,
    pub ok: bool,
}

/// A design's processor in RTL: its benchmark firmware run in lockstep with the simulator.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct RtlRecord {
    pub design: String,
    pub alg: String,
    pub lens: Vec<usize>,
    /// Commit logs identical (retire cycle, pc, word, register and memory writes).
    pub lockstep_ok: bool,
    pub instructions: u64,
    pub cycles: u64,
    /// Why the check failed or did not run.
    pub error: Option<String>,
}

/// Place and route of a processor, Keccak case or unit on a Lattice ECP5
/// (`hw/scripts/pnr.py`, opt-in `make pnr`): present only when a cached result matches the
/// current sources and tools (`pnr.py --status`), or when P&R of those sources ran and did
/// not route (`unrouted`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PnrRecord {
    /// `rv32-ref` (a processor design), `case V`, `isa/oasip`.
    pub target: String,
    /// `processor`, `case` or `unit`.
    pub target_kind: String,
    pub device: String,
    pub flow: String,
    /// Median over the seeds (those that routed) of nextpnr's achieved Fmax.
    pub fmax_mhz: Option<f64>,
    pub seeds: Vec<u64>,
    pub lut4: Option<u64>,
    pub ff: Option<u64>,
    pub dsp: Option<u64>,
    /// P&R ran on the current sources but did not route (then no Fmax or LUT4): why, as
    /// `pnr.py --status` says it (device, router, seed, time, nextpnr's exit or time limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrouted: Option<String>,
    /// Seeds that did not route while the others did (the median is theirs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unrouted_seeds: Vec<u64>,
}

/// A target through the ASIC flow (`hw/scripts/asic.py`): sky130_fd_sc_hd area in gate
/// equivalents, OSU 0.18 um pre-layout timing by OpenSTA.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct AsicRecord {
    /// `case V`, `isa/oasip`, `rv32-ref` (a processor design).
    pub target: String,
    /// `case`, `unit` or `processor`.
    pub target_kind: String,
    pub flow: String,
    pub cells: Option<u64>,
    pub area_um2: Option<f64>,
    /// Area / area of sky130_fd_sc_hd__nand2_1.
    pub ge: Option<f64>,
    pub ffs: Option<u64>,
    pub critical_path_ns: Option<f64>,
    /// OSU 0.18 um, typical corner, ideal clock, no wire load, pre-layout.
    pub fmax_mhz: Option<f64>,
    pub start: Option<String>,
    pub end: Option<String>,
    /// Keccak cases: SHA3-512 throughput at `fmax_mhz` (seed 004 eq. 5).
    pub gbps: Option<f64>,
}

/// A processor's power from its firmware's own switching activity (`hw/scripts/power.py`):
/// gate-level simulation of the OSU 0.18 um netlist, OSU Liberty power tables.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PowerRecord {
    pub design: String,
    pub flow: String,
    /// The OSU Fmax the figures at Fmax are taken at.
    pub fmax_mhz: f64,
    /// Steady-state SHA3-256 (2-block window) at Fmax: leakage (static) and internal +
    /// switching + clock net (dynamic), mW.
    pub static_mw: f64,
    pub dynamic_mw: f64,
    /// The same at the 100 MHz reference clock, mW (static + dynamic).
    pub total_ref_mw: f64,
    /// OpenSTA 2.0.17's vectorless figure at Fmax (port activity propagated), mW; None
    /// where OpenSTA crashed in its power code on the netlist (the flow's own figures do
    /// not need it).
    pub vectorless_fmax_mw: Option<f64>,
    pub pj_per_byte: f64,
    pub nj_per_perm: f64,
    pub mb_per_mj: f64,
    /// Fmax / cycles per byte of the gate-level run's window.
    pub mbytes_per_s: f64,
    pub nets: u64,
    pub nets_annotated: u64,
}

/// A step that failed; the run goes on and exits non-zero at the end.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct FailureRecord {
    pub step: String,
    pub error: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Record {
    Bench(BenchRecord),
    Profile(ProfileRecord),
    Area(AreaRecord),
    HwPerf(HwPerfRecord),
    ConstantTime(ConstantTimeRecord),
    Rtl(RtlRecord),
    Pnr(PnrRecord),
    Asic(AsicRecord),
    Power(PowerRecord),
    Failure(FailureRecord),
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Metadata {
    /// Seconds since the Unix epoch when the run finished.
    pub generated_unix: u64,
    pub tools: Vec<(String, String)>,
    pub quick: bool,
    /// `git rev-parse HEAD` of the project tree the run measured (None outside git).
    #[serde(default)]
    pub commit: Option<String>,
    /// Whether that tree had uncommitted changes (`git status --porcelain`, `report/` and
    /// the README's generated block excluded).
    #[serde(default)]
    pub dirty: Option<bool>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Results {
    pub schema: String,
    pub metadata: Metadata,
    pub records: Vec<Record>,
}

/// `Results` methods that iterate over the records of one kind, one line per kind.
macro_rules! records_of_kind {
    ($($name:ident: $variant:ident => $ty:ty;)*) => {
        $(
            pub fn $name(&self) -> impl Iterator<Item = &$ty> {
                self.records.iter().filter_map(|r| match r {
                    Record::$variant(x) => Some(x),
                    _ => None,
                })
            }
        )*
    };
}

impl Results {
    records_of_kind! {
        benches: Bench => BenchRecord;
        profiles: Profile => ProfileRecord;
        areas: Area => AreaRecord;
        hw_perfs: HwPerf => HwPerfRecord;
        constant_times: ConstantTime => ConstantTimeRecord;
        rtls: Rtl => RtlRecord;
        pnrs: Pnr => PnrRecord;
        asics: Asic => AsicRecord;
        powers: Power => PowerRecord;
        failures: Failure => FailureRecord;
    }

    /// The bench record of `design` running `alg`, if measured.
    pub fn bench(&self, design: &str, alg: &str) -> Option<&BenchRecord> {
        self.benches().find(|b| b.design == design && b.alg == alg)
    }
    /// The P&R result of a target (`rv32-ref`, `case V`), if current.
    pub fn pnr(&self, target: &str) -> Option<&PnrRecord> {
        self.pnrs().find(|p| p.target == target)
    }
    /// The ASIC-flow result of a target (`rv32-ref`, `case V`, `isa/oasip`).
    pub fn power(&self, design: &str) -> Option<&PowerRecord> {
        self.powers().find(|p| p.design == design)
    }

    pub fn asic(&self, target: &str) -> Option<&AsicRecord> {
        self.asics().find(|a| a.target == target)
    }

    /// Read a `results.json` written by `reproduce` (this schema only).
    pub fn from_json(text: &str) -> Result<Results, String> {
        let r: Results = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if r.schema != SCHEMA {
            return Err(format!(
                "schema '{}' is not '{SCHEMA}' (written by another version of sha3-asip)",
                r.schema
            ));
        }
        Ok(r)
    }

    /// Read a `results.json` file: at most [`MAX_RESULTS_BYTES`] (a full run's is about a
    /// megabyte), so a wrong path such as /dev/zero or a huge file fails at once with a clear
    /// message instead of filling memory.
    pub fn read(path: &std::path::Path) -> Result<Results, String> {
        use std::io::Read;
        let f = std::fs::File::open(path).map_err(|e| e.to_string())?;
        let mut buf = Vec::new();
        f.take(MAX_RESULTS_BYTES + 1)
            .read_to_end(&mut buf)
            .map_err(|e| e.to_string())?;
        if buf.len() as u64 > MAX_RESULTS_BYTES {
            return Err(format!(
                "larger than {} MiB: not a results.json written by `sha3-asip reproduce`",
                MAX_RESULTS_BYTES >> 20
            ));
        }
        let text = String::from_utf8(buf)
            .map_err(|e| format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))?;
        Results::from_json(&text)
    }

    /// Pretty JSON with a trailing newline; records keep the order they were added in.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("results serialize");
        s.push('\n');
        s
    }
}

/// Records for unit tests of the reports.
#[cfg(test)]
pub mod test_support {
    use super::*;
    use crate::design::Design;
    use std::path::{Path, PathBuf};

    /// The source tree the crate was built from.
    pub fn tree() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    /// Every design of the source tree's designs/.
    pub fn tree_designs() -> Vec<Design> {
        crate::design::load_all(&tree().join("designs")).unwrap()
    }

    /// Results holding `records`, with empty metadata.
    pub fn results_of(records: Vec<Record>) -> Results {
        Results {
            schema: SCHEMA.to_string(),
            metadata: Metadata {
                generated_unix: 0,
                tools: Vec::new(),
                quick: false,
                commit: None,
                dirty: None,
            },
            records,
        }
    }

    /// A SHA3-256 bench record of `design` at `cpb` cycles per byte.
    pub fn bench_rec(design: &str, cpb: f64) -> Record {
        Record::Bench(BenchRecord {
            design: design.into(),
            arch: "rv32".into(),
            isa: "rv32im".into(),
            kernel: design.into(),
            timing: "zscale".into(),
            engine: "sim".into(),
            alg: SEED_ALG.into(),
            rate_bytes: 136,
            cycles_per_byte: cpb,
            cycles_per_block: cpb * 136.0,
            instr_per_byte: 0.0,
            cpb_lens: [272, 1360],
            cycles_per_permutation: 0,
            instret_per_permutation: 0,
            code_size_bytes: 1000,
            digest_ok: true,
            runs: Vec::new(),
            aead: None,
        })
    }

    pub fn proc_area(design: &str, slices: f64) -> Record {
        Record::Area(AreaRecord {
            unit: format!("processor {design}"),
            flow: "test".into(),
            luts: None,
            ffs: None,
            slices_est: Some(slices),
            lut_levels: None,
            fmax_mhz_est: None,
            ge_est: None,
        })
    }
}
