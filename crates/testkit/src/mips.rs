//! A tiny MIPS32 encoder for tests (raw-word programs on the simulator and the MIPS
//! processor RTL). Branch offsets are in instructions, relative to the delay slot. Also the
//! check of a 64-bit rotation on a register pair the MIPS extensions share.

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

/// A 64-bit value as the (high, low) register pair.
pub fn split(v: u64) -> (u32, u32) {
    ((v >> 32) as u32, v as u32)
}

/// `rot(hi, lo, n)`, a 64-bit rotation left by `n` of the register pair, agrees with
/// `u64::rotate_left` at every amount 0..64 on 50 xorshift values each.
pub fn check_rot64_every_amount(rot: impl Fn(u32, u32, u32) -> (u32, u32)) {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for n in 0..64u32 {
        for _ in 0..50 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (hi, lo) = split(x);
            assert_eq!(rot(hi, lo, n), split(x.rotate_left(n)), "{x:#x} n = {n}");
        }
    }
}

/// `lui rt, %hi(v); ori rt, rt, %lo(v)`: rt = v.
pub fn li(rt: u32, v: u32) -> [u32; 2] {
    [lui(rt, v >> 16), itype(0x0d, rt, rt, (v & 0xffff) as i32)]
}
