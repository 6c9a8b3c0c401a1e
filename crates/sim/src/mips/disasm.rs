//! objdump-like MIPS disassembly: o32 register names without `$` (`addiu a0,a0,1`,
//! `lw v0,8(sp)`), objdump's pseudo-instructions (`nop`, `move`, `li`, `b`, `beqz`,
//! `bnez`, `negu`, `bal`), absolute branch targets in hex. The operands are printed from
//! the instruction word's fields, so the layouts also serve MIPS extensions
//! (`Custom(asip_sim::mips::disasm::fmt_r)` in `define_ops!`).

use crate::fields::mips::*;
use crate::insn::DecodedInsn;

/// o32 names of $0..$31.
pub const REG_NAMES: [&str; 32] = [
    "zero", "at", "v0", "v1", "a0", "a1", "a2", "a3", "t0", "t1", "t2", "t3", "t4", "t5", "t6",
    "t7", "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "t8", "t9", "k0", "k1", "gp", "sp", "s8",
    "ra",
];

/// o32 name of a register (`hilo` for the timing pseudo-register 32).
pub fn reg_name(r: u8) -> &'static str {
    if r == crate::fields::mips::HILO {
        "hilo"
    } else {
        REG_NAMES[(r & 31) as usize]
    }
}

fn g(r: u32) -> &'static str {
    REG_NAMES[(r & 31) as usize]
}

/// `op r1,r2,...`: the mnemonic and the o32 names of the word's register `fields`.
fn regs(d: &DecodedInsn, fields: &[fn(u32) -> u32]) -> String {
    let mut s = String::with_capacity(24);
    s.push_str(d.info.name);
    for (i, f) in fields.iter().enumerate() {
        s.push_str(if i == 0 { " " } else { "," });
        s.push_str(g(f(d.word)));
    }
    s
}

/// `op rd,rs,rt` (addu/or with rt = zero print as `move rd,rs`, subu rd,zero,rt as
/// `negu rd,rt`).
pub fn fmt_r(d: &DecodedInsn, _pc: u32) -> String {
    let w = d.word;
    let n = d.info.name;
    if matches!(n, "addu" | "or") && rt(w) == 0 {
        return format!("move {},{}", g(rd(w)), g(rs(w)));
    }
    if n == "subu" && rs(w) == 0 {
        return format!("negu {},{}", g(rd(w)), g(rt(w)));
    }
    regs(d, &[rd, rs, rt])
}

/// Declare formats that print the mnemonic and register fields: `name = [fields], "doc"`.
macro_rules! reg_formats {
    ($($name:ident = [$($field:ident),*], $doc:literal;)*) => {
        $(
            #[doc = $doc]
            pub fn $name(d: &DecodedInsn, _pc: u32) -> String {
                regs(d, &[$($field),*])
            }
        )*
    };
}

reg_formats! {
    fmt_shiftv = [rd, rt, rs], "`op rd,rt,rs` (variable shifts).";
    fmt_rs_rt = [rs, rt], "`op rs,rt` (mult/div family, conditional traps).";
    fmt_rd = [rd], "`op rd` (mfhi, mflo).";
    fmt_rs = [rs], "`op rs` (mthi, mtlo, jr).";
    fmt_rd_rs = [rd, rs], "`op rd,rs` (clz, clo).";
}

/// `op rt,rs,imm` with the immediate printed as `imm` (`li_op` from zero prints as
/// `li rt,imm`).
fn rt_rs_imm(d: &DecodedInsn, li_op: &str, imm: impl std::fmt::Display) -> String {
    let w = d.word;
    let n = d.info.name;
    if n == li_op && rs(w) == 0 {
        return format!("li {},{imm}", g(rt(w)));
    }
    format!("{n} {},{},{imm}", g(rt(w)), g(rs(w)))
}

/// `op rt,rs,imm` with the signed immediate in decimal (`addiu` from zero prints as
/// `li rt,imm`).
pub fn fmt_i(d: &DecodedInsn, _pc: u32) -> String {
    rt_rs_imm(d, "addiu", simm(d.word))
}

/// `op rt,rs,0xuimm` (zero-extended logic immediates; `ori` from zero prints as `li`).
pub fn fmt_iu(d: &DecodedInsn, _pc: u32) -> String {
    rt_rs_imm(d, "ori", format_args!("{:#x}", uimm(d.word)))
}

/// `lui rt,0xuimm`.
pub fn fmt_lui(d: &DecodedInsn, _pc: u32) -> String {
    format!("{} {},{:#x}", d.info.name, g(rt(d.word)), uimm(d.word))
}

/// `op rd,rt,sa` (`sll zero,zero,0` prints as `nop`).
pub fn fmt_shift(d: &DecodedInsn, _pc: u32) -> String {
    let w = d.word;
    if w == 0 {
        return "nop".into();
    }
    format!("{} {},{},{}", d.info.name, g(rd(w)), g(rt(w)), sa(w))
}

/// `op rt,imm(rs)` (loads and stores).
pub fn fmt_mem(d: &DecodedInsn, _pc: u32) -> String {
    let w = d.word;
    format!("{} {},{}({})", d.info.name, g(rt(w)), simm(w), g(rs(w)))
}

/// `op rs,rt,target` (beq/bne and their likely forms; `b`, `beqz`, `bnez`).
pub fn fmt_branch2(d: &DecodedInsn, pc: u32) -> String {
    let w = d.word;
    let t = pc.wrapping_add(branch_off(w) as u32);
    let n = d.info.name;
    match (n, rs(w), rt(w)) {
        ("beq", 0, 0) => format!("b {t:#x}"),
        ("beq" | "bne", _, 0) => format!("{n}z {},{t:#x}", g(rs(w))),
        _ => format!("{n} {},{},{t:#x}", g(rs(w)), g(rt(w))),
    }
}

/// `op rs,target` (blez, bgtz, bltz, bgez, bltzal, bgezal, likely forms; `bal`).
pub fn fmt_branch1(d: &DecodedInsn, pc: u32) -> String {
    let w = d.word;
    let t = pc.wrapping_add(branch_off(w) as u32);
    if d.info.name == "bgezal" && rs(w) == 0 {
        return format!("bal {t:#x}");
    }
    format!("{} {},{t:#x}", d.info.name, g(rs(w)))
}

/// `op target` (j, jal).
pub fn fmt_j(d: &DecodedInsn, pc: u32) -> String {
    format!(
        "{} {:#x}",
        d.info.name,
        crate::fields::mips::jump_target(pc, d.imm)
    )
}

/// `jalr rs` (rd = ra) or `jalr rd,rs`.
pub fn fmt_jalr(d: &DecodedInsn, _pc: u32) -> String {
    if rd(d.word) == 31 {
        regs(d, &[rs])
    } else {
        regs(d, &[rd, rs])
    }
}

/// `op rs,imm` (trap-immediate forms).
pub fn fmt_rs_imm(d: &DecodedInsn, _pc: u32) -> String {
    let w = d.word;
    format!("{} {},{}", d.info.name, g(rs(w)), simm(w))
}

/// `rdhwr rt,$rd` (hardware register number in decimal).
pub fn fmt_rdhwr(d: &DecodedInsn, _pc: u32) -> String {
    let w = d.word;
    format!("{} {},${}", d.info.name, g(rt(w)), rd(w))
}

/// Mnemonic alone (syscall, break, sync).
pub fn fmt_bare(d: &DecodedInsn, _pc: u32) -> String {
    d.info.name.to_string()
}
