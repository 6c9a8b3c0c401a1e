//! The simulator's vocabulary: decoded instructions, operation descriptors, formats,
//! profiling and timing classes, the bases, the declared-encoding types, and the helpers
//! every instruction's semantics use. It names no extension: instruction files import it
//! (and the processor state, `crate::cpu`), never the list of all instructions, which is
//! the registry `crate::isa` on top (as Spike's and rrs' instruction files do).
//!
//! Every instruction the simulator knows is described once by a `static` [`OpInfo`]
//! (name, semantics, disassembly format, profiling class, timing class). An extension is
//! a decoder that maps a 32-bit word to a [`DecodedInsn`] pointing at one of its
//! `OpInfo`s. The same decoded form feeds execution, disassembly, timing and profiling.

use crate::cpu::{Cpu, Trap};
use std::fmt;

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

    /// ISA-string prefix: `rv32` / `mips32` (also [`BaseInfo::name`]).
    pub fn name(self) -> &'static str {
        match self {
            Base::Rv32 => "rv32",
            Base::Mips32 => "mips32",
        }
    }

    /// Whether an ISA string belongs to this base (`rv32...` / `mips32...`).
    pub fn owns_isa(self, isa: &str) -> bool {
        isa.starts_with(self.name())
    }
}

/// A base ISA's facts for the generic machine (stack pointer, delay slot, system-call ABI,
/// commit-log and error formats, jump targets). Each base's module declares one static
/// (`rv32::BASE_INFO`, `mips::BASE_INFO`); the machine, trace and profiler read only this
/// (`Base::info`, in the registry `crate::isa`), so they name no base, and a third base is
/// a module plus a line there.
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
    /// Set up the base's own state when a machine is created, given the names of the
    /// enabled extensions (RV32: the CSR file's `misa`; MIPS has no CSRs and does nothing).
    pub init: fn(&mut Cpu, &[&'static str]),
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
    pub enc: Option<&'static Encoding>,
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
/// `mips::HILO` = 32 so that `mflo` (and every HI/LO writer) waits for `div`.
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
    pub dynamic: Dynamic,
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
            dynamic: Dynamic::None,
        }
    }

    /// Like [`DecodedInsn::new`], but the register slots are kept as given, not masked to
    /// 0..31: 32..63 are the timing scoreboard's pseudo-registers (vector registers,
    /// [`VREG_TIMING`] + n).
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
}

impl fmt::Debug for DecodedInsn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({:#010x})", self.info.name, self.word)
    }
}

/// Timing-scoreboard index of vector register v0: `VREG_TIMING + n` is vn in the decoded
/// form's register slots (`rv32::vector`).
pub const VREG_TIMING: u8 = 32;

/// Signed division per the RISC-V spec.
pub fn div(a: i32, b: i32) -> i32 {
    if b == 0 {
        -1
    } else {
        a.wrapping_div(b)
    }
}

/// Signed remainder per the RISC-V spec.
pub fn rem(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        a.wrapping_rem(b)
    }
}

/// An RV32 M division, numbered by `funct3[1:0]` as in the encoding and in
/// `hw/cores/rv32/rv32_div.v` (`op_i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DivOp {
    /// Signed quotient.
    Div = 0,
    /// Unsigned quotient.
    Divu = 1,
    /// Signed remainder.
    Rem = 2,
    /// Unsigned remainder.
    Remu = 3,
}

impl DivOp {
    /// All four, in `funct3[1:0]` order.
    pub const ALL: [DivOp; 4] = [DivOp::Div, DivOp::Divu, DivOp::Rem, DivOp::Remu];

    /// From `funct3[1:0]`.
    pub fn from_funct(f: u32) -> DivOp {
        DivOp::ALL[(f & 3) as usize]
    }

    /// From the RV32 mnemonic.
    pub fn from_name(name: &str) -> Option<DivOp> {
        DivOp::ALL.into_iter().find(|o| o.name() == name)
    }

    /// The RV32 mnemonic.
    pub fn name(self) -> &'static str {
        ["div", "divu", "rem", "remu"][self as usize]
    }

    /// Signed operands.
    pub fn signed(self) -> bool {
        matches!(self, DivOp::Div | DivOp::Rem)
    }

    /// Remainder (rather than quotient).
    pub fn is_rem(self) -> bool {
        matches!(self, DivOp::Rem | DivOp::Remu)
    }

    /// The architectural result (RISC-V M: x/0 = all ones, x%0 = x, MIN/-1 = MIN,
    /// MIN%-1 = 0).
    pub fn eval(self, a: u32, b: u32) -> u32 {
        match self {
            DivOp::Div => div(a as i32, b as i32) as u32,
            DivOp::Divu => a.checked_div(b).unwrap_or(u32::MAX),
            DivOp::Rem => rem(a as i32, b as i32) as u32,
            DivOp::Remu => a.checked_rem(b).unwrap_or(a),
        }
    }
}

/// Operand-dependent timing of a decoded instruction, resolved by the engine from the
/// source operands before the instruction executes ([`DecodedInsn::dynamic`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dynamic {
    /// Latency fixed at bind time.
    #[default]
    None,
    /// `timing::early_out_div_cycles`; `stalls` = `latency.div_stalls`.
    EarlyOutDiv {
        /// Which division.
        op: DivOp,
        /// Blocks the pipe for the whole latency.
        stalls: bool,
    },
}

/// A field of the instruction word that must hold one value.
#[derive(Clone, Copy, Debug)]
pub struct Fixed {
    /// Field name (`opcode`, `funct3`, `rs2`, ...), used in generated constant names.
    pub name: &'static str,
    /// Lowest bit.
    pub lo: u8,
    /// Width in bits.
    pub width: u8,
    /// The value it must hold.
    pub value: u32,
}

/// What an operand's bits name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A general-purpose register, the field's value.
    Gpr,
    /// A 3-bit field naming x8..x15 (`8 + field`).
    Gpr8,
    /// A 3-bit field naming x0 (0) or x9..x15 (`8 + field`).
    Gpr8OrZero,
    /// A register of another file (or an index) numbered below the bound: larger values
    /// do not decode.
    Below(u32),
    /// An immediate (signed if the operand says so).
    Imm,
    /// A vector register v0..v31 (RV32 vector extensions): the field's value `n` decodes
    /// to `32 + n` ([`VREG_TIMING`]), the timing scoreboard's vector
    /// registers; the semantics subtract it (`rv32::vector::vreg`).
    Vreg,
}

/// Where a decoded operand goes in the [`DecodedInsn`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// `rd`.
    Rd,
    /// `rs1`.
    Rs1,
    /// `rs2`.
    Rs2,
    /// `imm`.
    Imm,
    /// `aux`, shifted left by this many bits (several operands may share `aux`).
    Aux(u8),
}

/// One operand: its name (as in the assembly syntax), its bits, what it names and where
/// the decoder puts it.
#[derive(Clone, Copy, Debug)]
pub struct Operand {
    /// Name in the assembly syntax (`rd`, `imm`, `ars0`, ...).
    pub name: &'static str,
    /// Bit segments `(word_lo, width, value_lo)`: value bits `value_lo..value_lo+width`
    /// sit at word bits `word_lo..word_lo+width` (scattered immediates have several).
    pub segs: &'static [(u8, u8, u8)],
    /// Sign-extended from its top value bit.
    pub signed: bool,
    /// What the value names.
    pub kind: Kind,
    /// Destination in the decoded form.
    pub slot: Slot,
}

/// Operand-dependent adjustment of a decoded instruction that the fields alone do not
/// express (e.g. which GPR a DASIP pair reads in its second port).
pub type Fixup = fn(DecodedInsn) -> DecodedInsn;

/// The encoding of one instruction.
#[derive(Clone, Copy, Debug)]
pub struct Encoding {
    /// Assembly syntax, e.g. `remv rd, rs1, imm` (operand names as declared).
    pub asm: &'static str,
    /// Fields that must hold a value.
    pub fixed: &'static [Fixed],
    /// Operands, in assembly order (the order `spec::encode` takes them in).
    pub operands: &'static [Operand],
    /// One-line semantics (README table).
    pub doc: &'static str,
    /// Optional adjustment after decoding.
    pub fixup: Option<Fixup>,
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
        pub static $table: &[$crate::insn::OpInfo] = &[ $(
            $crate::insn::OpInfo {
                name: $name,
                exec: $exec,
                format: $crate::insn::Format::$fmt $(($fmtarg))?,
                class: $crate::insn::InstrClass::$class,
                timing: $crate::insn::TimingClass::$t,
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
            d: &$crate::insn::DecodedInsn,
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
        $crate::alu_op!($vis $f, $crate::insn::operand_rs2, |$a, $b| $e);
    };
}

/// Define an I-type semantics function computing `rd = expr(a, imm)` with
/// `a = x[rs1]`, `imm = insn.imm as u32`.
#[macro_export]
macro_rules! i_op {
    ($vis:vis $f:ident, |$a:ident, $i:ident| $e:expr) => {
        $crate::alu_op!($vis $f, $crate::insn::operand_imm, |$a, $i| $e);
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
