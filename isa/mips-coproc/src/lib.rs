//! `xmipscop`: the coprocessor-based SHA-3 instruction-set extension of seed 000
//! (Sect. 2, Table 2) for MIPS32, in the coprocessor-2 load/store opcodes LWC2 (0x32) and
//! SWC2 (0x3a), I-type `op base, rt, offset`. Bits \[18:16\] (the low three bits of `rt`)
//! address the auxiliary register or give Chi's index, as the seed says; bits \[20:19\]
//! select the operation among the SWC2 forms.
//!
//! | op | word | semantics |
//! | --- | --- | --- |
//! | `lwau AuN, off(base)` | LWC2, rt = N (0..4) | `Au[N] = mem[base + off]` |
//! | `xor5 off(base)` | SWC2, rt = 0b00_000 | `mem[base + off] = Au0 ^ Au1 ^ Au2 ^ Au3 ^ Au4` |
//! | `chi #i, off(base)` | SWC2, rt = 0b01_iii (i = 0..4) | `mem[base + off] = Au[i] ^ (~Au[i+1 mod 5] & Au[i+2 mod 5])` |
//! | `rot off(base)` | SWC2, rt = 0b10_000 | `{Most, Least} = rotl64({Au0, Au1}, Au2 mod 64)`; `mem[base + off] = Most` |
//! | `swleast off(base)` | SWC2, rt = 0b11_000 | `mem[base + off] = Least` |
//!
//! Au0..Au4 and `Least` are extension state ([`CopState`]). Encodings and timing:
//! `isa/mips-coproc/README.md`.

use asip_sim::cpu::{Cpu, Trap};
use asip_sim::isa::{Base, DecodedInsn, Format, InstrClass, OpInfo, TimingClass};
use asip_sim::mips::disasm::REG_NAMES;
use asip_sim::spec::{mips, op, Encoding, Fixed, Kind, Operand, Slot};

// ---------------------------------------------------------------------------------------
// Semantics as plain functions.

/// Coprocessor state: the five auxiliary registers and the kept low word of `rot`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CopState {
    /// Au0..Au4.
    pub au: [u32; 5],
    /// Low word of the last `rot` (stored by `swleast`).
    pub least: u32,
}

/// `xor5`: the XOR of the five auxiliary registers.
pub fn xor5(au: &[u32; 5]) -> u32 {
    au.iter().fold(0, |a, &b| a ^ b)
}

/// `chi #i`: `Au[i] ^ (~Au[i+1] & Au[i+2])`, indices mod 5 (`i` in 0..=4).
pub fn chi(au: &[u32; 5], i: usize) -> u32 {
    au[i % 5] ^ (!au[(i + 1) % 5] & au[(i + 2) % 5])
}

/// `rot`: `{Au0, Au1}` rotated left by `Au2 mod 64`; returns `(Most, Least)`.
pub fn rot(au: &[u32; 5]) -> (u32, u32) {
    let v = (((au[0] as u64) << 32) | au[1] as u64).rotate_left(au[2] & 63);
    ((v >> 32) as u32, v as u32)
}

// ---------------------------------------------------------------------------------------
// Executors and disassembly. Operands: rs1 = base GPR, imm = offset, aux = Au / Chi index.

fn addr(c: &Cpu, d: &DecodedInsn) -> u32 {
    c.reg(d.rs1).wrapping_add(d.imm as u32)
}

fn exec_lwau(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = c.load32(addr(c, d))?;
    c.state_mut::<CopState>().au[d.aux as usize] = v;
    Ok(())
}

fn exec_xor5(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let a = addr(c, d);
    let v = xor5(&c.state_mut::<CopState>().au);
    c.store32(a, v)
}

fn exec_chi(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let a = addr(c, d);
    let v = chi(&c.state_mut::<CopState>().au, d.aux as usize);
    c.store32(a, v)
}

fn exec_rot(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let a = addr(c, d);
    let (most, least) = rot(&c.state_mut::<CopState>().au);
    c.store32(a, most)?; // a trapping store leaves Least unchanged
    c.state_mut::<CopState>().least = least;
    Ok(())
}

fn exec_swleast(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let a = addr(c, d);
    let v = c.state_mut::<CopState>().least;
    c.store32(a, v)
}

fn mem(d: &DecodedInsn) -> String {
    format!("{}({})", d.imm, REG_NAMES[(d.rs1 & 31) as usize])
}
fn dis_lwau(d: &DecodedInsn, _pc: u32) -> String {
    format!("lwau au{},{}", d.aux, mem(d))
}
fn dis_xor5(d: &DecodedInsn, _pc: u32) -> String {
    format!("xor5 {}", mem(d))
}
fn dis_chi(d: &DecodedInsn, _pc: u32) -> String {
    format!("chi {},{}", d.aux, mem(d))
}
fn dis_rot(d: &DecodedInsn, _pc: u32) -> String {
    format!("rot {}", mem(d))
}
fn dis_swleast(d: &DecodedInsn, _pc: u32) -> String {
    format!("swleast {}", mem(d))
}

const LWC2: Fixed = mips::opcode(0x32);
const SWC2: Fixed = mips::opcode(0x3a);
/// rt\[4:3\]: which SWC2 form.
const fn sel(v: u32) -> Fixed {
    Fixed {
        name: "sel",
        lo: 19,
        width: 2,
        value: v,
    }
}
/// rt\[2:0\] unused: zero.
const IDX0: Fixed = Fixed {
    name: "idx",
    lo: 16,
    width: 3,
    value: 0,
};
/// rt\[2:0\]: an auxiliary-register or Chi index, 0..4.
const fn idx(name: &'static str) -> Operand {
    Operand {
        name,
        segs: &[(16, 3, 0)],
        signed: false,
        kind: Kind::Below(5),
        slot: Slot::Aux(0),
    }
}
const BASE: Operand = mips::rs("base", Slot::Rs1);

/// The operations of xmipscop, each declared once (coprocessor-2 loads/stores, I-type
/// `op base rt offset`; operands: rs1 = base GPR, imm = offset, aux = Au / Chi index), in
/// the unit's op-number order (`rtl/mc_fu.v`). Profiling class `Custom`. Timing: `lwau`
/// is a load (its destination is an auxiliary register, not a GPR, so no GPR load-use
/// stall); `xor5`, `chi`, `rot`, `swleast` are stores (the Co-ALU result is the store
/// data).
pub static OPS: &[OpInfo] = &[
    op(
        "lwau",
        exec_lwau,
        Format::Custom(dis_lwau),
        InstrClass::Custom,
        TimingClass::Load,
        &Encoding::new(
            "lwau au, off(base)",
            &[LWC2, sel(0)],
            &[idx("au"), mips::OFF16, BASE],
            "`Au[au] = mem[base + off]` (au = 0..4)",
        ),
    ),
    op(
        "xor5",
        exec_xor5,
        Format::Custom(dis_xor5),
        InstrClass::Custom,
        TimingClass::Store,
        &Encoding::new(
            "xor5 off(base)",
            &[SWC2, sel(0), IDX0],
            &[mips::OFF16, BASE],
            "`mem[base + off] = Au0 ^ Au1 ^ Au2 ^ Au3 ^ Au4`",
        ),
    ),
    op(
        "chi",
        exec_chi,
        Format::Custom(dis_chi),
        InstrClass::Custom,
        TimingClass::Store,
        &Encoding::new(
            "chi i, off(base)",
            &[SWC2, sel(1)],
            &[idx("i"), mips::OFF16, BASE],
            "`mem[base + off] = Au[i] ^ (~Au[i+1 mod 5] & Au[i+2 mod 5])` (i = 0..4)",
        ),
    ),
    op(
        "rot",
        exec_rot,
        Format::Custom(dis_rot),
        InstrClass::Custom,
        TimingClass::Store,
        &Encoding::new(
            "rot off(base)",
            &[SWC2, sel(2), IDX0],
            &[mips::OFF16, BASE],
            "`{Most, Least} = rotl64({Au0, Au1}, Au2 mod 64)`; `mem[base + off] = Most`",
        ),
    ),
    op(
        "swleast",
        exec_swleast,
        Format::Custom(dis_swleast),
        InstrClass::Custom,
        TimingClass::Store,
        &Encoding::new(
            "swleast off(base)",
            &[SWC2, sel(3), IDX0],
            &[mips::OFF16, BASE],
            "`mem[base + off] = Least`",
        ),
    ),
];

asip_sim::extension! {
    /// The declaration of xmipscop (generated files: `isa/README.md`); its decoder
    /// ([`asip_sim::spec::ExtSpec::decode`]) refuses Au / Chi indices above 4 and non-zero
    /// index bits of xor5/rot/swleast.
    pub static SPEC = {
        name: "xmipscop",
        base: Base::Mips32,
        prefix: "MC",
        ops: OPS,
        columns: &[
            ("opcode", 26, 6),
            ("base", 21, 5),
            ("rt[4:3]", 19, 2),
            ("rt[2:0]", 16, 3),
            ("offset", 0, 16),
        ],
        asm_macros: false,
        generated: &[
            "README.md",
            "include/mips_coproc.h",
            "rtl/mc_fu.v",
            "rtl/mc_port.v",
        ],
    }
    /// The `xmipscop` extension.
    pub struct MipsCop {
        state: CopState,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use asip_sim::enc;

    #[test]
    fn decode_roundtrip() {
        for (w, n, aux, text) in [
            (enc!(SPEC, "lwau", 3, -8, 29), "lwau", 3, "lwau au3,-8(sp)"),
            (enc!(SPEC, "xor5", 16, 4), "xor5", 0, "xor5 16(a0)"),
            (enc!(SPEC, "chi", 4, 0, 4), "chi", 4, "chi 4,0(a0)"),
            (enc!(SPEC, "rot", 4, 5), "rot", 0, "rot 4(a1)"),
            (enc!(SPEC, "swleast", 0, 5), "swleast", 0, "swleast 0(a1)"),
        ] {
            let d = SPEC.decode(w).expect("decodes");
            assert_eq!((d.name(), d.aux), (n, aux), "{w:#010x}");
            assert_eq!(d.disasm(0), text);
        }
        // index 5 (rt[2:0] = 0b101) does not decode; the encoder refuses it too
        assert!(SPEC
            .decode(enc!(SPEC, "lwau", 4, 0, 4) | (1 << 16))
            .is_none());
        assert!(SPEC
            .decode(enc!(SPEC, "chi", 4, 0, 4) | (1 << 16))
            .is_none());
        assert!(asip_sim::spec::encode(OPS, "chi", &[5, 0, 4]).is_err());
    }
}
