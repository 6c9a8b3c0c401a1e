//! Zbb (basic bit manipulation) and Zbkb (bit manipulation for cryptography), RV32.
//! The operations they share (rol, ror, rori, andn, orn, xnor, rev8) use the same
//! semantics functions; each extension decodes only its own subset.

use super::fields::*;
use crate::isa::{DecodedInsn, Extension, OpInfo};
use crate::{define_ops, i_op, r_op};

r_op!(exec_andn, |a, b| a & !b);
r_op!(exec_orn, |a, b| a | !b);
r_op!(exec_xnor, |a, b| !(a ^ b));
r_op!(exec_rol, |a, b| a.rotate_left(b & 31));
r_op!(exec_ror, |a, b| a.rotate_right(b & 31));
i_op!(exec_rori, |a, i| a.rotate_right(i & 31));
i_op!(exec_rev8, |a, _i| a.swap_bytes());
i_op!(exec_clz, |a, _i| a.leading_zeros());
i_op!(exec_ctz, |a, _i| a.trailing_zeros());
i_op!(exec_cpop, |a, _i| a.count_ones());
i_op!(exec_sext_b, |a, _i| a as u8 as i8 as i32 as u32);
i_op!(exec_sext_h, |a, _i| a as u16 as i16 as i32 as u32);
i_op!(exec_zext_h, |a, _i| a & 0xffff);
i_op!(exec_orc_b, |a, _i| orc_b(a));
r_op!(exec_min, |a, b| (a as i32).min(b as i32) as u32);
r_op!(exec_minu, |a, b| a.min(b));
r_op!(exec_max, |a, b| (a as i32).max(b as i32) as u32);
r_op!(exec_maxu, |a, b| a.max(b));
r_op!(exec_pack, |a, b| (a & 0xffff) | (b << 16));
r_op!(exec_packh, |a, b| (a & 0xff) | ((b & 0xff) << 8));
i_op!(exec_brev8, |a, _i| brev8(a));
i_op!(exec_zip, |a, _i| zip(a));
i_op!(exec_unzip, |a, _i| unzip(a));

/// orc.b: each non-zero byte becomes 0xff.
pub fn orc_b(a: u32) -> u32 {
    let mut r = 0;
    for i in 0..4 {
        if (a >> (8 * i)) & 0xff != 0 {
            r |= 0xff << (8 * i);
        }
    }
    r
}

/// brev8: reverse the bits of each byte.
pub fn brev8(a: u32) -> u32 {
    u32::from_le_bytes(a.to_le_bytes().map(|b| b.reverse_bits()))
}

/// zip (RV32): interleave the low half (even bits) with the high half (odd bits).
pub fn zip(a: u32) -> u32 {
    let mut r = 0;
    for i in 0..16 {
        r |= ((a >> i) & 1) << (2 * i);
        r |= ((a >> (i + 16)) & 1) << (2 * i + 1);
    }
    r
}

/// unzip (RV32): even bits to the low half, odd bits to the high half.
pub fn unzip(a: u32) -> u32 {
    let mut r = 0;
    for i in 0..16 {
        r |= ((a >> (2 * i)) & 1) << i;
        r |= ((a >> (2 * i + 1)) & 1) << (i + 16);
    }
    r
}

mod zbb_ops {
    use super::*;
    define_ops! { OPS, Id;
        ANDN = "andn", exec_andn, R, Logic, Alu;
        ORN = "orn", exec_orn, R, Logic, Alu;
        XNOR = "xnor", exec_xnor, R, Logic, Alu;
        ROL = "rol", exec_rol, R, ShiftRotate, Shift;
        ROR = "ror", exec_ror, R, ShiftRotate, Shift;
        RORI = "rori", exec_rori, I, ShiftRotate, Shift;
        REV8 = "rev8", exec_rev8, Unary, ShiftRotate, Shift;
        CLZ = "clz", exec_clz, Unary, Logic, Alu;
        CTZ = "ctz", exec_ctz, Unary, Logic, Alu;
        CPOP = "cpop", exec_cpop, Unary, Logic, Alu;
        SEXT_B = "sext.b", exec_sext_b, Unary, Other, Alu;
        SEXT_H = "sext.h", exec_sext_h, Unary, Other, Alu;
        ZEXT_H = "zext.h", exec_zext_h, Unary, Other, Alu;
        ORC_B = "orc.b", exec_orc_b, Unary, Logic, Alu;
        MIN = "min", exec_min, R, CompareBranchJump, Alu;
        MINU = "minu", exec_minu, R, CompareBranchJump, Alu;
        MAX = "max", exec_max, R, CompareBranchJump, Alu;
        MAXU = "maxu", exec_maxu, R, CompareBranchJump, Alu;
    }

    pub(super) fn decode(w: u32) -> Option<DecodedInsn> {
        let (rd, rs1, rs2, f3, f7) = (rd(w), rs1(w), rs2(w), funct3(w), funct7(w));
        let r = |id: Id| Some(DecodedInsn::new(&OPS[id as usize], w, rd, rs1, rs2, 0));
        let u = |id: Id| Some(DecodedInsn::new(&OPS[id as usize], w, rd, rs1, 0, 0));
        match opcode(w) {
            0x33 => match (f7, f3) {
                (0x20, 7) => r(Id::ANDN),
                (0x20, 6) => r(Id::ORN),
                (0x20, 4) => r(Id::XNOR),
                (0x30, 1) => r(Id::ROL),
                (0x30, 5) => r(Id::ROR),
                (0x05, 4) => r(Id::MIN),
                (0x05, 5) => r(Id::MINU),
                (0x05, 6) => r(Id::MAX),
                (0x05, 7) => r(Id::MAXU),
                (0x04, 4) if rs2 == 0 => u(Id::ZEXT_H),
                _ => None,
            },
            0x13 => match (w >> 20, f3) {
                (0x600, 1) => u(Id::CLZ),
                (0x601, 1) => u(Id::CTZ),
                (0x602, 1) => u(Id::CPOP),
                (0x604, 1) => u(Id::SEXT_B),
                (0x605, 1) => u(Id::SEXT_H),
                (0x287, 5) => u(Id::ORC_B),
                (0x698, 5) => u(Id::REV8),
                (_, 5) if f7 == 0x30 => Some(DecodedInsn::new(
                    &OPS[Id::RORI as usize],
                    w,
                    rd,
                    rs1,
                    0,
                    rs2 as i32,
                )),
                _ => None,
            },
            _ => None,
        }
    }
}

mod zbkb_ops {
    use super::*;
    define_ops! { OPS, Id;
        ANDN = "andn", exec_andn, R, Logic, Alu;
        ORN = "orn", exec_orn, R, Logic, Alu;
        XNOR = "xnor", exec_xnor, R, Logic, Alu;
        ROL = "rol", exec_rol, R, ShiftRotate, Shift;
        ROR = "ror", exec_ror, R, ShiftRotate, Shift;
        RORI = "rori", exec_rori, I, ShiftRotate, Shift;
        REV8 = "rev8", exec_rev8, Unary, ShiftRotate, Shift;
        PACK = "pack", exec_pack, R, Logic, Alu;
        PACKH = "packh", exec_packh, R, Logic, Alu;
        BREV8 = "brev8", exec_brev8, Unary, ShiftRotate, Shift;
        ZIP = "zip", exec_zip, Unary, ShiftRotate, Shift;
        UNZIP = "unzip", exec_unzip, Unary, ShiftRotate, Shift;
    }

    pub(super) fn decode(w: u32) -> Option<DecodedInsn> {
        let (rd, rs1, rs2, f3, f7) = (rd(w), rs1(w), rs2(w), funct3(w), funct7(w));
        let r = |id: Id| Some(DecodedInsn::new(&OPS[id as usize], w, rd, rs1, rs2, 0));
        let u = |id: Id| Some(DecodedInsn::new(&OPS[id as usize], w, rd, rs1, 0, 0));
        match opcode(w) {
            0x33 => match (f7, f3) {
                (0x20, 7) => r(Id::ANDN),
                (0x20, 6) => r(Id::ORN),
                (0x20, 4) => r(Id::XNOR),
                (0x30, 1) => r(Id::ROL),
                (0x30, 5) => r(Id::ROR),
                (0x04, 4) => r(Id::PACK),
                (0x04, 7) => r(Id::PACKH),
                _ => None,
            },
            0x13 => match (w >> 20, f3) {
                (0x698, 5) => u(Id::REV8),
                (0x687, 5) => u(Id::BREV8),
                (0x08f, 1) => u(Id::ZIP),
                (0x08f, 5) => u(Id::UNZIP),
                (_, 5) if f7 == 0x30 => Some(DecodedInsn::new(
                    &OPS[Id::RORI as usize],
                    w,
                    rd,
                    rs1,
                    0,
                    rs2 as i32,
                )),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Zbb (`zbb`).
pub struct Zbb;

impl Extension for Zbb {
    fn name(&self) -> &'static str {
        "zbb"
    }
    fn description(&self) -> &'static str {
        "basic bit manipulation"
    }
    fn ops(&self) -> &'static [OpInfo] {
        zbb_ops::OPS
    }
    fn decode(&self, w: u32) -> Option<DecodedInsn> {
        zbb_ops::decode(w)
    }
}

/// Zbkb (`zbkb`).
pub struct Zbkb;

impl Extension for Zbkb {
    fn name(&self) -> &'static str {
        "zbkb"
    }
    fn description(&self) -> &'static str {
        "bit manipulation for cryptography"
    }
    fn ops(&self) -> &'static [OpInfo] {
        zbkb_ops::OPS
    }
    fn decode(&self, w: u32) -> Option<DecodedInsn> {
        zbkb_ops::decode(w)
    }
}
