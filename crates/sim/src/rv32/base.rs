//! RV32I base integer instructions (plus fence.i, ecall, ebreak, mret, wfi).

use crate::cpu::{Cpu, Trap};
use crate::fields::rv32::*;
use crate::insn::{
    exec_add, exec_addi, exec_and, exec_andi, exec_ebreak, exec_ecall, exec_nop, exec_or, exec_ori,
    exec_sll, exec_slli, exec_slt, exec_slti, exec_sltiu, exec_sltu, exec_sra, exec_srai, exec_srl,
    exec_srli, exec_sub, exec_xor, exec_xori, DecodedInsn, OpInfo,
};
use crate::mem_ops::*;
use crate::{define_ops, extension};

type R = Result<(), Trap>;

define_ops! { OPS, Id;
    LUI = "lui", exec_lui, U, Other, Alu;
    AUIPC = "auipc", exec_auipc, U, AddSub, Alu;
    JAL = "jal", exec_jal, J, CompareBranchJump, Jal;
    JALR = "jalr", exec_jalr, Jalr, CompareBranchJump, Jalr;
    BEQ = "beq", exec_beq, Branch, CompareBranchJump, Branch;
    BNE = "bne", exec_bne, Branch, CompareBranchJump, Branch;
    BLT = "blt", exec_blt, Branch, CompareBranchJump, Branch;
    BGE = "bge", exec_bge, Branch, CompareBranchJump, Branch;
    BLTU = "bltu", exec_bltu, Branch, CompareBranchJump, Branch;
    BGEU = "bgeu", exec_bgeu, Branch, CompareBranchJump, Branch;
    LB = "lb", exec_lb, Load, DataTransfer, Load;
    LH = "lh", exec_lh, Load, DataTransfer, Load;
    LW = "lw", exec_lw, Load, DataTransfer, Load;
    LBU = "lbu", exec_lbu, Load, DataTransfer, Load;
    LHU = "lhu", exec_lhu, Load, DataTransfer, Load;
    SB = "sb", exec_sb, Store, DataTransfer, Store;
    SH = "sh", exec_sh, Store, DataTransfer, Store;
    SW = "sw", exec_sw, Store, DataTransfer, Store;
    ADDI = "addi", exec_addi, I, AddSub, Alu;
    SLTI = "slti", exec_slti, I, CompareBranchJump, Alu;
    SLTIU = "sltiu", exec_sltiu, I, CompareBranchJump, Alu;
    XORI = "xori", exec_xori, I, Logic, Alu;
    ORI = "ori", exec_ori, I, Logic, Alu;
    ANDI = "andi", exec_andi, I, Logic, Alu;
    SLLI = "slli", exec_slli, I, ShiftRotate, Shift;
    SRLI = "srli", exec_srli, I, ShiftRotate, Shift;
    SRAI = "srai", exec_srai, I, ShiftRotate, Shift;
    ADD = "add", exec_add, R, AddSub, Alu;
    SUB = "sub", exec_sub, R, AddSub, Alu;
    SLL = "sll", exec_sll, R, ShiftRotate, Shift;
    SLT = "slt", exec_slt, R, CompareBranchJump, Alu;
    SLTU = "sltu", exec_sltu, R, CompareBranchJump, Alu;
    XOR = "xor", exec_xor, R, Logic, Alu;
    SRL = "srl", exec_srl, R, ShiftRotate, Shift;
    SRA = "sra", exec_sra, R, ShiftRotate, Shift;
    OR = "or", exec_or, R, Logic, Alu;
    AND = "and", exec_and, R, Logic, Alu;
    FENCE = "fence", exec_nop, Bare, Other, System;
    FENCE_I = "fence.i", exec_nop, Bare, Other, FenceI;
    ECALL = "ecall", exec_ecall, Bare, Other, System;
    EBREAK = "ebreak", exec_ebreak, Bare, Other, System;
    MRET = "mret", exec_mret, Bare, Other, Jalr;
    WFI = "wfi", exec_nop, Bare, Other, System;
}

fn exec_lui(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.set_reg(d.rd, d.imm as u32);
    Ok(())
}
fn exec_auipc(c: &mut Cpu, d: &DecodedInsn) -> R {
    c.set_reg(d.rd, c.pc.wrapping_add(d.imm as u32));
    Ok(())
}
fn exec_jal(c: &mut Cpu, d: &DecodedInsn) -> R {
    let link = c.pc.wrapping_add(4);
    c.jump(c.pc.wrapping_add(d.imm as u32))?;
    c.set_reg(d.rd, link);
    Ok(())
}
fn exec_jalr(c: &mut Cpu, d: &DecodedInsn) -> R {
    let link = c.pc.wrapping_add(4);
    c.jump(c.reg(d.rs1).wrapping_add(d.imm as u32) & !1)?;
    c.set_reg(d.rd, link);
    Ok(())
}

macro_rules! branch {
    ($f:ident, |$a:ident, $b:ident| $cond:expr) => {
        fn $f(c: &mut Cpu, d: &DecodedInsn) -> R {
            let $a = c.reg(d.rs1);
            let $b = c.reg(d.rs2);
            if $cond {
                c.jump(c.pc.wrapping_add(d.imm as u32))?;
            }
            Ok(())
        }
    };
}
branch!(exec_beq, |a, b| a == b);
branch!(exec_bne, |a, b| a != b);
branch!(exec_blt, |a, b| (a as i32) < (b as i32));
branch!(exec_bge, |a, b| (a as i32) >= (b as i32));
branch!(exec_bltu, |a, b| a < b);
branch!(exec_bgeu, |a, b| a >= b);

fn exec_mret(c: &mut Cpu, _d: &DecodedInsn) -> R {
    // MPIE -> MIE, MPIE = 1 (no interrupts are modelled, kept for software that reads it)
    let s = super::zicsr::csrs(c);
    let m = s.mstatus;
    let mpie = (m >> 7) & 1;
    s.mstatus = (m & !(1 << 3)) | (mpie << 3) | (1 << 7);
    let mepc = s.mepc;
    c.jump(mepc & !3)
}

fn op(id: Id) -> &'static OpInfo {
    &OPS[id as usize]
}

extension! {
    /// The RV32I base extension (`i`).
    pub struct Rv32i {
        name: "i",
        ops: OPS,
        decode: decode,
    }
}

fn decode(w: u32) -> Option<DecodedInsn> {
    let (rd, rs1, rs2, f3, f7) = (rd(w), rs1(w), rs2(w), funct3(w), funct7(w));
    let mk = |id: Id, rd: u32, rs1: u32, rs2: u32, imm: i32| {
        Some(DecodedInsn::new(op(id), w, rd, rs1, rs2, imm))
    };
    match opcode(w) {
        0x37 => mk(Id::LUI, rd, 0, 0, imm_u(w)),
        0x17 => mk(Id::AUIPC, rd, 0, 0, imm_u(w)),
        0x6f => mk(Id::JAL, rd, 0, 0, imm_j(w)),
        0x67 if f3 == 0 => mk(Id::JALR, rd, rs1, 0, imm_i(w)),
        0x63 => {
            let id = match f3 {
                0 => Id::BEQ,
                1 => Id::BNE,
                4 => Id::BLT,
                5 => Id::BGE,
                6 => Id::BLTU,
                7 => Id::BGEU,
                _ => return None,
            };
            mk(id, 0, rs1, rs2, imm_b(w))
        }
        0x03 => {
            let id = match f3 {
                0 => Id::LB,
                1 => Id::LH,
                2 => Id::LW,
                4 => Id::LBU,
                5 => Id::LHU,
                _ => return None,
            };
            mk(id, rd, rs1, 0, imm_i(w))
        }
        0x23 => {
            let id = match f3 {
                0 => Id::SB,
                1 => Id::SH,
                2 => Id::SW,
                _ => return None,
            };
            mk(id, 0, rs1, rs2, imm_s(w))
        }
        0x13 => {
            let id = match f3 {
                0 => Id::ADDI,
                2 => Id::SLTI,
                3 => Id::SLTIU,
                4 => Id::XORI,
                6 => Id::ORI,
                7 => Id::ANDI,
                1 if f7 == 0 => Id::SLLI,
                5 if f7 == 0 => Id::SRLI,
                5 if f7 == 0x20 => Id::SRAI,
                _ => return None,
            };
            let imm = if matches!(f3, 1 | 5) {
                rs2 as i32
            } else {
                imm_i(w)
            };
            mk(id, rd, rs1, 0, imm)
        }
        0x33 => {
            let id = match (f7, f3) {
                (0, 0) => Id::ADD,
                (0x20, 0) => Id::SUB,
                (0, 1) => Id::SLL,
                (0, 2) => Id::SLT,
                (0, 3) => Id::SLTU,
                (0, 4) => Id::XOR,
                (0, 5) => Id::SRL,
                (0x20, 5) => Id::SRA,
                (0, 6) => Id::OR,
                (0, 7) => Id::AND,
                _ => return None,
            };
            mk(id, rd, rs1, rs2, 0)
        }
        0x0f => match f3 {
            0 => mk(Id::FENCE, 0, 0, 0, 0),
            1 => mk(Id::FENCE_I, 0, 0, 0, 0),
            _ => None,
        },
        0x73 => match w {
            0x0000_0073 => mk(Id::ECALL, 0, 0, 0, 0),
            0x0010_0073 => mk(Id::EBREAK, 0, 0, 0, 0),
            0x3020_0073 => mk(Id::MRET, 0, 0, 0, 0),
            0x1050_0073 => mk(Id::WFI, 0, 0, 0, 0),
            _ => None,
        },
        _ => None,
    }
}
