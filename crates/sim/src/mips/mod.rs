//! MIPS32 (release 1, little-endian, o32): the base integer ISA as GCC emits it for
//! freestanding code, on the same engine as RV32 (decoded form, op tables, timing and
//! profiling classes). Extensions for MIPS implement [`crate::isa::Extension`] with
//! `fn base(&self) -> Base { Base::Mips32 }` and disassemble with [`disasm`]'s layouts.
//!
//! Decoded-operand conventions (what the timing engine and the trace see): `rd` = the GPR
//! written (MIPS `rd` for R-type, `rt` for I-type), `rs1` = MIPS `rs` (or `rt` for
//! shifts), `rs2` = MIPS `rt` when read. HI/LO are one timing pseudo-register, [`HILO`].
//! Branch offsets are stored in `imm` relative to the branch's own PC (`4 + (off << 2)`);
//! `j`/`jal` keep `instr_index << 2` in `imm` (the target is in the 256 MiB region of the
//! delay slot).

pub mod base;
pub mod disasm;

/// Timing pseudo-register for HI/LO (written by mult/div/mthi/mtlo, read by mfhi/mflo).
pub const HILO: u8 = 32;

/// Instruction-field helpers for MIPS32 encodings.
pub mod fields {
    /// Major opcode, bits 31:26.
    #[inline]
    pub fn opcode(w: u32) -> u32 {
        w >> 26
    }
    /// rs, bits 25:21.
    #[inline]
    pub fn rs(w: u32) -> u32 {
        (w >> 21) & 31
    }
    /// rt, bits 20:16.
    #[inline]
    pub fn rt(w: u32) -> u32 {
        (w >> 16) & 31
    }
    /// rd, bits 15:11.
    #[inline]
    pub fn rd(w: u32) -> u32 {
        (w >> 11) & 31
    }
    /// sa (shift amount), bits 10:6.
    #[inline]
    pub fn sa(w: u32) -> u32 {
        (w >> 6) & 31
    }
    /// funct, bits 5:0.
    #[inline]
    pub fn funct(w: u32) -> u32 {
        w & 63
    }
    /// Sign-extended 16-bit immediate.
    #[inline]
    pub fn simm(w: u32) -> i32 {
        w as u16 as i16 as i32
    }
    /// Zero-extended 16-bit immediate.
    #[inline]
    pub fn uimm(w: u32) -> i32 {
        (w & 0xffff) as i32
    }
    /// Branch offset relative to the branch's PC: `4 + (simm << 2)`.
    #[inline]
    pub fn branch_off(w: u32) -> i32 {
        4i32.wrapping_add(simm(w) << 2)
    }
}

/// Target of `j`/`jal` at `pc` (region of the delay slot).
#[inline]
pub fn jump_target(pc: u32, imm: i32) -> u32 {
    (pc.wrapping_add(4) & 0xf000_0000) | (imm as u32 & 0x0fff_fffc)
}
