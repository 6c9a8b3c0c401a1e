//! Instruction-word field helpers of the two bases (vocabulary of the simulator: imports
//! nothing): the decoders, the declared encodings (`spec`) and the disassemblers read them.

/// Instruction-field helpers shared by the RV32 decoders (and usable by custom
/// extensions in custom-0..3 opcodes).
pub mod rv32 {
    bit_fields! {
        funct7 = 31:25, "funct7";
        rs2 = 24:20, "rs2";
        rs1 = 19:15, "rs1";
        funct3 = 14:12, "funct3";
        rd = 11:7, "rd";
        opcode = 6:0, "Major opcode";
    }
    /// I-type immediate.
    #[inline]
    pub fn imm_i(w: u32) -> i32 {
        (w as i32) >> 20
    }
    /// S-type immediate.
    #[inline]
    pub fn imm_s(w: u32) -> i32 {
        (((w & 0xfe00_0000) as i32) >> 20) | ((w >> 7) & 0x1f) as i32
    }
    /// B-type immediate.
    #[inline]
    pub fn imm_b(w: u32) -> i32 {
        (((w & 0x8000_0000) as i32) >> 19)
            | (((w >> 7) & 1) << 11) as i32
            | (((w >> 25) & 0x3f) << 5) as i32
            | (((w >> 8) & 0xf) << 1) as i32
    }
    /// U-type immediate (already shifted).
    #[inline]
    pub fn imm_u(w: u32) -> i32 {
        (w & 0xffff_f000) as i32
    }
    /// J-type immediate.
    #[inline]
    pub fn imm_j(w: u32) -> i32 {
        (((w & 0x8000_0000) as i32) >> 11)
            | (w & 0xff000) as i32
            | (((w >> 20) & 1) << 11) as i32
            | (((w >> 21) & 0x3ff) << 1) as i32
    }
}

/// Instruction-field helpers for MIPS32 encodings.
pub mod mips {
    bit_fields! {
        opcode = 31:26, "Major opcode";
        rs = 25:21, "rs";
        rt = 20:16, "rt";
        rd = 15:11, "rd";
        sa = 10:6, "sa (shift amount)";
        funct = 5:0, "funct";
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

    /// Timing pseudo-register for HI/LO (written by mult/div/mthi/mtlo/madd/msub, read by
    /// mfhi/mflo as `rs1` and by every HI/LO writer as `rs3`: none issues while a division runs).
    pub const HILO: u8 = 32;

    /// Target of `j`/`jal` at `pc` (region of the delay slot).
    #[inline]
    pub fn jump_target(pc: u32, imm: i32) -> u32 {
        (pc.wrapping_add(4) & 0xf000_0000) | (imm as u32 & 0x0fff_fffc)
    }
}
