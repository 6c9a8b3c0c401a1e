//! The vector blocks as methods of the RV32 generator (`Gen`): rvv.rs has the encodings,
//! the subset and the data; this module only generates (rv32.rs calls these methods and
//! does not name this module, so neither imports the other in a circle).

use super::program::Block;
use super::program::{SCRATCH, TEXT};
use super::rv32::Gen;
use super::rv32enc::{addi, b, csrr, csrrw, li, BASE, CNT};
use super::rvv::*;
use asip_sim::spec::{Kind, Slot};

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
                // a stride of k elements; 64-bit elements a third of the time 4 bytes off
                // (elements at 4 mod 8: two aligned words, not misaligned)
                let half = if eb == 8 && self.rng.below(3) == 0 {
                    4
                } else {
                    0
                };
                let stride = |k: i32| k * eb as i32 + if k < 0 { -half } else { half };
                let ks: Vec<i32> = (-3..=3)
                    .filter(|&k| stride(k).unsigned_abs() * (nel - 1) + eb <= SCRATCH)
                    .collect();
                let st_bytes = stride(ks[self.rng.index(ks.len())]);
                let span = st_bytes.unsigned_abs() * (nel - 1) + eb;
                let align = if half > 0 { 4 } else { eb };
                let s = self.rng.below(((SCRATCH - span) / align + 1) as u64) as u32 * align;
                let base = if st_bytes < 0 { s + span - eb } else { s };
                let t = self.dst();
                w.push(addi(t, BASE, base as i32));
                let st = self.dst_not(t);
                w.extend(li(st, st_bytes as u32));
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
            8 if self.rng.below(2) == 0 => {
                // a vector CSR read into a scalar register
                let c = [0xc20, 0xc21, 0xc22, 0x008, 0x009, 0x00a, 0x00f][self.rng.index(7)];
                let d = self.dst();
                w.push(csrr(d, c));
            }
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
    /// instruction with illegal registers, a write to a read-only vector CSR, a vector
    /// instruction with vstart != 0 (illegal-instruction traps); a vector access that
    /// leaves memory at its first word or later (access faults), a misaligned strided
    /// element (address misaligned).
    pub fn vfault(&mut self) -> (Block, &'static str) {
        let mut w = Vec::new();
        let custom = self.v.as_ref().is_some_and(|v| !v.vext.is_empty());
        let what = match self.rng.below(if custom { 10 } else { 9 }) {
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
            5 | 6 => {
                // one register at EEW = SEW, vl = VLMAX; the text starts memory
                let eew = 8 << self.rng.below(4);
                let eb = eew / 8;
                let t = self.dst();
                w.push(vsetvli(t, 0, vtype(eew, 0, 0, 0)));
                let vd = self.vreg(1);
                let a = self.dst();
                let store = self.rng.below(3) == 0;
                if store || self.rng.below(2) == 0 {
                    // unit-stride from below memory: its first word faults
                    w.extend(li(a, TEXT - 1 - self.rng.below(16) as u32));
                    w.push(vmem(store, None, vd, a, eew));
                    if store {
                        "vector store from below memory"
                    } else {
                        "vector load from below memory"
                    }
                } else {
                    // strided downwards from the text: a later element below memory (64-bit
                    // elements at 4 mod 8 too)
                    let nel = 16 / eb;
                    let m = 1 + self.rng.below(3) as u32;
                    let j = self.rng.below((nel - 1).max(1) as u64) as u32;
                    let off = if eb == 8 && self.rng.below(2) == 0 {
                        4
                    } else {
                        0
                    };
                    w.extend(li(a, TEXT + eb * j + off));
                    let st = self.dst_not(a);
                    w.extend(li(st, (eb * m).wrapping_neg()));
                    w.push(vmem(false, Some(st), vd, a, eew));
                    "strided vector load leaving memory"
                }
            }
            7 => {
                // 16..64-bit elements, one register: the base or the stride not a multiple
                // of min(EEW / 8, 4), inside the scratch area
                let eew = 16 << self.rng.below(3);
                let al = (eew / 8).min(4);
                let t = self.dst();
                w.push(vsetvli(t, 0, vtype(eew, 0, 0, 0)));
                let vd = self.vreg(1);
                let (off, stride) = if self.rng.below(3) == 0 {
                    (
                        1 + self.rng.below(al as u64 - 1) as u32,
                        al * self.rng.below(3) as u32,
                    )
                } else {
                    (
                        0,
                        al * self.rng.below(3) as u32 + 1 + self.rng.below(al as u64 - 1) as u32,
                    )
                };
                let a = self.dst();
                w.push(addi(a, BASE, (off + 8 * self.rng.below(8) as u32) as i32));
                let st = self.dst_not(a);
                w.extend(li(st, stride));
                w.push(vmem(false, Some(st), vd, a, eew));
                "misaligned strided vector element"
            }
            8 => {
                if self.rng.below(2) == 0 {
                    // vl, vtype, vlenb are read-only
                    let c = [0xc20, 0xc21, 0xc22][self.rng.index(3)];
                    let x = 1 + self.rng.below(31) as u32;
                    w.push(csrrw(self.dst(), c, x));
                    "write to a read-only vector CSR"
                } else {
                    self.vset(&mut w, true);
                    let t = self.dst();
                    w.extend(li(t, 1 + self.rng.below(127) as u32));
                    w.push(csrrw(0, 0x008, t));
                    if self.rng.below(2) == 0 {
                        self.valu(&mut w);
                    } else {
                        self.vmemop(&mut w);
                    }
                    "vector instruction with vstart != 0"
                }
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
