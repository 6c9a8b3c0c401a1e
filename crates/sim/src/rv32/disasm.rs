//! objdump-like disassembly of decoded instructions (ABI register names, absolute
//! branch targets, `imm(reg)` memory operands).

use crate::isa::{DecodedInsn, Format};

/// ABI names of x0..x31.
pub const REG_NAMES: [&str; 32] = [
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
    "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
    "t5", "t6",
];

/// ABI name of a register.
pub fn reg_name(r: u8) -> &'static str {
    REG_NAMES[(r & 31) as usize]
}

/// Format one decoded instruction at `pc`.
pub fn format_insn(d: &DecodedInsn, pc: u32) -> String {
    let n = d.info.name;
    let (rd, rs1, rs2) = (reg_name(d.rd), reg_name(d.rs1), reg_name(d.rs2));
    let target = pc.wrapping_add(d.imm as u32);
    match d.info.format {
        Format::R => format!("{n} {rd}, {rs1}, {rs2}"),
        Format::I => format!("{n} {rd}, {rs1}, {}", d.imm),
        Format::Load => format!("{n} {rd}, {}({rs1})", d.imm),
        Format::Store => format!("{n} {rs2}, {}({rs1})", d.imm),
        Format::Branch => format!("{n} {rs1}, {rs2}, {target:#x}"),
        Format::U => format!("{n} {rd}, {:#x}", (d.imm as u32) >> 12),
        Format::J => format!("{n} {rd}, {target:#x}"),
        Format::Jalr => format!("{n} {rd}, {}({rs1})", d.imm),
        Format::Unary => format!("{n} {rd}, {rs1}"),
        Format::Csr => format!("{n} {rd}, {}, {rs1}", super::zicsr::csr_name(d.aux)),
        Format::CsrI => format!("{n} {rd}, {}, {}", super::zicsr::csr_name(d.aux), d.imm),
        Format::Bare => n.to_string(),
        Format::Custom(f) => f(d, pc),
    }
}
