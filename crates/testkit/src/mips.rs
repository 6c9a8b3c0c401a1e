//! A tiny MIPS32 encoder for tests (raw-word programs on the simulator and the MIPS
//! processor RTL). Branch offsets are in instructions, relative to the delay slot.

pub const fn rtype(rs: u32, rt: u32, rd: u32, sa: u32, f: u32) -> u32 {
    rs << 21 | rt << 16 | rd << 11 | sa << 6 | f
}
pub fn itype(op: u32, rs: u32, rt: u32, imm: i32) -> u32 {
    op << 26 | rs << 21 | rt << 16 | (imm as u32 & 0xffff)
}
pub fn addiu(rt: u32, rs: u32, imm: i32) -> u32 {
    itype(9, rs, rt, imm)
}
pub fn addu(rd: u32, rs: u32, rt: u32) -> u32 {
    rtype(rs, rt, rd, 0, 0x21)
}
pub fn lw(rt: u32, base: u32, off: i32) -> u32 {
    itype(0x23, base, rt, off)
}
pub fn sw(rt: u32, base: u32, off: i32) -> u32 {
    itype(0x2b, base, rt, off)
}
pub fn beq(rs: u32, rt: u32, off: i32) -> u32 {
    itype(4, rs, rt, off)
}
pub fn bne(rs: u32, rt: u32, off: i32) -> u32 {
    itype(5, rs, rt, off)
}
pub fn beql(rs: u32, rt: u32, off: i32) -> u32 {
    itype(0x14, rs, rt, off)
}
pub fn lui(rt: u32, imm: u32) -> u32 {
    itype(15, 0, rt, imm as i32)
}
pub fn jal(target: u32) -> u32 {
    (3 << 26) | ((target >> 2) & 0x03ff_ffff)
}
pub fn jr(rs: u32) -> u32 {
    rtype(rs, 0, 0, 0, 8)
}
pub fn jalr(rd: u32, rs: u32) -> u32 {
    rtype(rs, 0, rd, 0, 9)
}
