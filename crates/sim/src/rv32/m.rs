//! M: integer multiply/divide. Division by zero and signed overflow follow the RISC-V
//! specification (no trap): x/0 = -1 (all ones), x%0 = x, MIN/-1 = MIN, MIN%-1 = 0.

use crate::fields::rv32::*;
pub use crate::insn::{div, rem};
use crate::insn::{exec_mul, DecodedInsn};
use crate::{define_ops, extension, r_op};

define_ops! { OPS, Id;
    MUL = "mul", exec_mul, R, MulDivRem, Mul;
    MULH = "mulh", exec_mulh, R, MulDivRem, Mul;
    MULHSU = "mulhsu", exec_mulhsu, R, MulDivRem, Mul;
    MULHU = "mulhu", exec_mulhu, R, MulDivRem, Mul;
    DIV = "div", exec_div, R, MulDivRem, Div;
    DIVU = "divu", exec_divu, R, MulDivRem, Div;
    REM = "rem", exec_rem, R, MulDivRem, Div;
    REMU = "remu", exec_remu, R, MulDivRem, Div;
}

r_op!(
    exec_mulh,
    |a, b| ((a as i32 as i64 * b as i32 as i64) >> 32) as u32
);
r_op!(exec_mulhsu, |a, b| ((a as i32 as i64 * b as i64) >> 32)
    as u32);
r_op!(exec_mulhu, |a, b| ((a as u64 * b as u64) >> 32) as u32);
r_op!(exec_div, |a, b| div(a as i32, b as i32) as u32);
r_op!(exec_divu, |a, b| a.checked_div(b).unwrap_or(u32::MAX));
r_op!(exec_rem, |a, b| rem(a as i32, b as i32) as u32);
r_op!(exec_remu, |a, b| a.checked_rem(b).unwrap_or(a));

extension! {
    /// The M extension (`m`): integer multiply/divide.
    pub struct M {
        name: "m",
        ops: OPS,
        decode: decode,
    }
}

fn decode(w: u32) -> Option<DecodedInsn> {
    if opcode(w) != 0x33 || funct7(w) != 1 {
        return None;
    }
    let id = [
        Id::MUL,
        Id::MULH,
        Id::MULHSU,
        Id::MULHU,
        Id::DIV,
        Id::DIVU,
        Id::REM,
        Id::REMU,
    ][funct3(w) as usize];
    Some(DecodedInsn::new(
        &OPS[id as usize],
        w,
        rd(w),
        rs1(w),
        rs2(w),
        0,
    ))
}
