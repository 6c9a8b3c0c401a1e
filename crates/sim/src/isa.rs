//! ISA-independent core types: decoded instructions, operation descriptors, the
//! [`Extension`] trait, the extension [`Registry`] and the parsed [`Isa`].
//!
//! Every instruction the simulator knows is described once by a `static` [`OpInfo`]
//! (name, semantics, disassembly format, profiling class, timing class). An extension is
//! a decoder that maps a 32-bit word to a [`DecodedInsn`] pointing at one of its
//! `OpInfo`s. The same decoded form feeds execution, disassembly, timing and profiling.

use crate::cpu::{Cpu, Trap};
use std::fmt;
use std::sync::Arc;

/// Semantics of one operation. Reads operands from `insn`, updates `cpu` (registers,
/// memory, `cpu.npc` for control flow, extension state). Never panics.
pub type ExecFn = fn(&mut Cpu, &DecodedInsn) -> Result<(), Trap>;

/// Custom disassembly: `(insn, pc) -> text` (operands only are not enough for some
/// extensions, so the function prints the whole line, mnemonic included).
pub type DisasmFn = fn(&DecodedInsn, u32) -> String;

/// Instruction classes used by the profiler (seed 001, Fig. 5 groups).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InstrClass {
    /// Loads and stores.
    DataTransfer,
    /// and/or/xor/andn/..., bit counting, packing.
    Logic,
    /// Shifts, rotations and bit permutations.
    ShiftRotate,
    /// Comparisons, conditional branches, jumps.
    CompareBranchJump,
    /// Multiply, divide, remainder.
    MulDivRem,
    /// Add, subtract (incl. immediates and auipc).
    AddSub,
    /// Custom (non-standard) instruction-set extensions.
    Custom,
    /// Everything else: lui, CSR access, system, fences.
    Other,
}

impl InstrClass {
    /// All classes in display order.
    pub const ALL: [InstrClass; 8] = [
        InstrClass::DataTransfer,
        InstrClass::Logic,
        InstrClass::ShiftRotate,
        InstrClass::CompareBranchJump,
        InstrClass::MulDivRem,
        InstrClass::AddSub,
        InstrClass::Custom,
        InstrClass::Other,
    ];

    /// Short human-readable name.
    pub fn name(self) -> &'static str {
        match self {
            InstrClass::DataTransfer => "data transfer",
            InstrClass::Logic => "logic",
            InstrClass::ShiftRotate => "shift/rotate",
            InstrClass::CompareBranchJump => "compare/branch/jump",
            InstrClass::MulDivRem => "mul/div/rem",
            InstrClass::AddSub => "add/sub",
            InstrClass::Custom => "custom",
            InstrClass::Other => "other",
        }
    }

    /// Index into [`InstrClass::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for InstrClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Timing class of an operation: selects the latency parameter and the control-flow
/// penalties applied by the timing engine (see `docs/timing-models.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimingClass {
    /// Simple integer ALU operation.
    Alu,
    /// Shifter / rotator / bit permutation.
    Shift,
    /// Multiplier.
    Mul,
    /// Divider / remainder unit.
    Div,
    /// Memory load (result subject to the load-use penalty).
    Load,
    /// Memory store.
    Store,
    /// Conditional branch (taken / not-taken penalties).
    Branch,
    /// Direct jump (jal).
    Jal,
    /// Indirect jump (jalr).
    Jalr,
    /// CSR access.
    Csr,
    /// ecall, ebreak, mret, fence.
    System,
    /// `fence.i`: `latency.system`, then `fence_i_penalty` (the pipeline fetches its
    /// successor again).
    FenceI,
    /// Vector arithmetic, logic, permutation and moves (`latency.vector`, one 128-bit beat;
    /// further beats of a register group are the `zve64x.beat` timing event).
    Vector,
    /// Custom extension operation: latency comes from `[timing.ops]` by op name
    /// (default: the `custom` class latency).
    Custom,
}

/// Base instruction-set architecture an ISA string, an extension, an ELF file and a
/// design belong to (the one enum for this fact; `rv32` / `mips32` in design files).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Base {
    /// RISC-V RV32 (`rv32i...`).
    Rv32,
    /// MIPS32 release 1, little-endian, o32 (`mips32...`).
    Mips32,
}

impl Base {
    /// Every base.
    pub const ALL: [Base; 2] = [Base::Rv32, Base::Mips32];

    /// What the machine, the trace and the profiler need to know about this base,
    /// declared by the base's own module. The one place that maps the enum to a module.
    pub fn info(self) -> &'static BaseInfo {
        match self {
            Base::Rv32 => &crate::rv32::BASE_INFO,
            Base::Mips32 => &crate::mips::BASE_INFO,
        }
    }

    /// ISA-string prefix: `rv32` / `mips32`.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Register name used by the disassembler and the trace (ABI names).
    pub fn reg_name(self, r: u8) -> &'static str {
        (self.info().reg_name)(r)
    }

    /// Whether an ISA string belongs to this base (`rv32...` / `mips32...`).
    pub fn owns_isa(self, isa: &str) -> bool {
        isa.starts_with(self.name())
    }
}

/// A base ISA's facts for the generic machine (stack pointer, delay slot, system-call ABI,
/// commit-log and error formats, jump targets). Each base's module declares one static
/// (`rv32::BASE_INFO`, `mips::BASE_INFO`); the machine, trace and profiler read only this,
/// so they name no base, and a third base is a module plus a line in [`Base::info`].
pub struct BaseInfo {
    /// ISA-string prefix (`rv32`).
    pub name: &'static str,
    /// An example ISA string, for error messages (`rv32im`).
    pub example_isa: &'static str,
    /// The ELF `e_machine` of its executables (EM_RISCV 243, EM_MIPS 8).
    pub e_machine: u16,
    /// The architecture's name in messages about ELF files (`RISC-V`).
    pub elf_name: &'static str,
    /// ABI register names.
    pub reg_name: fn(u8) -> &'static str,
    /// The stack pointer register the loader sets.
    pub sp: u8,
    /// Branches and jumps have an architectural delay slot.
    pub delay_slot: bool,
    /// A timing pseudo-register (`rd` above 31) whose write the commit log shows as
    /// `hi=... lo=...` (MIPS HI/LO).
    pub hilo: Option<u8>,
    /// The fields of an undecodable word, for the illegal-instruction message
    /// (`opcode 0x0b custom-0, funct3 1, funct7 0x00`).
    pub illegal_fields: fn(u32) -> String,
    /// Target of a direct jump (`TimingClass::Jal`) at `pc` with decoded `imm`.
    pub jump_target: fn(u32, i32) -> u32,
    /// The system call the CPU requests: `(number, a0, a1, a2)` with the number in the
    /// Linux generic (RISC-V) numbering (64 write, 93 exit, 94 exit_group), or why not.
    pub syscall_args: SyscallArgsFn,
    /// Return `ret` (a value or a negative errno) from a system call as the ABI does.
    pub syscall_return: fn(&mut Cpu, u32),
    /// The base's architectural trap entry, if it has one: given the trap at `pc` and its
    /// trap value, enter the handler and return `true` (the machine charges the redirect),
    /// or return `false` when no handler is installed (an `ecall` is then a system call
    /// of the host ABI, anything else ends the run with an error).
    pub trap_entry: Option<TrapEntryFn>,
    /// Set up the base's own state when a machine is created (RV32: the CSR file's
    /// `misa` from the ISA string; MIPS has no CSRs and does nothing).
    pub init: fn(&mut Cpu, &Isa),
}

/// [`BaseInfo::syscall_args`]: `(number, a0, a1, a2)` or why the call is not supported.
pub type SyscallArgsFn = fn(&Cpu) -> Result<(u32, u32, u32, u32), String>;
/// [`BaseInfo::trap_entry`]: `(cpu, pc, trap, trap value) -> entered`.
pub type TrapEntryFn = fn(&mut Cpu, u32, Trap, u32) -> bool;

impl fmt::Display for Base {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Operand layout used by the generic disassembler.
#[derive(Clone, Copy)]
pub enum Format {
    /// `op rd, rs1, rs2`
    R,
    /// `op rd, rs1, imm`
    I,
    /// `op rd, imm(rs1)`
    Load,
    /// `op rs2, imm(rs1)`
    Store,
    /// `op rs1, rs2, target`
    Branch,
    /// `op rd, imm20` (hex)
    U,
    /// `op rd, target`
    J,
    /// `op rd, imm(rs1)` as objdump prints jalr
    Jalr,
    /// `op rd, rs1`
    Unary,
    /// `op rd, csr, rs1` (csr number in `aux`)
    Csr,
    /// `op rd, csr, uimm` (csr number in `aux`, uimm in `imm`)
    CsrI,
    /// `op` alone
    Bare,
    /// Extension-provided formatter.
    Custom(DisasmFn),
}

/// Static description of one operation.
pub struct OpInfo {
    /// Mnemonic (also the key for per-op latencies in `[timing.ops]`).
    pub name: &'static str,
    /// Semantics.
    pub exec: ExecFn,
    /// Disassembly layout.
    pub format: Format,
    /// Profiling class.
    pub class: InstrClass,
    /// Timing class.
    pub timing: TimingClass,
    /// The encoding, for extensions declared as data ([`crate::spec`]); `None` for
    /// operations decoded by hand-written code.
    pub enc: Option<&'static crate::spec::Encoding>,
}

impl fmt::Debug for OpInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OpInfo({})", self.name)
    }
}

/// A decoded instruction: what the hot loop executes. `Copy`, no heap.
///
/// Conventions: `rd`, `rs1`, `rs2` name general-purpose registers and drive the timing
/// engine's dependency tracking and the commit trace; a decoder sets them to 0 when the
/// operation does not use that GPR operand. `rs3` is a third source of the timing
/// engine's scoreboard (0 = none). Extensions with other register files put those
/// indices in `aux` or `imm`. Indices 32..63 in `rd`/`rs1`/`rs2`/`rs3` are timing-only
/// pseudo-registers (set after [`DecodedInsn::new`], which masks to 0..31): MIPS uses
/// [`crate::mips::HILO`] = 32 so that `mflo` (and every HI/LO writer) waits for `div`.
#[derive(Clone, Copy)]
pub struct DecodedInsn {
    /// Copied from `info.exec` (one indirection less in the hot loop).
    pub exec: ExecFn,
    /// The operation.
    pub info: &'static OpInfo,
    /// The raw instruction word.
    pub word: u32,
    /// Sign-extended immediate (meaning depends on the op).
    pub imm: i32,
    /// Free operand slot (CSR number, extension fields).
    pub aux: u32,
    /// Destination GPR (0 = none).
    pub rd: u8,
    /// First source GPR (0 = none).
    pub rs1: u8,
    /// Second source GPR (0 = none).
    pub rs2: u8,
    /// Third source for the timing engine (0 = none; MIPS: HI/LO for its writers).
    pub rs3: u8,
    /// Timing, filled in by [`crate::timing::TimingParams::bind`]: cycles the op occupies
    /// the issue slot.
    pub occ: u16,
    /// Extra cycles after `occ` before the result may be used.
    pub res_extra: u16,
    /// Penalty when control does not fall through (taken branch, jump).
    pub pen_taken: u16,
    /// Penalty when control falls through (not-taken branch).
    pub pen_seq: u16,
    /// Cycles before issue at which the operation needs its GPR operands (branches and
    /// register jumps resolved in an earlier stage, e.g. MIPS decode); 0 = at issue.
    pub lead: u16,
    /// Operand-dependent timing (an early-out divider), resolved by the engine from the
    /// source operands with [`DecodedInsn::with_operands`]; `occ` and `res_extra` then
    /// hold the fixed-model values.
    pub dynamic: crate::timing::Dynamic,
}

impl DecodedInsn {
    /// Build a decoded instruction (timing fields zero until bound).
    pub fn new(info: &'static OpInfo, word: u32, rd: u32, rs1: u32, rs2: u32, imm: i32) -> Self {
        DecodedInsn {
            exec: info.exec,
            info,
            word,
            imm,
            aux: 0,
            rd: (rd & 31) as u8,
            rs1: (rs1 & 31) as u8,
            rs2: (rs2 & 31) as u8,
            rs3: 0,
            occ: 1,
            res_extra: 0,
            pen_taken: 0,
            pen_seq: 0,
            lead: 0,
            dynamic: crate::timing::Dynamic::None,
        }
    }

    /// Like [`DecodedInsn::new`], but the register slots are kept as given, not masked to
    /// 0..31: 32..63 are the timing scoreboard's pseudo-registers (vector registers,
    /// [`crate::rv32::vector::VREG_TIMING`] + n).
    pub fn with_slots(
        info: &'static OpInfo,
        word: u32,
        rd: u32,
        rs1: u32,
        rs2: u32,
        imm: i32,
    ) -> Self {
        let mut d = Self::new(info, word, rd, rs1, rs2, imm);
        (d.rd, d.rs1, d.rs2) = (rd as u8, rs1 as u8, rs2 as u8);
        d
    }

    /// Set `aux`.
    pub fn with_aux(mut self, aux: u32) -> Self {
        self.aux = aux;
        self
    }

    /// Set `rs3`.
    pub fn with_rs3(mut self, rs3: u32) -> Self {
        self.rs3 = rs3 as u8;
        self
    }

    /// Mnemonic.
    pub fn name(&self) -> &'static str {
        self.info.name
    }

    /// Disassemble at address `pc`.
    pub fn disasm(&self, pc: u32) -> String {
        crate::rv32::disasm::format_insn(self, pc)
    }
}

impl fmt::Debug for DecodedInsn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({:#010x})", self.info.name, self.word)
    }
}

/// An instruction-set extension: a decoder plus its operations and optional extra
/// architectural state / fetch hooks.
///
/// To add one: declare `static` [`OpInfo`]s for its operations, write its type and this
/// trait's impl with [`crate::extension!`] (from its declaration as data,
/// [`crate::spec::ExtSpec`], or from its name, ops and decoder, as the built-ins do), and
/// list it in [`builtin_extensions`] (or pass it to [`Registry::register`] at run time).
/// See `crates/sim/README.md`.
pub trait Extension: Send + Sync {
    /// Name used in ISA strings (`m`, `zbkb`, `xoasip`, `xmipsnative`, ...), lower case.
    /// (Default: the declaration's name; an extension without [`Extension::spec`] must
    /// implement it.)
    fn name(&self) -> &'static str {
        self.spec()
            .map(|s| s.name)
            .expect("an extension without a declaration (spec) implements name()")
    }
    /// The base ISA this extension extends ([`Base::Rv32`] unless overridden). An ISA
    /// string of the other base that names it is refused.
    fn base(&self) -> Base {
        self.spec().map_or(Base::Rv32, |s| s.base)
    }
    /// Every operation the extension can decode to.
    /// (Default: the declaration's operations.)
    fn ops(&self) -> &'static [OpInfo] {
        self.spec().map_or(&[], |s| s.ops)
    }
    /// Decode `word`, or `None` if it is not one of this extension's instructions.
    /// (Default: the declaration's decoder, [`crate::spec::ExtSpec::decode`].)
    fn decode(&self, word: u32) -> Option<DecodedInsn> {
        self.spec().and_then(|s| s.decode(word))
    }
    /// Called once when a machine is created: install extra state with
    /// [`Cpu::state_mut`], fetch hooks with [`Cpu::add_fetch_hook`].
    fn init(&self, _cpu: &mut Cpu) {}
    /// The extension's declaration as data ([`crate::spec::ExtSpec`]), if it has one:
    /// the generator and the stale-file test of `asip-extensions` use it.
    fn spec(&self) -> Option<&'static crate::spec::ExtSpec> {
        None
    }
    /// The named timing events its semantics raise with [`Cpu::charge`]; their cycles
    /// are timing-model data (`[timing.events]`), never constants in the semantics.
    fn timing_events(&self) -> &'static [&'static crate::timing::Event] {
        &[]
    }
}

/// Declare an extension type. An extension crate declares itself in one block: its
/// declaration, a `static` [`crate::spec::ExtSpec`] (every field but `dir`, which is the
/// crate's folder, `CARGO_MANIFEST_DIR`), and the type, whose name, base, operations and
/// decoder come from the declaration; the type adds the
/// extension state `S` it installs (`S::default()`) when a machine is created, optionally
/// more set-up (`init: fn(&mut Cpu)`, e.g. a fetch hook) and the timing events its
/// semantics charge. A hand-written extension (no declaration) names
/// instead its ISA-string name, optionally its base, its operations and its decoder
/// (`fn(u32) -> Option<DecodedInsn>`); its state is optional.
///
/// ```ignore
/// asip_sim::extension! {
///     /// The declaration of xoasip.
///     pub static SPEC = {
///         name: "xoasip",
///         base: Base::Rv32,
///         prefix: "OASIP",
///         ops: OPS,
///         columns: rv::COLUMNS,
///         asm_macros: false,
///         generated: &["README.md", "include/oasip.h"],
///     }
///     /// The `xoasip` extension.
///     pub struct Oasip {
///         state: OasipState,
///         init: |cpu| cpu.add_fetch_hook(loop_hook),
///         events: &[&DOLOOP_SKIP],
///     }
/// }
/// asip_sim::extension! {
///     /// The M extension (`m`).
///     pub struct M {
///         name: "m",
///         ops: OPS,
///         decode: decode,
///     }
/// }
/// ```
#[macro_export]
macro_rules! extension {
    (
        $(#[$spec_doc:meta])*
        $spec_vis:vis static $spec:ident = { $($field:ident: $value:expr),* $(,)? }
        $(#[$doc:meta])*
        $vis:vis struct $ty:ident {
            $(state: $state:ty,)?
            $(init: $init:expr,)?
            $(events: $events:expr,)?
        }
    ) => {
        $(#[$spec_doc])*
        $spec_vis static $spec: $crate::spec::ExtSpec = $crate::spec::ExtSpec {
            dir: env!("CARGO_MANIFEST_DIR"),
            $($field: $value,)*
        };

        $crate::extension! { @type $(#[$doc])* $vis $ty {
            fn spec(&self) -> Option<&'static $crate::spec::ExtSpec> {
                Some(&$spec)
            }
        } [$($state)?], [$($init)?], [$($events)?] }
    };
    (
        $(#[$doc:meta])*
        $vis:vis struct $ty:ident {
            name: $name:literal,
            $(base: $base:expr,)?
            ops: $ops:expr,
            decode: $decode:path,
            $(state: $state:ty,)?
            $(init: $init:expr,)?
            $(events: $events:expr,)?
        }
    ) => {
        $crate::extension! { @type $(#[$doc])* $vis $ty {
            fn name(&self) -> &'static str {
                $name
            }
            $(fn base(&self) -> $crate::isa::Base {
                $base
            })?
            fn ops(&self) -> &'static [$crate::isa::OpInfo] {
                $ops
            }
            fn decode(&self, w: u32) -> Option<$crate::isa::DecodedInsn> {
                $decode(w)
            }
        } [$($state)?], [$($init)?], [$($events)?] }
    };
    // the type and what both kinds share: set-up, timing events
    (
        @type $(#[$doc:meta])* $vis:vis $ty:ident { $($source:item)* }
        [$($state:ty)?], [$($init:expr)?], [$($events:expr)?]
    ) => {
        $(#[$doc])*
        $vis struct $ty;

        impl $crate::isa::Extension for $ty {
            $($source)*
            #[allow(unused_variables)]
            fn init(&self, cpu: &mut $crate::cpu::Cpu) {
                $(cpu.state_mut::<$state>();)?
                $(
                    let init: fn(&mut $crate::cpu::Cpu) = $init;
                    init(cpu);
                )?
            }
            $(fn timing_events(&self) -> &'static [&'static $crate::timing::Event] {
                static EXTENSION_EVENTS: &[&$crate::timing::Event] = $events;
                EXTENSION_EVENTS
            })?
        }
    };
}

/// The extensions compiled into this crate. Adding an extension = one line here.
pub fn builtin_extensions() -> Vec<Arc<dyn Extension>> {
    vec![
        Arc::new(crate::rv32::base::Rv32i),
        Arc::new(crate::rv32::zicsr::Zicsr),
        Arc::new(crate::rv32::m::M),
        Arc::new(crate::rv32::bitmanip::Zbb),
        Arc::new(crate::rv32::bitmanip::Zbkb),
        Arc::new(crate::rv32::vector::Zve64x),
        Arc::new(crate::rv32::vector::Zvkb),
        Arc::new(crate::mips::base::Mips32),
    ]
}

message_error!(
    /// Error from parsing an ISA string.
    IsaError,
    ""
);

/// A set of known extensions from which ISA strings are parsed.
#[derive(Clone)]
pub struct Registry {
    exts: Vec<Arc<dyn Extension>>,
}

impl Default for Registry {
    fn default() -> Self {
        Registry {
            exts: builtin_extensions(),
        }
    }
}

impl Registry {
    /// The built-in extensions.
    pub fn new() -> Self {
        Self::default()
    }

    /// Add an extension (e.g. from another crate). A later registration with the same
    /// name replaces the earlier one.
    pub fn register(&mut self, ext: Arc<dyn Extension>) -> &mut Self {
        self.exts.retain(|e| e.name() != ext.name());
        self.exts.push(ext);
        self
    }

    /// Names of all registered extensions.
    pub fn names(&self) -> Vec<&'static str> {
        self.exts.iter().map(|e| e.name()).collect()
    }

    /// Every registered extension.
    pub fn extensions(&self) -> &[Arc<dyn Extension>] {
        &self.exts
    }

    fn get(&self, name: &str) -> Option<Arc<dyn Extension>> {
        self.exts.iter().find(|e| e.name() == name).cloned()
    }

    /// Parse an ISA string. RISC-V, Spike style: `rv32i`, then single-letter extensions
    /// (`m`), then `_`-separated multi-letter extensions (`_zbkb_zbb`); `zicsr` and
    /// `zifencei` are always on and may be named. MIPS: `mips32`, then `_`-separated
    /// extensions (`mips32_xmipsnative`). Case-insensitive. Every extension must belong to
    /// the string's base ([`Extension::base`]).
    pub fn parse_isa(&self, s: &str) -> Result<Isa, IsaError> {
        let lower = s.trim().to_ascii_lowercase();
        let mut parts = lower.split('_');
        let head = parts.next().unwrap_or("");
        let (base, mut names) = if let Some(rest) = head.strip_prefix("mips32") {
            if !rest.is_empty() {
                return Err(IsaError(format!(
                    "ISA string {s:?}: MIPS extensions are `_`-separated after \"mips32\" \
                     (e.g. mips32_xmipsnative); \"{rest}\" is not understood"
                )));
            }
            (Base::Mips32, vec!["mips32".to_string()])
        } else if let Some(rest) = head.strip_prefix("rv32") {
            let mut letters = rest.chars();
            match letters.next() {
                Some('i') => {}
                Some('g') => {
                    return Err(IsaError(format!(
                        "ISA string {s:?}: G (IMAFD) is not supported; use rv32i/rv32im"
                    )))
                }
                _ => {
                    return Err(IsaError(format!(
                        "ISA string {s:?}: base must be rv32i (e.g. rv32im_zbkb)"
                    )))
                }
            }
            let mut names: Vec<String> = vec!["i".into(), "zicsr".into()];
            for c in letters {
                names.push(c.to_string());
            }
            (Base::Rv32, names)
        } else {
            return Err(IsaError(format!(
                "ISA string {s:?} must start with \"rv32\" (e.g. rv32im_zbkb) or \"mips32\" \
                 (e.g. mips32_xmipsnative)"
            )));
        };
        for p in parts {
            if p.is_empty() {
                continue;
            }
            names.push(p.to_string());
        }
        let mut exts: Vec<Arc<dyn Extension>> = Vec::new();
        for n in &names {
            if n == "zifencei" && base == Base::Rv32 {
                continue; // fence.i is part of the base decoder
            }
            match self.get(n) {
                Some(e) if e.base() != base => {
                    return Err(IsaError(format!(
                        "ISA string {s:?}: extension {n:?} extends {}, not {}; known {} \
                         extensions: {}",
                        e.base(),
                        base,
                        base,
                        self.names_for(base).join(", ")
                    )));
                }
                Some(e) => {
                    if !exts.iter().any(|x| x.name() == e.name()) {
                        exts.push(e);
                    }
                }
                None => {
                    let always = match base {
                        Base::Rv32 => " (zicsr, zifencei always on)",
                        Base::Mips32 => "",
                    };
                    return Err(IsaError(format!(
                        "ISA string {s:?}: unknown extension {n:?}; known extensions: \
                         {}{always}",
                        self.names_for(base).join(", ")
                    )));
                }
            }
        }
        let name = canonical_name(base, &exts);
        let others = self
            .exts
            .iter()
            .filter(|e| e.base() == base && !exts.iter().any(|x| x.name() == e.name()))
            .cloned()
            .collect();
        Ok(Isa {
            name,
            base,
            exts,
            others,
        })
    }

    /// Names of the registered extensions of `base` that may be named in an ISA string
    /// (the always-on base decoders excluded).
    pub fn names_for(&self, base: Base) -> Vec<&'static str> {
        self.exts
            .iter()
            .filter(|e| e.base() == base)
            .map(|e| e.name())
            .filter(|k| !matches!(*k, "i" | "zicsr" | "mips32"))
            .collect()
    }
}

fn canonical_name(base: Base, exts: &[Arc<dyn Extension>]) -> String {
    if base == Base::Mips32 {
        let mut s = String::from("mips32");
        for e in exts {
            if e.name() != "mips32" {
                s.push('_');
                s.push_str(e.name());
            }
        }
        return s;
    }
    let mut s = String::from("rv32i");
    for e in exts {
        let n = e.name();
        if n.len() == 1 && n != "i" {
            s.push_str(n);
        }
    }
    for e in exts {
        let n = e.name();
        if n.len() > 1 && n != "zicsr" {
            s.push('_');
            s.push_str(n);
        }
    }
    s
}

/// A parsed instruction set: the ordered list of enabled extensions. Decoding tries
/// them in order; the first that accepts a word wins.
#[derive(Clone)]
pub struct Isa {
    name: String,
    base: Base,
    exts: Vec<Arc<dyn Extension>>,
    /// Extensions of the same base known to the registry but not enabled: only used to
    /// explain an illegal instruction ("that is `rori` of zbkb, not enabled").
    others: Vec<Arc<dyn Extension>>,
}

impl fmt::Debug for Isa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Isa({})", self.name)
    }
}

impl std::str::FromStr for Isa {
    type Err = IsaError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Registry::default().parse_isa(s)
    }
}

impl Isa {
    /// Parse with the built-in registry (see [`Registry::parse_isa`]).
    pub fn parse(s: &str) -> Result<Isa, IsaError> {
        s.parse()
    }

    /// Canonical name, e.g. `rv32im_zbkb`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The base ISA (`rv32` or `mips32`).
    pub fn base(&self) -> Base {
        self.base
    }

    /// The extensions of the same base that the registry knows but this ISA does not
    /// enable.
    pub fn others(&self) -> &[Arc<dyn Extension>] {
        &self.others
    }

    /// Enabled extensions, in decode order.
    pub fn extensions(&self) -> &[Arc<dyn Extension>] {
        &self.exts
    }

    /// Whether the named extension is enabled.
    pub fn has(&self, name: &str) -> bool {
        self.exts.iter().any(|e| e.name() == name)
    }

    /// If `word` is an instruction of a known extension that this ISA does not enable:
    /// that extension's name and the instruction's disassembly at `pc`.
    pub fn decode_disabled(&self, word: u32, pc: u32) -> Option<(&'static str, String)> {
        self.others
            .iter()
            .find_map(|e| e.decode(word).map(|d| (e.name(), d.disasm(pc))))
    }

    /// Decode one word (the single decoder used everywhere).
    pub fn decode(&self, word: u32) -> Option<DecodedInsn> {
        self.exts.iter().find_map(|e| e.decode(word))
    }

    /// Names of the enabled extensions whose decoder accepts `word` (at most one for a
    /// well-formed ISA: encoding tests check that).
    pub fn acceptors(&self, word: u32) -> Vec<&'static str> {
        self.exts
            .iter()
            .filter(|e| e.decode(word).is_some())
            .map(|e| e.name())
            .collect()
    }

    /// Disassemble one word at `pc` (`.word 0x...` / `unknown` if it does not decode).
    pub fn disasm(&self, word: u32, pc: u32) -> String {
        match self.decode(word) {
            Some(d) => d.disasm(pc),
            None => format!(".word {word:#010x}"),
        }
    }

    /// All operations of all enabled extensions.
    pub fn ops(&self) -> impl Iterator<Item = &'static OpInfo> + '_ {
        self.exts.iter().flat_map(|e| e.ops().iter())
    }
}

/// Define a static operation table and an index enum for it:
///
/// ```ignore
/// define_ops! { OPS, Id;
///     ADD = "add", exec_add, R, AddSub, Alu;
///     // a custom disassembler: Custom(path), e.g. a MIPS layout
///     ADDU = "addu", exec_addu, Custom(asip_sim::mips::disasm::fmt_r), AddSub, Alu;
/// }
/// // &OPS[Id::ADD as usize] is the &'static OpInfo of `add`.
/// ```
#[macro_export]
macro_rules! define_ops {
    ($table:ident, $idty:ident; $( $id:ident = $name:literal, $exec:expr, $fmt:ident $(($fmtarg:path))?, $class:ident, $t:ident; )*) => {
        #[allow(non_camel_case_types, clippy::upper_case_acronyms, dead_code)]
        #[derive(Clone, Copy)]
        #[repr(usize)]
        enum $idty { $($id),* }
        /// Operations of this extension.
        pub static $table: &[$crate::isa::OpInfo] = &[ $(
            $crate::isa::OpInfo {
                name: $name,
                exec: $exec,
                format: $crate::isa::Format::$fmt $(($fmtarg))?,
                class: $crate::isa::InstrClass::$class,
                timing: $crate::isa::TimingClass::$t,
                enc: None,
            }
        ),* ];
    };
}

/// Semantics of an instruction that does nothing here (fence, wfi, MIPS sync, pref).
pub fn exec_nop(_c: &mut Cpu, _d: &DecodedInsn) -> Result<(), Trap> {
    Ok(())
}

/// Semantics of an environment call (RISC-V `ecall`, MIPS `syscall`).
pub fn exec_ecall(_c: &mut Cpu, _d: &DecodedInsn) -> Result<(), Trap> {
    Err(Trap::Ecall)
}

/// Semantics of a breakpoint (RISC-V `ebreak`, MIPS `break`).
pub fn exec_ebreak(_c: &mut Cpu, _d: &DecodedInsn) -> Result<(), Trap> {
    Err(Trap::Ebreak)
}

/// The second operand of an R-type instruction: `x[rs2]`.
#[inline(always)]
pub fn operand_rs2(c: &Cpu, d: &DecodedInsn) -> u32 {
    c.reg(d.rs2)
}

/// The second operand of an I-type instruction: the immediate as u32.
#[inline(always)]
pub fn operand_imm(_c: &Cpu, d: &DecodedInsn) -> u32 {
    d.imm as u32
}

/// Define a semantics function `fn $f(cpu, insn)` computing `rd = expr(a, b)` with
/// `a = x[rs1]` and `b = $second(cpu, insn)` ([`operand_rs2`] or [`operand_imm`]);
/// the expression may use `?` to trap. See [`r_op`](crate::r_op), [`i_op`](crate::i_op).
/// A visibility may precede `$f`.
#[macro_export]
macro_rules! alu_op {
    ($vis:vis $f:ident, $second:path, |$a:ident, $b:ident| $e:expr) => {
        $vis fn $f(
            c: &mut $crate::cpu::Cpu,
            d: &$crate::isa::DecodedInsn,
        ) -> Result<(), $crate::cpu::Trap> {
            let $a: u32 = c.reg(d.rs1);
            let $b: u32 = $second(c, d);
            c.set_reg(d.rd, $e);
            Ok(())
        }
    };
}

/// Define an R-type semantics function `fn $f(cpu, insn)` computing `rd = expr(a, b)`
/// with `a = x[rs1]`, `b = x[rs2]` (u32).
#[macro_export]
macro_rules! r_op {
    ($vis:vis $f:ident, |$a:ident, $b:ident| $e:expr) => {
        $crate::alu_op!($vis $f, $crate::isa::operand_rs2, |$a, $b| $e);
    };
}

/// Define an I-type semantics function computing `rd = expr(a, imm)` with
/// `a = x[rs1]`, `imm = insn.imm as u32`.
#[macro_export]
macro_rules! i_op {
    ($vis:vis $f:ident, |$a:ident, $i:ident| $e:expr) => {
        $crate::alu_op!($vis $f, $crate::isa::operand_imm, |$a, $i| $e);
    };
}

/// The integer operations both bases have, named after the RISC-V instructions (MIPS
/// addu/addiu, subu, sllv/sll, srlv/srl, srav/sra, mul and the logic and set-less-than
/// instructions are the same operations; shifts use the low 5 bits of the amount): each
/// `reg / imm: |a, b| expr` defines the register form and, if named, the immediate form.
macro_rules! shared_alu_ops {
    ($($reg:ident $(/ $imm:ident)?: |$a:ident, $b:ident| $e:expr;)*) => {
        $(
            crate::r_op!(pub(crate) $reg, |$a, $b| $e);
            $(crate::i_op!(pub(crate) $imm, |$a, $b| $e);)?
        )*
    };
}

shared_alu_ops! {
    exec_add / exec_addi: |a, b| a.wrapping_add(b);
    exec_sub: |a, b| a.wrapping_sub(b);
    exec_and / exec_andi: |a, b| a & b;
    exec_or / exec_ori: |a, b| a | b;
    exec_xor / exec_xori: |a, b| a ^ b;
    exec_slt / exec_slti: |a, b| ((a as i32) < (b as i32)) as u32;
    exec_sltu / exec_sltiu: |a, b| (a < b) as u32;
    exec_sll / exec_slli: |a, b| a << (b & 31);
    exec_srl / exec_srli: |a, b| a >> (b & 31);
    exec_sra / exec_srai: |a, b| ((a as i32) >> (b & 31)) as u32;
    exec_mul: |a, b| a.wrapping_mul(b);
}
