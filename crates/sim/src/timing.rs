//! Data-driven timing model. Parameters come from a TOML `[timing]` table (design files
//! embed one; named presets live in `crates/sim/timing/*.toml`). Every parameter is
//! documented in `docs/timing-models.md`.
//!
//! The engine is a single-issue in-order scoreboard evaluated per retired instruction:
//!
//! ```text
//! issue   = max(now, max(ready[rs1], ready[rs2], ready[rs3]) + lead)  // RAW stalls
//!           + stall_cycles                              // a unit's own interlocks
//! now     = issue + occ + (taken ? pen_taken : pen_seq) + extra_cycles
//! ready[rd] = issue + occ + res_extra
//! ```
//! and the run starts at `now = stages - 1` (pipeline fill). `occ`, `res_extra`,
//! `pen_taken`, `pen_seq` are precomputed per decoded instruction by [`TimingParams::bind`].

pub use crate::event::{Event, EventKind};
use crate::insn::{Base, DecodedInsn, TimingClass};
pub use crate::insn::{DivOp, Dynamic};
use crate::isa::Isa;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
    /// How the latency of `div`/`divu`/`rem`/`remu` is found: `"fixed"` (default: `div`
    /// cycles for any operands) or `"early-out"` (a function of the operands, see
    /// [`early_out_div_cycles`]; `div` is then unused).
    #[serde(default)]
    pub div_model: DivModel,
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
    /// Vector arithmetic / logic / permutation operations (timing class `Vector`), per
    /// 128-bit beat; vector loads and stores use `load` / `store`.
    #[serde(default = "one")]
    pub vector: u32,
}

/// Divider latency model (`latency.div_model`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DivModel {
    /// Every division takes `latency.div` cycles.
    #[default]
    Fixed,
    /// Operand-dependent: Rocket's iterative `MulDiv` with early-out as Z-scale
    /// instantiated it ([`early_out_div_cycles`]). RV32 `div`/`divu`/`rem`/`remu` only.
    EarlyOut,
}

/// Cycles a division occupies the execute stage under the `early-out` divider model: the
/// divide path of Rocket's iterative `MulDiv` (rocket-chip `multiplier.scala` as of
/// January 2016, the version Z-scale used; `earlyOut = true`, `w = 32`) inside Z-scale's
/// pipeline, counted from the cycle the request is accepted to the cycle the result is
/// returned (`docs/timing-models.md`, "Divider: fixed radix-2 and early-out"):
///
/// ```text
/// L = 1 (request) + neg_in + busy + move_rem + neg_out + 1 (result)
/// ```
/// `neg_in` = 1 for a signed op with a negative operand; `busy` = 33 (count 0..=32) unless
/// the early out in count 0 skips to `shift`: then 34 - shift; `move_rem` = 1 for
/// rem/remu; `neg_out` = 1 for a signed op whose result is negated (rem: dividend negative;
/// div: signs differ and the divisor is not zero). `hw/cores/rv32/rv32_div.v` with
/// `EARLY_OUT = 1` takes exactly these cycles.
pub fn early_out_div_cycles(op: DivOp, a: u32, b: u32) -> u32 {
    let a_neg = op.signed() && (a as i32) < 0;
    let b_neg = op.signed() && (b as i32) < 0;
    let ma = if a_neg { a.wrapping_neg() } else { a };
    let mb = if b_neg { b.wrapping_neg() } else { b };
    // Chisel's Log2: index of the highest set bit, 0 for 0
    let msb = |x: u32| 31 - (x | 1).leading_zeros();
    let (dividend_msb, divisor_msb) = (msb(ma), msb(mb));
    let busy = if mb == 0 {
        33 // division by zero: no early out
    } else if divisor_msb > dividend_msb {
        34 - 31 // eOutZero: shift = w - 1
    } else {
        match 31 + divisor_msb - dividend_msb {
            0 => 33, // eOutPos = 0: no early out
            shift => 34 - shift,
        }
    };
    let neg_out = if op.is_rem() {
        a_neg
    } else {
        a_neg != b_neg && b != 0
    };
    1 + (a_neg || b_neg) as u32 + busy + op.is_rem() as u32 + neg_out as u32 + 1
}

/// Occupancy and extra result delay of a division of latency `lat`.
fn div_occupancy(lat: u32, stalls: bool) -> (u32, u32) {
    if stalls {
        (lat, 0)
    } else {
        (1, lat - 1)
    }
}

impl DecodedInsn {
    /// This instruction with its operand-dependent timing resolved for source operand
    /// values `a` (rs1) and `b` (rs2); itself when its timing is fixed.
    #[inline]
    pub fn with_operands(&self, a: u32, b: u32) -> DecodedInsn {
        let mut d = *self;
        if let Dynamic::EarlyOutDiv { op, stalls } = self.dynamic {
            let (occ, res) = div_occupancy(early_out_div_cycles(op, a, b), stalls);
            d.occ = occ as u16;
            d.res_extra = res as u16;
        }
        d
    }
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
    /// Extra cycles for `fence.i`: what the pipeline had fetched after it is fetched again
    /// (default 0).
    #[serde(default)]
    pub fence_i_penalty: u32,
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
    /// What the core does with a misaligned data access: `"trap"` (default; RISC-V
    /// mcause 4/6 with mtval = the address, MIPS address error) or `"perform"` (the
    /// access is done as if aligned, with the timing of an aligned one).
    #[serde(default)]
    pub misaligned: Misaligned,
    /// Cycles of the named timing events that instructions' semantics raise
    /// ([`Event`]: an extension's own interlocks and redirects, e.g.
    /// `"xoasip.doloop_skip"`), keyed `<extension>.<event>`. Every event of every
    /// extension in a design's ISA needs a value here (checked when a machine is built).
    #[serde(default)]
    pub events: BTreeMap<String, u32>,
}

/// Misaligned data accesses (`misaligned` in a timing model).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Misaligned {
    /// Trap: load/store address misaligned (mcause 4 / 6, mtval = the address).
    #[default]
    Trap,
    /// Perform the access (byte by byte, little-endian), no extra cycles.
    Perform,
}

message_error!(
    /// Error in timing parameters.
    TimingError,
    ""
);

/// Named presets: (name, TOML source).
pub const PRESETS: &[(&str, &str)] = &[
    ("zscale", include_str!("../timing/zscale.toml")),
    ("ideal", include_str!("../timing/ideal.toml")),
    ("mips5", include_str!("../timing/mips5.toml")),
    ("zscale-eo", include_str!("../timing/zscale-eo.toml")),
];

#[derive(Deserialize)]
struct Wrapper {
    timing: TimingParams,
}

impl TimingParams {
    /// A named preset (`zscale`, `zscale-eo`, `ideal`, `mips5`).
    pub fn preset(name: &str) -> Result<TimingParams, TimingError> {
        Self::from_table(Self::preset_table(name)?)
    }

    /// A named preset's parameters as a TOML table (its `[timing]` table), parsed once, for
    /// callers that merge overrides over it before [`TimingParams::from_table`].
    pub fn preset_table(name: &str) -> Result<toml::Table, TimingError> {
        let Some((_, src)) = PRESETS.iter().find(|(n, _)| *n == name) else {
            let names: Vec<&str> = PRESETS.iter().map(|(n, _)| *n).collect();
            return Err(TimingError(format!(
                "unknown timing preset {name:?}; known presets: {}",
                names.join(", ")
            )));
        };
        let mut value: toml::Table =
            toml::from_str(src).map_err(|e| TimingError(format!("timing TOML: {e}")))?;
        Ok(match value.remove("timing") {
            Some(toml::Value::Table(t)) => t,
            _ => value,
        })
    }

    /// Parameters from a `[timing]` table (validated).
    pub fn from_table(t: toml::Table) -> Result<TimingParams, TimingError> {
        let p =
            TimingParams::deserialize(t).map_err(|e| TimingError(format!("timing TOML: {e}")))?;
        p.validate()?;
        Ok(p)
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
            ("vector", l.vector),
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
            ("fence_i_penalty", self.fence_i_penalty),
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

    /// Check that every `ops` entry names an operation of `isa`, and that the divider model
    /// applies to its division instructions.
    pub fn check_ops(&self, isa: &Isa) -> Result<(), TimingError> {
        for k in self.ops.keys() {
            if !isa.ops().any(|o| o.name == k) {
                return Err(TimingError(format!(
                    "timing: [timing.ops] names {k:?}, which is not an instruction of {}",
                    isa.name()
                )));
            }
        }
        if self.latency.div_model == DivModel::EarlyOut {
            for o in isa.ops() {
                if o.timing == TimingClass::Div
                    && !self.ops.contains_key(o.name)
                    && (isa.base() != Base::Rv32 || DivOp::from_name(o.name).is_none())
                {
                    return Err(TimingError(format!(
                        "timing: div_model = \"early-out\" models the RV32 div/divu/rem/remu; \
                         {} has division instruction {:?}: give it a latency in [timing.ops] \
                         or use div_model = \"fixed\"",
                        isa.name(),
                        o.name
                    )));
                }
            }
        }
        self.check_events(isa)
    }

    /// Every event of the ISA's extensions has a value in `events`, and every key of
    /// `events` names an event some known extension of the base declares (a typo is an
    /// error, not a silent zero).
    fn check_events(&self, isa: &Isa) -> Result<(), TimingError> {
        for e in isa.extensions().iter().flat_map(|x| x.timing_events()) {
            if !self.events.contains_key(&e.key()) {
                return Err(TimingError(format!(
                    "timing model {:?} has no [timing.events] value for \"{}\" ({}), which \
                     {} raises; add it to the timing model or the design's [timing.events]",
                    self.name,
                    e.key(),
                    e.doc,
                    e.ext
                )));
            }
        }
        // a key of an extension the ISA's registry knows must name one of its events (a
        // key of an extension unknown here, e.g. a preset's `xoasip` events when the ISA
        // was parsed without the project's extensions, is checked by
        // [`TimingParams::check_event_extensions`] where the whole registry is known)
        for k in self.events.keys() {
            let ext = k.split('.').next().unwrap_or("");
            let Some(x) = isa
                .extensions()
                .iter()
                .chain(isa.others())
                .find(|x| x.name() == ext)
            else {
                continue;
            };
            if !x.timing_events().iter().any(|e| e.key() == *k) {
                let known: Vec<String> = x.timing_events().iter().map(|e| e.key()).collect();
                return Err(TimingError(format!(
                    "timing: [timing.events] names {k:?}, which {ext} does not raise; its \
                     events: {}",
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )));
            }
        }
        Ok(())
    }

    /// Every key of `events` is `<extension>.<event>` with an extension of `names` (the
    /// names of every registered extension, of any base).
    pub fn check_event_extensions(&self, names: &[&str]) -> Result<(), TimingError> {
        for k in self.events.keys() {
            let ext = k.split('.').next().unwrap_or("");
            if !k.contains('.') || !names.contains(&ext) {
                return Err(TimingError(format!(
                    "timing: [timing.events] key {k:?} is not <extension>.<event> with a known \
                     extension ({})",
                    names.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// The cycles of each event of the ISA's extensions (after [`TimingParams::check_ops`]).
    pub fn event_cycles(&self, isa: &Isa) -> Vec<(&'static Event, u32)> {
        isa.extensions()
            .iter()
            .flat_map(|x| x.timing_events())
            .map(|e| (*e, self.events.get(&e.key()).copied().unwrap_or(0)))
            .collect()
    }

    /// Whether some instruction's latency depends on its operands (the engine then reads
    /// the source registers of those instructions before executing them).
    pub fn has_dynamic(&self) -> bool {
        self.latency.div_model != DivModel::Fixed
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
            TimingClass::System | TimingClass::FenceI => l.system,
            TimingClass::Custom => l.custom,
            TimingClass::Vector => l.vector,
        };
        let op_lat = self.ops.get(d.info.name).copied();
        let lat = op_lat.unwrap_or(class_lat);
        let (mut occ, mut res_extra) = (lat, 0);
        d.dynamic = Dynamic::None;
        if d.info.timing == TimingClass::Div {
            (occ, res_extra) = div_occupancy(lat, l.div_stalls);
            if let (DivModel::EarlyOut, None, Some(op)) =
                (l.div_model, op_lat, DivOp::from_name(d.info.name))
            {
                d.dynamic = Dynamic::EarlyOutDiv {
                    op,
                    stalls: l.div_stalls,
                };
            }
        }
        // a vector load's last word reaches the vector register file in the cycle after its
        // last beat and is passed through to that cycle's reads (the RTL unit's write-through,
        // docs/timing-models.md "Vector unit"): no load-use wait on vector registers
        if d.info.timing == TimingClass::Load && d.rd < crate::insn::VREG_TIMING {
            res_extra += self.load_use_penalty;
        }
        if !self.forwarding {
            res_extra += self.no_forwarding_penalty;
        }
        let (pt, ps) = match d.info.timing {
            TimingClass::Branch => (self.branch_taken_penalty, self.branch_not_taken_penalty),
            TimingClass::Jal => (self.jal_penalty, self.jal_penalty),
            TimingClass::Jalr => (self.jalr_penalty, self.jalr_penalty),
            TimingClass::FenceI => (self.fence_i_penalty, self.fence_i_penalty),
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
