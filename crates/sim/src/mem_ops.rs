//! Load and store semantics shared by the bases: RV32 and MIPS32 decode their byte,
//! halfword and word accesses to the same form (`rd`/`rs2` = data, `rs1` + `imm` = address),
//! so one function per access serves both.

use crate::cpu::{Cpu, Trap};
use crate::insn::DecodedInsn;

type R = Result<(), Trap>;

#[inline(always)]
pub(crate) fn ea(c: &Cpu, d: &DecodedInsn) -> u32 {
    c.reg(d.rs1).wrapping_add(d.imm as u32)
}
pub(crate) fn exec_lb(c: &mut Cpu, d: &DecodedInsn) -> R {
    let v = c.load8(ea(c, d))? as i8 as i32 as u32;
    c.set_reg(d.rd, v);
    Ok(())
}
pub(crate) fn exec_lh(c: &mut Cpu, d: &DecodedInsn) -> R {
    let v = c.load16(ea(c, d))? as i16 as i32 as u32;
    c.set_reg(d.rd, v);
    Ok(())
}
pub(crate) fn exec_lw(c: &mut Cpu, d: &DecodedInsn) -> R {
    let v = c.load32(ea(c, d))?;
    c.set_reg(d.rd, v);
    Ok(())
}
pub(crate) fn exec_lbu(c: &mut Cpu, d: &DecodedInsn) -> R {
    let v = c.load8(ea(c, d))? as u32;
    c.set_reg(d.rd, v);
    Ok(())
}
pub(crate) fn exec_lhu(c: &mut Cpu, d: &DecodedInsn) -> R {
    let v = c.load16(ea(c, d))? as u32;
    c.set_reg(d.rd, v);
    Ok(())
}
pub(crate) fn exec_sb(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.store8(ea(c, d), c.reg(d.rs2) as u8)
}
pub(crate) fn exec_sh(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.store16(ea(c, d), c.reg(d.rs2) as u16)
}
pub(crate) fn exec_sw(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.store32(ea(c, d), c.reg(d.rs2))
}
