//! The RISC-V vector extension at VLEN = 128, integer subset: `zve64x` (ELEN = 64, no
//! floating point: RV32 here has no F/D, so the full `v`, which requires them, would be a
//! false claim) and the vector bit-manipulation set `zvkb` (vandn, vror/vrol, vbrev8,
//! vrev8). State (32 x 128-bit registers, vtype, vl, vstart) lives in the extension state
//! [`VState`], off the scalar hot path. Tail and masked-off elements are left undisturbed
//! (what qemu does by default), whatever vta/vma say. Supported: SEW 8..64, LMUL 1/8..8,
//! masking with v0 on every element-wise operation; vstart is written only by a CSR
//! access and a vector instruction run with it non-zero traps ([`VState::vt`]); faults inside
//! a vector access as the RTL takes them ([`Fault`]).
//! Reserved encodings (misaligned register groups, a masked destination v0, overlapping
//! gather/slide operands, EMUL outside 1/8..8, vill) raise an illegal-instruction trap
//! naming the instruction. See `docs/vector.md`.

use crate::cpu::{Cpu, Trap};
use crate::define_ops;
use crate::fields::rv32::*;
use crate::insn::{DecodedInsn, OpInfo};

/// VLEN in bits.
pub const VLEN: u32 = 128;
/// VLEN in bytes (the `vlenb` CSR).
pub const VLENB: u32 = VLEN / 8;
/// ELEN in bits (zve64x).
pub const ELEN: u32 = 64;
/// `vtype.vill`.
pub const VILL: u32 = 1 << 31;
/// Offset of vector register numbers in the timing engine's register scoreboard
/// (`DecodedInsn::rd`/`rs1`/`rs2` 32..63 are timing-only pseudo-registers on RV32).
pub use crate::insn::VREG_TIMING;

/// Vector architectural state.
#[derive(Clone)]
pub struct VState {
    /// v0..v31, 16 bytes each, little-endian elements.
    pub v: [u8; 32 * VLENB as usize],
    /// vtype.
    pub vtype: u32,
    /// vl.
    pub vl: u32,
    /// vstart.
    pub vstart: u32,
}

impl Default for VState {
    fn default() -> Self {
        VState {
            v: [0; 32 * VLENB as usize],
            vtype: VILL,
            vl: 0,
            vstart: 0,
        }
    }
}

/// A decoded `vtype`: SEW in bits and LMUL as a fraction `num/den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VType {
    /// Element width in bits.
    pub sew: u32,
    /// LMUL numerator (1, 2, 4, 8; 1 for fractional).
    pub lmul_num: u32,
    /// LMUL denominator (1 for integer LMUL, 2, 4, 8).
    pub lmul_den: u32,
}

impl VType {
    /// Decode `vtype` bits; `None` for a reserved or unsupported setting (vill).
    pub fn decode(vtype: u32) -> Option<VType> {
        if vtype & VILL != 0 || vtype >> 8 != 0 {
            return None;
        }
        let vsew = (vtype >> 3) & 7;
        if vsew > 3 {
            return None;
        }
        let sew = 8 << vsew;
        let (lmul_num, lmul_den) = match vtype & 7 {
            0 => (1, 1),
            1 => (2, 1),
            2 => (4, 1),
            3 => (8, 1),
            5 => (1, 8),
            6 => (1, 4),
            7 => (1, 2),
            _ => return None,
        };
        // SEW <= LMUL * ELEN (a fractional LMUL must still hold one element)
        if sew * lmul_den > ELEN * lmul_num {
            return None;
        }
        Some(VType {
            sew,
            lmul_num,
            lmul_den,
        })
    }

    /// VLMAX = LMUL * VLEN / SEW.
    pub fn vlmax(self) -> u32 {
        VLEN * self.lmul_num / self.lmul_den / self.sew
    }

    /// Registers in a group (1 for fractional LMUL).
    pub fn regs(self) -> u32 {
        self.lmul_num
    }
}

/// Registers in a group of EMUL = EEW / SEW * LMUL, or `None` outside 1/8..8.
fn emul_regs(eew: u32, vt: VType) -> Option<u32> {
    let num = eew * vt.lmul_num;
    let den = vt.sew * vt.lmul_den;
    if num * 8 < den || num > 8 * den {
        return None;
    }
    Some(num.div_ceil(den))
}

/// A register group `r` of `n` registers is aligned and inside v0..v31.
fn group_ok(r: u32, n: u32) -> bool {
    r.is_multiple_of(n) && r + n <= 32
}

/// Groups `[a, a + na)` and `[b, b + nb)` overlap.
fn overlap(a: u32, na: u32, b: u32, nb: u32) -> bool {
    a < b + nb && b < a + na
}

impl VState {
    /// Element `i` of width `bytes` counted from register `reg`.
    #[inline]
    pub fn get(&self, reg: u32, i: u32, bytes: u32) -> u64 {
        let o = (reg * VLENB + i * bytes) as usize;
        let mut b = [0u8; 8];
        b[..bytes as usize].copy_from_slice(&self.v[o..o + bytes as usize]);
        u64::from_le_bytes(b)
    }

    /// Set element `i` of width `bytes` counted from register `reg`.
    #[inline]
    pub fn set(&mut self, reg: u32, i: u32, bytes: u32, val: u64) {
        let o = (reg * VLENB + i * bytes) as usize;
        self.v[o..o + bytes as usize].copy_from_slice(&val.to_le_bytes()[..bytes as usize]);
    }

    /// Mask bit `i` of v0.
    #[inline]
    pub fn mask(&self, i: u32) -> bool {
        (self.v[(i / 8) as usize] >> (i % 8)) & 1 != 0
    }

    /// The current vtype, or an illegal-instruction trap when vill is set.
    /// The vtype a vector instruction runs under: an illegal-instruction trap with vill
    /// set, or with vstart != 0 (a fault inside a vector access leaves vstart 0 and the
    /// instruction runs again from element 0, so only a CSR write makes vstart non-zero,
    /// and an implementation may refuse a vstart it never produces: RVV 1.0 section 3.7;
    /// docs/vector.md "Faults").
    pub fn vt(&self) -> Result<VType, Trap> {
        if self.vstart != 0 {
            return Err(Trap::Illegal);
        }
        VType::decode(self.vtype).ok_or(Trap::Illegal)
    }

    /// Register `r` as a 128-bit number (for tests and dumps).
    pub fn reg128(&self, r: u32) -> u128 {
        let o = (r * VLENB) as usize;
        let mut b = [0u8; 16];
        b.copy_from_slice(&self.v[o..o + 16]);
        u128::from_le_bytes(b)
    }
}

/// The vector CSRs: vstart, vxsat, vxrm, vcsr, vl, vtype, vlenb; `None` when the CSR is
/// not one of them or the ISA has no vector state (no vector extension enabled).
pub fn read_csr(c: &Cpu, n: u32) -> Option<u32> {
    let s = c.state::<VState>()?;
    Some(match n {
        0x008 => s.vstart,
        0x009 | 0x00a | 0x00f => 0, // no fixed-point instructions: vxsat, vxrm stay 0
        0xc20 => s.vl,
        0xc21 => s.vtype,
        0xc22 => VLENB,
        _ => return None,
    })
}

/// Write a vector CSR (vstart; vxsat/vxrm/vcsr accept and ignore writes as no
/// fixed-point instruction reads them); `false` if not writable or no vector state.
pub fn write_csr(c: &mut Cpu, n: u32, v: u32) -> bool {
    if c.state::<VState>().is_none() {
        return false;
    }
    match n {
        0x008 => c.state_mut::<VState>().vstart = v & (VLEN - 1),
        0x009 | 0x00a | 0x00f => {}
        _ => return false,
    }
    true
}

/// The instruction's vector register fields.
#[derive(Clone, Copy)]
struct F {
    vd: u32,
    vs1: u32,
    vs2: u32,
    masked: bool,
}

#[inline]
fn f(w: u32) -> F {
    F {
        vd: rd(w),
        vs1: rs1(w),
        vs2: rs2(w),
        masked: (w >> 25) & 1 == 0,
    }
}

/// Sign-extend the low `bits` of `v` to 64 bits.
#[inline]
fn sext(v: u64, bits: u32) -> u64 {
    (((v << (64 - bits)) as i64) >> (64 - bits)) as u64
}

#[inline]
fn width_mask(bits: u32) -> u64 {
    if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Cycles of the vector unit beyond the first 128-bit beat of an operation on a register
/// group (LMUL > 1): the unit is one 128-bit lane-parallel datapath. The instruction holds
/// the execute stage for its beats (a stall: its retire cycle is its last beat, as the RTL
/// unit's and the divider's; docs/timing-models.md).
pub static BEAT: crate::event::Event = crate::event::Event {
    ext: "zve64x",
    name: "beat",
    kind: crate::event::EventKind::Stall,
    doc: "each 128-bit beat after the first of an operation on a register group (LMUL > 1); \
          a gather's beats are its source-register reads (per output register, one per \
          distinct source register its indices name)",
};

/// Bus transfers of a vector load or store beyond the first (the data bus is 32 bits wide):
/// one a cycle, the instruction holding the execute stage (a stall, as [`BEAT`]).
pub static MEM_BEAT: crate::event::Event = crate::event::Event {
    ext: "zve64x",
    name: "mem_beat",
    kind: crate::event::EventKind::Stall,
    doc: "each 32-bit bus transfer after the first of a vector load or store",
};

static EVENTS: [&crate::event::Event; 2] = [&BEAT, &MEM_BEAT];

/// Charge the 128-bit beats of an operation on `vl` elements of `sew` bits.
#[inline]
fn charge_beats(c: &mut Cpu, vl: u32, sew: u32) {
    let beats = (vl * sew).div_ceil(VLEN);
    for _ in 1..beats {
        c.charge(&BEAT);
    }
}

// Operation selectors (DecodedInsn::aux) of exec_bin.
const ADD: u32 = 0;
const SUB: u32 = 1;
const RSUB: u32 = 2;
const AND: u32 = 3;
const OR: u32 = 4;
const XOR: u32 = 5;
const SLL: u32 = 6;
const SRL: u32 = 7;
const SRA: u32 = 8;
const ANDN: u32 = 9;
const ROR: u32 = 10;
const ROL: u32 = 11;

/// One element of a binary operation: `a` from vs2, `b` from vs1 / rs1 / the immediate.
#[inline]
fn bin(op: u32, a: u64, b: u64, bits: u32) -> u64 {
    let m = width_mask(bits);
    let (a, b) = (a & m, b & m);
    let sh = (b & (bits as u64 - 1)) as u32;
    let r = match op {
        ADD => a.wrapping_add(b),
        SUB => a.wrapping_sub(b),
        RSUB => b.wrapping_sub(a),
        AND => a & b,
        OR => a | b,
        XOR => a ^ b,
        SLL => a << sh,
        SRL => a >> sh,
        SRA => ((sext(a, bits) as i64) >> sh) as u64,
        ANDN => a & !b,
        ROR if sh == 0 => a,
        ROR => (a >> sh) | (a << (bits - sh)),
        ROL if sh == 0 => a,
        ROL => (a << sh) | (a >> (bits - sh)),
        _ => 0,
    };
    r & m
}

/// Operand kinds by funct3: OPIVV / OPMVV read vs1, OPIVX / OPMVX rs1, OPIVI the immediate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Src {
    V,
    X,
    I,
}

#[inline]
fn src_kind(w: u32) -> Src {
    match funct3(w) {
        0 | 2 => Src::V,
        3 => Src::I,
        _ => Src::X,
    }
}

/// The scalar operand of a .vx / .vi form, sign-extended to 64 bits (an immediate as the
/// decoder stored it: simm5, or uimm5/uimm6 where the instruction says so).
#[inline]
fn scalar(c: &Cpu, d: &DecodedInsn) -> u64 {
    match src_kind(d.word) {
        Src::I => d.imm as i64 as u64,
        _ => c.x[rs1(d.word) as usize] as i32 as i64 as u64,
    }
}

/// Element-wise binary operations (vadd ... vrol), masked or not.
fn exec_bin(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let (fl, kind, x) = (f(d.word), src_kind(d.word), scalar(c, d));
    let s = c.state_mut::<VState>();
    let vt = s.vt()?;
    let n = vt.regs();
    if !group_ok(fl.vd, n)
        || !group_ok(fl.vs2, n)
        || (kind == Src::V && !group_ok(fl.vs1, n))
        || (fl.masked && fl.vd == 0)
    {
        return Err(Trap::Illegal);
    }
    let (b, bits) = (vt.sew / 8, vt.sew);
    for i in s.vstart..s.vl {
        if fl.masked && !s.mask(i) {
            continue;
        }
        let o = if kind == Src::V {
            s.get(fl.vs1, i, b)
        } else {
            x
        };
        let r = bin(d.aux, s.get(fl.vs2, i, b), o, bits);
        s.set(fl.vd, i, b, r);
    }
    s.vstart = 0;
    let vl = s.vl;
    charge_beats(c, vl, bits);
    Ok(())
}

/// vmv.v.v / .v.x / .v.i (unmasked) and vmerge.vvm / .vxm / .vim (v0 selects the source).
fn exec_merge(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let (fl, kind, x) = (f(d.word), src_kind(d.word), scalar(c, d));
    let s = c.state_mut::<VState>();
    let vt = s.vt()?;
    let n = vt.regs();
    if !group_ok(fl.vd, n)
        || (fl.masked && (fl.vd == 0 || !group_ok(fl.vs2, n)))
        || (kind == Src::V && !group_ok(fl.vs1, n))
    {
        return Err(Trap::Illegal);
    }
    let b = vt.sew / 8;
    let m = width_mask(vt.sew);
    for i in s.vstart..s.vl {
        let src = if kind == Src::V {
            s.get(fl.vs1, i, b)
        } else {
            x & m
        };
        let r = if fl.masked && !s.mask(i) {
            s.get(fl.vs2, i, b)
        } else {
            src
        };
        s.set(fl.vd, i, b, r);
    }
    s.vstart = 0;
    let vl = s.vl;
    charge_beats(c, vl, vt.sew);
    Ok(())
}

/// A copy of register group `reg` (`n` registers) for operations that read elements
/// other than the one they write.
fn snapshot(s: &VState, reg: u32, n: u32) -> VState {
    let mut t = VState::default();
    let (o, len) = ((reg * VLENB) as usize, (n * VLENB) as usize);
    t.v[o..o + len].copy_from_slice(&s.v[o..o + len]);
    t
}

/// vrgather.vv / .vx / .vi and vrgatherei16.vv (`aux` = 16).
fn exec_gather(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let (fl, kind, x) = (f(d.word), src_kind(d.word), scalar(c, d));
    let x = if kind == Src::X {
        c.x[rs1(d.word) as usize] as u64
    } else {
        x
    };
    let s = c.state_mut::<VState>();
    let vt = s.vt()?;
    let n = vt.regs();
    let (ieew, in_) = if d.aux == 16 {
        (16, emul_regs(16, vt).ok_or(Trap::Illegal)?)
    } else {
        (vt.sew, n)
    };
    if !group_ok(fl.vd, n)
        || !group_ok(fl.vs2, n)
        || overlap(fl.vd, n, fl.vs2, n)
        || (kind == Src::V && (!group_ok(fl.vs1, in_) || overlap(fl.vd, n, fl.vs1, in_)))
        || (fl.masked && fl.vd == 0)
    {
        return Err(Trap::Illegal);
    }
    let (b, vlmax) = (vt.sew / 8, vt.vlmax() as u64);
    // timing: per output register, one cycle per distinct source register its active
    // elements' indices (below VLMAX) name, at least one (docs/timing-models.md)
    let per = VLENB / b;
    let (mut cycles, mut srcs, mut out) = (0u32, 0u32, u32::MAX);
    for i in s.vstart..s.vl {
        if i / per != out {
            cycles += srcs.count_ones().max(1) * (out != u32::MAX) as u32;
            (srcs, out) = (0, i / per);
        }
        if fl.masked && !s.mask(i) {
            continue;
        }
        let idx = if kind == Src::V {
            s.get(fl.vs1, i, ieew / 8)
        } else {
            x
        };
        let r = if idx < vlmax {
            srcs |= 1 << (idx as u32 / per);
            s.get(fl.vs2, idx as u32, b)
        } else {
            0
        };
        s.set(fl.vd, i, b, r);
    }
    if out != u32::MAX {
        cycles += srcs.count_ones().max(1);
    }
    s.vstart = 0;
    for _ in 1..cycles {
        c.charge(&BEAT);
    }
    Ok(())
}

/// vslideup / vslidedown (.vx, .vi; `aux` 0 = up, 1 = down) and vslide1up / vslide1down
/// (`aux` 2 = up, 3 = down).
fn exec_slide(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let fl = f(d.word);
    let xr = c.x[rs1(d.word) as usize];
    let off: u64 = match (d.aux, src_kind(d.word)) {
        (0 | 1, Src::I) => d.imm as u64,
        (0 | 1, _) => xr as u64,
        _ => 1,
    };
    let s = c.state_mut::<VState>();
    let vt = s.vt()?;
    let n = vt.regs();
    let up = d.aux == 0 || d.aux == 2;
    if !group_ok(fl.vd, n)
        || !group_ok(fl.vs2, n)
        || (up && overlap(fl.vd, n, fl.vs2, n))
        || (fl.masked && fl.vd == 0)
    {
        return Err(Trap::Illegal);
    }
    let (b, vlmax) = (vt.sew / 8, vt.vlmax() as u64);
    let src = snapshot(s, fl.vs2, n);
    let xs = (xr as i32 as i64 as u64) & width_mask(vt.sew);
    let vl = s.vl;
    for i in s.vstart..vl {
        if fl.masked && !s.mask(i) {
            continue;
        }
        let i64_ = i as u64;
        let r = match d.aux {
            0 if i64_ < off => continue,
            0 => src.get(fl.vs2, (i64_ - off) as u32, b),
            1 => {
                let j = i64_ + off;
                if j < vlmax {
                    src.get(fl.vs2, j as u32, b)
                } else {
                    0
                }
            }
            2 if i == 0 => xs,
            2 => src.get(fl.vs2, i - 1, b),
            _ if i + 1 == vl => xs,
            _ => src.get(fl.vs2, i + 1, b),
        };
        s.set(fl.vd, i, b, r);
    }
    s.vstart = 0;
    charge_beats(c, vl, vt.sew);
    Ok(())
}

/// vmv.x.s: x[rd] = vs2[0] (sign-extended from SEW, truncated to 32 bits).
fn exec_mv_x_s(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let fl = f(d.word);
    let s = c.state_mut::<VState>();
    let vt = s.vt()?;
    let v = sext(s.get(fl.vs2, 0, vt.sew / 8), vt.sew) as u32;
    s.vstart = 0;
    c.set_reg(rd(d.word) as u8, v);
    Ok(())
}

/// vmv.s.x: vd[0] = x[rs1] (when vl > 0), the other elements undisturbed.
fn exec_mv_s_x(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let fl = f(d.word);
    let x = c.x[rs1(d.word) as usize] as i32 as i64 as u64;
    let s = c.state_mut::<VState>();
    let vt = s.vt()?;
    if s.vstart < s.vl {
        s.set(fl.vd, 0, vt.sew / 8, x & width_mask(vt.sew));
    }
    s.vstart = 0;
    Ok(())
}

/// vid.v: vd[i] = i.
fn exec_vid(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let fl = f(d.word);
    let s = c.state_mut::<VState>();
    let vt = s.vt()?;
    if !group_ok(fl.vd, vt.regs()) || (fl.masked && fl.vd == 0) {
        return Err(Trap::Illegal);
    }
    let b = vt.sew / 8;
    for i in s.vstart..s.vl {
        if !fl.masked || s.mask(i) {
            s.set(fl.vd, i, b, i as u64 & width_mask(vt.sew));
        }
    }
    s.vstart = 0;
    let vl = s.vl;
    charge_beats(c, vl, vt.sew);
    Ok(())
}

/// vmv<nr>r.v: copy `nr` whole registers (`aux` = nr), independent of vtype and vl.
fn exec_mvr(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let (fl, nr) = (f(d.word), d.aux);
    if !group_ok(fl.vd, nr) || !group_ok(fl.vs2, nr) || vstate(c)?.vstart != 0 {
        return Err(Trap::Illegal);
    }
    let s = c.state_mut::<VState>();
    let (src, dst, len) = (
        (fl.vs2 * VLENB) as usize,
        (fl.vd * VLENB) as usize,
        (nr * VLENB) as usize,
    );
    s.v.copy_within(src..src + len, dst);
    s.vstart = 0;
    for _ in 1..nr {
        c.charge(&BEAT);
    }
    Ok(())
}

/// vbrev8.v (`aux` 0: reverse the bits of each byte) and vrev8.v (`aux` 1: reverse the
/// bytes of each element).
fn exec_unary(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let fl = f(d.word);
    let s = c.state_mut::<VState>();
    let vt = s.vt()?;
    let n = vt.regs();
    if !group_ok(fl.vd, n) || !group_ok(fl.vs2, n) || (fl.masked && fl.vd == 0) {
        return Err(Trap::Illegal);
    }
    let b = vt.sew / 8;
    for i in s.vstart..s.vl {
        if fl.masked && !s.mask(i) {
            continue;
        }
        let a = s.get(fl.vs2, i, b).to_le_bytes();
        let mut r = [0u8; 8];
        for k in 0..b as usize {
            r[k] = if d.aux == 0 {
                a[k].reverse_bits()
            } else {
                a[b as usize - 1 - k]
            };
        }
        s.set(fl.vd, i, b, u64::from_le_bytes(r));
    }
    s.vstart = 0;
    let vl = s.vl;
    charge_beats(c, vl, vt.sew);
    Ok(())
}

/// vsetvli (`aux` 0), vsetivli (1), vsetvl (2).
fn exec_vset(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let w = d.word;
    let (rdn, rs1n) = (rd(w), rs1(w));
    let vtype = match d.aux {
        0 => (w >> 20) & 0x7ff,
        1 => (w >> 20) & 0x3ff,
        _ => c.x[rs2(w) as usize],
    };
    let avl = match d.aux {
        1 => Some(rs1n),
        _ if rs1n != 0 => Some(c.x[rs1n as usize]),
        _ if rdn != 0 => Some(u32::MAX),
        _ => None, // rd = rs1 = x0: keep vl
    };
    let s = c.state_mut::<VState>();
    match VType::decode(vtype) {
        Some(vt) => {
            s.vtype = vtype;
            s.vl = avl.unwrap_or(s.vl).min(vt.vlmax());
        }
        None => {
            s.vtype = VILL;
            s.vl = 0;
        }
    }
    s.vstart = 0;
    let vl = s.vl;
    c.set_reg(rdn as u8, vl);
    Ok(())
}

// Memory-operation descriptors (DecodedInsn::aux): kind | eew << 8 | whole registers << 16.
const M_UNIT: u32 = 0;
const M_STRIDED: u32 = 1;
const M_INDEXED: u32 = 2;
const M_WHOLE: u32 = 3;
const M_MASK: u32 = 4;

/// The elements a vector memory operation touches: (element count, data element bytes,
/// destination/source registers, index element bytes) after the legality checks.
struct MemPlan {
    evl: u32,
    eb: u32,
    ib: u32,
    kind: u32,
    masked: bool,
}

fn mem_plan(s: &VState, d: &DecodedInsn) -> Result<MemPlan, Trap> {
    let fl = f(d.word);
    let (kind, eew, whole) = (d.aux & 0xff, (d.aux >> 8) & 0xff, d.aux >> 16);
    if s.vstart != 0 {
        return Err(Trap::Illegal); // (whole-register accesses read no vtype: VState::vt)
    }
    let (evl, eb, ib, nregs) = match kind {
        M_WHOLE => (whole * VLENB / (eew / 8), eew / 8, 0, whole),
        M_MASK => {
            s.vt()?;
            (s.vl.div_ceil(8), 1, 0, 1)
        }
        M_INDEXED => {
            let vt = s.vt()?;
            let in_ = emul_regs(eew, vt).ok_or(Trap::Illegal)?;
            let n = vt.regs();
            if !group_ok(fl.vs2, in_) || overlap(fl.vd, n, fl.vs2, in_) {
                return Err(Trap::Illegal);
            }
            (s.vl, vt.sew / 8, eew / 8, n)
        }
        _ => {
            let vt = s.vt()?;
            (s.vl, eew / 8, 0, emul_regs(eew, vt).ok_or(Trap::Illegal)?)
        }
    };
    if !group_ok(fl.vd, nregs)
        || (fl.masked && fl.vd == 0 && d.info.timing == crate::insn::TimingClass::Load)
    {
        return Err(Trap::Illegal);
    }
    Ok(MemPlan {
        evl,
        eb,
        ib,
        kind,
        masked: fl.masked,
    })
}

impl MemPlan {
    /// Address of element `i`.
    fn addr(&self, s: &VState, d: &DecodedInsn, base: u32, stride: u32, i: u32) -> u32 {
        match self.kind {
            M_STRIDED => base.wrapping_add(stride.wrapping_mul(i)),
            M_INDEXED => base.wrapping_add(s.get(rs2(d.word), i, self.ib) as u32),
            _ => base.wrapping_add(i * self.eb),
        }
    }

    fn active(&self, s: &VState, i: u32) -> bool {
        !self.masked || s.mask(i)
    }

    /// 32-bit bus transfers for `n` active elements; a contiguous access (unit-stride,
    /// whole-register, mask; unmasked) from byte address `first` moves the words it
    /// touches (an unaligned base can need one more than its bytes / 4).
    fn bus_words(&self, n: u32, first: u32) -> u32 {
        match self.kind {
            M_STRIDED | M_INDEXED => n * self.eb.div_ceil(4),
            _ if !self.masked && n > 0 => ((first & 3) + n * self.eb).div_ceil(4),
            _ => (n * self.eb).div_ceil(4),
        }
    }
}

fn vstate(c: &Cpu) -> Result<&VState, Trap> {
    c.state::<VState>().ok_or(Trap::Illegal)
}

// ---- the seam for extensions' vector instructions ----------------------------------------
//
// A custom vector instruction (an `isa/` crate, e.g. `xvkeccak`) declares its vector
// register operands as `spec::Kind::Vreg` (decoded as 32 + n, so the timing scoreboard
// sees vector registers, not GPRs), reaches the register file, vtype and vl through
// [`vstate_mut`] and [`VState::vt`]/[`VState::get`]/[`VState::set`], and charges its extra
// beats as its own timing events. Its ISA string must also name a vector extension
// (`_zve64x_x...`): without vector state its instructions trap as illegal.

/// The vector register number of a decoded `Kind::Vreg` operand (`DecodedInsn::rd`, `rs1`,
/// `rs2` hold 32 + n).
pub fn vreg(slot: u8) -> u32 {
    (slot as u32).wrapping_sub(VREG_TIMING as u32) & 31
}

/// The decoded register slot of vector register `r` (32 + r; the inverse of [`vreg`]).
fn vslot(r: u32) -> u32 {
    (VREG_TIMING as u32) + r
}

/// A decoded vector instruction: register slots as given (vector registers as
/// [`vslot`]s), `aux` its form.
fn mk(
    info: &'static OpInfo,
    w: u32,
    rd: u32,
    rs1: u32,
    rs2: u32,
    imm: i32,
    aux: u32,
) -> DecodedInsn {
    DecodedInsn::with_slots(info, w, rd, rs1, rs2, imm).with_aux(aux)
}

/// The vector state of a CPU whose ISA has a vector extension, or an illegal-instruction
/// trap (no vector state, or vtype.vill set).
pub fn vstate_mut(c: &mut Cpu) -> Result<&mut VState, Trap> {
    let s = c.state::<VState>().ok_or(Trap::Illegal)?;
    s.vt()?;
    Ok(c.state_mut::<VState>())
}

/// Faults inside a vector access, as the RTL takes them (docs/vector.md "Faults"): the bus
/// words move in order (a contiguous unmasked access: the words its bytes touch, from the
/// base's word; otherwise each active element's words, two for a 64-bit element); the
/// first word that faults ends the access there. The words before it are done (their bytes
/// written to the registers or to memory), vstart stays 0 (the instruction runs again from
/// element 0 after the handler: RVV 1.0 section 17.1 allows it, as running it again gives
/// the right state), the trap names the word's address (a misaligned element's own address:
/// an element not aligned to min(EEW / 8, 4) bytes, at its first word, except in a
/// contiguous access, whose elements need no alignment), and the instruction is charged the
/// beats of the words before it.
struct Fault {
    trap: Trap,
    /// Bus words done before the one that faulted.
    words: u32,
}

/// A load or store trap moved to address `a` (the faulting word's), same kind.
fn at(t: Trap, a: u32) -> Trap {
    match t {
        Trap::LoadFault(_) => Trap::LoadFault(a),
        Trap::StoreFault(_) => Trap::StoreFault(a),
        Trap::StoreReadOnly(_) => Trap::StoreReadOnly(a),
        t => t,
    }
}

/// The contiguous unmasked accesses (unit-stride, whole-register, mask): moved as the bus
/// words their bytes touch.
fn contiguous(p: &MemPlan) -> bool {
    !p.masked && matches!(p.kind, M_UNIT | M_WHOLE | M_MASK)
}

/// The beats of an access: its bus words but the last (the last moves as it retires), or
/// the words before the fault.
fn charge_words(c: &mut Cpu, words: u32, fault: bool) {
    for _ in 0..words.saturating_sub(!fault as u32) {
        c.charge(&MEM_BEAT);
    }
}

/// Vector loads (faults: [`Fault`]).
fn exec_load(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let (base, stride) = (c.x[rs1(d.word) as usize], c.x[rs2(d.word) as usize]);
    let vd = rd(d.word);
    let p = mem_plan(vstate(c)?, d)?;
    let r = if contiguous(&p) {
        load_words(c, &p, vd, base)
    } else {
        load_elems(c, &p, d, vd, base, stride)
    };
    match r {
        Ok(words) => {
            charge_words(c, words, false);
            Ok(())
        }
        Err(f) => {
            charge_words(c, f.words, true);
            Err(f.trap)
        }
    }
}

/// A contiguous load, word by word: the bus words it moved.
fn load_words(c: &mut Cpu, p: &MemPlan, vd: u32, base: u32) -> Result<u32, Fault> {
    let (n, o) = (p.evl * p.eb, base & 3);
    let words = if n == 0 { 0 } else { (o + n).div_ceil(4) };
    for k in 0..words {
        // the vector's bytes in word k: lo .. hi
        let (lo, hi) = ((4 * k).saturating_sub(o), (4 * k + 4 - o).min(n));
        let mut b = [0u8; 4];
        for j in lo..hi {
            b[(j - lo) as usize] = c.load8(base.wrapping_add(j)).map_err(|t| Fault {
                trap: at(t, (base & !3).wrapping_add(4 * k)),
                words: k,
            })?;
        }
        let s = c.state_mut::<VState>();
        for j in lo..hi {
            s.set(vd, j, 1, b[(j - lo) as usize] as u64);
        }
    }
    Ok(words)
}

/// A misaligned element of a non-contiguous access (at its address `a`, of `eb` bytes).
fn misaligned(c: &Cpu, p: &MemPlan, a: u32) -> bool {
    !c.misaligned_ok && p.kind != M_UNIT && !a.is_multiple_of(p.eb.min(4))
}

/// A non-contiguous load (strided, indexed, masked), element by element: the bus words it
/// moved.
fn load_elems(
    c: &mut Cpu,
    p: &MemPlan,
    d: &DecodedInsn,
    vd: u32,
    base: u32,
    stride: u32,
) -> Result<u32, Fault> {
    let mut n = 0;
    for i in 0..p.evl {
        let s = c.state::<VState>().expect("vector state");
        if !p.active(s, i) {
            continue;
        }
        let a = p.addr(s, d, base, stride, i);
        let words = p.bus_words(n, base);
        let fault = |t, half| Fault {
            trap: t,
            words: words + half,
        };
        if misaligned(c, p, a) {
            return Err(fault(Trap::LoadMisaligned(a), 0));
        }
        if p.eb == 8 && a.is_multiple_of(4) {
            // two words: the first lands before the second is read
            let lo = c.load32(a).map_err(|t| fault(at(t, a), 0))?;
            c.state_mut::<VState>().set(vd, 2 * i, 4, lo as u64);
            let hi = c
                .load32(a.wrapping_add(4))
                .map_err(|t| fault(at(t, a.wrapping_add(4)), 1))?;
            c.state_mut::<VState>().set(vd, 2 * i + 1, 4, hi as u64);
        } else {
            let v = load_elem(c, a, p.eb).map_err(|t| fault(at(t, a & !3), 0))?;
            c.state_mut::<VState>().set(vd, i, p.eb, v);
        }
        n += 1;
    }
    Ok(p.bus_words(n, base))
}

/// One element of `eb` bytes (1, 2, 4; 8 at an address not a multiple of 4, which only a
/// masked unit-stride access or a machine with misaligned accesses has), byte by byte when
/// not aligned to its size.
fn load_elem(c: &Cpu, a: u32, eb: u32) -> Result<u64, Trap> {
    if !a.is_multiple_of(eb) {
        let mut v = 0u64;
        for k in (0..eb).rev() {
            v = v << 8 | c.load8(a.wrapping_add(k))? as u64;
        }
        return Ok(v);
    }
    Ok(match eb {
        1 => c.load8(a)? as u64,
        2 => c.load16(a)? as u64,
        4 => c.load32(a)? as u64,
        _ => c.load32(a)? as u64 | ((c.load32(a.wrapping_add(4))? as u64) << 32),
    })
}

/// Vector stores (faults: [`Fault`]).
fn exec_store(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let (base, stride) = (c.x[rs1(d.word) as usize], c.x[rs2(d.word) as usize]);
    let vs3 = rd(d.word);
    let p = mem_plan(vstate(c)?, d)?;
    let r = if contiguous(&p) {
        store_words(c, &p, vs3, base)
    } else {
        store_elems(c, &p, d, vs3, base, stride)
    };
    match r {
        Ok(words) => {
            // the commit log shows the last 32-bit bus word a contiguous store wrote (its
            // bytes of the vector), as the RTL's commit record does (docs/vector.md, "Commit
            // log")
            if p.evl > 0 && contiguous(&p) {
                let last = base.wrapping_add(p.evl * p.eb - 1);
                let fb = (last & !3).max(base);
                let mut v = 0u32;
                for a in (fb..=last).rev() {
                    v = (v << 8) | c.load8(a)? as u32;
                }
                c.last_store = Some((fb, last - fb + 1, v));
            }
            charge_words(c, words, false);
            Ok(())
        }
        Err(f) => {
            charge_words(c, f.words, true);
            Err(f.trap)
        }
    }
}

/// Store bytes `v` (at most 8) at `a..`: all or none (when a byte fails, the ones before
/// it get their old values back).
fn store_all(c: &mut Cpu, a: u32, v: &[u8]) -> Result<(), Trap> {
    let mut old = [0u8; 8];
    for (k, &b) in v.iter().enumerate() {
        let ak = a.wrapping_add(k as u32);
        old[k] = c.load8(ak).unwrap_or(0);
        if let Err(t) = c.store8(ak, b) {
            for (j, &o) in old[..k].iter().enumerate() {
                let _ = c.store8(a.wrapping_add(j as u32), o); // (stored a moment ago)
            }
            return Err(t);
        }
    }
    Ok(())
}

/// A contiguous store, word by word: the bus words it moved.
fn store_words(c: &mut Cpu, p: &MemPlan, vs3: u32, base: u32) -> Result<u32, Fault> {
    let (n, o) = (p.evl * p.eb, base & 3);
    let words = if n == 0 { 0 } else { (o + n).div_ceil(4) };
    for k in 0..words {
        let (lo, hi) = ((4 * k).saturating_sub(o), (4 * k + 4 - o).min(n));
        let s = c.state::<VState>().expect("vector state");
        let mut b = [0u8; 4];
        for j in lo..hi {
            b[(j - lo) as usize] = s.get(vs3, j, 1) as u8;
        }
        store_all(c, base.wrapping_add(lo), &b[..(hi - lo) as usize]).map_err(|t| Fault {
            trap: at(t, (base & !3).wrapping_add(4 * k)),
            words: k,
        })?;
    }
    Ok(words)
}

/// A non-contiguous store (strided, indexed, masked), element by element: the bus words
/// it moved.
fn store_elems(
    c: &mut Cpu,
    p: &MemPlan,
    d: &DecodedInsn,
    vs3: u32,
    base: u32,
    stride: u32,
) -> Result<u32, Fault> {
    let mut n = 0;
    for i in 0..p.evl {
        let s = c.state::<VState>().expect("vector state");
        if !p.active(s, i) {
            continue;
        }
        let (a, v) = (p.addr(s, d, base, stride, i), s.get(vs3, i, p.eb));
        let words = p.bus_words(n, base);
        let fault = |t, half| Fault {
            trap: t,
            words: words + half,
        };
        if misaligned(c, p, a) {
            return Err(fault(Trap::StoreMisaligned(a), 0));
        }
        let bytes = v.to_le_bytes();
        if p.eb == 8 && a.is_multiple_of(4) {
            store_all(c, a, &bytes[..4]).map_err(|t| fault(at(t, a), 0))?;
            let a4 = a.wrapping_add(4);
            store_all(c, a4, &bytes[4..]).map_err(|t| fault(at(t, a4), 1))?;
        } else {
            store_all(c, a, &bytes[..p.eb as usize]).map_err(|t| fault(at(t, a & !3), 0))?;
        }
        n += 1;
    }
    Ok(p.bus_words(n, base))
}

mod zve_ops {
    use super::*;
    define_ops! { OPS, Id;
    VSETVLI = "vsetvli", exec_vset, Custom(disasm_v), Other, Alu;
    VSETIVLI = "vsetivli", exec_vset, Custom(disasm_v), Other, Alu;
    VSETVL = "vsetvl", exec_vset, Custom(disasm_v), Other, Alu;
    VLE8 = "vle8.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSE8 = "vse8.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VLSE8 = "vlse8.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSSE8 = "vsse8.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VLUXEI8 = "vluxei8.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VLOXEI8 = "vloxei8.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSUXEI8 = "vsuxei8.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VSOXEI8 = "vsoxei8.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VL1RE8 = "vl1re8.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VL2RE8 = "vl2re8.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VL4RE8 = "vl4re8.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VL8RE8 = "vl8re8.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VLE16 = "vle16.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSE16 = "vse16.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VLSE16 = "vlse16.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSSE16 = "vsse16.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VLUXEI16 = "vluxei16.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VLOXEI16 = "vloxei16.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSUXEI16 = "vsuxei16.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VSOXEI16 = "vsoxei16.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VL1RE16 = "vl1re16.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VL2RE16 = "vl2re16.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VL4RE16 = "vl4re16.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VL8RE16 = "vl8re16.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VLE32 = "vle32.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSE32 = "vse32.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VLSE32 = "vlse32.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSSE32 = "vsse32.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VLUXEI32 = "vluxei32.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VLOXEI32 = "vloxei32.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSUXEI32 = "vsuxei32.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VSOXEI32 = "vsoxei32.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VL1RE32 = "vl1re32.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VL2RE32 = "vl2re32.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VL4RE32 = "vl4re32.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VL8RE32 = "vl8re32.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VLE64 = "vle64.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSE64 = "vse64.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VLSE64 = "vlse64.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSSE64 = "vsse64.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VLUXEI64 = "vluxei64.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VLOXEI64 = "vloxei64.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSUXEI64 = "vsuxei64.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VSOXEI64 = "vsoxei64.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VL1RE64 = "vl1re64.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VL2RE64 = "vl2re64.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VL4RE64 = "vl4re64.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VL8RE64 = "vl8re64.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VS1R = "vs1r.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VS2R = "vs2r.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VS4R = "vs4r.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VS8R = "vs8r.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VLM = "vlm.v", exec_load, Custom(disasm_v), DataTransfer, Load;
    VSM = "vsm.v", exec_store, Custom(disasm_v), DataTransfer, Store;
    VADD_VV = "vadd.vv", exec_bin, Custom(disasm_v), AddSub, Vector;
    VADD_VX = "vadd.vx", exec_bin, Custom(disasm_v), AddSub, Vector;
    VADD_VI = "vadd.vi", exec_bin, Custom(disasm_v), AddSub, Vector;
    VSUB_VV = "vsub.vv", exec_bin, Custom(disasm_v), AddSub, Vector;
    VSUB_VX = "vsub.vx", exec_bin, Custom(disasm_v), AddSub, Vector;
    VRSUB_VX = "vrsub.vx", exec_bin, Custom(disasm_v), AddSub, Vector;
    VRSUB_VI = "vrsub.vi", exec_bin, Custom(disasm_v), AddSub, Vector;
    VAND_VV = "vand.vv", exec_bin, Custom(disasm_v), Logic, Vector;
    VAND_VX = "vand.vx", exec_bin, Custom(disasm_v), Logic, Vector;
    VAND_VI = "vand.vi", exec_bin, Custom(disasm_v), Logic, Vector;
    VOR_VV = "vor.vv", exec_bin, Custom(disasm_v), Logic, Vector;
    VOR_VX = "vor.vx", exec_bin, Custom(disasm_v), Logic, Vector;
    VOR_VI = "vor.vi", exec_bin, Custom(disasm_v), Logic, Vector;
    VXOR_VV = "vxor.vv", exec_bin, Custom(disasm_v), Logic, Vector;
    VXOR_VX = "vxor.vx", exec_bin, Custom(disasm_v), Logic, Vector;
    VXOR_VI = "vxor.vi", exec_bin, Custom(disasm_v), Logic, Vector;
    VSLL_VV = "vsll.vv", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
    VSLL_VX = "vsll.vx", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
    VSLL_VI = "vsll.vi", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
    VSRL_VV = "vsrl.vv", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
    VSRL_VX = "vsrl.vx", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
    VSRL_VI = "vsrl.vi", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
    VSRA_VV = "vsra.vv", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
    VSRA_VX = "vsra.vx", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
    VSRA_VI = "vsra.vi", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
    VRGATHER_VV = "vrgather.vv", exec_gather, Custom(disasm_v), ShiftRotate, Vector;
    VRGATHER_VX = "vrgather.vx", exec_gather, Custom(disasm_v), ShiftRotate, Vector;
    VRGATHER_VI = "vrgather.vi", exec_gather, Custom(disasm_v), ShiftRotate, Vector;
    VRGATHEREI16_VV = "vrgatherei16.vv", exec_gather, Custom(disasm_v), ShiftRotate, Vector;
    VSLIDEUP_VX = "vslideup.vx", exec_slide, Custom(disasm_v), ShiftRotate, Vector;
    VSLIDEUP_VI = "vslideup.vi", exec_slide, Custom(disasm_v), ShiftRotate, Vector;
    VSLIDEDOWN_VX = "vslidedown.vx", exec_slide, Custom(disasm_v), ShiftRotate, Vector;
    VSLIDEDOWN_VI = "vslidedown.vi", exec_slide, Custom(disasm_v), ShiftRotate, Vector;
    VSLIDE1UP_VX = "vslide1up.vx", exec_slide, Custom(disasm_v), ShiftRotate, Vector;
    VSLIDE1DOWN_VX = "vslide1down.vx", exec_slide, Custom(disasm_v), ShiftRotate, Vector;
    VMV_V_V = "vmv.v.v", exec_merge, Custom(disasm_v), DataTransfer, Vector;
    VMV_V_X = "vmv.v.x", exec_merge, Custom(disasm_v), DataTransfer, Vector;
    VMV_V_I = "vmv.v.i", exec_merge, Custom(disasm_v), DataTransfer, Vector;
    VMERGE_VVM = "vmerge.vvm", exec_merge, Custom(disasm_v), DataTransfer, Vector;
    VMERGE_VXM = "vmerge.vxm", exec_merge, Custom(disasm_v), DataTransfer, Vector;
    VMERGE_VIM = "vmerge.vim", exec_merge, Custom(disasm_v), DataTransfer, Vector;
    VMV_X_S = "vmv.x.s", exec_mv_x_s, Custom(disasm_v), DataTransfer, Vector;
    VMV_S_X = "vmv.s.x", exec_mv_s_x, Custom(disasm_v), DataTransfer, Vector;
    VID_V = "vid.v", exec_vid, Custom(disasm_v), Other, Vector;
    VMV1R_V = "vmv1r.v", exec_mvr, Custom(disasm_v), DataTransfer, Vector;
    VMV2R_V = "vmv2r.v", exec_mvr, Custom(disasm_v), DataTransfer, Vector;
    VMV4R_V = "vmv4r.v", exec_mvr, Custom(disasm_v), DataTransfer, Vector;
    VMV8R_V = "vmv8r.v", exec_mvr, Custom(disasm_v), DataTransfer, Vector;
    }

    /// Index of the memory operation of `kind` (0 vle, 1 vse, 2 vlse, 3 vsse, 4 vluxei,
    /// 5 vloxei, 6 vsuxei, 7 vsoxei, 8 + log2(n) vl<n>re) for element width `eew`.
    fn mem_op(kind: usize, eew: u32) -> &'static OpInfo {
        &OPS[Id::VLE8 as usize + 12 * eew.trailing_zeros() as usize - 36 + kind]
    }

    /// Vector loads and stores (LOAD-FP / STORE-FP with a vector width).
    pub(super) fn decode_mem(w: u32) -> Option<DecodedInsn> {
        let store = match opcode(w) {
            0x07 => false,
            0x27 => true,
            _ => return None,
        };
        let eew = match funct3(w) {
            0 => 8,
            5 => 16,
            6 => 32,
            7 => 64,
            _ => return None,
        };
        let (nf, mew, mop, vm) = (w >> 29, (w >> 28) & 1, (w >> 26) & 3, (w >> 25) & 1);
        if mew != 0 {
            return None;
        }
        let (vd, rs1f, rs2f) = (rd(w), rs1(w), rs2(w));
        let st = store as usize;
        // timing: the destination is a vector register (loads) or none (stores)
        let dst = if store { 0 } else { vslot(vd) };
        let aux = |kind: u32, whole: u32| kind | (eew << 8) | (whole << 16);
        match mop {
            0 => match (rs2f, nf) {
                (0, 0) => Some(mk(mem_op(st, eew), w, dst, rs1f, 0, 0, aux(M_UNIT, 0))),
                (8, _) if vm == 1 && matches!(nf, 0 | 1 | 3 | 7) => {
                    let n = nf + 1;
                    let info = if store {
                        if eew != 8 {
                            return None;
                        }
                        &OPS[Id::VS1R as usize + n.trailing_zeros() as usize]
                    } else {
                        mem_op(8 + n.trailing_zeros() as usize, eew)
                    };
                    Some(mk(info, w, dst, rs1f, 0, 0, aux(M_WHOLE, n)))
                }
                (0x0b, 0) if vm == 1 && eew == 8 => {
                    let info = &OPS[if store { Id::VSM } else { Id::VLM } as usize];
                    Some(mk(info, w, dst, rs1f, 0, 0, aux(M_MASK, 0)))
                }
                _ => None,
            },
            2 if nf == 0 => Some(mk(
                mem_op(2 + st, eew),
                w,
                dst,
                rs1f,
                rs2f,
                0,
                aux(M_STRIDED, 0),
            )),
            1 | 3 if nf == 0 => {
                let k = if mop == 1 { 4 } else { 5 } + 2 * st;
                Some(mk(
                    mem_op(k, eew),
                    w,
                    dst,
                    rs1f,
                    vslot(rs2f),
                    0,
                    aux(M_INDEXED, 0),
                ))
            }
            _ => None,
        }
    }

    /// OP-V arithmetic and configuration instructions of zve64x.
    pub(super) fn decode(w: u32) -> Option<DecodedInsn> {
        if opcode(w) != 0x57 {
            return decode_mem(w);
        }
        let (f3, f6, vm) = (funct3(w), w >> 26, (w >> 25) & 1);
        let (vd, s1, s2) = (rd(w), rs1(w), rs2(w));
        let simm = ((s1 as i32) << 27) >> 27;
        if f3 == 7 {
            let (id, aux, a, b) = if w >> 31 == 0 {
                (Id::VSETVLI, 0, s1, 0)
            } else if w >> 30 == 3 {
                (Id::VSETIVLI, 1, 0, 0)
            } else if (w >> 25) & 0x3f == 0 {
                (Id::VSETVL, 2, s1, s2)
            } else {
                return None;
            };
            return Some(mk(&OPS[id as usize], w, vd, a, b, 0, aux));
        }
        // (op, vector destination) by form
        let vv = |id: Id, aux: u32| {
            Some(mk(
                &OPS[id as usize],
                w,
                vslot(vd),
                vslot(s1),
                vslot(s2),
                0,
                aux,
            ))
        };
        let vx =
            |id: Id, aux: u32| Some(mk(&OPS[id as usize], w, vslot(vd), s1, vslot(s2), 0, aux));
        let vi = |id: Id, aux: u32, imm: i32| {
            Some(mk(&OPS[id as usize], w, vslot(vd), 0, vslot(s2), imm, aux))
        };
        let u = s1 as i32;
        match (f3, f6) {
            (0, 0x00) => vv(Id::VADD_VV, ADD),
            (4, 0x00) => vx(Id::VADD_VX, ADD),
            (3, 0x00) => vi(Id::VADD_VI, ADD, simm),
            (0, 0x02) => vv(Id::VSUB_VV, SUB),
            (4, 0x02) => vx(Id::VSUB_VX, SUB),
            (4, 0x03) => vx(Id::VRSUB_VX, RSUB),
            (3, 0x03) => vi(Id::VRSUB_VI, RSUB, simm),
            (0, 0x09) => vv(Id::VAND_VV, AND),
            (4, 0x09) => vx(Id::VAND_VX, AND),
            (3, 0x09) => vi(Id::VAND_VI, AND, simm),
            (0, 0x0a) => vv(Id::VOR_VV, OR),
            (4, 0x0a) => vx(Id::VOR_VX, OR),
            (3, 0x0a) => vi(Id::VOR_VI, OR, simm),
            (0, 0x0b) => vv(Id::VXOR_VV, XOR),
            (4, 0x0b) => vx(Id::VXOR_VX, XOR),
            (3, 0x0b) => vi(Id::VXOR_VI, XOR, simm),
            (0, 0x25) => vv(Id::VSLL_VV, SLL),
            (4, 0x25) => vx(Id::VSLL_VX, SLL),
            (3, 0x25) => vi(Id::VSLL_VI, SLL, u),
            (0, 0x28) => vv(Id::VSRL_VV, SRL),
            (4, 0x28) => vx(Id::VSRL_VX, SRL),
            (3, 0x28) => vi(Id::VSRL_VI, SRL, u),
            (0, 0x29) => vv(Id::VSRA_VV, SRA),
            (4, 0x29) => vx(Id::VSRA_VX, SRA),
            (3, 0x29) => vi(Id::VSRA_VI, SRA, u),
            (0, 0x0c) => vv(Id::VRGATHER_VV, 0),
            (4, 0x0c) => vx(Id::VRGATHER_VX, 0),
            (3, 0x0c) => vi(Id::VRGATHER_VI, 0, u),
            (0, 0x0e) => vv(Id::VRGATHEREI16_VV, 16),
            (4, 0x0e) => vx(Id::VSLIDEUP_VX, 0),
            (3, 0x0e) => vi(Id::VSLIDEUP_VI, 0, u),
            (4, 0x0f) => vx(Id::VSLIDEDOWN_VX, 1),
            (3, 0x0f) => vi(Id::VSLIDEDOWN_VI, 1, u),
            (6, 0x0e) => vx(Id::VSLIDE1UP_VX, 2),
            (6, 0x0f) => vx(Id::VSLIDE1DOWN_VX, 3),
            (0, 0x17) if vm == 1 && s2 == 0 => vv(Id::VMV_V_V, 0),
            (4, 0x17) if vm == 1 && s2 == 0 => vx(Id::VMV_V_X, 0),
            (3, 0x17) if vm == 1 && s2 == 0 => vi(Id::VMV_V_I, 0, simm),
            (0, 0x17) if vm == 0 => vv(Id::VMERGE_VVM, 0),
            (4, 0x17) if vm == 0 => vx(Id::VMERGE_VXM, 0),
            (3, 0x17) if vm == 0 => vi(Id::VMERGE_VIM, 0, simm),
            (3, 0x27) if vm == 1 && matches!(s1, 0 | 1 | 3 | 7) => {
                let id = [Id::VMV1R_V, Id::VMV2R_V, Id::VMV4R_V, Id::VMV8R_V]
                    [(s1 + 1).trailing_zeros() as usize];
                vi(id, s1 + 1, u)
            }
            (2, 0x10) if vm == 1 && s1 == 0 => {
                Some(mk(&OPS[Id::VMV_X_S as usize], w, vd, 0, vslot(s2), 0, 0))
            }
            (6, 0x10) if vm == 1 && s2 == 0 => {
                Some(mk(&OPS[Id::VMV_S_X as usize], w, vslot(vd), s1, 0, 0, 0))
            }
            (2, 0x14) if s1 == 0x11 && s2 == 0 => {
                Some(mk(&OPS[Id::VID_V as usize], w, vslot(vd), 0, 0, 0, 0))
            }
            _ => None,
        }
    }
}

mod zvkb_ops {
    use super::*;
    define_ops! { OPS, Id;
        VANDN_VV = "vandn.vv", exec_bin, Custom(disasm_v), Logic, Vector;
        VANDN_VX = "vandn.vx", exec_bin, Custom(disasm_v), Logic, Vector;
        VROR_VV = "vror.vv", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
        VROR_VX = "vror.vx", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
        VROR_VI = "vror.vi", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
        VROL_VV = "vrol.vv", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
        VROL_VX = "vrol.vx", exec_bin, Custom(disasm_v), ShiftRotate, Vector;
        VBREV8_V = "vbrev8.v", exec_unary, Custom(disasm_v), ShiftRotate, Vector;
        VREV8_V = "vrev8.v", exec_unary, Custom(disasm_v), ShiftRotate, Vector;
    }

    fn mk(id: Id, w: u32, rd: u32, rs1: u32, rs2: u32, imm: i32, aux: u32) -> Option<DecodedInsn> {
        Some(super::mk(&OPS[id as usize], w, rd, rs1, rs2, imm, aux))
    }

    /// OP-V instructions of zvkb.
    pub(super) fn decode(w: u32) -> Option<DecodedInsn> {
        if opcode(w) != 0x57 {
            return None;
        }
        let (f3, f6) = (funct3(w), w >> 26);
        let (vd, s1, s2) = (vslot(rd(w)), rs1(w), vslot(rs2(w)));
        match (f3, f6) {
            (0, 0x01) => mk(Id::VANDN_VV, w, vd, vslot(s1), s2, 0, ANDN),
            (4, 0x01) => mk(Id::VANDN_VX, w, vd, s1, s2, 0, ANDN),
            (0, 0x14) => mk(Id::VROR_VV, w, vd, vslot(s1), s2, 0, ROR),
            (4, 0x14) => mk(Id::VROR_VX, w, vd, s1, s2, 0, ROR),
            (3, 0x14 | 0x15) => mk(
                Id::VROR_VI,
                w,
                vd,
                0,
                s2,
                (s1 | ((f6 & 1) << 5)) as i32,
                ROR,
            ),
            (0, 0x15) => mk(Id::VROL_VV, w, vd, vslot(s1), s2, 0, ROL),
            (4, 0x15) => mk(Id::VROL_VX, w, vd, s1, s2, 0, ROL),
            (2, 0x12) if s1 == 8 => mk(Id::VBREV8_V, w, vd, 0, s2, 0, 0),
            (2, 0x12) if s1 == 9 => mk(Id::VREV8_V, w, vd, 0, s2, 0, 1),
            _ => None,
        }
    }
}

/// The `vtype` immediate as the assembler writes it: `e64, m4, ta, ma`.
fn vtype_text(vt: u32) -> String {
    let lmul = ["m1", "m2", "m4", "m8", "m?", "mf8", "mf4", "mf2"][(vt & 7) as usize];
    let sew = 8u32 << ((vt >> 3) & 7).min(3);
    let ta = if vt & 0x40 != 0 { "ta" } else { "tu" };
    let ma = if vt & 0x80 != 0 { "ma" } else { "mu" };
    if vt >> 8 != 0 || (vt >> 3) & 7 > 3 || vt & 7 == 4 {
        return format!("{vt:#x}");
    }
    format!("e{sew}, {lmul}, {ta}, {ma}")
}

/// objdump's layout of every vector instruction (operands separated by `, ` as the rest of
/// the simulator's disassembly).
fn disasm_v(d: &DecodedInsn, _pc: u32) -> String {
    use crate::disasm::reg_name;
    let w = d.word;
    let n = d.info.name;
    let fl = f(w);
    let x = |r: u32| reg_name(r as u8);
    let m = if fl.masked { ", v0.t" } else { "" };
    let ops = match n {
        "vsetvli" => format!(
            "{}, {}, {}",
            x(fl.vd),
            x(fl.vs1),
            vtype_text((w >> 20) & 0x7ff)
        ),
        "vsetivli" => format!(
            "{}, {}, {}",
            x(fl.vd),
            fl.vs1,
            vtype_text((w >> 20) & 0x3ff)
        ),
        "vsetvl" => format!("{}, {}, {}", x(fl.vd), x(fl.vs1), x(fl.vs2)),
        "vmv.x.s" => format!("{}, v{}", x(fl.vd), fl.vs2),
        "vmv.s.x" | "vmv.v.x" => format!("v{}, {}", fl.vd, x(fl.vs1)),
        "vmv.v.v" => format!("v{}, v{}", fl.vd, fl.vs1),
        "vmv.v.i" => format!("v{}, {}", fl.vd, d.imm),
        "vid.v" => format!("v{}{m}", fl.vd),
        "vxor.vi" if d.imm == -1 => return format!("vnot.v v{}, v{}{m}", fl.vd, fl.vs2),
        _ if matches!(opcode(w), 0x07 | 0x27) => {
            let tail = match (w >> 26) & 3 {
                2 => format!(", {}", x(fl.vs2)),
                1 | 3 => format!(", v{}", fl.vs2),
                _ => String::new(),
            };
            format!("v{}, ({}){tail}{m}", fl.vd, x(fl.vs1))
        }
        _ if n.starts_with("vmerge") => {
            let src = match src_kind(w) {
                Src::V => format!("v{}", fl.vs1),
                Src::X => x(fl.vs1).to_string(),
                Src::I => d.imm.to_string(),
            };
            format!("v{}, v{}, {src}, v0", fl.vd, fl.vs2)
        }
        _ if n.ends_with(".vv") => format!("v{}, v{}, v{}{m}", fl.vd, fl.vs2, fl.vs1),
        _ if n.ends_with(".vx") => format!("v{}, v{}, {}{m}", fl.vd, fl.vs2, x(fl.vs1)),
        _ if n.ends_with(".vi") => format!("v{}, v{}, {}{m}", fl.vd, fl.vs2, d.imm),
        _ => format!("v{}, v{}{m}", fl.vd, fl.vs2),
    };
    format!("{n} {ops}")
}

/// Declare a vector extension: its type, name, op module (`OPS`, `decode`)
/// and timing events; each creates the vector state it works on.
macro_rules! vector_extension {
    ($(#[$doc:meta])* $ty:ident, $name:literal, $ops:ident, $events:expr) => {
        $crate::extension! {
            $(#[$doc])*
            pub struct $ty {
                name: $name,
                ops: $ops::OPS,
                decode: $ops::decode,
                state: VState,
                events: $events,
            }
        }
    };
}

vector_extension!(
    /// `zve64x`: the vector extension for embedded processors with 64-bit integer elements
    /// and no floating point, at VLEN = 128 (the integer subset listed in the module doc).
    Zve64x,
    "zve64x",
    zve_ops,
    &EVENTS
);

vector_extension!(
    /// `zvkb`: vector bit manipulation for cryptography (vandn, vror, vrol, vbrev8, vrev8);
    /// needs a vector extension for its state (an ISA string names both: `_zve64x_zvkb`).
    Zvkb,
    "zvkb",
    zvkb_ops,
    &[]
);
