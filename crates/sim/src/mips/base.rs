//! MIPS32 release-1 base integer instructions (extension name `mips32`, always on in a
//! `mips32...` ISA string), plus `rdhwr` (release 2; the cycle counter the firmware reads).
//!
//! Choices where the architecture leaves freedom (see `docs/timing-models.md`, MIPS):
//! division by zero writes LO = dividend, HI = 0 and `INT_MIN / -1` gives LO = INT_MIN,
//! HI = 0 (what qemu-mipsel does; the architecture says UNPREDICTABLE, no trap); a branch
//! or jump in a delay slot (UNPREDICTABLE) takes effect after one instruction at the first
//! target, a not-taken branch-likely there annuls that instruction and continues after
//! itself (both as the RTL processor does); mthi/mtlo, mult, madd/msub and div wait for a
//! running division like mfhi/mflo (mthi/mtlo keep its other half).

use super::disasm::*;
use crate::cpu::{Cpu, Trap};
use crate::fields::mips::HILO;
use crate::fields::mips::*;
use crate::insn::{
    exec_ebreak, exec_ecall, exec_nop, operand_imm, operand_rs2, Base, DecodedInsn, OpInfo,
};
// The integer operations RISC-V has as well, under their MIPS names.
use crate::event::{Event, EventKind};
use crate::insn::{
    exec_add as exec_addu, exec_addi as exec_addiu, exec_and, exec_andi, exec_mul, exec_or,
    exec_ori, exec_sll as exec_sllv, exec_slli as exec_sll, exec_slt, exec_slti, exec_sltiu,
    exec_sltu, exec_sra as exec_srav, exec_srai as exec_sra, exec_srl as exec_srlv,
    exec_srli as exec_srl, exec_sub as exec_subu, exec_xor, exec_xori,
};
use crate::mem_ops::*;
use crate::{define_ops, extension, i_op, r_op};

type R = Result<(), Trap>;

define_ops! { OPS, Id;
    SLL = "sll", exec_sll, Custom(fmt_shift), ShiftRotate, Shift;
    SRL = "srl", exec_srl, Custom(fmt_shift), ShiftRotate, Shift;
    SRA = "sra", exec_sra, Custom(fmt_shift), ShiftRotate, Shift;
    SLLV = "sllv", exec_sllv, Custom(fmt_shiftv), ShiftRotate, Shift;
    SRLV = "srlv", exec_srlv, Custom(fmt_shiftv), ShiftRotate, Shift;
    SRAV = "srav", exec_srav, Custom(fmt_shiftv), ShiftRotate, Shift;
    JR = "jr", exec_jr, Custom(fmt_rs), CompareBranchJump, Jalr;
    JALR = "jalr", exec_jalr, Custom(fmt_jalr), CompareBranchJump, Jalr;
    MOVZ = "movz", exec_movz, Custom(fmt_r), Other, Alu;
    MOVN = "movn", exec_movn, Custom(fmt_r), Other, Alu;
    SYSCALL = "syscall", exec_ecall, Custom(fmt_bare), Other, System;
    BREAK = "break", exec_ebreak, Custom(fmt_bare), Other, System;
    SYNC = "sync", exec_nop, Custom(fmt_bare), Other, System;
    MFHI = "mfhi", exec_mfhi, Custom(fmt_rd), MulDivRem, Alu;
    MTHI = "mthi", exec_mthi, Custom(fmt_rs), MulDivRem, Alu;
    MFLO = "mflo", exec_mflo, Custom(fmt_rd), MulDivRem, Alu;
    MTLO = "mtlo", exec_mtlo, Custom(fmt_rs), MulDivRem, Alu;
    MULT = "mult", exec_mult, Custom(fmt_rs_rt), MulDivRem, Mul;
    MULTU = "multu", exec_multu, Custom(fmt_rs_rt), MulDivRem, Mul;
    DIV = "div", exec_div, Custom(fmt_rs_rt), MulDivRem, Div;
    DIVU = "divu", exec_divu, Custom(fmt_rs_rt), MulDivRem, Div;
    ADD = "add", exec_add, Custom(fmt_r), AddSub, Alu;
    ADDU = "addu", exec_addu, Custom(fmt_r), AddSub, Alu;
    SUB = "sub", exec_sub, Custom(fmt_r), AddSub, Alu;
    SUBU = "subu", exec_subu, Custom(fmt_r), AddSub, Alu;
    AND = "and", exec_and, Custom(fmt_r), Logic, Alu;
    OR = "or", exec_or, Custom(fmt_r), Logic, Alu;
    XOR = "xor", exec_xor, Custom(fmt_r), Logic, Alu;
    NOR = "nor", exec_nor, Custom(fmt_r), Logic, Alu;
    SLT = "slt", exec_slt, Custom(fmt_r), CompareBranchJump, Alu;
    SLTU = "sltu", exec_sltu, Custom(fmt_r), CompareBranchJump, Alu;
    TGE = "tge", exec_tge, Custom(fmt_rs_rt), CompareBranchJump, System;
    TGEU = "tgeu", exec_tgeu, Custom(fmt_rs_rt), CompareBranchJump, System;
    TLT = "tlt", exec_tlt, Custom(fmt_rs_rt), CompareBranchJump, System;
    TLTU = "tltu", exec_tltu, Custom(fmt_rs_rt), CompareBranchJump, System;
    TEQ = "teq", exec_teq, Custom(fmt_rs_rt), CompareBranchJump, System;
    TNE = "tne", exec_tne, Custom(fmt_rs_rt), CompareBranchJump, System;
    BLTZ = "bltz", exec_bltz, Custom(fmt_branch1), CompareBranchJump, Branch;
    BGEZ = "bgez", exec_bgez, Custom(fmt_branch1), CompareBranchJump, Branch;
    BLTZL = "bltzl", exec_bltzl, Custom(fmt_branch1), CompareBranchJump, Branch;
    BGEZL = "bgezl", exec_bgezl, Custom(fmt_branch1), CompareBranchJump, Branch;
    TGEI = "tgei", exec_tgei, Custom(fmt_rs_imm), CompareBranchJump, System;
    TGEIU = "tgeiu", exec_tgeiu, Custom(fmt_rs_imm), CompareBranchJump, System;
    TLTI = "tlti", exec_tlti, Custom(fmt_rs_imm), CompareBranchJump, System;
    TLTIU = "tltiu", exec_tltiu, Custom(fmt_rs_imm), CompareBranchJump, System;
    TEQI = "teqi", exec_teqi, Custom(fmt_rs_imm), CompareBranchJump, System;
    TNEI = "tnei", exec_tnei, Custom(fmt_rs_imm), CompareBranchJump, System;
    BLTZAL = "bltzal", exec_bltzal, Custom(fmt_branch1), CompareBranchJump, Branch;
    BGEZAL = "bgezal", exec_bgezal, Custom(fmt_branch1), CompareBranchJump, Branch;
    BLTZALL = "bltzall", exec_bltzall, Custom(fmt_branch1), CompareBranchJump, Branch;
    BGEZALL = "bgezall", exec_bgezall, Custom(fmt_branch1), CompareBranchJump, Branch;
    J = "j", exec_j, Custom(fmt_j), CompareBranchJump, Jal;
    JAL = "jal", exec_jal, Custom(fmt_j), CompareBranchJump, Jal;
    BEQ = "beq", exec_beq, Custom(fmt_branch2), CompareBranchJump, Branch;
    BNE = "bne", exec_bne, Custom(fmt_branch2), CompareBranchJump, Branch;
    BLEZ = "blez", exec_blez, Custom(fmt_branch1), CompareBranchJump, Branch;
    BGTZ = "bgtz", exec_bgtz, Custom(fmt_branch1), CompareBranchJump, Branch;
    BEQL = "beql", exec_beql, Custom(fmt_branch2), CompareBranchJump, Branch;
    BNEL = "bnel", exec_bnel, Custom(fmt_branch2), CompareBranchJump, Branch;
    BLEZL = "blezl", exec_blezl, Custom(fmt_branch1), CompareBranchJump, Branch;
    BGTZL = "bgtzl", exec_bgtzl, Custom(fmt_branch1), CompareBranchJump, Branch;
    ADDI = "addi", exec_addi, Custom(fmt_i), AddSub, Alu;
    ADDIU = "addiu", exec_addiu, Custom(fmt_i), AddSub, Alu;
    SLTI = "slti", exec_slti, Custom(fmt_i), CompareBranchJump, Alu;
    SLTIU = "sltiu", exec_sltiu, Custom(fmt_i), CompareBranchJump, Alu;
    ANDI = "andi", exec_andi, Custom(fmt_iu), Logic, Alu;
    ORI = "ori", exec_ori, Custom(fmt_iu), Logic, Alu;
    XORI = "xori", exec_xori, Custom(fmt_iu), Logic, Alu;
    LUI = "lui", exec_lui, Custom(fmt_lui), Other, Alu;
    MADD = "madd", exec_madd, Custom(fmt_rs_rt), MulDivRem, Mul;
    MADDU = "maddu", exec_maddu, Custom(fmt_rs_rt), MulDivRem, Mul;
    MUL = "mul", exec_mul, Custom(fmt_r), MulDivRem, Mul;
    MSUB = "msub", exec_msub, Custom(fmt_rs_rt), MulDivRem, Mul;
    MSUBU = "msubu", exec_msubu, Custom(fmt_rs_rt), MulDivRem, Mul;
    CLZ = "clz", exec_clz, Custom(fmt_rd_rs), Logic, Alu;
    CLO = "clo", exec_clo, Custom(fmt_rd_rs), Logic, Alu;
    RDHWR = "rdhwr", exec_rdhwr, Custom(fmt_rdhwr), Other, Csr;
    LB = "lb", exec_lb, Custom(fmt_mem), DataTransfer, Load;
    LH = "lh", exec_lh, Custom(fmt_mem), DataTransfer, Load;
    LWL = "lwl", exec_lwl, Custom(fmt_mem), DataTransfer, Load;
    LW = "lw", exec_lw, Custom(fmt_mem), DataTransfer, Load;
    LBU = "lbu", exec_lbu, Custom(fmt_mem), DataTransfer, Load;
    LHU = "lhu", exec_lhu, Custom(fmt_mem), DataTransfer, Load;
    LWR = "lwr", exec_lwr, Custom(fmt_mem), DataTransfer, Load;
    SB = "sb", exec_sb, Custom(fmt_mem), DataTransfer, Store;
    SH = "sh", exec_sh, Custom(fmt_mem), DataTransfer, Store;
    SWL = "swl", exec_swl, Custom(fmt_mem), DataTransfer, Store;
    SW = "sw", exec_sw, Custom(fmt_mem), DataTransfer, Store;
    SWR = "swr", exec_swr, Custom(fmt_mem), DataTransfer, Store;
    LL = "ll", exec_lw, Custom(fmt_mem), DataTransfer, Load;
    SC = "sc", exec_sc, Custom(fmt_mem), DataTransfer, Store;
    PREF = "pref", exec_nop, Custom(fmt_bare), Other, System;
}

// ---- ALU ------------------------------------------------------------------------------
// Shifts (crate::isa's semantics) as decoded: by immediate rs1 = rt, imm = sa; variable
// shifts rs1 = rt (value), rs2 = rs.
r_op!(exec_nor, |a, b| !(a | b));
i_op!(exec_lui, |_a, i| i);

fn exec_clz(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.set_reg(d.rd, c.reg(d.rs1).leading_zeros());
    Ok(())
}
fn exec_clo(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.set_reg(d.rd, c.reg(d.rs1).leading_ones());
    Ok(())
}
/// The result of a trapping add/subtract: `Overflow` when it does not fit in i32.
fn no_overflow(v: Option<i32>) -> Result<u32, Trap> {
    v.map(|v| v as u32).ok_or(Trap::Overflow)
}
r_op!(exec_add, |a, b| no_overflow(
    (a as i32).checked_add(b as i32)
)?);
r_op!(exec_sub, |a, b| no_overflow(
    (a as i32).checked_sub(b as i32)
)?);
i_op!(exec_addi, |a, i| no_overflow(
    (a as i32).checked_add(i as i32)
)?);
// movz/movn: rd = rs if rt ==/!= 0; rd is also read (kept when the condition fails): the
// timing engine tracks it as a third source (rs3), so a movz/movn waits for a load of its
// rd as any consumer does (mips5, load_use_penalty 2: the RTL core's EX operands take no
// load data, and a consumer behind a movz/movn that keeps rd takes the kept value from
// its operand register, read in ID after the load has been written).
fn exec_movz(c: &mut Cpu, d: &DecodedInsn) -> R {
    if c.reg(d.rs2) == 0 {
        c.set_reg(d.rd, c.reg(d.rs1));
    } else {
        c.no_write = true;
    }
    Ok(())
}
fn exec_movn(c: &mut Cpu, d: &DecodedInsn) -> R {
    if c.reg(d.rs2) != 0 {
        c.set_reg(d.rd, c.reg(d.rs1));
    } else {
        c.no_write = true;
    }
    Ok(())
}

// ---- HI/LO ----------------------------------------------------------------------------
fn exec_mfhi(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.set_reg(d.rd, c.hi);
    Ok(())
}
fn exec_mflo(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.set_reg(d.rd, c.lo);
    Ok(())
}
fn exec_mthi(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.hi = c.reg(d.rs1);
    Ok(())
}
fn exec_mtlo(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.lo = c.reg(d.rs1);
    Ok(())
}
fn set_hilo(c: &mut Cpu, v: u64) {
    c.hi = (v >> 32) as u32;
    c.lo = v as u32;
}
fn hilo(c: &Cpu) -> u64 {
    ((c.hi as u64) << 32) | c.lo as u64
}
/// The 64-bit product of `x[rs]` and `x[rt]`, signed or unsigned.
fn product(c: &Cpu, d: &DecodedInsn, signed: bool) -> u64 {
    let (a, b) = (c.reg(d.rs1), c.reg(d.rs2));
    if signed {
        (a as i32 as i64 * b as i32 as i64) as u64
    } else {
        a as u64 * b as u64
    }
}
/// `HI:LO = expr(acc, p)` with `acc` = HI:LO and `p` the product (mult, madd, msub).
macro_rules! hilo_op {
    ($f:ident, signed: $signed:literal, |$acc:ident, $p:ident| $e:expr) => {
        fn $f(c: &mut Cpu, d: &DecodedInsn) -> R {
            let $p = product(c, d, $signed);
            let $acc = hilo(c);
            set_hilo(c, $e);
            Ok(())
        }
    };
}
hilo_op!(exec_mult, signed: true, |_acc, p| p);
hilo_op!(exec_multu, signed: false, |_acc, p| p);
hilo_op!(exec_madd, signed: true, |acc, p| acc.wrapping_add(p));
hilo_op!(exec_maddu, signed: false, |acc, p| acc.wrapping_add(p));
hilo_op!(exec_msub, signed: true, |acc, p| acc.wrapping_sub(p));
hilo_op!(exec_msubu, signed: false, |acc, p| acc.wrapping_sub(p));
/// Signed division as this simulator (and qemu-mipsel) defines the UNPREDICTABLE cases:
/// a divisor of 0 (or `INT_MIN / -1`) divides by 1: `(quotient LO, remainder HI)`.
pub fn div(a: i32, b: i32) -> (i32, i32) {
    match (a.checked_div(b), a.checked_rem(b)) {
        (Some(q), Some(r)) => (q, r),
        _ => (a, 0),
    }
}
/// Unsigned division; a divisor of 0 divides by 1.
pub fn divu(a: u32, b: u32) -> (u32, u32) {
    match (a.checked_div(b), a.checked_rem(b)) {
        (Some(q), Some(r)) => (q, r),
        _ => (a, 0),
    }
}
fn exec_div(c: &mut Cpu, d: &DecodedInsn) -> R {
    let (q, r) = div(c.reg(d.rs1) as i32, c.reg(d.rs2) as i32);
    c.lo = q as u32;
    c.hi = r as u32;
    Ok(())
}
fn exec_divu(c: &mut Cpu, d: &DecodedInsn) -> R {
    let (q, r) = divu(c.reg(d.rs1), c.reg(d.rs2));
    c.lo = q;
    c.hi = r;
    Ok(())
}

// ---- control --------------------------------------------------------------------------
fn exec_j(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.delayed_jump(crate::fields::mips::jump_target(c.pc, d.imm))
}
fn exec_jal(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.delayed_jump(crate::fields::mips::jump_target(c.pc, d.imm))?;
    c.set_reg(31, c.pc.wrapping_add(8));
    Ok(())
}
fn exec_jr(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.delayed_jump(c.reg(d.rs1))
}
fn exec_jalr(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.delayed_jump(c.reg(d.rs1))?;
    c.set_reg(d.rd, c.pc.wrapping_add(8));
    Ok(())
}

/// A not-taken branch-likely: its delay slot is annulled (fetched, dropped: one cycle) and
/// execution continues after it. In the delay slot of a taken branch (UNPREDICTABLE in
/// MIPS32) the annulled word is the one at that branch's target, whose redirect is
/// dropped, as in the RTL (`docs/mips-core.md`).
fn annul_slot(c: &mut Cpu) {
    c.npc = c.pc.wrapping_add(8);
    c.pending_target = None;
    c.charge(&ANNULLED_SLOT);
}

/// A conditional branch on `a = x[rs]`, `b = x[rt]`; `likely`: a not-taken branch annuls
/// its delay slot (skipped; the fetched slot costs one cycle); `link`: ra = pc + 8 whether
/// or not the branch is taken.
macro_rules! branch {
    (@ $f:ident, likely: $likely:literal, link: $link:literal, |$a:ident, $b:ident| $cond:expr) => {
        fn $f(c: &mut Cpu, d: &DecodedInsn) -> R {
            let $a = c.reg(d.rs1);
            let $b = c.reg(d.rs2);
            if $cond {
                c.delayed_jump(c.pc.wrapping_add(d.imm as u32))?;
            } else if $likely {
                annul_slot(c);
            }
            if $link {
                c.set_reg(31, c.pc.wrapping_add(8));
            }
            Ok(())
        }
    };
    ($f:ident, |$a:ident, $b:ident| $cond:expr) => {
        branch!(@ $f, likely: false, link: false, |$a, $b| $cond);
    };
    (likely $f:ident, |$a:ident, $b:ident| $cond:expr) => {
        branch!(@ $f, likely: true, link: false, |$a, $b| $cond);
    };
    (link $f:ident, $likely:literal, |$a:ident| $cond:expr) => {
        branch!(@ $f, likely: $likely, link: true, |$a, _b| $cond);
    };
}
branch!(exec_beq, |a, b| a == b);
branch!(exec_bne, |a, b| a != b);
branch!(exec_blez, |a, _b| (a as i32) <= 0);
branch!(exec_bgtz, |a, _b| (a as i32) > 0);
branch!(exec_bltz, |a, _b| (a as i32) < 0);
branch!(exec_bgez, |a, _b| (a as i32) >= 0);
branch!(likely exec_beql, |a, b| a == b);
branch!(likely exec_bnel, |a, b| a != b);
branch!(likely exec_blezl, |a, _b| (a as i32) <= 0);
branch!(likely exec_bgtzl, |a, _b| (a as i32) > 0);
branch!(likely exec_bltzl, |a, _b| (a as i32) < 0);
branch!(likely exec_bgezl, |a, _b| (a as i32) >= 0);
branch!(link exec_bltzal, false, |a| (a as i32) < 0);
branch!(link exec_bgezal, false, |a| (a as i32) >= 0);
branch!(link exec_bltzall, true, |a| (a as i32) < 0);
branch!(link exec_bgezall, true, |a| (a as i32) >= 0);

/// A conditional trap: its register form (`b = x[rt]`) and its immediate form (`b = imm`).
macro_rules! trap {
    (@ $f:ident, $second:path, |$a:ident, $b:ident| $cond:expr) => {
        fn $f(c: &mut Cpu, d: &DecodedInsn) -> R {
            let $a = c.reg(d.rs1);
            let $b = $second(c, d);
            if $cond {
                return Err(Trap::TrapInstr);
            }
            Ok(())
        }
    };
    ($reg:ident, $imm:ident, |$a:ident, $b:ident| $cond:expr) => {
        trap!(@ $reg, operand_rs2, |$a, $b| $cond);
        trap!(@ $imm, operand_imm, |$a, $b| $cond);
    };
}
trap!(exec_tge, exec_tgei, |a, b| (a as i32) >= (b as i32));
trap!(exec_tgeu, exec_tgeiu, |a, b| a >= b);
trap!(exec_tlt, exec_tlti, |a, b| (a as i32) < (b as i32));
trap!(exec_tltu, exec_tltiu, |a, b| a < b);
trap!(exec_teq, exec_teqi, |a, b| a == b);
trap!(exec_tne, exec_tnei, |a, b| a != b);

/// Every read of the cycle counter (`rdhwr $2`) in a run, in program order: the cycle
/// count it returned (all 64 bits) and the instructions retired before it. MIPS32 has no
/// user-readable instruction counter, so the firmware harness prints 0; the flow pairs
/// these reads with the harness's measured intervals to count their instructions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CycleReads(pub Vec<(u64, u64)>);

/// `rdhwr rt, $n`: 0 CPUNum = 0, 1 SYNCI_Step = 0 (no caches modelled), 2 CC = low 32
/// bits of the simulated cycle count before this instruction (each read is recorded in
/// [`CycleReads`]), 3 CCRes = 1 (CC counts every cycle), 29 ULR = 0. Other numbers are
/// illegal.
fn exec_rdhwr(c: &mut Cpu, d: &DecodedInsn) -> R {
    let v = match d.aux {
        0 | 1 | 29 => 0,
        2 => {
            let read = (c.cycle, c.instret);
            c.state_mut::<CycleReads>().0.push(read);
            c.cycle as u32
        }
        3 => 1,
        _ => return Err(Trap::Illegal),
    };
    c.set_reg(d.rd, v);
    Ok(())
}

// ---- memory ---------------------------------------------------------------------------
fn exec_sc(c: &mut Cpu, d: &DecodedInsn) -> R {
    // single hart, no interrupts: the conditional store always succeeds
    c.store32(ea(c, d), c.reg(d.rs2))?;
    c.set_reg(d.rs2, 1);
    Ok(())
}
// Unaligned word access, little-endian: byte offset b = addr & 3 within the aligned word.
// lwl fills the b+1 high-order bytes of rt, lwr the 4-b low-order bytes.
/// A fault of an unaligned access's word names the address the instruction gave (`a`, as
/// BadVAddr does), not the aligned word's.
fn at(a: u32) -> impl Fn(Trap) -> Trap {
    move |t| match t {
        Trap::LoadFault(_) => Trap::LoadFault(a),
        Trap::StoreFault(_) => Trap::StoreFault(a),
        Trap::StoreReadOnly(_) => Trap::StoreReadOnly(a),
        t => t,
    }
}
fn exec_lwl(c: &mut Cpu, d: &DecodedInsn) -> R {
    let a = ea(c, d);
    let w = c.load32(a & !3).map_err(at(a))? as u64;
    let sh = 8 * (3 - (a & 3)) as u64;
    let keep = (0xffff_ffffu64 >> (8 * ((a & 3) + 1))) as u32;
    let v = ((w << sh) as u32) | (c.reg(d.rs2) & keep);
    c.set_reg(d.rd, v);
    Ok(())
}
fn exec_lwr(c: &mut Cpu, d: &DecodedInsn) -> R {
    let a = ea(c, d);
    let w = c.load32(a & !3).map_err(at(a))?;
    let sh = 8 * (a & 3);
    let keep = !(0xffff_ffffu32 >> sh);
    let v = (w >> sh) | (c.reg(d.rs2) & keep);
    c.set_reg(d.rd, v);
    Ok(())
}
// swl/swr write only their bytes (the trace shows that partial write, as the processor's
// byte enables do): swl the b+1 high-order bytes of rt to a & !3 .. a, swr the 4-b
// low-order bytes to a .. a | 3.
fn exec_swl(c: &mut Cpu, d: &DecodedInsn) -> R {
    let a = ea(c, d);
    let b = a & 3;
    c.store_bytes(a & !3, b + 1, c.reg(d.rs2) >> (8 * (3 - b)))
        .map_err(at(a))
}
fn exec_swr(c: &mut Cpu, d: &DecodedInsn) -> R {
    let a = ea(c, d);
    let b = a & 3;
    c.store_bytes(a, 4 - b, c.reg(d.rs2) & (0xffff_ffff >> (8 * b)))
}

// ---- decoder --------------------------------------------------------------------------
fn op(id: Id) -> &'static OpInfo {
    &OPS[id as usize]
}

/// A branch-likely that is not taken annuls its delay slot: the slot was fetched and is
/// dropped, a bubble (`[timing.events] "mips32.annulled_slot"`, 1 in `mips5`).
pub static ANNULLED_SLOT: Event = Event {
    ext: "mips32",
    name: "annulled_slot",
    kind: EventKind::Extra,
    doc: "a not-taken branch-likely annuls its fetched delay slot",
};

extension! {
    /// The MIPS32 base extension (`mips32`, always on in a `mips32...` ISA string):
    /// release-1 base integer instructions (little-endian, o32), plus rdhwr.
    pub struct Mips32 {
        name: "mips32",
        base: Base::Mips32,
        ops: OPS,
        decode: decode,
        events: &[&ANNULLED_SLOT],
    }
}

/// Decode one MIPS32 base instruction word.
pub fn decode(w: u32) -> Option<DecodedInsn> {
    let (rs, rt, rd, sa, f) = (rs(w), rt(w), rd(w), sa(w), funct(w));
    let mk = |id: Id, rd: u32, rs1: u32, rs2: u32, imm: i32| {
        Some(DecodedInsn::new(op(id), w, rd, rs1, rs2, imm))
    };
    // HI/LO as a timing pseudo-register, written and (third source) read: every HI/LO
    // instruction waits for a running division (madd/msub add to its result)
    let to_hilo = |id: Id, rs1: u32, rs2: u32| {
        Some(DecodedInsn::with_slots(op(id), w, HILO as u32, rs1, rs2, 0).with_rs3(HILO as u32))
    };
    match opcode(w) {
        0 => match f {
            0x00 if rs == 0 => mk(Id::SLL, rd, rt, 0, sa as i32),
            0x02 if rs == 0 => mk(Id::SRL, rd, rt, 0, sa as i32),
            0x03 if rs == 0 => mk(Id::SRA, rd, rt, 0, sa as i32),
            0x04 if sa == 0 => mk(Id::SLLV, rd, rt, rs, 0),
            0x06 if sa == 0 => mk(Id::SRLV, rd, rt, rs, 0),
            0x07 if sa == 0 => mk(Id::SRAV, rd, rt, rs, 0),
            0x08 if rt == 0 && rd == 0 => mk(Id::JR, 0, rs, 0, 0),
            0x09 if rt == 0 => mk(Id::JALR, rd, rs, 0, 0),
            0x0a if sa == 0 => mk(Id::MOVZ, rd, rs, rt, 0).map(|d| d.with_rs3(rd)),
            0x0b if sa == 0 => mk(Id::MOVN, rd, rs, rt, 0).map(|d| d.with_rs3(rd)),
            0x0c => mk(Id::SYSCALL, 0, 0, 0, 0),
            0x0d => mk(Id::BREAK, 0, 0, 0, 0),
            0x0f if (w >> 11) == 0 => mk(Id::SYNC, 0, 0, 0, 0),
            0x10 | 0x12 if rs == 0 && rt == 0 && sa == 0 => {
                let id = if f == 0x10 { Id::MFHI } else { Id::MFLO };
                Some(DecodedInsn::with_slots(op(id), w, rd, HILO as u32, 0, 0))
            }
            0x11 if (w >> 6) & 0x7fff == 0 => to_hilo(Id::MTHI, rs, 0),
            0x13 if (w >> 6) & 0x7fff == 0 => to_hilo(Id::MTLO, rs, 0),
            0x18..=0x1b if rd == 0 && sa == 0 => {
                let id = [Id::MULT, Id::MULTU, Id::DIV, Id::DIVU][(f - 0x18) as usize];
                to_hilo(id, rs, rt)
            }
            0x20..=0x27 | 0x2a | 0x2b if sa == 0 => {
                let id = match f {
                    0x20 => Id::ADD,
                    0x21 => Id::ADDU,
                    0x22 => Id::SUB,
                    0x23 => Id::SUBU,
                    0x24 => Id::AND,
                    0x25 => Id::OR,
                    0x26 => Id::XOR,
                    0x27 => Id::NOR,
                    0x2a => Id::SLT,
                    _ => Id::SLTU,
                };
                mk(id, rd, rs, rt, 0)
            }
            0x30..=0x34 | 0x36 => {
                let id = match f {
                    0x30 => Id::TGE,
                    0x31 => Id::TGEU,
                    0x32 => Id::TLT,
                    0x33 => Id::TLTU,
                    0x34 => Id::TEQ,
                    _ => Id::TNE,
                };
                mk(id, 0, rs, rt, 0)
            }
            _ => None,
        },
        1 => {
            let id = match rt {
                0x00 => Id::BLTZ,
                0x01 => Id::BGEZ,
                0x02 => Id::BLTZL,
                0x03 => Id::BGEZL,
                0x08 => Id::TGEI,
                0x09 => Id::TGEIU,
                0x0a => Id::TLTI,
                0x0b => Id::TLTIU,
                0x0c => Id::TEQI,
                0x0e => Id::TNEI,
                0x10 => Id::BLTZAL,
                0x11 => Id::BGEZAL,
                0x12 => Id::BLTZALL,
                0x13 => Id::BGEZALL,
                _ => return None,
            };
            let imm = if (0x08..=0x0e).contains(&rt) {
                simm(w)
            } else {
                branch_off(w)
            };
            let link = if rt >= 0x10 { 31 } else { 0 };
            mk(id, link, rs, 0, imm)
        }
        2 => mk(Id::J, 0, 0, 0, ((w & 0x03ff_ffff) << 2) as i32),
        3 => mk(Id::JAL, 31, 0, 0, ((w & 0x03ff_ffff) << 2) as i32),
        4 => mk(Id::BEQ, 0, rs, rt, branch_off(w)),
        5 => mk(Id::BNE, 0, rs, rt, branch_off(w)),
        6 if rt == 0 => mk(Id::BLEZ, 0, rs, 0, branch_off(w)),
        7 if rt == 0 => mk(Id::BGTZ, 0, rs, 0, branch_off(w)),
        8 => mk(Id::ADDI, rt, rs, 0, simm(w)),
        9 => mk(Id::ADDIU, rt, rs, 0, simm(w)),
        10 => mk(Id::SLTI, rt, rs, 0, simm(w)),
        11 => mk(Id::SLTIU, rt, rs, 0, simm(w)),
        12 => mk(Id::ANDI, rt, rs, 0, uimm(w)),
        13 => mk(Id::ORI, rt, rs, 0, uimm(w)),
        14 => mk(Id::XORI, rt, rs, 0, uimm(w)),
        15 if rs == 0 => mk(Id::LUI, rt, 0, 0, (w << 16) as i32),
        0x14 => mk(Id::BEQL, 0, rs, rt, branch_off(w)),
        0x15 => mk(Id::BNEL, 0, rs, rt, branch_off(w)),
        0x16 if rt == 0 => mk(Id::BLEZL, 0, rs, 0, branch_off(w)),
        0x17 if rt == 0 => mk(Id::BGTZL, 0, rs, 0, branch_off(w)),
        0x1c => match f {
            0x00 | 0x01 | 0x04 | 0x05 if rd == 0 && sa == 0 => {
                let id = match f {
                    0x00 => Id::MADD,
                    0x01 => Id::MADDU,
                    0x04 => Id::MSUB,
                    _ => Id::MSUBU,
                };
                to_hilo(id, rs, rt)
            }
            0x02 if sa == 0 => mk(Id::MUL, rd, rs, rt, 0),
            // MIPS32 requires rt == rd for clz/clo
            0x20 if sa == 0 && rt == rd => mk(Id::CLZ, rd, rs, 0, 0),
            0x21 if sa == 0 && rt == rd => mk(Id::CLO, rd, rs, 0, 0),
            _ => None,
        },
        0x1f if f == 0x3b && rs == 0 && sa == 0 => {
            Some(DecodedInsn::new(op(Id::RDHWR), w, rt, 0, 0, 0).with_aux(rd))
        }
        0x20 => mk(Id::LB, rt, rs, 0, simm(w)),
        0x21 => mk(Id::LH, rt, rs, 0, simm(w)),
        0x22 => mk(Id::LWL, rt, rs, rt, simm(w)),
        0x23 => mk(Id::LW, rt, rs, 0, simm(w)),
        0x24 => mk(Id::LBU, rt, rs, 0, simm(w)),
        0x25 => mk(Id::LHU, rt, rs, 0, simm(w)),
        0x26 => mk(Id::LWR, rt, rs, rt, simm(w)),
        0x28 => mk(Id::SB, 0, rs, rt, simm(w)),
        0x29 => mk(Id::SH, 0, rs, rt, simm(w)),
        0x2a => mk(Id::SWL, 0, rs, rt, simm(w)),
        0x2b => mk(Id::SW, 0, rs, rt, simm(w)),
        0x2e => mk(Id::SWR, 0, rs, rt, simm(w)),
        0x30 => mk(Id::LL, rt, rs, 0, simm(w)),
        0x33 => mk(Id::PREF, 0, 0, 0, 0),
        0x38 => mk(Id::SC, rt, rs, rt, simm(w)),
        _ => None,
    }
}
