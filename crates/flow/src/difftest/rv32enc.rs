//! RV32 instruction encoders and the registers the generated programs reserve: shared by
//! the scalar generator (rv32.rs) and its vector blocks (rvv.rs, rvv_gen.rs), a leaf of both.

/// s0: the data segment's base, never written by the body.
pub(super) const BASE: u32 = 8;
/// s1: loop counter.
pub(super) const CNT: u32 = 9;
pub(super) fn r(f7: u32, rs2: u32, rs1: u32, f3: u32, rd: u32, op: u32) -> u32 {
    f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op
}
pub(super) fn i(imm: i32, rs1: u32, f3: u32, rd: u32, op: u32) -> u32 {
    ((imm as u32) & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op
}
pub(super) fn s(imm: i32, rs2: u32, rs1: u32, f3: u32) -> u32 {
    let m = imm as u32;
    ((m >> 5) & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (m & 0x1f) << 7 | 0x23
}
pub(super) fn b(off: i32, rs2: u32, rs1: u32, f3: u32) -> u32 {
    let o = off as u32;
    ((o >> 12) & 1) << 31
        | ((o >> 5) & 0x3f) << 25
        | rs2 << 20
        | rs1 << 15
        | f3 << 12
        | ((o >> 1) & 0xf) << 8
        | ((o >> 11) & 1) << 7
        | 0x63
}
pub(super) fn csrrw(rd: u32, csr: u32, rs1: u32) -> u32 {
    i(csr as i32, rs1, 1, rd, 0x73)
}
pub(super) fn csrr(rd: u32, csr: u32) -> u32 {
    i(csr as i32, 0, 2, rd, 0x73)
}
pub(super) fn addi(rd: u32, rs1: u32, imm: i32) -> u32 {
    i(imm, rs1, 0, rd, 0x13)
}
pub(super) fn li(rd: u32, v: u32) -> Vec<u32> {
    let lo = ((v as i32) << 20) >> 20;
    let hi = v.wrapping_sub(lo as u32) >> 12;
    if hi == 0 {
        vec![addi(rd, 0, lo)]
    } else {
        vec![hi << 12 | rd << 7 | 0x37, addi(rd, rd, lo)]
    }
}
