//! Zicsr: CSR access instructions and the machine-mode CSRs the simulator models.
//!
//! Counters: `cycle`/`time`/`mcycle` read the timing engine's cycle count (time = cycle),
//! `instret`/`minstret` the retired-instruction count (both before the reading
//! instruction), each plus an offset. `mcycle`, `minstret` and their high halves are
//! writable: the value written is what the counter holds right after the writing
//! instruction retires (its own increment is suppressed, as the privileged spec says);
//! the timing engine's counts (cycles and instret of a run) are never changed.
//!
//! M-mode-only hart: `mstatus` keeps MIE and MPIE, MPP reads as M (3); `mcause` keeps
//! Interrupt and a 5-bit code (WLRL). PMP: entry 0's
//! `pmpaddr0` and the R/W/X/A fields of `pmpcfg0` byte 0 are writable, L is read-only
//! zero and every other PMP field reads zero (WARL); an unlocked entry restricts only
//! S and U modes, which this hart does not have. Debug triggers: `tselect`, `tdata1`,
//! `tdata2` read zero and ignore writes (no trigger: tdata1 type 0).

use crate::cpu::{Cpu, Trap};
pub use crate::disasm::{csr_name, CSR_NAMES};
use crate::fields::rv32::*;
use crate::insn::DecodedInsn;
use crate::{define_ops, extension};

define_ops! { OPS, Id;
    CSRRW = "csrrw", exec_csrrw, Csr, Other, Csr;
    CSRRS = "csrrs", exec_csrrs, Csr, Other, Csr;
    CSRRC = "csrrc", exec_csrrc, Csr, Other, Csr;
    CSRRWI = "csrrwi", exec_csrrwi, CsrI, Other, Csr;
    CSRRSI = "csrrsi", exec_csrrsi, CsrI, Other, Csr;
    CSRRCI = "csrrci", exec_csrrci, CsrI, Other, Csr;
}

/// Read a CSR; `None` if it does not exist.
pub fn read_csr(c: &Cpu, n: u32) -> Option<u32> {
    let none = Csrs::default();
    let s = c.state::<Csrs>().unwrap_or(&none);
    let cycle = c.cycle.wrapping_add(s.mcycle_offset);
    let instret = c.instret.wrapping_add(s.minstret_offset);
    Some(match n {
        0xc00 | 0xc01 | 0xb00 => cycle as u32,
        0xc80 | 0xc81 | 0xb80 => (cycle >> 32) as u32,
        0xc02 | 0xb02 => instret as u32,
        0xc82 | 0xb82 => (instret >> 32) as u32,
        0x300 => (s.mstatus & MSTATUS_WRITABLE) | MSTATUS_MPP_M,
        0x301 => s.misa,
        0x305 => s.mtvec,
        0x340 => s.mscratch,
        0x341 => s.mepc,
        0x342 => s.mcause,
        0x343 => s.mtval,
        0x3a0 => s.pmpcfg0,
        0x3b0 => s.pmpaddr0,
        0x302 | 0x303 | 0x304 | 0x306 | 0x320 | 0x344 | 0x180 => 0,
        0x3a1..=0x3a3 | 0x3b1..=0x3bf | 0x7a0..=0x7a2 => 0,
        0xf11..=0xf14 => 0,
        _ => return super::vector::read_csr(c, n),
    })
}

/// Write a CSR; `false` if it does not exist or is read-only.
pub fn write_csr(c: &mut Cpu, n: u32, v: u32) -> bool {
    if n >> 10 == 3 {
        return false; // read-only space (cycle, instret, mhartid, ...)
    }
    // counters: the 64-bit value after this instruction (its own increment suppressed)
    let (cycle, instret) = (c.cycle, c.instret);
    let s = csrs(c);
    let cycle = cycle.wrapping_add(s.mcycle_offset);
    let instret = instret.wrapping_add(s.minstret_offset);
    let lo = |old: u64| (old & !0xffff_ffff) | v as u64;
    let hi = |old: u64| (old & 0xffff_ffff) | ((v as u64) << 32);
    match n {
        0x300 => s.mstatus = v & MSTATUS_WRITABLE,
        0x305 => s.mtvec = v & !3, // direct mode only
        0x340 => s.mscratch = v,
        0x341 => s.mepc = v & !3,
        0x342 => s.mcause = v & MCAUSE_WRITABLE,
        0x343 => s.mtval = v,
        0x3a0 => s.pmpcfg0 = v & PMPCFG0_WRITABLE,
        0x3b0 => s.pmpaddr0 = v,
        0xb00 => s.pending_mcycle = Some(lo(s.pending_mcycle.unwrap_or(cycle))),
        0xb80 => s.pending_mcycle = Some(hi(s.pending_mcycle.unwrap_or(cycle))),
        0xb02 => s.pending_minstret = Some(lo(s.pending_minstret.unwrap_or(instret))),
        0xb82 => s.pending_minstret = Some(hi(s.pending_minstret.unwrap_or(instret))),
        0x301 => {} // misa: WARL, fixed
        0x302 | 0x303 | 0x304 | 0x306 | 0x320 | 0x344 | 0x180 => {}
        0x3a1..=0x3a3 | 0x3b1..=0x3bf | 0x7a0..=0x7a2 => {}
        _ => return super::vector::write_csr(c, n, v),
    }
    if s.pending_mcycle.is_some() || s.pending_minstret.is_some() {
        c.attention = true;
    }
    true
}

#[inline]
fn csr_op(
    c: &mut Cpu,
    d: &DecodedInsn,
    src: u32,
    write: bool,
    f: fn(u32, u32) -> u32,
) -> Result<(), Trap> {
    let n = d.aux;
    let old = read_csr(c, n).ok_or(Trap::Illegal)?;
    if write && !write_csr(c, n, f(old, src)) {
        return Err(Trap::Illegal);
    }
    c.set_reg(d.rd, old);
    Ok(())
}

fn exec_csrrw(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let s = c.reg(d.rs1);
    csr_op(c, d, s, true, |_, s| s)
}
fn exec_csrrs(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let s = c.reg(d.rs1);
    csr_op(c, d, s, d.rs1 != 0, |o, s| o | s)
}
fn exec_csrrc(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let s = c.reg(d.rs1);
    csr_op(c, d, s, d.rs1 != 0, |o, s| o & !s)
}
fn exec_csrrwi(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    csr_op(c, d, d.imm as u32, true, |_, s| s)
}
fn exec_csrrsi(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    csr_op(c, d, d.imm as u32, d.imm != 0, |o, s| o | s)
}
fn exec_csrrci(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    csr_op(c, d, d.imm as u32, d.imm != 0, |o, s| o & !s)
}

/// Machine-mode CSRs kept by the Zicsr extension: RV32 state (`Cpu::state_mut`), so a
/// base without CSRs (MIPS) carries none.
#[derive(Clone, Debug, Default)]
pub struct Csrs {
    /// mtvec (0 = no trap handler installed: ecall is a Linux syscall).
    pub mtvec: u32,
    /// mepc.
    pub mepc: u32,
    /// mcause.
    pub mcause: u32,
    /// mtval.
    pub mtval: u32,
    /// mstatus.
    pub mstatus: u32,
    /// mscratch.
    pub mscratch: u32,
    /// misa (read-only, derived from the ISA).
    pub misa: u32,
    /// Added to the cycle count when `mcycle`/`cycle` is read (a write of `mcycle` or
    /// `mcycleh` sets it); the timing engine's own count is never changed.
    pub mcycle_offset: u64,
    /// Added to the retired-instruction count when `minstret`/`instret` is read.
    pub minstret_offset: u64,
    /// A CSR write of mcycle(h) / minstret(h): the 64-bit value the counter holds right
    /// after the writing instruction retires (the machine turns it into the offset).
    pub pending_mcycle: Option<u64>,
    /// See `pending_mcycle`.
    pub pending_minstret: Option<u64>,
    /// pmpaddr0 (PMP entry 0; the other 15 entries are read-only zero).
    pub pmpaddr0: u32,
    /// pmpcfg0 byte 0 (entry 0's R, W, X and A fields; L is read-only zero).
    pub pmpcfg0: u32,
}

/// mstatus bits the simulator keeps: MIE (3) and MPIE (7).
pub const MSTATUS_WRITABLE: u32 = 0x0000_0088;
/// mstatus.MPP reads as M (3) on this M-mode-only hart.
pub const MSTATUS_MPP_M: u32 = 0x0000_1800;
/// mcause bits that hold (WLRL): Interrupt and a 5-bit code, every legal value of this
/// hart (it has no interrupts; its exception codes are below 16). The RTL keeps these six
/// bits only (hw/cores/rv32/rv32_csr.v).
pub const MCAUSE_WRITABLE: u32 = 0x8000_001f;
/// pmpcfg0 bits that hold: entry 0's R, W, X (bits 0-2) and A (bits 3-4).
pub const PMPCFG0_WRITABLE: u32 = 0x0000_001f;

/// The hart's CSRs (created on first use).
#[inline]
pub fn csrs(c: &mut Cpu) -> &mut Csrs {
    c.state_mut::<Csrs>()
}

/// `misa` of an ISA, given its extensions' names: MXL = 1 (32-bit) and one bit per single-letter extension.
pub fn misa<'a>(extensions: impl IntoIterator<Item = &'a str>) -> u32 {
    let mut v = 1u32 << 30; // MXL = 1 (32-bit)
    for e in extensions {
        let n = e.as_bytes();
        if n.len() == 1 && n[0].is_ascii_lowercase() {
            v |= 1 << (n[0] - b'a');
        }
    }
    v
}

/// RV32's machine set-up ([`crate::insn::BaseInfo::init`]): `misa` from the ISA string.
pub(crate) fn init(c: &mut Cpu, extensions: &[&'static str]) {
    csrs(c).misa = misa(extensions.iter().copied());
}

/// A fetch hook (installed by [`Zicsr`]): a CSR write of a counter takes effect after the
/// writing instruction retired, as the value the counter holds then.
fn apply_counter_writes(c: &mut Cpu, npc: u32) -> u32 {
    let (cycle, instret) = (c.cycle, c.instret);
    let s = csrs(c);
    if let Some(v) = s.pending_mcycle.take() {
        s.mcycle_offset = v.wrapping_sub(cycle);
    }
    if let Some(v) = s.pending_minstret.take() {
        s.minstret_offset = v.wrapping_sub(instret);
    }
    npc
}

extension! {
    /// Zicsr (`zicsr`, always enabled): CSR instructions, counters, machine-mode trap CSRs.
    pub struct Zicsr {
        name: "zicsr",
        ops: OPS,
        decode: decode,
        init: |c| c.add_fetch_hook(apply_counter_writes),
    }
}

fn decode(w: u32) -> Option<DecodedInsn> {
    if opcode(w) != 0x73 {
        return None;
    }
    let csr = w >> 20;
    let (id, imm_form) = match funct3(w) {
        1 => (Id::CSRRW, false),
        2 => (Id::CSRRS, false),
        3 => (Id::CSRRC, false),
        5 => (Id::CSRRWI, true),
        6 => (Id::CSRRSI, true),
        7 => (Id::CSRRCI, true),
        _ => return None,
    };
    let info = &OPS[id as usize];
    Some(if imm_form {
        DecodedInsn::new(info, w, rd(w), 0, 0, rs1(w) as i32).with_aux(csr)
    } else {
        DecodedInsn::new(info, w, rd(w), rs1(w), 0, 0).with_aux(csr)
    })
}
