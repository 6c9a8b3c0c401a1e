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
use asip_sim::isa::{DecodedInsn, Extension, Format, InstrClass, OpInfo, TimingClass};
use asip_sim::rv32::disasm::reg_name;

/// Number of auxiliary registers.
pub const NUM_AUX: usize = 6;
/// Custom-1 major opcode (register-file ops, loads, stores).
pub const OPC_CUSTOM1: u32 = 0x2b;
/// Custom-2 major opcode (VLIW pairs).
pub const OPC_CUSTOM2: u32 = 0x5b;
/// Stall cycles when a store (or store pair) stores, from its execute stage, an
/// auxiliary register that the immediately preceding instruction loads (same as the
/// zscale GPR load-use penalty; see README "Profiling and timing classes").
pub const AUX_LOAD_USE_PENALTY: u64 = 1;
/// Stall cycles of a `rotl64` pair that names three GPRs (base, a non-zero index and the
/// amount): the core has two register read ports, so the unit reads them in two cycles.
pub const PAIR_THIRD_GPR_PENALTY: u64 = 1;

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
    fn f3(self) -> u32 {
        match self {
            Mem::Ldl => 4,
            Mem::Ldh => 5,
            Mem::Stl => 6,
            Mem::Sth => 7,
        }
    }
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

// ---- encoders -------------------------------------------------------------------------

fn logic_f7(op: LogicOp) -> u32 {
    match op {
        LogicOp::Xor => 0,
        LogicOp::Rotl => 1,
        LogicOp::NandXor => 2,
        LogicOp::Mvar => 3,
    }
}

fn pair_op(op: LogicOp) -> u32 {
    match op {
        LogicOp::Xor => 0,
        LogicOp::Rotl => 1,
        LogicOp::Mvar => 2,
        LogicOp::NandXor => 3,
    }
}

/// Custom-1 logic op: `rd` = ard, `rs1` = ars0, `rs2` = ars1 (aux) or the amount GPR
/// (`rotl`), 0 for `mvar`.
pub fn encode_logic(op: LogicOp, ard: u32, ars0: u32, rs2: u32) -> u32 {
    (logic_f7(op) << 25) | (rs2 << 20) | (ars0 << 15) | (ard << 7) | OPC_CUSTOM1
}

/// Custom-1 load/store: `ard`, base GPR `rs0`, index GPR `rs1`, lane offset `imm`
/// (-32..=31).
pub fn encode_mem(mem: Mem, mode: Mode, ard: u32, rs0: u32, rs1: u32, imm: i32) -> u32 {
    let f7 = (if mode == Mode::M5 { 0x40 } else { 0 }) | (imm as u32 & 0x3f);
    (f7 << 25) | (rs1 << 20) | (rs0 << 15) | (mem.f3() << 12) | (ard << 7) | OPC_CUSTOM1
}

/// One VLIW pair in encoded form (fields as in the README table).
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
    /// Logic second source (aux register; for `rotl` the amount GPR field x8 + field;
    /// 0 for `mvar`).
    pub s1: u32,
}

/// Encode a pair.
pub fn encode_pair(p: &Pair) -> u32 {
    OPC_CUSTOM2
        | (p.d & 7) << 7
        | (p.s0 & 7) << 10
        | (p.s1 & 7) << 13
        | (p.store as u32) << 16
        | pair_op(p.op) << 17
        | ((p.mode == Mode::M5) as u32) << 19
        | (p.ard & 7) << 20
        | (p.rs0f & 7) << 23
        | (p.rs1f & 7) << 26
        | (p.imm & 7) << 29
}

// ---- decoded-form packing ----------------------------------------------------------------
// DecodedInsn.aux = ard | ars0 << 4 | ars1 << 8 | (pair: d << 12 | s0 << 16 | s1 << 20)

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
        c.stall_cycles += AUX_LOAD_USE_PENALTY;
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
    if d.word & 0x7f == OPC_CUSTOM2 {
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
            c.stall_cycles += PAIR_THIRD_GPR_PENALTY;
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

macro_rules! pair_fns {
    ($($name:ident = $st:expr, $mode:ident, $op:ident;)*) => {$(
        fn $name(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
            exec_pair(c, d, $st, Mode::$mode, LogicOp::$op)
        }
    )*};
}
pair_fns! {
    exec_lx_s5 = false, S5, Xor; exec_lr_s5 = false, S5, Rotl;
    exec_lm_s5 = false, S5, Mvar; exec_ln_s5 = false, S5, NandXor;
    exec_sx_s5 = true, S5, Xor; exec_sr_s5 = true, S5, Rotl;
    exec_sm_s5 = true, S5, Mvar; exec_sn_s5 = true, S5, NandXor;
    exec_lx_m5 = false, M5, Xor; exec_lr_m5 = false, M5, Rotl;
    exec_lm_m5 = false, M5, Mvar; exec_ln_m5 = false, M5, NandXor;
    exec_sx_m5 = true, M5, Xor; exec_sr_m5 = true, M5, Rotl;
    exec_sm_m5 = true, M5, Mvar; exec_sn_m5 = true, M5, NandXor;
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

/// Like `asip_sim::define_ops!`, but with a custom disassembler per op (that macro only
/// takes the named formats).
macro_rules! dasip_ops {
    ($table:ident, $idty:ident; $( $id:ident = $name:literal, $exec:expr, $dis:expr, $class:ident, $t:ident; )*) => {
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Clone, Copy)]
        #[repr(usize)]
        enum $idty { $($id),* }
        /// Operations of `xdasip`.
        pub static $table: &[OpInfo] = &[ $(
            OpInfo {
                name: $name,
                exec: $exec,
                format: Format::Custom($dis),
                class: InstrClass::$class,
                timing: TimingClass::$t,
                enc: None,
            }
        ),* ];
    };
}

dasip_ops! { OPS, Id;
    XOR = "xor64", exec_xor, disasm_logic, Custom, Custom;
    ROTL = "rotl64", exec_rotl, disasm_logic, Custom, Custom;
    NANDXOR = "nandxor64", exec_nandxor, disasm_logic, Custom, Custom;
    MVAR = "mvar", exec_mvar, disasm_logic, Custom, Custom;
    LDL_S5 = "ldlw32s5i", exec_ldl_s5, disasm_mem, DataTransfer, Load;
    LDH_S5 = "ldhw32s5i", exec_ldh_s5, disasm_mem, DataTransfer, Load;
    STL_S5 = "stlw32s5i", exec_stl_s5, disasm_mem, DataTransfer, Store;
    STH_S5 = "sthw32s5i", exec_sth_s5, disasm_mem, DataTransfer, Store;
    LDL_M5 = "ldlw32m5i", exec_ldl_m5, disasm_mem, DataTransfer, Load;
    LDH_M5 = "ldhw32m5i", exec_ldh_m5, disasm_mem, DataTransfer, Load;
    STL_M5 = "stlw32m5i", exec_stl_m5, disasm_mem, DataTransfer, Store;
    STH_M5 = "sthw32m5i", exec_sth_m5, disasm_mem, DataTransfer, Store;
    LX_S5 = "ldhw32s5i.xor64", exec_lx_s5, disasm_pair, Custom, Load;
    LR_S5 = "ldhw32s5i.rotl64", exec_lr_s5, disasm_pair, Custom, Load;
    LM_S5 = "ldhw32s5i.mvar", exec_lm_s5, disasm_pair, Custom, Load;
    LN_S5 = "ldhw32s5i.nandxor64", exec_ln_s5, disasm_pair, Custom, Load;
    SX_S5 = "sthw32s5i.xor64", exec_sx_s5, disasm_pair, Custom, Store;
    SR_S5 = "sthw32s5i.rotl64", exec_sr_s5, disasm_pair, Custom, Store;
    SM_S5 = "sthw32s5i.mvar", exec_sm_s5, disasm_pair, Custom, Store;
    SN_S5 = "sthw32s5i.nandxor64", exec_sn_s5, disasm_pair, Custom, Store;
    LX_M5 = "ldhw32m5i.xor64", exec_lx_m5, disasm_pair, Custom, Load;
    LR_M5 = "ldhw32m5i.rotl64", exec_lr_m5, disasm_pair, Custom, Load;
    LM_M5 = "ldhw32m5i.mvar", exec_lm_m5, disasm_pair, Custom, Load;
    LN_M5 = "ldhw32m5i.nandxor64", exec_ln_m5, disasm_pair, Custom, Load;
    SX_M5 = "sthw32m5i.xor64", exec_sx_m5, disasm_pair, Custom, Store;
    SR_M5 = "sthw32m5i.rotl64", exec_sr_m5, disasm_pair, Custom, Store;
    SM_M5 = "sthw32m5i.mvar", exec_sm_m5, disasm_pair, Custom, Store;
    SN_M5 = "sthw32m5i.nandxor64", exec_sn_m5, disasm_pair, Custom, Store;
}

/// Decode one word (None if it is not an `xdasip` instruction).
pub fn decode(w: u32) -> Option<DecodedInsn> {
    let aux_ok = |r: u32| (r as usize) < NUM_AUX;
    match w & 0x7f {
        OPC_CUSTOM1 => {
            let (rd, rs1, rs2) = ((w >> 7) & 31, (w >> 15) & 31, (w >> 20) & 31);
            let (f3, f7) = ((w >> 12) & 7, w >> 25);
            match f3 {
                0 => {
                    let id = match f7 {
                        0 => Id::XOR,
                        1 => Id::ROTL,
                        2 => Id::NANDXOR,
                        3 => Id::MVAR,
                        _ => return None,
                    };
                    let s1_ok = match id {
                        Id::ROTL => true,
                        Id::MVAR => rs2 == 0,
                        _ => aux_ok(rs2),
                    };
                    if !(aux_ok(rd) && aux_ok(rs1) && s1_ok) {
                        return None;
                    }
                    let gpr = if matches!(id, Id::ROTL) { rs2 } else { 0 };
                    let aux = rd | rs1 << 4 | if matches!(id, Id::ROTL) { 0 } else { rs2 << 8 };
                    Some(DecodedInsn::new(&OPS[id as usize], w, 0, 0, gpr, 0).with_aux(aux))
                }
                4..=7 => {
                    if !aux_ok(rd) {
                        return None;
                    }
                    let m5 = f7 & 0x40 != 0;
                    let imm = (((f7 & 0x3f) << 26) as i32) >> 26;
                    let id = match (f3, m5) {
                        (4, false) => Id::LDL_S5,
                        (5, false) => Id::LDH_S5,
                        (6, false) => Id::STL_S5,
                        (7, false) => Id::STH_S5,
                        (4, true) => Id::LDL_M5,
                        (5, true) => Id::LDH_M5,
                        (6, true) => Id::STL_M5,
                        _ => Id::STH_M5,
                    };
                    Some(DecodedInsn::new(&OPS[id as usize], w, 0, rs1, rs2, imm).with_aux(rd))
                }
                _ => None,
            }
        }
        OPC_CUSTOM2 => {
            let (d, s0, s1) = ((w >> 7) & 7, (w >> 10) & 7, (w >> 13) & 7);
            let store = (w >> 16) & 1 != 0;
            let op = (w >> 17) & 3;
            let m5 = (w >> 19) & 1 != 0;
            let (a, rs0f, rs1f, imm) = ((w >> 20) & 7, (w >> 23) & 7, (w >> 26) & 7, w >> 29);
            let s1_ok = match op {
                1 => true,       // rotl: GPR field
                2 => s1 == 0,    // mvar: unused
                _ => aux_ok(s1), // xor, nandxor
            };
            if !(aux_ok(d) && aux_ok(s0) && aux_ok(a) && s1_ok) {
                return None;
            }
            let ids = [
                [Id::LX_S5, Id::LR_S5, Id::LM_S5, Id::LN_S5],
                [Id::SX_S5, Id::SR_S5, Id::SM_S5, Id::SN_S5],
                [Id::LX_M5, Id::LR_M5, Id::LM_M5, Id::LN_M5],
                [Id::SX_M5, Id::SR_M5, Id::SM_M5, Id::SN_M5],
            ];
            let id = ids[(m5 as usize) * 2 + store as usize][op as usize];
            let aux = a | d << 12 | s0 << 16 | s1 << 20;
            // rs1/rs2: the GPRs read in the execute stage (the timing engine's hazards):
            // the base, and the index or, for a rotl64 pair with index x0, the amount (a
            // pair with three GPRs reads the amount in an extra cycle, when the load-use
            // window has passed; exec_pair)
            let rs2 = if op == 1 && rs1f == 0 {
                pair_gpr(s1)
            } else {
                pair_index_gpr(rs1f)
            };
            Some(
                DecodedInsn::new(&OPS[id as usize], w, 0, pair_gpr(rs0f), rs2, imm as i32)
                    .with_aux(aux),
            )
        }
        _ => None,
    }
}

/// The `xdasip` extension.
pub struct Dasip;

impl Extension for Dasip {
    fn name(&self) -> &'static str {
        "xdasip"
    }
    fn description(&self) -> &'static str {
        "DASIP (seed 001, Table 3): 6x64-bit aux registers, 64-bit xor/rotl/nandxor/mvar, step-5/mod-5 loads/stores, VLIW pairs"
    }
    fn ops(&self) -> &'static [OpInfo] {
        OPS
    }
    fn decode(&self, w: u32) -> Option<DecodedInsn> {
        decode(w)
    }
    fn init(&self, cpu: &mut Cpu) {
        *cpu.state_mut::<DasipState>() = DasipState::default();
    }
}

/// Read the aux register file of a CPU (zeros if the extension never ran).
pub fn aux_regs(cpu: &Cpu) -> [u64; NUM_AUX] {
    cpu.state::<DasipState>().map(|s| s.ar).unwrap_or_default()
}
