//! `xdasip`: the datapath-oriented SHA-3 ASIP extension of seed 001 (Table 3).
//!
//! Architectural state: six 64-bit auxiliary registers `ar0..ar5` ([`DasipState`]).
//! Custom-1 (0x2b) holds the register-file operations and the plain loads/stores,
//! custom-2 (0x5b) the VLIW pairs (a high-half load/store bundled with a 64-bit logic
//! operation). Encodings, semantics, timing and how Table 3 was read:
//! `isa/dasip/README.md`.
//!
//! The pure helpers ([`s5_addr`], [`m5_addr`], [`mod5`], [`logic`]) are the reference the
//! RTL is tested against; the `encode_*` functions build instruction words (tests, docs).

use asip_sim::cpu::{Cpu, Trap};
use asip_sim::isa::{Base, DecodedInsn, Format, InstrClass, OpInfo, TimingClass};
use asip_sim::rv32::disasm::reg_name;
use asip_sim::spec::{op, rv, Encoding, Fixed, Kind, Operand, Slot};
use asip_sim::timing::{Event, EventKind};

/// Number of auxiliary registers.
pub const NUM_AUX: usize = 6;
/// A store (or store pair) stores, from its execute stage, an auxiliary register that the
/// immediately preceding instruction loads: it waits (`[timing.events]
/// "xdasip.aux_load_use"`, 1 in `zscale` like the GPR load-use penalty; README
/// "Profiling and timing classes").
pub static AUX_LOAD_USE: Event = Event {
    ext: "xdasip",
    name: "aux_load_use",
    kind: EventKind::Stall,
    doc: "a store of an aux register loaded by the previous instruction waits for it",
};
/// A `rotl64` pair that names three GPRs (base, a non-zero index and the amount): the
/// core has two register read ports, so the unit reads them in two cycles
/// (`"xdasip.pair_third_gpr"`, 1 in `zscale`).
pub static PAIR_THIRD_GPR: Event = Event {
    ext: "xdasip",
    name: "pair_third_gpr",
    kind: EventKind::Stall,
    doc: "a rotl64 pair reading a third GPR (a non-zero index) reads it in a second cycle",
};

/// DASIP architectural state kept in the [`Cpu`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DasipState {
    /// The auxiliary register file.
    pub ar: [u64; NUM_AUX],
    /// Aux registers written late (by a load or a load pair) by the instruction whose
    /// `instret` is `late_at`: bit i = `ar[i]`.
    late_mask: u8,
    late_at: u64,
}

/// 64-bit logic operation of the unit (also the logic half of a pair).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogicOp {
    /// `d = s0 ^ s1`
    Xor,
    /// `d = rotl(s0, amount mod 64)`
    Rotl,
    /// `d = s0`
    Mvar,
    /// `d ^= !s0 & s1`
    NandXor,
}

/// The 64-bit logic unit: result written to `ard`, given the old `ard`, the two sources
/// and the rotation amount (a GPR value; only bits 5:0 are used).
pub fn logic(op: LogicOp, d: u64, s0: u64, s1: u64, amount: u32) -> u64 {
    match op {
        LogicOp::Xor => s0 ^ s1,
        LogicOp::Rotl => s0.rotate_left(amount & 63),
        LogicOp::Mvar => s0,
        LogicOp::NandXor => d ^ (!s0 & s1),
    }
}

/// `x mod 5` of a 32-bit two's-complement value, in 0..=4 (Euclidean).
pub fn mod5(x: i32) -> u32 {
    x.rem_euclid(5) as u32
}

/// Step-5 address: lane `5*index + imm` of the lane array at `base`, word `high`:
/// `base + 8*(5*index + imm) + 4*high` (modulo 2^32).
pub fn s5_addr(base: u32, index: u32, imm: i32, high: bool) -> u32 {
    let lane = index.wrapping_mul(5).wrapping_add(imm as u32);
    base.wrapping_add(lane.wrapping_mul(8))
        .wrapping_add(if high { 4 } else { 0 })
}

/// Mod-5 address: lane `(index + imm) mod 5` of the 5-lane row at `base`:
/// `base + 8*((index + imm) mod 5) + 4*high`, the sum taken as a 32-bit signed value.
pub fn m5_addr(base: u32, index: u32, imm: i32, high: bool) -> u32 {
    let m = mod5(index.wrapping_add(imm as u32) as i32);
    base.wrapping_add(8 * m)
        .wrapping_add(if high { 4 } else { 0 })
}

/// Addressing mode of a load/store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// step-5 (`s5i`)
    S5,
    /// mod-5 (`m5i`)
    M5,
}

/// Memory access kind of a plain load/store (funct3 4..7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mem {
    /// `ldlw`: `ard[31:0] = mem32[addr]`
    Ldl,
    /// `ldhw`: `ard[63:32] = mem32[addr + 4]`
    Ldh,
    /// `stlw`: `mem32[addr] = ard[31:0]`
    Stl,
    /// `sthw`: `mem32[addr + 4] = ard[63:32]`
    Sth,
}

impl Mem {
    fn high(self) -> bool {
        matches!(self, Mem::Ldh | Mem::Sth)
    }
}

/// A GPR named by a 3-bit pair field: x8..x15.
pub fn pair_gpr(f: u32) -> u32 {
    8 + (f & 7)
}

/// The index GPR named by the 3-bit pair field: 0 is x0, 1..7 are x9..x15.
pub fn pair_index_gpr(f: u32) -> u32 {
    if f & 7 == 0 {
        0
    } else {
        8 + (f & 7)
    }
}

// ---- decoded-form packing ----------------------------------------------------------------
// DecodedInsn.aux = ard | ars0 << 4 | ars1 << 8 | (pair: d << 12 | s0 << 16 | s1 << 20,
// s1 of a rotl64 pair being its amount GPR x8..x15)

fn f(v: u32, sh: u32) -> usize {
    ((v >> sh) & 0xf) as usize
}

fn late(c: &mut Cpu, mask: u8) {
    let at = c.instret;
    let st = c.state_mut::<DasipState>();
    st.late_mask = mask;
    st.late_at = at;
}

/// Charge the aux load-use stall if the store data (read in execute) is a register loaded
/// by the previous instruction (logic operands are read in write-back: no stall).
fn reads(c: &mut Cpu, mask: u8) {
    let at = c.instret;
    let st = c.state_mut::<DasipState>();
    let hit = st.late_mask & mask != 0 && st.late_at.wrapping_add(1) == at;
    if hit {
        c.charge(&AUX_LOAD_USE);
    }
}

fn bit(r: usize) -> u8 {
    1u8 << r
}

fn exec_logic(c: &mut Cpu, d: &DecodedInsn, op: LogicOp) -> Result<(), Trap> {
    let (rd, s0, s1) = (f(d.aux, 0), f(d.aux, 4), f(d.aux, 8));
    let amount = c.reg(d.rs2);
    let st = c.state_mut::<DasipState>();
    let v = logic(op, st.ar[rd], st.ar[s0], st.ar[s1 % NUM_AUX], amount);
    st.ar[rd] = v;
    st.late_mask = 0;
    Ok(())
}

fn exec_xor(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    exec_logic(c, d, LogicOp::Xor)
}
fn exec_rotl(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    exec_logic(c, d, LogicOp::Rotl)
}
fn exec_nandxor(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    exec_logic(c, d, LogicOp::NandXor)
}
fn exec_mvar(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    exec_logic(c, d, LogicOp::Mvar)
}

/// The index GPR of a load/store or pair (a pair's `rs2` may name its rotation amount).
fn index_gpr(d: &DecodedInsn) -> u8 {
    if d.word & 0x7f == C2.value {
        pair_index_gpr(d.word >> 26) as u8
    } else {
        d.rs2
    }
}

fn mem_addr(c: &Cpu, d: &DecodedInsn, mode: Mode, high: bool) -> u32 {
    let (base, index) = (c.reg(d.rs1), c.reg(index_gpr(d)));
    match mode {
        Mode::S5 => s5_addr(base, index, d.imm, high),
        Mode::M5 => m5_addr(base, index, d.imm, high),
    }
}

fn exec_mem(c: &mut Cpu, d: &DecodedInsn, mem: Mem, mode: Mode) -> Result<(), Trap> {
    let a = f(d.aux, 0);
    let addr = mem_addr(c, d, mode, mem.high());
    match mem {
        Mem::Ldl | Mem::Ldh => {
            let v = c.load32(addr)? as u64;
            let st = c.state_mut::<DasipState>();
            st.ar[a] = if mem == Mem::Ldl {
                (st.ar[a] & !0xffff_ffff) | v
            } else {
                (st.ar[a] & 0xffff_ffff) | (v << 32)
            };
            late(c, bit(a));
        }
        Mem::Stl | Mem::Sth => {
            reads(c, bit(a));
            let r = c.state_mut::<DasipState>().ar[a];
            let v = if mem == Mem::Stl {
                r as u32
            } else {
                (r >> 32) as u32
            };
            c.store32(addr, v)?;
            c.state_mut::<DasipState>().late_mask = 0;
        }
    }
    Ok(())
}

macro_rules! mem_fns {
    ($($name:ident = $mem:ident, $mode:ident;)*) => {$(
        fn $name(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
            exec_mem(c, d, Mem::$mem, Mode::$mode)
        }
    )*};
}
mem_fns! {
    exec_ldl_s5 = Ldl, S5; exec_ldh_s5 = Ldh, S5; exec_stl_s5 = Stl, S5; exec_sth_s5 = Sth, S5;
    exec_ldl_m5 = Ldl, M5; exec_ldh_m5 = Ldh, M5; exec_stl_m5 = Stl, M5; exec_sth_m5 = Sth, M5;
}

/// Pair semantics: the memory half first (load into `ard[63:32]` / store `ard[63:32]`),
/// then the logic half on the updated register file (see README).
fn exec_pair(
    c: &mut Cpu,
    d: &DecodedInsn,
    store: bool,
    mode: Mode,
    op: LogicOp,
) -> Result<(), Trap> {
    let a = f(d.aux, 0);
    let (ld, s0, s1) = (f(d.aux, 12), f(d.aux, 16), f(d.aux, 20));
    let addr = mem_addr(c, d, mode, true);
    let amount = if op == LogicOp::Rotl {
        if index_gpr(d) != 0 {
            c.charge(&PAIR_THIRD_GPR);
        }
        c.reg(pair_gpr(s1 as u32) as u8)
    } else {
        0
    };
    if store {
        reads(c, bit(a));
        let v = (c.state_mut::<DasipState>().ar[a] >> 32) as u32;
        c.store32(addr, v)?;
    } else {
        let v = c.load32(addr)? as u64;
        let st = c.state_mut::<DasipState>();
        st.ar[a] = (st.ar[a] & 0xffff_ffff) | (v << 32);
    }
    let st = c.state_mut::<DasipState>();
    let s1v = if op == LogicOp::Xor || op == LogicOp::NandXor {
        st.ar[s1]
    } else {
        0
    };
    st.ar[ld] = logic(op, st.ar[ld], st.ar[s0], s1v, amount);
    if store {
        st.late_mask = 0;
    } else {
        late(c, bit(a) | bit(ld));
    }
    Ok(())
}

/// A pair given by its fields (`st`, `m5`, logic `op`, as in the encoding).
fn exec_pair_fields<const ST: u32, const M5: u32, const OP: u32>(
    c: &mut Cpu,
    d: &DecodedInsn,
) -> Result<(), Trap> {
    let mode = if M5 == 1 { Mode::M5 } else { Mode::S5 };
    let op = [LogicOp::Xor, LogicOp::Rotl, LogicOp::Mvar, LogicOp::NandXor][OP as usize];
    exec_pair(c, d, ST == 1, mode, op)
}

// ---- disassembly -------------------------------------------------------------------------

fn ar(i: usize) -> String {
    format!("ar{i}")
}

fn logic_text(name: &str, d: usize, s0: usize, s1: usize, gpr: u8) -> String {
    match name {
        "rotl64" => format!("rotl64 {}, {}, {}", ar(d), ar(s0), reg_name(gpr)),
        "mvar" => format!("mvar {}, {}", ar(d), ar(s0)),
        _ => format!("{name} {}, {}, {}", ar(d), ar(s0), ar(s1)),
    }
}

fn disasm_logic(d: &DecodedInsn, _pc: u32) -> String {
    logic_text(d.info.name, f(d.aux, 0), f(d.aux, 4), f(d.aux, 8), d.rs2)
}

fn disasm_mem(d: &DecodedInsn, _pc: u32) -> String {
    format!(
        "{} {}, {}, {}, {}",
        d.info.name,
        ar(f(d.aux, 0)),
        reg_name(d.rs1),
        reg_name(d.rs2),
        d.imm
    )
}

fn disasm_pair(d: &DecodedInsn, _pc: u32) -> String {
    let (mem, op) = d.info.name.split_once('.').unwrap_or((d.info.name, "?"));
    let (ld, s0, s1) = (f(d.aux, 12), f(d.aux, 16), f(d.aux, 20));
    let gpr = pair_gpr(s1 as u32) as u8;
    format!(
        "{mem} {}, {}, {}, {} || {}",
        ar(f(d.aux, 0)),
        reg_name(d.rs1),
        reg_name(index_gpr(d)),
        d.imm,
        logic_text(op, ld, s0, s1, gpr)
    )
}

// ---- the declaration ---------------------------------------------------------------------

/// Custom-1: register-file ops, loads, stores (R-type layout).
const C1: Fixed = rv::opcode(0x2b);
/// Custom-2: VLIW pairs.
const C2: Fixed = rv::opcode(0x5b);
const AUX: Kind = Kind::Below(NUM_AUX as u32);
const ARD: Operand = Operand::reg("ard", 7, AUX, Slot::Aux(0));
const ARS0: Operand = Operand::reg("ars0", 15, AUX, Slot::Aux(4));
const ARS1: Operand = Operand::reg("ars1", 20, AUX, Slot::Aux(8));
const AMOUNT: Operand = Operand::reg("rs", 20, Kind::Gpr, Slot::Rs2);
const RS0: Operand = Operand::reg("rs0", 15, Kind::Gpr, Slot::Rs1);
const RS1: Operand = Operand::reg("rs1", 20, Kind::Gpr, Slot::Rs2);
const IMM6: Operand = Operand::new("imm", &[(25, 6, 0)], true, Kind::Imm, Slot::Imm);
/// Bit 31 of a load/store: mod-5 addressing.
const fn mem_m5(v: u32) -> Fixed {
    Fixed::new("m5", 31, 1, v)
}
const P_ARD: Operand = Operand::new("ard", &[(20, 3, 0)], false, AUX, Slot::Aux(0));
const P_RS0: Operand = Operand::new("rs0", &[(23, 3, 0)], false, Kind::Gpr8, Slot::Rs1);
const P_RS1: Operand = Operand::new("rs1", &[(26, 3, 0)], false, Kind::Gpr8OrZero, Slot::Rs2);
const P_IMM: Operand = Operand::new("imm", &[(29, 3, 0)], false, Kind::Imm, Slot::Imm);
const P_D: Operand = Operand::new("d", &[(7, 3, 0)], false, AUX, Slot::Aux(12));
const P_S0: Operand = Operand::new("s0", &[(10, 3, 0)], false, AUX, Slot::Aux(16));
const P_S1: Operand = Operand::new("s1", &[(13, 3, 0)], false, AUX, Slot::Aux(20));
/// A rotl64 pair's amount register, x8..x15 (kept in `aux` as the GPR number).
const P_RS: Operand = Operand::new("rs", &[(13, 3, 0)], false, Kind::Gpr8, Slot::Aux(20));
const P_S1_0: Fixed = Fixed::new("s1", 13, 3, 0);
const fn pair_st(v: u32) -> Fixed {
    Fixed::new("st", 16, 1, v)
}
const fn pair_op(v: u32) -> Fixed {
    Fixed::new("op", 17, 2, v)
}
const fn pair_m5(v: u32) -> Fixed {
    Fixed::new("m5", 19, 1, v)
}

/// rs1/rs2 of a pair are the GPRs read in the execute stage (the timing engine's hazards):
/// the base, and the index or, for a rotl64 pair with index x0, the amount (a pair with
/// three GPRs reads the amount in an extra cycle, when the load-use window has passed;
/// `exec_pair`).
fn rotl_pair_reads_amount(mut d: DecodedInsn) -> DecodedInsn {
    if (d.word >> 26) & 7 == 0 {
        d.rs2 = pair_gpr(d.word >> 13) as u8;
    }
    d
}

/// One custom-1 logic op: name, semantics, funct7, the operand after `ard, ars0`, fixed
/// fields beyond opcode/funct3/funct7.
macro_rules! logic {
    ($name:literal, $exec:ident, $f7:literal, $asm:literal, [$($x:expr),*], [$($fx:expr),*], $doc:literal) => {
        op($name, $exec, Format::Custom(disasm_logic), InstrClass::Custom, TimingClass::Custom,
            &Encoding::new(concat!($name, " ard, ars0", $asm),
                &[C1, rv::funct3(0), rv::funct7($f7) $(, $fx)*], &[ARD, ARS0 $(, $x)*], $doc))
    };
}

/// One custom-1 load/store: name, semantics, funct3, m5, timing class.
macro_rules! mem {
    ($name:literal, $exec:ident, $f3:literal, $m5:literal, $t:ident, $doc:literal) => {
        op(
            $name,
            $exec,
            Format::Custom(disasm_mem),
            InstrClass::DataTransfer,
            TimingClass::$t,
            &Encoding::new(
                concat!($name, " ard, rs0, rs1, imm"),
                &[C1, rv::funct3($f3), mem_m5($m5)],
                &[ARD, RS0, RS1, IMM6],
                $doc,
            ),
        )
    };
}

/// One custom-2 pair: name, st, m5, logic op field, timing class, the operand after `d,
/// s0` (none for mvar: s1 fixed at 0), fixup.
macro_rules! pair {
    ($name:expr, $st:literal, $m5:literal, $op:literal, $t:ident, $asm:literal,
     [$($x:expr),*], [$($fx:expr),*], $fixup:expr, $doc:expr) => {
        op($name, exec_pair_fields::<$st, $m5, $op>, Format::Custom(disasm_pair), InstrClass::Custom,
            TimingClass::$t,
            &Encoding {
                fixup: $fixup,
                ..Encoding::new(concat!($name, " ard, rs0, rs1, imm, d, s0", $asm),
                    &[C2, pair_st($st), pair_op($op), pair_m5($m5) $(, $fx)*],
                    &[P_ARD, P_RS0, P_RS1, P_IMM, P_D, P_S0 $(, $x)*], $doc)
            })
    };
}

/// The operations `[$pre..., every pair]`: each memory half (name, st, m5, timing class,
/// its words in the semantics) with each logic half (name, op field, the operand after
/// `d, s0`, fixed fields, fixup, semantics), memory half outermost.
macro_rules! with_pairs {
    ([$($pre:expr),* $(,)?], [$($mem:tt),* $(,)?], $logic:tt) => {
        with_pairs!(@ [$($pre,)*] [$($mem)*] $logic)
    };
    (@ [$($acc:expr,)*] [] $logic:tt) => {
        &[$($acc),*]
    };
    (@ [$($acc:expr,)*] [($m:literal, $st:literal, $m5:literal, $t:ident, $half:literal) $($rest:tt)*]
     [$(($l:literal, $op:literal, $asm:literal, [$($x:expr),*], [$($fx:expr),*], $fixup:expr, $doc:literal)),* $(,)?]) => {
        with_pairs!(@ [$($acc,)* $(pair!(concat!($m, ".", $l), $st, $m5, $op, $t, $asm, [$($x),*],
                [$($fx),*], $fixup, concat!($half, ", ", $doc)),)*]
            [$($rest)*] [$(($l, $op, $asm, [$($x),*], [$($fx),*], $fixup, $doc)),*])
    };
}

/// The operations of xdasip, each declared once (README "Encodings": custom-1 logic ops
/// and loads/stores, custom-2 pairs; S5/M5 are the step-5 / mod-5 addresses), in the old
/// table order. Pair semantics: the memory half (`ldhw32`: `ar[ard][63:32] = mem32[A +
/// 4]`, `sthw32`: `mem32[A + 4] = ar[ard][63:32]`), then the logic half.
#[rustfmt::skip]
pub static OPS: &[OpInfo] = with_pairs!([
    logic!("xor64", exec_xor, 0, ", ars1", [ARS1], [], "`ar[d] = ar[s0] ^ ar[s1]`"),
    logic!("rotl64", exec_rotl, 1, ", rs", [AMOUNT], [], "`ar[d] = rotl64(ar[s0], x[rs] mod 64)`"),
    logic!("nandxor64", exec_nandxor, 2, ", ars1", [ARS1], [], "`ar[d] ^= ~ar[s0] & ar[s1]`"),
    logic!("mvar", exec_mvar, 3, "", [], [rv::RS20], "`ar[d] = ar[s0]`"),
    mem!("ldlw32s5i", exec_ldl_s5, 4, 0, Load, "`ar[ard][31:0] = mem32[S5]`"),
    mem!("ldhw32s5i", exec_ldh_s5, 5, 0, Load, "`ar[ard][63:32] = mem32[S5 + 4]`"),
    mem!("stlw32s5i", exec_stl_s5, 6, 0, Store, "`mem32[S5] = ar[ard][31:0]`"),
    mem!("sthw32s5i", exec_sth_s5, 7, 0, Store, "`mem32[S5 + 4] = ar[ard][63:32]`"),
    mem!("ldlw32m5i", exec_ldl_m5, 4, 1, Load, "`ar[ard][31:0] = mem32[M5]`"),
    mem!("ldhw32m5i", exec_ldh_m5, 5, 1, Load, "`ar[ard][63:32] = mem32[M5 + 4]`"),
    mem!("stlw32m5i", exec_stl_m5, 6, 1, Store, "`mem32[M5] = ar[ard][31:0]`"),
    mem!("sthw32m5i", exec_sth_m5, 7, 1, Store, "`mem32[M5 + 4] = ar[ard][63:32]`"),
], [
    ("ldhw32s5i", 0, 0, Load, "S5 load"),
    ("sthw32s5i", 1, 0, Store, "S5 store"),
    ("ldhw32m5i", 0, 1, Load, "M5 load"),
    ("sthw32m5i", 1, 1, Store, "M5 store"),
], [
    ("xor64", 0, ", s1", [P_S1], [], None, "`ar[d] = ar[s0] ^ ar[s1]`"),
    ("rotl64", 1, ", rs", [P_RS], [], Some(rotl_pair_reads_amount), "`ar[d] = rotl64(ar[s0], x[rs] mod 64)`"),
    ("mvar", 2, "", [], [P_S1_0], None, "`ar[d] = ar[s0]`"),
    ("nandxor64", 3, ", s1", [P_S1], [], None, "`ar[d] ^= ~ar[s0] & ar[s1]`"),
]);

// ---- typed encoders for tests (the bits come from the declaration) ----------------------

impl LogicOp {
    /// The mnemonic.
    pub fn mnemonic(self) -> &'static str {
        match self {
            LogicOp::Xor => "xor64",
            LogicOp::Rotl => "rotl64",
            LogicOp::Mvar => "mvar",
            LogicOp::NandXor => "nandxor64",
        }
    }
}

/// Custom-1 logic op: `ard`, `ars0`, then `ars1` (aux) or the amount GPR (`rotl64`);
/// `mvar` takes no third operand (`rs2` must be 0).
pub fn encode_logic(op: LogicOp, ard: u32, ars0: u32, rs2: u32) -> u32 {
    let mut args = vec![ard as i64, ars0 as i64, rs2 as i64];
    if op == LogicOp::Mvar {
        assert_eq!(rs2, 0, "mvar has no third operand");
        args.pop();
    }
    SPEC.enc(op.mnemonic(), &args)
}

fn mem_name(mem: Mem, mode: Mode) -> String {
    let m = match mem {
        Mem::Ldl => "ldlw32",
        Mem::Ldh => "ldhw32",
        Mem::Stl => "stlw32",
        Mem::Sth => "sthw32",
    };
    format!("{m}{}", if mode == Mode::M5 { "m5i" } else { "s5i" })
}

/// Custom-1 load/store: `ard`, base GPR `rs0`, index GPR `rs1`, lane offset `imm`
/// (-32..=31).
pub fn encode_mem(mem: Mem, mode: Mode, ard: u32, rs0: u32, rs1: u32, imm: i32) -> u32 {
    SPEC.enc(
        &mem_name(mem, mode),
        &[ard as i64, rs0 as i64, rs1 as i64, imm as i64],
    )
}

/// One VLIW pair in field form (fields as in the README table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    /// Store (`sthw`) instead of load (`ldhw`).
    pub store: bool,
    /// Addressing mode of the memory half.
    pub mode: Mode,
    /// Aux register of the memory half.
    pub ard: u32,
    /// Base GPR field (x8 + field).
    pub rs0f: u32,
    /// Index GPR field (0 = x0, else x8 + field).
    pub rs1f: u32,
    /// Lane offset, 0..=7.
    pub imm: u32,
    /// Logic operation.
    pub op: LogicOp,
    /// Logic destination aux register.
    pub d: u32,
    /// Logic first source aux register.
    pub s0: u32,
    /// Logic second source (aux register; for `rotl64` the amount GPR field x8 + field;
    /// 0 for `mvar`).
    pub s1: u32,
}

impl Pair {
    /// A step-5 pair on base a0 (field 2) with index x0, lane offset `imm` (the tests'
    /// usual pair; another mode, base or index by struct update).
    pub fn on_a0(store: bool, ard: u32, imm: u32, op: LogicOp, d: u32, s0: u32, s1: u32) -> Pair {
        Pair {
            store,
            mode: Mode::S5,
            ard,
            rs0f: 2,
            rs1f: 0,
            imm,
            op,
            d,
            s0,
            s1,
        }
    }
}

/// Encode a pair.
pub fn encode_pair(p: &Pair) -> u32 {
    let mem = if p.store { Mem::Sth } else { Mem::Ldh };
    let name = format!("{}.{}", mem_name(mem, p.mode), p.op.mnemonic());
    let gpr = |f: u32| if f == 0 { 0 } else { 8 + f as i64 };
    let mut args = vec![
        p.ard as i64,
        8 + p.rs0f as i64,
        gpr(p.rs1f),
        p.imm as i64,
        p.d as i64,
        p.s0 as i64,
    ];
    match p.op {
        LogicOp::Rotl => args.push(8 + p.s1 as i64),
        LogicOp::Mvar => assert_eq!(p.s1, 0, "mvar has no s1"),
        _ => args.push(p.s1 as i64),
    }
    SPEC.enc(&name, &args)
}

asip_sim::extension! {
    /// The declaration of xdasip (generated files: `isa/README.md`).
    pub static SPEC = {
        name: "xdasip",
        base: Base::Rv32,
        prefix: "DASIP",
        ops: OPS,
        columns: rv::COLUMNS,
        asm_macros: true,
        generated: &["README.md", "include/dasip.h", "rtl/dasip_port.v"],
    }
    /// The `xdasip` extension.
    pub struct Dasip {
        state: DasipState,
        events: &[&AUX_LOAD_USE, &PAIR_THIRD_GPR],
    }
}

/// Read the aux register file of a CPU (zeros if the extension never ran).
pub fn aux_regs(cpu: &Cpu) -> [u64; NUM_AUX] {
    cpu.state::<DasipState>().map(|s| s.ar).unwrap_or_default()
}
