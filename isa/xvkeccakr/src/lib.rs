//! `xvkeccakr`: the project's register-resident Keccak SIMD extension on the RISC-V vector
//! base (zve64x, VLEN = 128), custom-3 (0x7b) funct3 101, funct7 1..7 (issue 31: what the
//! instructions add to the vector unit within seed 003's 4,658 GE).
//!
//! Every intermediate value (the state, theta's column parities C and D, the plane B after
//! rho and pi) lives in the vector register file; an instruction is a sequence of 128-bit
//! beats, each reading at most three registers and writing one (whole, or one lane of it),
//! so the unit adds no buffer, only a beat counter and per-lane wiring around the vector
//! unit's byte select and rotator.
//!
//! The **column block**: lane `(x, y)` of Keccak-p\[b\] (w = b / 25 bits) is element
//! `x * G * (128 / w) + y` from the block's first register at SEW = w, i.e. column `x` is a
//! group of `G` registers (G = 3 at w = 64, 2 at w = 32, 1 at w <= 16) holding lanes
//! `y = 0..4` in its first five elements (the rest is padding, never read). A block is
//! `5 G` registers (15, 10, 5, 5). Chi and theta's D are then element-wise between columns.
//! The **packed** state is the state as in memory (lane `i = x + 5y` is element `i`), what
//! unit-stride loads and stores move.
//!
//! | op | semantics |
//! | --- | --- |
//! | `vkcol vd, vs2` | column block vd = the packed state at vs2 |
//! | `vkpack vd, vs2` | packed state at vd = the column block vs2 |
//! | `vkc vd, vs2` | register `vd + x` = `C[x] = XOR_y A[x, y]` in every element (A: column block vs2) |
//! | `vkd vd, vs2` | register `vd + x` = `vs2 + (x-1) ^ rotl(vs2 + (x+1), 1)` element-wise (theta's D from C) |
//! | `vkth vd, vs1` | every register of column x of block vd ^= register `vs1 + x` (theta applied) |
//! | `vkrp vd, vs2` | lane `(y, 2x+3y)` of block vd = `rotl(A[x, y], rho[x, y])` (rho and pi; A: block vs2) |
//! | `vkchi vd, vs2` | register k of column x of block vd = `B[x] ^ (~B[x+1] & B[x+2])` (register k of each column of block vs2) |
//!
//! A round is `vkc`, `vkd`, `vkth`, `vkrp`, `vkchi` (five instructions) and iota with
//! the base (`vle64.v` of the round constant at vl = 1, `vxor.vv` into lane 0). The pure
//! reference ([`to_columns`], [`round`], [`beats`]) is what the RTL is tested against.
//! Design decisions: `isa/xvkeccakr/README.md`.

use asip_sim::cpu::{Cpu, Trap};
use asip_sim::isa::{Base, DecodedInsn, Format, InstrClass, OpInfo, TimingClass};
use asip_sim::rv32::vector::{vreg, vstate_mut, VState, VLEN};
use asip_sim::spec::{op, rv, Encoding, Fixed, Kind, Operand, Slot};
use asip_sim::timing::{Event, EventKind};

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

/// Registers per column at width `w` (G): 3, 2, 1, 1 for w = 64, 32, 16, 8.
pub fn group(w: u32) -> u32 {
    (5 * w).div_ceil(VLEN)
}

/// Elements of width `w` in a register.
pub fn slots(w: u32) -> u32 {
    VLEN / w
}

/// Registers of a column block (5 G).
pub fn block_regs(w: u32) -> u32 {
    5 * group(w)
}

/// Registers of the packed state (25 w / 128 rounded up: 13, 7, 4, 2).
pub fn packed_regs(w: u32) -> u32 {
    (25 * w).div_ceil(VLEN)
}

/// The element (from the block's first register) of lane `(x, y)` in a column block.
pub fn col(x: usize, y: usize, w: u32) -> u32 {
    x as u32 * group(w) * slots(w) + y as u32
}

/// Where pi sends lane `(x, y)`: `(y, 2x + 3y mod 5)`.
pub fn pi(x: usize, y: usize) -> (usize, usize) {
    (y, (2 * x + 3 * y) % 5)
}

/// Cycles (128-bit beats) of an op at width `w`: one lane a beat for vkcol, vkpack, vkc and
/// vkrp (25), one register a beat for vkd (5), vkth and vkchi (5 G).
pub fn beats(op: &str, w: u32) -> u32 {
    match op {
        "vkd" => 5,
        "vkth" | "vkchi" => block_regs(w),
        _ => 25,
    }
}

/// One round of Keccak-p on 25 lanes as the instructions compute it, iota's constant `rc`
/// (reference for the tests: vkc, vkd, vkth, vkrp, vkchi, then lane 0 ^= rc).
pub fn round(a: &[u64; 25], rc: u64, w: u32) -> [u64; 25] {
    let c: [u64; 5] = std::array::from_fn(|x| (0..5).fold(0, |p, y| p ^ a[x + 5 * y]));
    let d: [u64; 5] = std::array::from_fn(|x| c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1, w));
    let mut b = [0u64; 25];
    for x in 0..5 {
        for y in 0..5 {
            let (xn, yn) = pi(x, y);
            b[xn + 5 * yn] = rotl(a[x + 5 * y] ^ d[x], rho(x + 5 * y, w), w);
        }
    }
    let mut o: [u64; 25] = std::array::from_fn(|i| {
        b[i] ^ (!b[(i % 5 + 1) % 5 + 5 * (i / 5)] & b[(i % 5 + 2) % 5 + 5 * (i / 5)])
    });
    o[0] ^= rc & mask(w);
    o.map(|v| v & mask(w))
}

/// Each cycle of an xvkeccakr op after its first (a 128-bit register beat).
pub static BEAT: Event = Event {
    ext: "xvkeccakr",
    name: "beat",
    kind: EventKind::Stall,
    doc: "each 128-bit register-file beat after the first of an xvkeccakr op (one lane a \
          beat for vkcol, vkpack, vkc, vkrp; one register a beat for vkd, vkth, vkchi)",
};

static EVENTS: [&Event; 1] = [&BEAT];

/// Register ranges `[a, a + na)` and `[b, b + nb)` overlap.
fn overlap(a: u32, na: u32, b: u32, nb: u32) -> bool {
    a < b + nb && b < a + na
}

/// The lane width, and a check of the op's two register ranges: both inside v0..v31 and
/// disjoint (every op reads one range while it writes the other).
fn setup(c: &mut Cpu, d: &DecodedInsn) -> Result<(u32, u32, u32), Trap> {
    let name = d.info.name;
    let vd = vreg(d.rd);
    let vs = if name == "vkth" {
        vreg(d.rs1)
    } else {
        vreg(d.rs2)
    };
    let s = vstate_mut(c)?;
    let w = s.vt()?.sew;
    let (nd, ns) = match name {
        "vkcol" => (block_regs(w), packed_regs(w)),
        "vkpack" => (packed_regs(w), block_regs(w)),
        "vkc" => (5, block_regs(w)),
        "vkd" => (5, 5),
        "vkth" => (block_regs(w), 5),
        _ => (block_regs(w), block_regs(w)),
    };
    if vd + nd > 32 || vs + ns > 32 || overlap(vd, nd, vs, ns) {
        return Err(Trap::Illegal);
    }
    Ok((w, vd, vs))
}

fn finish(c: &mut Cpu, name: &str, w: u32) {
    if let Ok(s) = vstate_mut(c) {
        s.vstart = 0;
    }
    for _ in 1..beats(name, w) {
        c.charge(&BEAT);
    }
}

fn exec(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let name = d.info.name;
    let (w, vd, vs) = setup(c, d)?;
    let s: &mut VState = vstate_mut(c)?;
    let (wb, g, n) = (w / 8, group(w), slots(w));
    match name {
        "vkcol" | "vkpack" | "vkrp" => {
            for y in 0..5 {
                for x in 0..5 {
                    let (src, dst, v) = match name {
                        "vkcol" => ((x + 5 * y) as u32, col(x, y, w), None),
                        "vkpack" => (col(x, y, w), (x + 5 * y) as u32, None),
                        _ => {
                            let (xn, yn) = pi(x, y);
                            (col(x, y, w), col(xn, yn, w), Some(rho(x + 5 * y, w)))
                        }
                    };
                    let a = s.get(vs, src, wb);
                    s.set(vd, dst, wb, v.map_or(a, |r| rotl(a, r, w)));
                }
            }
        }
        "vkc" => {
            for x in 0..5 {
                let cx = (0..5).fold(0, |p, y| p ^ s.get(vs, col(x, y, w), wb));
                for e in 0..n {
                    s.set(vd + x as u32, e, wb, cx);
                }
            }
        }
        "vkd" => {
            for x in 0..5u32 {
                for e in 0..n {
                    let (cm, cp) = (
                        s.get(vs + (x + 4) % 5, e, wb),
                        s.get(vs + (x + 1) % 5, e, wb),
                    );
                    s.set(vd + x, e, wb, cm ^ rotl(cp, 1, w));
                }
            }
        }
        "vkth" => {
            for r in 0..5 * g {
                for e in 0..n {
                    let v = s.get(vd + r, e, wb) ^ s.get(vs + r / g, e, wb);
                    s.set(vd + r, e, wb, v);
                }
            }
        }
        _ => {
            // vkchi
            for r in 0..5 * g {
                let (x, k) = (r / g, r % g);
                for e in 0..n {
                    let b = |xx: u32| s.get(vs + (xx % 5) * g + k, e, wb);
                    let v = b(x) ^ (!b(x + 1) & b(x + 2));
                    s.set(vd + r, e, wb, v & mask(w));
                }
            }
        }
    }
    finish(c, name, w);
    Ok(())
}

/// The column block at `base` as 25 lanes (for tests and tools).
pub fn read_block(s: &VState, base: u32, w: u32) -> [u64; 25] {
    std::array::from_fn(|i| s.get(base, col(i % 5, i / 5, w), w / 8))
}

/// The 25 lanes into the column block at `base` (padding elements untouched).
pub fn write_block(s: &mut VState, base: u32, a: &[u64; 25], w: u32) {
    for (i, &v) in a.iter().enumerate() {
        s.set(base, col(i % 5, i / 5, w), w / 8, v);
    }
}

/// The packed state as columns: lane `(x, y)` to element `col(x, y)` (what vkcol does).
pub fn to_columns(a: &[u64; 25], w: u32) -> Vec<u64> {
    let mut v = vec![0; (block_regs(w) * slots(w)) as usize];
    for (i, &l) in a.iter().enumerate() {
        v[col(i % 5, i / 5, w) as usize] = l;
    }
    v
}

// ---- disassembly -------------------------------------------------------------------------

fn dis(d: &DecodedInsn, _pc: u32) -> String {
    let v = |r: u8| format!("v{}", vreg(r));
    match d.info.name {
        "vkth" => format!("vkth {}, {}", v(d.rd), v(d.rs1)),
        n => format!("{n} {}, {}", v(d.rd), v(d.rs2)),
    }
}

// ---- the declaration ---------------------------------------------------------------------

/// Custom-3, funct3 101 with funct7 1..7 (xvkeccak's vktheta is funct7 0).
const OPC: Fixed = rv::opcode(0x7b);
const VD: Operand = Operand::reg("vd", 7, Kind::Vreg, Slot::Rd);
const VS1: Operand = Operand::reg("vs1", 15, Kind::Vreg, Slot::Rs1);
const VS2: Operand = Operand::reg("vs2", 20, Kind::Vreg, Slot::Rs2);

macro_rules! vop {
    ($name:literal, $f7:literal, $syn:literal, $doc:literal) => {
        op(
            $name,
            exec,
            Format::Custom(dis),
            InstrClass::Custom,
            TimingClass::Vector,
            &Encoding::new(
                $syn,
                &[OPC, rv::funct3(5), rv::funct7($f7), rv::RS10],
                &[VD, VS2],
                $doc,
            ),
        )
    };
}

/// The operations of xvkeccakr, each declared once, in the order of their funct7 (1..7).
/// Timing class `Vector` (`latency.vector`) plus one `xvkeccakr.beat` per further beat
/// (docs/timing-models.md, "xvkeccakr").
#[rustfmt::skip]
pub static OPS: &[OpInfo] = &[
    vop!("vkcol", 1, "vkcol vd, vs2",
        "column block vd (lane (x, y): element x·G·(128/SEW) + y) `=` the packed state at vs2 (lane x+5y: element x+5y); one lane a beat"),
    vop!("vkpack", 2, "vkpack vd, vs2",
        "packed state at vd `=` the column block vs2; one lane a beat"),
    vop!("vkc", 3, "vkc vd, vs2",
        "`v[vd+x]` every element `= C[x] =` XOR of lanes (x, 0..4) of column block vs2; one lane a beat"),
    vop!("vkd", 4, "vkd vd, vs2",
        "`v[vd+x] = v[vs2+(x-1)] ^ rotl(v[vs2+(x+1)], 1)` element-wise, x = 0..4 (mod 5): theta's D from C; one register a beat"),
    op("vkth", exec, Format::Custom(dis), InstrClass::Custom, TimingClass::Vector, &Encoding::new(
        "vkth vd, vs1",
        &[OPC, rv::funct3(5), rv::funct7(5), rv::RS20],
        &[VD, VS1],
        "each register of column x of block vd `^= v[vs1+x]`: theta's D applied; one register a beat",
    )),
    vop!("vkrp", 6, "vkrp vd, vs2",
        "lane (y, 2x+3y) of block vd `= rotl(A[x, y], rho[x, y])`, A: block vs2 (rho and pi); one lane a beat"),
    vop!("vkchi", 7, "vkchi vd, vs2",
        "register k of column x of block vd `= B[x] ^ (~B[x+1] & B[x+2])` (register k of columns x, x+1, x+2 of block vs2); one register a beat"),
];

asip_sim::extension! {
    /// The declaration of xvkeccakr.
    pub static SPEC = {
        name: "xvkeccakr",
        base: Base::Rv32,
        prefix: "XVKR",
        ops: OPS,
        columns: rv::COLUMNS,
        asm_macros: true,
        generated: &["README.md", "include/xvkeccakr.h", "rtl/xvkeccakr_port.v"],
    }
    /// The `xvkeccakr` extension (needs a vector extension in the ISA string for its state).
    pub struct Xvkeccakr {
        state: VState,
        events: &EVENTS,
    }
}
