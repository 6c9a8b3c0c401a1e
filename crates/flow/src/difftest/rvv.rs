//! Vector blocks of the RV32 generator (flavours `zve64x`, `xvkeccak`, `xvkeccakr`): the
//! zve64x subset the vector RTL implements (`hw/units/zve64x`, docs/vector.md "RTL"), the
//! custom vector instructions of the flavour's ISA, and vector faults.
//!
//! A vector block starts with its own `vsetvli`/`vsetivli`/`vsetvl` (so any subset of the
//! blocks is still a valid program) and then runs vector operations on register groups
//! aligned to that vtype, vector loads and stores inside the scratch area, scalar
//! instructions between them (the `vset`'s `rd`, the `.vx` operands, base and stride
//! registers written right before use: RAW hazards both ways), maybe in a loop or in the
//! shadow of a forward branch, reads of the vector CSRs; faults, those inside a vector
//! access included. What the RTL does not implement is not generated (masked forms, the
//! other permutations, moves, indexed, whole-register and strided-store accesses, unaligned
//! unit-stride vectors longer than one register): the simulator runs those, the RTL traps
//! them as illegal; docs/difftest.md says so.

use super::program::{Case, Rng, DATA, SCRATCH, VREGS};
use super::rv32enc::{addi, BASE};

use asip_sim::OpInfo;

/// The zve64x instructions the vector RTL implements (unmasked), all generated.
pub const SUBSET: &[&str] = &[
    "vsetvli",
    "vsetivli",
    "vsetvl",
    "vle8.v",
    "vle16.v",
    "vle32.v",
    "vle64.v",
    "vse8.v",
    "vse16.v",
    "vse32.v",
    "vse64.v",
    "vlse8.v",
    "vlse16.v",
    "vlse32.v",
    "vlse64.v",
    "vadd.vv",
    "vadd.vx",
    "vadd.vi",
    "vsub.vv",
    "vsub.vx",
    "vrsub.vx",
    "vrsub.vi",
    "vand.vv",
    "vand.vx",
    "vand.vi",
    "vor.vv",
    "vor.vx",
    "vor.vi",
    "vxor.vv",
    "vxor.vx",
    "vxor.vi",
    "vsll.vv",
    "vsll.vx",
    "vsll.vi",
    "vsrl.vv",
    "vsrl.vx",
    "vsrl.vi",
    "vsra.vv",
    "vsra.vx",
    "vsra.vi",
    "vrgatherei16.vv",
];

/// funct6 of the element-wise operations: .vv and .vx forms (vrsub has no .vv).
pub(super) const VV: [u32; 8] = [0x00, 0x02, 0x09, 0x0a, 0x0b, 0x25, 0x28, 0x29];
/// .vi forms (vsub has none; vrsub has).
pub(super) const VI: [u32; 8] = [0x00, 0x03, 0x09, 0x0a, 0x0b, 0x25, 0x28, 0x29];
pub(super) const RSUB: u32 = 0x03;
pub(super) const GATHER16: u32 = 0x0e;

/// The vector part of the generator's state.
pub struct VGen {
    /// The flavour's custom vector instructions (vector register operands).
    pub(super) vext: Vec<&'static OpInfo>,
    /// SEW and LMUL (numerator, denominator) of the block's vtype; `None`: vill.
    pub(super) vt: Option<(u32, u32, u32)>,
    /// The epilogue writes the vector registers out (for qemu, which has no commit log).
    pub dump: bool,
}

impl VGen {
    pub fn new(vext: Vec<&'static OpInfo>, dump: bool) -> VGen {
        VGen {
            vext,
            vt: None,
            dump,
        }
    }
}

pub(super) fn opv(f6: u32, vs2: u32, x: u32, f3: u32, vd: u32) -> u32 {
    f6 << 26 | 1 << 25 | vs2 << 20 | (x & 0x1f) << 15 | f3 << 12 | vd << 7 | 0x57
}
pub(super) fn vsetvli(rd: u32, rs1: u32, vtype: u32) -> u32 {
    (vtype & 0x7ff) << 20 | rs1 << 15 | 7 << 12 | rd << 7 | 0x57
}
pub(super) fn vsetivli(rd: u32, uimm: u32, vtype: u32) -> u32 {
    3 << 30 | (vtype & 0x3ff) << 20 | uimm << 15 | 7 << 12 | rd << 7 | 0x57
}
pub(super) fn vsetvl(rd: u32, rs1: u32, rs2: u32) -> u32 {
    0x40 << 25 | rs2 << 20 | rs1 << 15 | 7 << 12 | rd << 7 | 0x57
}
pub(super) fn width(eew: u32) -> u32 {
    match eew {
        8 => 0,
        16 => 5,
        32 => 6,
        _ => 7,
    }
}
/// vle<eew>.v / vse<eew>.v (unit-stride, unmasked) or, with a stride register, vlse.
pub(super) fn vmem(store: bool, stride: Option<u32>, vd: u32, rs1: u32, eew: u32) -> u32 {
    let (mop, rs2) = match stride {
        Some(r) => (2, r),
        None => (0, 0),
    };
    mop << 26
        | 1 << 25
        | rs2 << 20
        | rs1 << 15
        | width(eew) << 12
        | vd << 7
        | if store { 0x27 } else { 0x07 }
}
/// vtype: LMUL code (0..3: 1..8; 5, 6, 7: 1/8, 1/4, 1/2), SEW, tail/mask agnostic bits.
pub(super) fn vtype(sew: u32, lmul: u32, ta: u32, ma: u32) -> u32 {
    ma << 7 | ta << 6 | (sew / 8).trailing_zeros() << 3 | lmul
}
/// LMUL as (numerator, denominator) of a code.
pub(super) fn lmul_of(code: u32) -> (u32, u32) {
    match code {
        0..=3 => (1 << code, 1),
        c => (1, 1 << (8 - c)),
    }
}
pub(super) fn overlap(a: u32, na: u32, b: u32, nb: u32) -> bool {
    a < b + nb && b < a + na
}

/// Bias the scratch area towards edge elements: a quarter of its 8-byte chunks are 0,
/// all ones, the sign bit, ... (at every SEW the elements they hold are edge values).
pub fn edge_data(c: &mut Case) {
    const E: [u64; 8] = [
        0,
        u64::MAX,
        1 << 63,
        (1 << 63) - 1,
        1,
        0x8000_0000_8000_0000,
        0x7fff_7fff_7fff_7fff,
        0x8080_8080_8080_8080,
    ];
    let mut rng = Rng::new(c.seed ^ 0x7e57);
    for k in 0..(SCRATCH / 8) as usize {
        if rng.below(4) == 0 {
            let v = E[rng.index(E.len())];
            c.data[8 * k..8 * k + 8].copy_from_slice(&v.to_le_bytes());
        }
    }
}

/// The vector registers from the scratch area (after s0 is set; t0 is free): v0..v7,
/// v8..v15 and v16..v23 three windows of it, v24..v31 a mix.
pub fn prologue() -> Vec<u32> {
    let t0 = 5;
    vec![
        vsetvli(t0, 0, vtype(8, 3, 0, 0)),
        vmem(false, None, 0, BASE, 8),
        addi(t0, BASE, 128),
        vmem(false, None, 8, t0, 8),
        addi(t0, BASE, 64),
        vmem(false, None, 16, t0, 8),
        vsetvli(t0, 0, vtype(64, 3, 0, 0)),
        opv(0x0b, 8, 16, 0, 24),
        opv(0x00, 24, 0, 0, 24),
    ]
}

/// The vector registers into VREGS (after the scalar registers were dumped).
pub fn epilogue() -> Vec<u32> {
    let (t0, a0) = (5, 10);
    let mut w = vec![
        vsetvli(t0, 0, vtype(8, 3, 0, 0)),
        addi(a0, BASE, (VREGS - DATA) as i32),
    ];
    for g in 0..4 {
        if g > 0 {
            w.push(addi(a0, a0, 128));
        }
        w.push(vmem(true, None, 8 * g, a0, 8));
    }
    w
}
