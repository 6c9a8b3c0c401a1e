//! MIPS32 (release 1, little-endian, o32): the base integer ISA as GCC emits it for
//! freestanding code, on the same engine as RV32 (decoded form, op tables, timing and
//! profiling classes). Extensions for MIPS implement [`crate::insn::Extension`] with
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

/// MIPS32's facts for the generic machine ([`crate::insn::BaseInfo`]).
pub static BASE_INFO: crate::insn::BaseInfo = crate::insn::BaseInfo {
    name: "mips32",
    example_isa: "mips32",
    e_machine: 8,
    elf_name: "MIPS",
    reg_name: disasm::reg_name,
    sp: 29,
    delay_slot: true,
    hilo: Some(HILO),
    illegal_fields,
    jump_target,
    syscall_args,
    syscall_return,
    // no exception vectors are modelled: a trap ends the run with its error
    trap_entry: None,
    // no CSRs: nothing to set up
    init: |_, _| {},
};

fn illegal_fields(w: u32) -> String {
    format!(
        "opcode {:#04x} {}, rs {}, rt {}, funct {:#04x}",
        w >> 26,
        opcode_name(w >> 26),
        (w >> 21) & 31,
        (w >> 16) & 31,
        w & 63
    )
}

fn opcode_name(op: u32) -> &'static str {
    match op {
        0 => "SPECIAL",
        1 => "REGIMM",
        0x10..=0x13 => "coprocessor (COP0..COP3)",
        0x1c => "SPECIAL2",
        0x1f => "SPECIAL3",
        0x31 | 0x35 | 0x39 | 0x3d => "floating-point load/store",
        _ => "I-type",
    }
}

/// o32: v0 = number (4004 write, 4001 exit, 4246 exit_group), a0..a2 arguments.
fn syscall_args(c: &crate::cpu::Cpu) -> Result<(u32, u32, u32, u32), String> {
    let nr = match c.x[2] {
        4004 => 64,
        4001 | 4246 => 93,
        n => {
            return Err(format!(
                "unknown o32 syscall {n} (v0); supported: write (4004), exit (4001), \
                 exit_group (4246)"
            ))
        }
    };
    Ok((nr, c.x[4], c.x[5], c.x[6]))
}

/// o32: the result in v0, a3 = 0 (success) / 1 (v0 = positive errno).
fn syscall_return(c: &mut crate::cpu::Cpu, ret: u32) {
    let err = (ret as i32) < 0;
    c.set_reg(2, if err { ret.wrapping_neg() } else { ret });
    c.set_reg(7, err as u32);
}

pub use crate::fields::mips as fields;
pub use crate::fields::mips::{jump_target, HILO};
