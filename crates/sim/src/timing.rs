//! Data-driven timing model. Parameters come from a TOML `[timing]` table (design files
//! embed one; named presets live in `crates/sim/timing/*.toml`). Every parameter is
//! documented in `docs/timing-models.md`.
//!
//! The engine is a single-issue in-order scoreboard evaluated per retired instruction:
//!
//! ```text
//! issue   = max(now, max(ready[rs1], ready[rs2]) + lead)  // RAW stalls (load-use, div)
//! now     = issue + occ + (taken ? pen_taken : pen_seq) + extra_cycles
//! ready[rd] = issue + occ + res_extra
//! ```
//! and the run starts at `now = stages - 1` (pipeline fill). `occ`, `res_extra`,
//! `pen_taken`, `pen_seq` are precomputed per decoded instruction by [`TimingParams::bind`].

use crate::isa::{DecodedInsn, Isa, TimingClass};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Latencies per timing class, in cycles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Latencies {
    /// Integer ALU (add, logic, compare, lui, ...).
    pub alu: u32,
    /// Shifter / rotator / permutations.
    pub shift: u32,
    /// Multiplier.
    pub mul: u32,
    /// Divider / remainder.
    pub div: u32,
    /// Whether a division blocks the pipeline for its whole latency (`true`) or issues in
    /// one cycle with only dependent instructions waiting for the result (`false`).
    #[serde(default = "yes")]
    pub div_stalls: bool,
    /// Load (issue cycles; the result delay is `load_use_penalty`).
    pub load: u32,
    /// Store.
    pub store: u32,
    /// Conditional branch (issue cycles, before penalties).
    pub branch: u32,
    /// jal / jalr (issue cycles, before penalties).
    pub jump: u32,
    /// CSR access.
    pub csr: u32,
    /// ecall / ebreak / mret / fence.
    pub system: u32,
    /// Custom-extension operations without an entry in `ops`.
    #[serde(default = "one")]
    pub custom: u32,
}

fn yes() -> bool {
    true
}
fn one() -> u32 {
    1
}

/// Timing-model parameters (the `[timing]` table of a design file).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimingParams {
    /// Model name (informational).
    #[serde(default)]
    pub name: String,
    /// Pipeline depth: `stages - 1` fill cycles are charged once at the start.
    pub stages: u32,
    /// Extra cycles for a taken conditional branch.
    pub branch_taken_penalty: u32,
    /// Extra cycles for a not-taken conditional branch.
    pub branch_not_taken_penalty: u32,
    /// Extra cycles for `jal`.
    pub jal_penalty: u32,
    /// Extra cycles for `jalr`.
    pub jalr_penalty: u32,
    /// Cycles an instruction that uses a loaded register right after the load waits.
    pub load_use_penalty: u32,
    /// Whether results are forwarded to the next instruction.
    pub forwarding: bool,
    /// Without forwarding: extra cycles before any result can be used.
    #[serde(default)]
    pub no_forwarding_penalty: u32,
    /// Cycles before issue at which conditional branches and register jumps need their
    /// operands (they are resolved that many stages before the ALU, e.g. 1 for a MIPS
    /// pipeline that compares in decode): a branch right after an ALU op that produces
    /// its operand stalls this many cycles more. Default 0.
    #[serde(default)]
    pub branch_operand_lead: u32,
    /// Latencies per class.
    pub latency: Latencies,
    /// Per-operation latency overrides by mnemonic (e.g. `remv = 1`).
    #[serde(default)]
    pub ops: BTreeMap<String, u32>,
}

/// Error in timing parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimingError(pub String);

impl fmt::Display for TimingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TimingError {}

/// Named presets: (name, TOML source).
pub const PRESETS: &[(&str, &str)] = &[
    ("zscale", include_str!("../timing/zscale.toml")),
    ("ideal", include_str!("../timing/ideal.toml")),
    ("mips5", include_str!("../timing/mips5.toml")),
];

#[derive(Deserialize)]
struct Wrapper {
    timing: TimingParams,
}

impl TimingParams {
    /// A named preset (`zscale`, `ideal`, `mips5`).
    pub fn preset(name: &str) -> Result<TimingParams, TimingError> {
        let Some((_, src)) = PRESETS.iter().find(|(n, _)| *n == name) else {
            let names: Vec<&str> = PRESETS.iter().map(|(n, _)| *n).collect();
            return Err(TimingError(format!(
                "unknown timing preset {name:?}; known presets: {}",
                names.join(", ")
            )));
        };
        Self::from_toml(src)
    }

    /// Names of the presets.
    pub fn preset_names() -> Vec<&'static str> {
        PRESETS.iter().map(|(n, _)| *n).collect()
    }

    /// Parse TOML: either a document with a `[timing]` table or the bare table.
    pub fn from_toml(src: &str) -> Result<TimingParams, TimingError> {
        let value: toml::Table =
            toml::from_str(src).map_err(|e| TimingError(format!("timing TOML: {e}")))?;
        let p = if value.contains_key("timing") {
            Wrapper::deserialize(value)
                .map_err(|e| TimingError(format!("timing TOML: {e}")))?
                .timing
        } else {
            TimingParams::deserialize(value)
                .map_err(|e| TimingError(format!("timing TOML: {e}")))?
        };
        p.validate()?;
        Ok(p)
    }

    /// Sanity checks (non-zero latencies, values that fit the engine).
    pub fn validate(&self) -> Result<(), TimingError> {
        let l = &self.latency;
        let lats = [
            ("alu", l.alu),
            ("shift", l.shift),
            ("mul", l.mul),
            ("div", l.div),
            ("load", l.load),
            ("store", l.store),
            ("branch", l.branch),
            ("jump", l.jump),
            ("csr", l.csr),
            ("system", l.system),
            ("custom", l.custom),
        ];
        for (n, v) in lats.iter().copied().chain(
            self.ops
                .iter()
                .map(|(k, v)| (k.as_str(), *v))
                .collect::<Vec<_>>(),
        ) {
            if v == 0 || v > 10_000 {
                return Err(TimingError(format!(
                    "timing: latency of {n} must be in 1..=10000, got {v}"
                )));
            }
        }
        if self.stages == 0 || self.stages > 64 {
            return Err(TimingError(format!(
                "timing: stages must be in 1..=64, got {}",
                self.stages
            )));
        }
        for (n, v) in [
            ("branch_taken_penalty", self.branch_taken_penalty),
            ("branch_not_taken_penalty", self.branch_not_taken_penalty),
            ("jal_penalty", self.jal_penalty),
            ("jalr_penalty", self.jalr_penalty),
            ("load_use_penalty", self.load_use_penalty),
            ("no_forwarding_penalty", self.no_forwarding_penalty),
            ("branch_operand_lead", self.branch_operand_lead),
        ] {
            if v > 10_000 {
                return Err(TimingError(format!("timing: {n} too large ({v})")));
            }
        }
        Ok(())
    }

    /// Check that every `ops` entry names an operation of `isa`.
    pub fn check_ops(&self, isa: &Isa) -> Result<(), TimingError> {
        for k in self.ops.keys() {
            if !isa.ops().any(|o| o.name == k) {
                return Err(TimingError(format!(
                    "timing: [timing.ops] names {k:?}, which is not an instruction of {}",
                    isa.name()
                )));
            }
        }
        Ok(())
    }

    /// Fill the timing fields of a decoded instruction.
    pub fn bind(&self, d: &mut DecodedInsn) {
        let l = &self.latency;
        let class_lat = match d.info.timing {
            TimingClass::Alu => l.alu,
            TimingClass::Shift => l.shift,
            TimingClass::Mul => l.mul,
            TimingClass::Div => l.div,
            TimingClass::Load => l.load,
            TimingClass::Store => l.store,
            TimingClass::Branch => l.branch,
            TimingClass::Jal | TimingClass::Jalr => l.jump,
            TimingClass::Csr => l.csr,
            TimingClass::System => l.system,
            TimingClass::Custom => l.custom,
        };
        let lat = self.ops.get(d.info.name).copied().unwrap_or(class_lat);
        let (mut occ, mut res_extra) = (lat, 0);
        if d.info.timing == TimingClass::Div && !l.div_stalls {
            occ = 1;
            res_extra = lat - 1;
        }
        if d.info.timing == TimingClass::Load {
            res_extra += self.load_use_penalty;
        }
        if !self.forwarding {
            res_extra += self.no_forwarding_penalty;
        }
        let (pt, ps) = match d.info.timing {
            TimingClass::Branch => (self.branch_taken_penalty, self.branch_not_taken_penalty),
            TimingClass::Jal => (self.jal_penalty, self.jal_penalty),
            TimingClass::Jalr => (self.jalr_penalty, self.jalr_penalty),
            _ => (0, 0),
        };
        let lead = match d.info.timing {
            TimingClass::Branch | TimingClass::Jalr => self.branch_operand_lead,
            _ => 0,
        };
        let c = |v: u32| v.min(u16::MAX as u32) as u16;
        d.lead = c(lead);
        d.occ = c(occ);
        d.res_extra = c(res_extra);
        d.pen_taken = c(pt);
        d.pen_seq = c(ps);
    }

    /// Cycles charged before the first instruction (pipeline fill).
    pub fn fill_cycles(&self) -> u64 {
        self.stages.saturating_sub(1) as u64
    }
}
