//! RV32: the base integer ISA and the standard extensions, each a registered
//! [`crate::insn::Extension`].

pub mod base;
pub mod bitmanip;
pub mod disasm;
pub mod m;
pub mod vector;
pub mod zicsr;

/// RV32's facts for the generic machine ([`crate::insn::BaseInfo`]).
pub static BASE_INFO: crate::insn::BaseInfo = crate::insn::BaseInfo {
    name: "rv32",
    example_isa: "rv32im",
    e_machine: 243,
    elf_name: "RISC-V",
    reg_name: disasm::reg_name,
    sp: 2,
    delay_slot: false,
    hilo: None,
    illegal_fields,
    jump_target: |pc, imm| pc.wrapping_add(imm as u32),
    // Linux ABI: a7 = number, a0..a2 arguments, result in a0
    syscall_args: |c| Ok((c.x[17], c.x[10], c.x[11], c.x[12])),
    syscall_return: |c, ret| c.set_reg(10, ret),
    trap_entry: Some(trap_entry),
    init: zicsr::init,
};

/// M-mode trap entry when `mtvec` is set: mepc, mcause, mtval, MPIE = MIE, MIE = 0 (MPP
/// reads as M: `zicsr::read_csr`), pc = mtvec.
fn trap_entry(c: &mut crate::cpu::Cpu, pc: u32, t: crate::cpu::Trap, tval: u32) -> bool {
    let s = zicsr::csrs(c);
    if s.mtvec == 0 {
        return false;
    }
    s.mepc = pc;
    s.mcause = t.mcause().unwrap_or(0);
    s.mtval = tval;
    let m = s.mstatus;
    s.mstatus = (m & !(1 << 7)) | (((m >> 3) & 1) << 7);
    s.mstatus &= !(1 << 3);
    c.npc = s.mtvec;
    true
}

fn illegal_fields(w: u32) -> String {
    let op = w & 0x7f;
    format!(
        "opcode {op:#04x} {}, funct3 {}, funct7 {:#04x}",
        opcode_name(op),
        (w >> 12) & 7,
        w >> 25
    )
}

fn opcode_name(op: u32) -> &'static str {
    match op {
        0x0b => "custom-0",
        0x2b => "custom-1",
        0x5b => "custom-2",
        0x7b => "custom-3",
        0x33 => "OP",
        0x13 => "OP-IMM",
        0x03 => "LOAD",
        0x23 => "STORE",
        0x63 => "BRANCH",
        0x73 => "SYSTEM",
        0x0f => "MISC-MEM",
        0x57 => "OP-V (vector: not enabled, or not an instruction of the simulator's subset)",
        0x07 | 0x27 => {
            "LOAD-FP/STORE-FP (floating point, or a vector load/store outside the subset)"
        }
        0x43 | 0x47 | 0x4b | 0x4f | 0x53 => "floating point",
        0x2f => "AMO",
        _ if op & 3 != 3 => "compressed (C) or invalid",
        _ => "unassigned",
    }
}

pub use crate::fields::rv32 as fields;
