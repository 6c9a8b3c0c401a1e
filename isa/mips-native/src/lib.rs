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
use asip_sim::isa::{Base, DecodedInsn, Format, InstrClass, OpInfo, TimingClass};
use asip_sim::mips::disasm;
use asip_sim::spec::{mips, op, Encoding, Fixed, Operand, Slot};

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
// Executors. Disassembly: the base's layouts (`andnot rd,rs,rt`, `rot1 rs,rt`, `mfleast rd`).

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

const SPECIAL2: Fixed = mips::opcode(0x1c);
const RD: Operand = mips::rd("rd", Slot::Rd);
const RS: Operand = mips::rs("rs", Slot::Rs1);
const RT: Operand = mips::rt("rt", Slot::Rs2);

/// The operations of xmipsnative, each declared once (SPECIAL2, the MIPS32 UDI function
/// codes `udi0`..`udi3` = 0x10..0x13; unused fields zero), in the unit's op-number order
/// (`rtl/mn_fu.v`). Profiling class `Custom`; timing: one cycle in the execute stage like
/// the ALU / shifter ops they extend (`andnot`, `mfleast`: `Alu`; `rot1`, `rot2`:
/// `Shift`), results forwarded like any ALU result.
pub static OPS: &[OpInfo] = &[
    op(
        "andnot",
        exec_andnot,
        Format::Custom(disasm::fmt_r),
        InstrClass::Custom,
        TimingClass::Alu,
        &Encoding::new(
            "andnot rd, rs, rt",
            &[SPECIAL2, mips::SA0, mips::funct(0x10)],
            &[RD, RS, RT],
            "`rd = ~rs & rt` (`udi0`)",
        ),
    ),
    op(
        "rot1",
        exec_rot1,
        Format::Custom(disasm::fmt_rs_rt),
        InstrClass::Custom,
        TimingClass::Shift,
        &Encoding::new(
            "rot1 rs, rt",
            &[SPECIAL2, mips::RD0, mips::SA0, mips::funct(0x11)],
            &[RS, RT],
            "first half of the rotation, into Most/Least (`udi1`)",
        ),
    ),
    op(
        "rot2",
        exec_rot2,
        Format::Custom(disasm::fmt_r),
        InstrClass::Custom,
        TimingClass::Shift,
        &Encoding::new(
            "rot2 rd, rs, rt",
            &[SPECIAL2, mips::SA0, mips::funct(0x12)],
            &[RD, RS, RT],
            "second half, ORed into Most/Least; `rd = Most` (`udi2`)",
        ),
    ),
    op(
        "mfleast",
        exec_mfleast,
        Format::Custom(disasm::fmt_rd),
        InstrClass::Custom,
        TimingClass::Alu,
        &Encoding::new(
            "mfleast rd",
            &[SPECIAL2, mips::RS0, mips::RT0, mips::SA0, mips::funct(0x13)],
            &[RD],
            "`rd = Least` (`udi3`)",
        ),
    ),
];

asip_sim::extension! {
    /// The declaration of xmipsnative (generated files: `isa/README.md`).
    pub static SPEC = {
        name: "xmipsnative",
        base: Base::Mips32,
        prefix: "MN",
        ops: OPS,
        columns: mips::COLUMNS_R,
        asm_macros: false,
        generated: &[
            "README.md",
            "include/mips_native.h",
            "rtl/mn_fu.v",
            "rtl/mn_port.v",
        ],
    }
    /// The `xmipsnative` extension.
    pub struct MipsNative {
        state: NativeState,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use asip_sim::enc;

    #[test]
    fn decode_roundtrip_and_disassembly() {
        for (w, n, text) in [
            (enc!(SPEC, "andnot", 2, 4, 5), "andnot", "andnot v0,a0,a1"),
            (enc!(SPEC, "rot1", 4, 5), "rot1", "rot1 a0,a1"),
            (enc!(SPEC, "rot2", 2, 4, 5), "rot2", "rot2 v0,a0,a1"),
            (enc!(SPEC, "mfleast", 3), "mfleast", "mfleast v1"),
        ] {
            let d = SPEC.decode(w).expect("decodes");
            assert_eq!((d.name(), d.disasm(0).as_str()), (n, text), "{w:#010x}");
        }
    }
}
