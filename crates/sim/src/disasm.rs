//! objdump-like disassembly of decoded instructions in the standard [`Format`]s (RISC-V
//! ABI register names and CSR names, absolute branch targets, `imm(reg)` memory operands);
//! `Format::Custom` operations bring their own. Vocabulary of the simulator: it names no
//! extension.

use crate::insn::{DecodedInsn, Format};

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

impl DecodedInsn {
    /// Disassemble at address `pc` ([`format_insn`]).
    pub fn disasm(&self, pc: u32) -> String {
        format_insn(self, pc)
    }
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
        Format::Csr => format!("{n} {rd}, {}, {rs1}", csr_name(d.aux)),
        Format::CsrI => format!("{n} {rd}, {}, {}", csr_name(d.aux), d.imm),
        Format::Bare => n.to_string(),
        Format::Custom(f) => f(d, pc),
    }
}

/// CSR numbers and names known to the simulator.
pub const CSR_NAMES: &[(u32, &str)] = &[
    (0xc00, "cycle"),
    (0xc01, "time"),
    (0xc02, "instret"),
    (0xc80, "cycleh"),
    (0xc81, "timeh"),
    (0xc82, "instreth"),
    (0xb00, "mcycle"),
    (0xb02, "minstret"),
    (0xb80, "mcycleh"),
    (0xb82, "minstreth"),
    (0x300, "mstatus"),
    (0x301, "misa"),
    (0x302, "medeleg"),
    (0x303, "mideleg"),
    (0x304, "mie"),
    (0x305, "mtvec"),
    (0x306, "mcounteren"),
    (0x320, "mcountinhibit"),
    (0x340, "mscratch"),
    (0x341, "mepc"),
    (0x342, "mcause"),
    (0x343, "mtval"),
    (0x344, "mip"),
    (0x180, "satp"),
    (0x3a0, "pmpcfg0"),
    (0x3a1, "pmpcfg1"),
    (0x3a2, "pmpcfg2"),
    (0x3a3, "pmpcfg3"),
    (0x3b0, "pmpaddr0"),
    (0x7a0, "tselect"),
    (0x7a1, "tdata1"),
    (0x7a2, "tdata2"),
    (0xf11, "mvendorid"),
    (0xf12, "marchid"),
    (0xf13, "mimpid"),
    (0xf14, "mhartid"),
    (0x008, "vstart"),
    (0x009, "vxsat"),
    (0x00a, "vxrm"),
    (0x00f, "vcsr"),
    (0xc20, "vl"),
    (0xc21, "vtype"),
    (0xc22, "vlenb"),
];

/// Name of a CSR number (or `0x...`).
pub fn csr_name(n: u32) -> String {
    CSR_NAMES
        .iter()
        .find(|(k, _)| *k == n)
        .map(|(_, s)| s.to_string())
        .unwrap_or_else(|| format!("{n:#x}"))
}
