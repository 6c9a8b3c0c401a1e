//! Vector blocks of the RV32 generator (flavours `zve64x`, `xvkeccak`, `xvkeccakr`): the
//! zve64x subset the vector RTL implements (`hw/units/zve64x`, docs/vector.md "RTL"), the
//! custom vector instructions of the flavour's ISA, and vector faults.
//!
//! A vector block starts with its own `vsetvli`/`vsetivli`/`vsetvl` (so any subset of the
//! blocks is still a valid program) and then runs vector operations on register groups
//! aligned to that vtype, vector loads and stores inside the scratch area, scalar
//! instructions between them (the `vset`'s `rd`, the `.vx` operands, base and stride
//! registers written right before use: RAW hazards both ways), maybe in a loop or in the
//! shadow of a forward branch. What the RTL does not implement is not generated (masked
//! forms, the other permutations, moves, indexed, whole-register and strided-store
//! accesses, the vector CSRs, faults inside a vector access, unaligned unit-stride vectors
//! longer than one register, misaligned strided elements): the simulator runs those, the
//! RTL traps them as illegal or (the last two) does not implement them, docs/difftest.md
//! says so.

use super::program::Block;
use super::program::{Case, Rng, DATA, SCRATCH, VREGS};
use super::rv32::{addi, b, li, Gen, BASE, CNT};
use asip_sim::spec::{Kind, Slot};
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
const VV: [u32; 8] = [0x00, 0x02, 0x09, 0x0a, 0x0b, 0x25, 0x28, 0x29];
/// .vi forms (vsub has none; vrsub has).
const VI: [u32; 8] = [0x00, 0x03, 0x09, 0x0a, 0x0b, 0x25, 0x28, 0x29];
const RSUB: u32 = 0x03;
const GATHER16: u32 = 0x0e;

/// The vector part of the generator's state.
pub struct VGen {
    /// The flavour's custom vector instructions (vector register operands).
    vext: Vec<&'static OpInfo>,
    /// SEW and LMUL (numerator, denominator) of the block's vtype; `None`: vill.
    vt: Option<(u32, u32, u32)>,
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

fn opv(f6: u32, vs2: u32, x: u32, f3: u32, vd: u32) -> u32 {
    f6 << 26 | 1 << 25 | vs2 << 20 | (x & 0x1f) << 15 | f3 << 12 | vd << 7 | 0x57
}
fn vsetvli(rd: u32, rs1: u32, vtype: u32) -> u32 {
    (vtype & 0x7ff) << 20 | rs1 << 15 | 7 << 12 | rd << 7 | 0x57
}
fn vsetivli(rd: u32, uimm: u32, vtype: u32) -> u32 {
    3 << 30 | (vtype & 0x3ff) << 20 | uimm << 15 | 7 << 12 | rd << 7 | 0x57
}
fn vsetvl(rd: u32, rs1: u32, rs2: u32) -> u32 {
    0x40 << 25 | rs2 << 20 | rs1 << 15 | 7 << 12 | rd << 7 | 0x57
}
fn width(eew: u32) -> u32 {
    match eew {
        8 => 0,
        16 => 5,
        32 => 6,
        _ => 7,
    }
}
/// vle<eew>.v / vse<eew>.v (unit-stride, unmasked) or, with a stride register, vlse.
fn vmem(store: bool, stride: Option<u32>, vd: u32, rs1: u32, eew: u32) -> u32 {
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
fn vtype(sew: u32, lmul: u32, ta: u32, ma: u32) -> u32 {
    ma << 7 | ta << 6 | (sew / 8).trailing_zeros() << 3 | lmul
}
/// LMUL as (numerator, denominator) of a code.
fn lmul_of(code: u32) -> (u32, u32) {
    match code {
        0..=3 => (1 << code, 1),
        c => (1, 1 << (8 - c)),
    }
}
fn overlap(a: u32, na: u32, b: u32, nb: u32) -> bool {
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

impl Gen<'_> {
    fn vt(&self) -> (u32, u32, u32) {
        self.v.as_ref().and_then(|v| v.vt).unwrap_or((8, 1, 1))
    }

    /// Registers of a group at the current LMUL.
    fn group(&self) -> u32 {
        let (_, ln, ld) = self.vt();
        if ld > 1 {
            1
        } else {
            ln
        }
    }

    fn vreg(&mut self, n: u32) -> u32 {
        self.rng.below((32 / n) as u64) as u32 * n
    }

    /// A second scalar register written right before use, other than `not`.
    fn dst_not(&mut self, not: u32) -> u32 {
        loop {
            let d = self.dst();
            if d != not {
                return d;
            }
        }
    }

    /// A vsetvli / vsetivli / vsetvl; `valid`: a supported vtype, else a reserved one
    /// (vill set, vl = 0).
    fn vset(&mut self, w: &mut Vec<u32>, valid: bool) {
        let form = self.rng.below(3);
        let (ta, ma) = (self.rng.below(2) as u32, self.rng.below(2) as u32);
        let (vt, state) = if valid {
            let sew = 8 << self.rng.below(4);
            let codes: Vec<u32> = [0, 1, 2, 3, 5, 6, 7]
                .into_iter()
                .filter(|&c| {
                    let (n, d) = lmul_of(c);
                    sew * d <= 64 * n
                })
                .collect();
            let code = codes[self.rng.index(codes.len())];
            let (n, d) = lmul_of(code);
            (vtype(sew, code, ta, ma), Some((sew, n, d)))
        } else {
            let sew = 8 << self.rng.below(4);
            let v = match self.rng.below(if form == 2 { 5 } else { 3 }) {
                // LMUL code 4
                0 => vtype(sew, 4, ta, ma),
                // SEW > LMUL * ELEN (a fractional LMUL too small)
                1 => vtype(64, 5 + self.rng.below(3) as u32, ta, ma),
                // SEW code 4..7
                2 => (4 + self.rng.below(4) as u32) << 3 | self.rng.below(4) as u32,
                // vsetvl only: a reserved bit, or vill itself
                3 => vtype(sew, 0, ta, ma) | 1 << (8 + self.rng.below(23)),
                _ => vtype(sew, 0, ta, ma) | 1 << 31,
            };
            (v, None)
        };
        let rd = if self.rng.below(4) == 0 {
            0
        } else {
            self.dst()
        };
        match form {
            1 => {
                let avl = match self.rng.below(3) {
                    0 => self.rng.below(32) as u32,
                    1 => [0, 1, 2, 15, 16, 31][self.rng.index(6)],
                    _ => 31,
                };
                w.push(vsetivli(rd, avl, vt));
            }
            _ => {
                // AVL: a small value, a register's (edge) value, VLMAX (rs1 = x0, rd != x0)
                // or the current vl (rs1 = rd = x0)
                let (rd, rs1) = match self.rng.below(4) {
                    0 => {
                        let t = self.dst_not(rd);
                        let v = self.rng.below(40) as u32;
                        w.extend(li(t, v));
                        (rd, t)
                    }
                    1 => (rd, self.src()),
                    2 => (if rd == 0 { self.dst() } else { rd }, 0),
                    _ => (0, 0),
                };
                if form == 0 && vt < 0x800 {
                    w.push(vsetvli(rd, rs1, vt));
                } else {
                    let t = loop {
                        let t = self.dst_not(rd);
                        if t != rs1 {
                            break t;
                        }
                    };
                    w.extend(li(t, vt));
                    w.push(vsetvl(rd, rs1, t));
                }
            }
        }
        if let Some(v) = self.v.as_mut() {
            v.vt = state;
        }
    }

    /// An element-wise operation (.vv, .vx, .vi) on groups aligned to the vtype.
    fn valu(&mut self, w: &mut Vec<u32>) {
        let n = self.group();
        let (sew, _, _) = self.vt();
        let (vd, vs2) = (self.vreg(n), self.vreg(n));
        match self.rng.below(3) {
            0 => {
                let f6 = VV[self.rng.index(VV.len())];
                let vs1 = self.vreg(n);
                w.push(opv(f6, vs2, vs1, 0, vd));
            }
            1 => {
                let f6 = if self.rng.below(9) == 0 {
                    RSUB
                } else {
                    VV[self.rng.index(VV.len())]
                };
                let x = self.src();
                w.push(opv(f6, vs2, x, 4, vd));
            }
            _ => {
                let f6 = VI[self.rng.index(VI.len())];
                let imm = if f6 >= 0x25 {
                    [0, 1, sew - 1, 31, self.rng.below(32) as u32][self.rng.index(5)]
                } else {
                    [-16i32, -1, 0, 1, 15, self.rng.below(32) as i32][self.rng.index(6)] as u32
                };
                w.push(opv(f6, vs2, imm, 3, vd));
            }
        }
    }

    /// vrgatherei16.vv with legal groups (or an element-wise operation where none are).
    fn vgather(&mut self, w: &mut Vec<u32>) {
        let (sew, ln, ld) = self.vt();
        let n = self.group();
        // the index group: EMUL = 16 / SEW * LMUL
        let (num, den) = (16 * ln, sew * ld);
        if num > 8 * den || num * 8 < den {
            return self.valu(w);
        }
        let ni = num.div_ceil(den);
        for _ in 0..30 {
            let (vd, vs2, vs1) = (self.vreg(n), self.vreg(n), self.vreg(ni));
            if overlap(vd, n, vs2, n) || overlap(vd, n, vs1, ni) {
                continue;
            }
            if vs1 % n == 0 && self.rng.below(2) == 0 {
                // indices mostly in range: vs1 &= a small mask in every 16-bit half
                let t = self.dst();
                let m = [0x7, 0xf, 0x1f, 0x3f, 0x7f][self.rng.index(5)];
                w.extend(li(t, m << 16 | m));
                w.push(opv(0x09, vs1, t, 4, vs1));
            }
            w.push(opv(GATHER16, vs2, vs1, 0, vd));
            return;
        }
        self.valu(w)
    }

    /// A unit-stride load or store, or a strided load, inside the scratch area.
    fn vmemop(&mut self, w: &mut Vec<u32>) {
        let (sew, ln, ld) = self.vt();
        // an EEW whose EMUL = EEW / SEW * LMUL is in 1/8..8
        let (eew, num, den) = loop {
            let eew = 8 << self.rng.below(4);
            let (num, den) = (eew * ln, sew * ld);
            if num <= 8 * den && num * 8 >= den {
                break (eew, num, den);
            }
        };
        let eb = eew / 8;
        let regs = num.div_ceil(den);
        let vd = self.vreg(regs);
        // the most bytes (VLMAX elements)
        let maxb = (16 * num).div_ceil(den);
        match self.rng.below(10) {
            0..=6 => {
                let store = self.rng.below(5) < 2;
                // an unaligned base only for vectors of one register (longer ones: a word
                // multiple, 64-bit elements at 4 mod 8 included); a quarter of those at
                // any byte (misaligned elements)
                let align = if num > den {
                    4
                } else if self.rng.below(4) == 0 {
                    1
                } else {
                    eb
                };
                let off = self.rng.below(((SCRATCH - maxb) / align + 1) as u64) as u32 * align;
                let base = if off == 0 && self.rng.below(2) == 0 {
                    BASE
                } else {
                    let t = self.dst();
                    w.push(addi(t, BASE, off as i32));
                    t
                };
                w.push(vmem(store, None, vd, base, eew));
            }
            _ => {
                let nel = maxb / eb;
                let ks: Vec<i32> = (-3..=3)
                    .filter(|k: &i32| k.unsigned_abs() * eb * (nel - 1) + eb <= SCRATCH)
                    .collect();
                let k = ks[self.rng.index(ks.len())];
                let span = k.unsigned_abs() * eb * (nel - 1) + eb;
                let s = self.rng.below(((SCRATCH - span) / eb + 1) as u64) as u32 * eb;
                let base = if k < 0 { s + span - eb } else { s };
                let t = self.dst();
                w.push(addi(t, BASE, base as i32));
                let st = self.dst_not(t);
                w.extend(li(st, (k * eb as i32) as u32));
                w.push(vmem(false, Some(st), vd, t, eew));
            }
        }
    }

    /// Whether a custom vector instruction's registers are legal at SEW `sew` (the
    /// checks of `isa/xvkeccak` and `isa/xvkeccakr`, written from their READMEs).
    fn vk_legal(name: &str, sew: u32, vd: u32, vs1: u32, vs2: u32, plane: u32) -> bool {
        let regs = |first: u32, n: u32| (first * sew / 128, ((first + n) * sew - 1) / 128);
        let (nst, nd) = (regs(0, 25).1 + 1, regs(0, 5).1 + 1);
        let g = (5 * sew).div_ceil(128);
        let (blk, packed) = (5 * g, nst);
        let fits = |r: u32, n: u32| r + n <= 32;
        match name {
            "vktheta" => fits(vs2, nst) && fits(vd, nd) && !overlap(vd, nd, vs2, nst),
            "vkround" => {
                let (a, z) = regs(5 * plane, 5);
                fits(vs2, nst)
                    && fits(vs1, nd)
                    && fits(vd, nst)
                    && !overlap(vd + a, z - a + 1, vs2, nst)
                    && !overlap(vd + a, z - a + 1, vs1, nd)
            }
            "vkiota" => true,
            _ => {
                let (ndst, nsrc, vs) = match name {
                    "vkcol" => (blk, packed, vs2),
                    "vkpack" => (packed, blk, vs2),
                    "vkc" => (5, blk, vs2),
                    "vkd" => (5, 5, vs2),
                    "vkth" => (blk, 5, vs1),
                    _ => (blk, blk, vs2),
                };
                fits(vd, ndst) && fits(vs, nsrc) && !overlap(vd, ndst, vs, nsrc)
            }
        }
    }

    /// A custom vector instruction of the flavour, its registers legal (`legal`) or not.
    fn vcustom(&mut self, w: &mut Vec<u32>, legal: bool) -> bool {
        let Some(v) = self.v.as_ref() else {
            return false;
        };
        if v.vext.is_empty() {
            return false;
        }
        let op = v.vext[self.rng.index(v.vext.len())];
        let Some(enc) = op.enc else {
            return false;
        };
        let (sew, _, _) = self.vt();
        for _ in 0..100 {
            let (mut vd, mut vs1, mut vs2, mut plane) = (0, 0, 0, 0);
            let mut args = Vec::new();
            for o in enc.operands {
                let a = match (o.kind, o.slot) {
                    (Kind::Vreg, slot) => {
                        let r = self.rng.below(32) as u32;
                        match slot {
                            Slot::Rd => vd = r,
                            Slot::Rs1 => vs1 = r,
                            _ => vs2 = r,
                        }
                        r as i64
                    }
                    (Kind::Below(n), _) => {
                        plane = self.rng.below(n as u64) as u32;
                        plane as i64
                    }
                    (Kind::Gpr, _) => self.src() as i64,
                    _ => (self.rng.u32() & 7) as i64,
                };
                args.push(a);
            }
            if Self::vk_legal(op.name, sew, vd, vs1, vs2, plane) == legal {
                if let Ok(x) = enc.encode(&args) {
                    w.push(x);
                    return true;
                }
            }
        }
        false
    }

    /// One operation inside a vector block.
    fn vop(&mut self, w: &mut Vec<u32>) {
        let custom = self.v.as_ref().is_some_and(|v| !v.vext.is_empty());
        let k = self.rng.below(20);
        if custom && k < 7 && self.vcustom(w, true) {
            return;
        }
        match k % 10 {
            0..=3 => self.valu(w),
            4..=6 => self.vmemop(w),
            7 => self.vgather(w),
            _ => w.push(self.alu()),
        }
    }

    /// A vector block: a vset, then vector operations (straight, in a loop, or in the
    /// shadow of a forward branch) and scalar ones between them.
    pub fn vblock(&mut self) -> Block {
        let mut w = Vec::new();
        let valid = self.rng.below(10) != 0;
        self.vset(&mut w, valid);
        if !valid {
            // vill: only scalar instructions may follow (a vector one traps: vfault)
            for _ in 0..1 + self.rng.below(2) {
                w.push(self.alu());
            }
            return Block::new(w);
        }
        match self.rng.below(8) {
            0 => {
                // a loop of 1..3 iterations
                let n = 1 + self.rng.below(3) as i32;
                w.push(addi(CNT, 0, n));
                let start = w.len();
                for _ in 0..1 + self.rng.below(3) {
                    self.vop(&mut w);
                }
                w.push(addi(CNT, CNT, -1));
                let back = -4 * (w.len() - start) as i32;
                w.push(b(back, 0, CNT, 1));
            }
            1 => {
                // a forward branch over vector operations
                let f3 = [0, 1, 4, 5, 6, 7][self.rng.index(6)];
                let (a, c) = (self.src(), self.src());
                let at = w.len();
                w.push(0);
                for _ in 0..1 + self.rng.below(2) {
                    self.vop(&mut w);
                }
                w[at] = b(4 * (w.len() - at) as i32, c, a, f3);
            }
            _ => {
                for _ in 0..1 + self.rng.below(4) {
                    self.vop(&mut w);
                }
            }
        }
        Block::new(w)
    }

    /// A vector fault: an operation with vill set, a misaligned register group, a reserved
    /// encoding, a gather overlapping its source, an access with EMUL > 8, a custom vector
    /// instruction with illegal registers. Every one an illegal-instruction trap.
    pub fn vfault(&mut self) -> (Block, &'static str) {
        let mut w = Vec::new();
        let custom = self.v.as_ref().is_some_and(|v| !v.vext.is_empty());
        let what = match self.rng.below(if custom { 6 } else { 5 }) {
            0 => {
                // (with vill set the registers do not matter: those legal at SEW 8)
                self.vset(&mut w, false);
                let done = custom && self.rng.below(2) == 0 && self.vcustom(&mut w, true);
                if !done {
                    self.valu(&mut w);
                }
                "vector instruction with vill set"
            }
            1 => {
                // LMUL 2..8, a destination not aligned to it
                let sew = 8 << self.rng.below(4);
                let code = 1 + self.rng.below(3) as u32;
                let t = self.dst();
                w.push(vsetvli(t, 0, vtype(sew, code, 0, 0)));
                let n = 1 << code;
                let (vs2, vs1) = (self.vreg(n), self.vreg(n));
                let vd = self.vreg(n) + 1 + self.rng.below(n as u64 - 1) as u32;
                w.push(opv(VV[self.rng.index(VV.len())], vs2, vs1, 0, vd));
                "misaligned vector register group"
            }
            2 => {
                self.vset(&mut w, true);
                // OPIVV funct6 values no extension assigns
                let f6 = [0x3a, 0x3b, 0x3d, 0x3e][self.rng.index(4)];
                let (vd, vs2, vs1) = (self.vreg(1), self.vreg(1), self.vreg(1));
                w.push(opv(f6, vs2, vs1, 0, vd));
                "reserved vector encoding"
            }
            3 => {
                let t = self.dst();
                w.push(vsetvli(t, 0, vtype(32, 0, 0, 0)));
                let r = self.vreg(1);
                let vs1 = (r + 1 + self.rng.below(31) as u32) % 32;
                w.push(opv(GATHER16, r, vs1, 0, r));
                "gather overlapping its source"
            }
            4 => {
                let t = self.dst();
                w.push(vsetvli(t, 0, vtype(8, 3 - self.rng.below(2) as u32, 0, 0)));
                let store = self.rng.below(2) == 0;
                w.push(vmem(store, None, 0, BASE, 64));
                "vector access with EMUL > 8"
            }
            _ => {
                self.vset(&mut w, true);
                if !self.vcustom(&mut w, false) {
                    w.push(opv(0x3e, 0, 0, 0, 0));
                }
                "custom vector instruction with illegal registers"
            }
        };
        (Block::new(w), what)
    }
}
