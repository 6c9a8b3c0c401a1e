//! `xmipsnative`: the native-datapath SHA-3 instruction-set extension of seed 000
//! (Sect. 2, Table 1) for MIPS32, in the SPECIAL2 major opcode (0x1c), function codes
//! 0x10..0x13 (the MIPS32 user-defined-instruction range `udi0`..`udi3`).
//!
//! | op | semantics |
//! | --- | --- |
//! | `andnot rd, rs, rt` | `rd = ~rs & rt` |
//! | `rot1 rs, rt` | `n = rt[5:0]`; `n < 32`: `Most = rs << n`, `Least = rs >> (32 - n)`; else `Least = rs << (n - 32)`, `Most = rs >> (64 - n)` |
//! | `rot2 rd, rs, rt` | `n < 32`: `Least \|= rs << n`, `Most \|= rs >> (32 - n)`; else `Most \|= rs << (n - 32)`, `Least \|= rs >> (64 - n)`; then `rd = Most` |
//! | `mfleast rd` | `rd = Least` |
//!
//! `rot1 hi, n; rot2 rd, lo, n; mfleast rd2` rotates the 64-bit value `hi:lo` left by
//! `n mod 64`: `rd` = new high word, `rd2` = new low word. Shift amounts are 6 bits wide
//! and a shift by 32 gives 0 (the amounts 32 - n and 64 - n reach 32 for n = 0 and
//! n = 32); with that rule every amount 0..63 is a rotation (`isa/mips-native/README.md`).
//! `Most` and `Least` are extension state ([`NativeState`]).

use asip_sim::cpu::{Cpu, Trap};
use asip_sim::isa::{
    Base, DecodedInsn, ExecFn, Extension, Format, InstrClass, OpInfo, TimingClass,
};

/// Major opcode SPECIAL2.
pub const OPCODE: u32 = 0x1c;
/// Function code of `andnot` (`udi0`).
pub const F_ANDNOT: u32 = 0x10;
/// Function code of `rot1` (`udi1`).
pub const F_ROT1: u32 = 0x11;
/// Function code of `rot2` (`udi2`).
pub const F_ROT2: u32 = 0x12;
/// Function code of `mfleast` (`udi3`).
pub const F_MFLEAST: u32 = 0x13;

/// SPECIAL2 function codes MIPS32 (Release 1/2) defines: madd, maddu, mul, msub, msubu,
/// clz, clo, sdbbp.
pub const MIPS32_SPECIAL2_FUNCTS: [u32; 8] = [0x00, 0x01, 0x02, 0x04, 0x05, 0x20, 0x21, 0x3f];

// ---------------------------------------------------------------------------------------
// Semantics as plain functions (shared by the executors, the tests and the RTL vectors).

/// Logical left shift of the datapath: 6-bit amount, amounts >= 32 give 0.
pub fn shl(x: u32, n: u32) -> u32 {
    let n = n & 63;
    if n >= 32 {
        0
    } else {
        x << n
    }
}

/// Logical right shift of the datapath: 6-bit amount, amounts >= 32 give 0.
pub fn shr(x: u32, n: u32) -> u32 {
    let n = n & 63;
    if n >= 32 {
        0
    } else {
        x >> n
    }
}

/// `andnot`: `~rs & rt`.
pub fn andnot(rs: u32, rt: u32) -> u32 {
    !rs & rt
}

/// The two internal registers of the rotation unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NativeState {
    /// High word of the rotation result.
    pub most: u32,
    /// Low word of the rotation result.
    pub least: u32,
}

/// `rot1 rs, rt`: Table 1's first half, on the high word `rs`; amount `rt mod 64`.
pub fn rot1(rs: u32, rt: u32) -> NativeState {
    let n = rt & 63;
    if n < 32 {
        NativeState {
            most: shl(rs, n),
            least: shr(rs, 32 - n),
        }
    } else {
        NativeState {
            least: shl(rs, n - 32),
            most: shr(rs, 64 - n),
        }
    }
}

/// `rot2 rd, rs, rt`: Table 1's second half, on the low word `rs`, ORed into `st`;
/// returns the new state (`rd` = its `most`).
pub fn rot2(st: NativeState, rs: u32, rt: u32) -> NativeState {
    let n = rt & 63;
    if n < 32 {
        NativeState {
            least: st.least | shl(rs, n),
            most: st.most | shr(rs, 32 - n),
        }
    } else {
        NativeState {
            most: st.most | shl(rs, n - 32),
            least: st.least | shr(rs, 64 - n),
        }
    }
}

/// The whole sequence `rot1 hi, n; rot2 lo, n`: `(most, least)`.
pub fn rot64(hi: u32, lo: u32, n: u32) -> (u32, u32) {
    let s = rot2(rot1(hi, n), lo, n);
    (s.most, s.least)
}

// ---------------------------------------------------------------------------------------
// Encoders.

/// Instruction-word encoders.
pub mod enc {
    use super::*;

    fn r(rs: u32, rt: u32, rd: u32, f: u32) -> u32 {
        (OPCODE << 26) | ((rs & 31) << 21) | ((rt & 31) << 16) | ((rd & 31) << 11) | f
    }
    /// `andnot rd, rs, rt`.
    pub fn andnot(rd: u32, rs: u32, rt: u32) -> u32 {
        r(rs, rt, rd, F_ANDNOT)
    }
    /// `rot1 rs, rt`.
    pub fn rot1(rs: u32, rt: u32) -> u32 {
        r(rs, rt, 0, F_ROT1)
    }
    /// `rot2 rd, rs, rt`.
    pub fn rot2(rd: u32, rs: u32, rt: u32) -> u32 {
        r(rs, rt, rd, F_ROT2)
    }
    /// `mfleast rd`.
    pub fn mfleast(rd: u32) -> u32 {
        r(0, 0, rd, F_MFLEAST)
    }
}

// ---------------------------------------------------------------------------------------
// Executors and disassembly.

fn exec_andnot(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = andnot(c.reg(d.rs1), c.reg(d.rs2));
    c.set_reg(d.rd, v);
    Ok(())
}

fn exec_rot1(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let s = rot1(c.reg(d.rs1), c.reg(d.rs2));
    *c.state_mut::<NativeState>() = s;
    Ok(())
}

fn exec_rot2(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let (rs, rt) = (c.reg(d.rs1), c.reg(d.rs2));
    let st = c.state_mut::<NativeState>();
    *st = rot2(*st, rs, rt);
    let most = st.most;
    c.set_reg(d.rd, most);
    Ok(())
}

fn exec_mfleast(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = c.state_mut::<NativeState>().least;
    c.set_reg(d.rd, v);
    Ok(())
}

/// o32 ABI register names, as objdump prints them.
pub const MIPS_REG_NAMES: [&str; 32] = [
    "zero", "at", "v0", "v1", "a0", "a1", "a2", "a3", "t0", "t1", "t2", "t3", "t4", "t5", "t6",
    "t7", "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "t8", "t9", "k0", "k1", "gp", "sp", "s8",
    "ra",
];

fn rn(r: u8) -> &'static str {
    MIPS_REG_NAMES[(r & 31) as usize]
}

fn dis_andnot(d: &DecodedInsn, _pc: u32) -> String {
    format!("andnot {},{},{}", rn(d.rd), rn(d.rs1), rn(d.rs2))
}
fn dis_rot1(d: &DecodedInsn, _pc: u32) -> String {
    format!("rot1 {},{}", rn(d.rs1), rn(d.rs2))
}
fn dis_rot2(d: &DecodedInsn, _pc: u32) -> String {
    format!("rot2 {},{},{}", rn(d.rd), rn(d.rs1), rn(d.rs2))
}
fn dis_mfleast(d: &DecodedInsn, _pc: u32) -> String {
    format!("mfleast {}", rn(d.rd))
}

#[derive(Clone, Copy)]
#[repr(usize)]
enum Id {
    Andnot,
    Rot1,
    Rot2,
    Mfleast,
}

const fn op(
    name: &'static str,
    exec: ExecFn,
    dis: asip_sim::isa::DisasmFn,
    t: TimingClass,
) -> OpInfo {
    OpInfo {
        name,
        exec,
        format: Format::Custom(dis),
        class: InstrClass::Custom,
        timing: t,
    }
}

/// Operations of xmipsnative, in [`Id`] order. Profiling class `Custom`; timing: one
/// cycle in the execute stage like the ALU / shifter ops they extend (`andnot`,
/// `mfleast`: `Alu`; `rot1`, `rot2`: `Shift`), results forwarded like any ALU result.
pub static OPS: &[OpInfo] = &[
    op("andnot", exec_andnot, dis_andnot, TimingClass::Alu),
    op("rot1", exec_rot1, dis_rot1, TimingClass::Shift),
    op("rot2", exec_rot2, dis_rot2, TimingClass::Shift),
    op("mfleast", exec_mfleast, dis_mfleast, TimingClass::Alu),
];

/// Decode one word (the extension's whole decoder). Unused fields must be zero.
pub fn decode(w: u32) -> Option<DecodedInsn> {
    if w >> 26 != OPCODE || (w >> 6) & 31 != 0 {
        return None;
    }
    let (rs, rt, rd) = ((w >> 21) & 31, (w >> 16) & 31, (w >> 11) & 31);
    let mk = |id: Id, rd: u32, rs: u32, rt: u32| {
        Some(DecodedInsn::new(&OPS[id as usize], w, rd, rs, rt, 0))
    };
    match w & 63 {
        F_ANDNOT => mk(Id::Andnot, rd, rs, rt),
        F_ROT1 if rd == 0 => mk(Id::Rot1, 0, rs, rt),
        F_ROT2 => mk(Id::Rot2, rd, rs, rt),
        F_MFLEAST if rs == 0 && rt == 0 => mk(Id::Mfleast, rd, 0, 0),
        _ => None,
    }
}

/// The `xmipsnative` extension.
pub struct MipsNative;

impl Extension for MipsNative {
    fn name(&self) -> &'static str {
        "xmipsnative"
    }
    fn description(&self) -> &'static str {
        "MIPS native-datapath SHA-3 ISE (seed 000, Table 1): andnot, rot1, rot2, mfleast"
    }
    fn base(&self) -> Base {
        Base::Mips32
    }
    fn ops(&self) -> &'static [OpInfo] {
        OPS
    }
    fn decode(&self, w: u32) -> Option<DecodedInsn> {
        decode(w)
    }
    fn init(&self, cpu: &mut Cpu) {
        *cpu.state_mut::<NativeState>() = NativeState::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rot64_is_a_rotation_for_every_amount() {
        let v: u64 = 0x0123_4567_89ab_cdef;
        for n in 0..64u32 {
            let r = v.rotate_left(n);
            assert_eq!(
                rot64((v >> 32) as u32, v as u32, n),
                ((r >> 32) as u32, r as u32),
                "n = {n}"
            );
        }
    }

    #[test]
    fn decode_roundtrip() {
        for (w, n) in [
            (enc::andnot(2, 4, 5), "andnot"),
            (enc::rot1(4, 5), "rot1"),
            (enc::rot2(2, 4, 5), "rot2"),
            (enc::mfleast(3), "mfleast"),
        ] {
            assert_eq!(decode(w).map(|d| d.name()), Some(n), "{w:#010x}");
        }
    }
}
