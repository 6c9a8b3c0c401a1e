//! RV32: the base integer ISA and the standard extensions, each a registered
//! [`crate::isa::Extension`].

pub mod base;
pub mod bitmanip;
pub mod disasm;
pub mod m;
pub mod zicsr;

/// Instruction-field helpers shared by the RV32 decoders (and usable by custom
/// extensions in custom-0..3 opcodes).
pub mod fields {
    /// Major opcode, bits 6:0.
    #[inline]
    pub fn opcode(w: u32) -> u32 {
        w & 0x7f
    }
    /// rd, bits 11:7.
    #[inline]
    pub fn rd(w: u32) -> u32 {
        (w >> 7) & 31
    }
    /// funct3, bits 14:12.
    #[inline]
    pub fn funct3(w: u32) -> u32 {
        (w >> 12) & 7
    }
    /// rs1, bits 19:15.
    #[inline]
    pub fn rs1(w: u32) -> u32 {
        (w >> 15) & 31
    }
    /// rs2, bits 24:20.
    #[inline]
    pub fn rs2(w: u32) -> u32 {
        (w >> 20) & 31
    }
    /// funct7, bits 31:25.
    #[inline]
    pub fn funct7(w: u32) -> u32 {
        w >> 25
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
