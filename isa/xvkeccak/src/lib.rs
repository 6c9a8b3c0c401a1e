//! `xvkeccak`: the project's own Keccak SIMD extension on the RISC-V vector base
//! (zve64x, VLEN = 128), custom-3 (0x7b) funct3 101..111.
//!
//! The Keccak-p\[b\] state is a *block* of vector registers holding its 25 lanes packed as
//! in memory: lane `i = x + 5y` is element `i` at SEW = w = b / 25 counted from the
//! block's first register (b = 1600: 13 registers, 800: 7, 400: 4, 200: 2). SEW selects
//! the width; vl, LMUL, vstart and masking do not apply (every op works on whole planes).
//! A plane (row y: lanes `5y..5y+4`) is the unit of work: every op writes one plane or one
//! lane.
//!
//! | op | semantics |
//! | --- | --- |
//! | `vktheta vd, vs2` | `D[x] = C[x-1] ^ rotl(C[x+1], 1)`, `C[x] = XOR_y A[x, y]` (A: block vs2), D = elements 0..4 of vd |
//! | `vkround vd, vs2, vs1, plane` | plane Y of block vd = chi(B) with `B[X] = rotl(A[x, X] ^ D[x], rho[x, X])`, `x = (X + 3Y) mod 5` (theta's D applied, rho, pi, chi) |
//! | `vkiota vd, rs1` | `vd[0] ^= RC[x[rs1] mod 32]` truncated to SEW (iota) |
//!
//! One round is `vktheta`, five `vkround` (planes 0..4, from one block into another) and
//! `vkiota`. The pure functions ([`d_lane`], [`rho_lane`], [`chi_lane`], [`rc`]; composed
//! in [`theta_d`], [`round_plane`]) are the reference the RTL is tested against; the beat counts ([`beats_theta`], [`beats_round`]) are the
//! timing model's. Design decisions: `isa/xvkeccak/README.md`.

use asip_sim::cpu::{Cpu, Trap};
use asip_sim::isa::{Base, DecodedInsn, Format, InstrClass, OpInfo, TimingClass};
use asip_sim::rv32::disasm::reg_name;
use asip_sim::rv32::vector::{vreg, vstate_mut, VState, VLEN};
use asip_sim::spec::{op, rv, Encoding, Fixed, Kind, Operand, Slot};
use asip_sim::timing::{Event, EventKind};

/// Lanes of a state.
pub const LANES: u32 = 25;

/// Lane width mask.
fn mask(w: u32) -> u64 {
    if w == 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// Rotate a `w`-bit lane left by `n mod w`.
pub fn rotl(v: u64, n: u32, w: u32) -> u64 {
    let (v, n) = (v & mask(w), n % w);
    if n == 0 {
        v
    } else {
        ((v << n) | (v >> (w - n))) & mask(w)
    }
}

/// Rho offset of lane `l` at width `w` (FIPS 202, reduced mod w).
pub fn rho(l: usize, w: u32) -> u32 {
    sha3_golden::keccak::rho_offsets(w as usize)[l] as u32
}

/// Round constant of index `i mod 32` truncated to `w` bits (FIPS 202: RC for Keccak-p\[b\]
/// is the 64-bit constant's low w bits; indices 24..31 by the LFSR rule).
pub fn rc(i: u32, w: u32) -> u64 {
    sha3_golden::keccak::round_constant(64, (i % 32) as i64) & mask(w)
}

/// One lane of theta's D: `C[x-1] ^ rotl(C[x+1], 1)` (`cm`, `cp`), w bits.
pub fn d_lane(cm: u64, cp: u64, w: u32) -> u64 {
    (cm ^ rotl(cp, 1, w)) & mask(w)
}

/// One lane through theta (its D lane `d` applied) and rho: `rotl(a ^ d, rho[l])`, w bits.
pub fn rho_lane(a: u64, d: u64, l: usize, w: u32) -> u64 {
    rotl(a ^ d, rho(l, w), w)
}

/// One lane of chi: `b0 ^ (~b1 & b2)`, w bits.
pub fn chi_lane(b0: u64, b1: u64, b2: u64, w: u32) -> u64 {
    (b0 ^ (!b1 & b2)) & mask(w)
}

/// theta's D of a state `a` (25 lanes of width `w`).
pub fn theta_d(a: &[u64; 25], w: u32) -> [u64; 5] {
    let c: [u64; 5] = std::array::from_fn(|x| (0..5).fold(0, |p, y| p ^ a[x + 5 * y]));
    std::array::from_fn(|x| d_lane(c[(x + 4) % 5], c[(x + 1) % 5], w))
}

/// The lane of the old state that pi brings to lane X of new plane Y: `x + 5X` with
/// `x = (X + 3Y) mod 5`.
pub fn pi_source(xn: usize, yn: usize) -> usize {
    (xn + 3 * yn) % 5 + 5 * xn
}

/// Plane `y` of the new state before iota: chi of the lanes theta (with `d`), rho and pi
/// bring to that plane.
pub fn round_plane(a: &[u64; 25], d: &[u64; 5], y: usize, w: u32) -> [u64; 5] {
    let b: [u64; 5] = std::array::from_fn(|xn| {
        let l = pi_source(xn, y);
        rho_lane(a[l], d[l % 5], l, w)
    });
    std::array::from_fn(|x| chi_lane(b[x], b[(x + 1) % 5], b[(x + 2) % 5], w))
}

/// The 128-bit registers (offsets from the block's first) that elements `first..first+n`
/// of width `w` occupy.
pub fn regs_of(first: u32, n: u32, w: u32) -> std::ops::RangeInclusive<u32> {
    (first * w / VLEN)..=((first + n) * w - 1) / VLEN
}

fn count(r: std::ops::RangeInclusive<u32>) -> u32 {
    r.end() - r.start() + 1
}

/// Cycles of `vktheta` at width `w`: one 128-bit register read per beat (the whole state),
/// then one write per beat (D needs every column first).
pub fn beats_theta(w: u32) -> u32 {
    count(regs_of(0, LANES, w)) + count(regs_of(0, 5, w))
}

/// Cycles of `vkround` for plane `y` at width `w`: one beat per 128-bit register read (the
/// distinct registers holding the five source lanes, then D's), then one per register of
/// the plane written (chi needs the whole plane first).
pub fn beats_round(y: usize, w: u32) -> u32 {
    let mut src: Vec<u32> = (0..5)
        .map(|xn| pi_source(xn, y) as u32 * w / VLEN)
        .collect();
    src.sort_unstable();
    src.dedup();
    src.len() as u32 + count(regs_of(0, 5, w)) + count(regs_of(5 * y as u32, 5, w))
}

/// Each cycle of an xvkeccak op after its first (a 128-bit register beat).
pub static BEAT: Event = Event {
    ext: "xvkeccak",
    name: "beat",
    kind: EventKind::Stall,
    doc: "each 128-bit register-file beat after the first of vktheta (the state's registers \
          read, then D's written) or vkround (the five source lanes' registers and D's read, \
          then the plane's written)",
};

static EVENTS: [&Event; 1] = [&BEAT];

/// The lane width (SEW) of the current vtype.
fn width(s: &VState) -> Result<u32, Trap> {
    Ok(s.vt()?.sew)
}

/// The 25 lanes of the block at `base` (a block past v31 is illegal).
fn block(s: &VState, base: u32, w: u32) -> Result<[u64; 25], Trap> {
    if base + count(regs_of(0, LANES, w)) > 32 {
        return Err(Trap::Illegal);
    }
    Ok(std::array::from_fn(|i| s.get(base, i as u32, w / 8)))
}

/// Register ranges `a` and `b` overlap.
fn overlap(a: std::ops::RangeInclusive<u32>, b: std::ops::RangeInclusive<u32>) -> bool {
    a.start() <= b.end() && b.start() <= a.end()
}

fn shifted(r: std::ops::RangeInclusive<u32>, base: u32) -> std::ops::RangeInclusive<u32> {
    (r.start() + base)..=(r.end() + base)
}

fn charge(c: &mut Cpu, cycles: u32) {
    for _ in 1..cycles {
        c.charge(&BEAT);
    }
}

fn exec_vktheta(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let (vd, vs2) = (vreg(d.rd), vreg(d.rs2));
    let s = vstate_mut(c)?;
    let w = width(s)?;
    let a = block(s, vs2, w)?;
    let out = shifted(regs_of(0, 5, w), vd);
    if *out.end() > 31 || overlap(out, shifted(regs_of(0, LANES, w), vs2)) {
        return Err(Trap::Illegal);
    }
    for (x, v) in theta_d(&a, w).into_iter().enumerate() {
        s.set(vd, x as u32, w / 8, v);
    }
    s.vstart = 0;
    charge(c, beats_theta(w));
    Ok(())
}

fn exec_vkround(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let (vd, vs2, vs1, y) = (vreg(d.rd), vreg(d.rs2), vreg(d.rs1), d.imm as usize);
    let s = vstate_mut(c)?;
    let w = width(s)?;
    let a = block(s, vs2, w)?;
    let dr = shifted(regs_of(0, 5, w), vs1);
    let out = shifted(regs_of(5 * y as u32, 5, w), vd);
    if *dr.end() > 31
        || vd + count(regs_of(0, LANES, w)) > 32
        || overlap(out.clone(), shifted(regs_of(0, LANES, w), vs2))
        || overlap(out, dr)
    {
        return Err(Trap::Illegal);
    }
    let dv: [u64; 5] = std::array::from_fn(|x| s.get(vs1, x as u32, w / 8));
    for (x, v) in round_plane(&a, &dv, y, w).into_iter().enumerate() {
        s.set(vd, (5 * y + x) as u32, w / 8, v);
    }
    s.vstart = 0;
    charge(c, beats_round(y, w));
    Ok(())
}

fn exec_vkiota(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let (vd, i) = (vreg(d.rd), c.reg(d.rs1));
    let s = vstate_mut(c)?;
    let w = width(s)?;
    let v = s.get(vd, 0, w / 8) ^ rc(i, w);
    s.set(vd, 0, w / 8, v);
    s.vstart = 0;
    Ok(())
}

// ---- disassembly -------------------------------------------------------------------------

fn dis(d: &DecodedInsn, _pc: u32) -> String {
    let v = |r: u8| format!("v{}", vreg(r));
    match d.info.name {
        "vktheta" => format!("vktheta {}, {}", v(d.rd), v(d.rs2)),
        "vkround" => format!("vkround {}, {}, {}, {}", v(d.rd), v(d.rs2), v(d.rs1), d.imm),
        _ => format!("{} {}, {}", d.info.name, v(d.rd), reg_name(d.rs1)),
    }
}

// ---- the declaration ---------------------------------------------------------------------

/// Custom-3 (funct3 101..111; xkeccak has 000..100).
const OPC: Fixed = rv::opcode(0x7b);
const VD: Operand = Operand::reg("vd", 7, Kind::Vreg, Slot::Rd);
const VS1: Operand = Operand::reg("vs1", 15, Kind::Vreg, Slot::Rs1);
const VS2: Operand = Operand::reg("vs2", 20, Kind::Vreg, Slot::Rs2);
/// The output plane of vkround, 0..4, in bits 27:25.
const PLANE: Operand = Operand::new("plane", &[(25, 3, 0)], false, Kind::Below(5), Slot::Imm);
/// Bits 31:28 of vkround, zero.
const F7HI0: Fixed = Fixed::new("f7hi", 28, 4, 0);

/// The operations of xvkeccak, each declared once, in the order of the unit's op numbers
/// (`rtl/xvkeccak_unit.v`). Timing class `Vector` (`latency.vector`) plus one
/// `xvkeccak.beat` per further register beat (docs/timing-models.md, "xvkeccak").
#[rustfmt::skip]
pub static OPS: &[OpInfo] = &[
    op("vktheta", exec_vktheta, Format::Custom(dis), InstrClass::Custom, TimingClass::Vector, &Encoding::new(
        "vktheta vd, vs2",
        &[OPC, rv::funct3(5), rv::funct7(0), rv::RS10],
        &[VD, VS2],
        "D (vd elements 0..4) `= C[x-1] ^ rotl(C[x+1], 1)`, `C[x] =` XOR of column x of the state block at vs2; SEW = lane width",
    )),
    op("vkround", exec_vkround, Format::Custom(dis), InstrClass::Custom, TimingClass::Vector, &Encoding::new(
        "vkround vd, vs2, vs1, plane",
        &[OPC, rv::funct3(6), F7HI0],
        &[VD, VS2, VS1, PLANE],
        "plane Y of block vd `= chi(B)`, `B[X] = rotl(A[x,X] ^ D[x], rho[x,X])`, `x = (X+3Y) mod 5`; A: block vs2, D: vs1",
    )),
    op("vkiota", exec_vkiota, Format::Custom(dis), InstrClass::Custom, TimingClass::Vector, &Encoding::new(
        "vkiota vd, rs1",
        &[OPC, rv::funct3(7), rv::funct7(0), rv::RS20],
        &[VD, rv::RS1],
        "`vd[0] ^= RC[x[rs1] mod 32]` (low SEW bits)",
    )),
];

asip_sim::extension! {
    /// The declaration of xvkeccak.
    pub static SPEC = {
        name: "xvkeccak",
        base: Base::Rv32,
        prefix: "XVK",
        ops: OPS,
        columns: rv::COLUMNS,
        asm_macros: true,
        generated: &["README.md", "include/xvkeccak.h", "rtl/xvkeccak_unit.v", "rtl/xvkeccak_port.v"],
    }
    /// The `xvkeccak` extension (needs a vector extension in the ISA string for its state).
    pub struct Xvkeccak {
        state: VState,
        events: &EVENTS,
    }
}
