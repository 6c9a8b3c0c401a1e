//! `xkeccak`: the project's own RV32 Keccak extension (custom-3, 0x7b).
//!
//! The unit holds the Keccak-f[1600] state in a lane file of its own: two 25-lane banks
//! of 64-bit lanes, `A` (the state) and `B` (the rho+pi output), and a ring of five 64-bit
//! column parities `C` (`R0..R4`). Every instruction takes one cycle; lane indices are
//! immediates, so a round is 50 straight-line instructions:
//!
//! | op | semantics |
//! | --- | --- |
//! | `kput lane, rs1, rs2` | `A[lane] = x[rs2]:x[rs1]`, then the ring takes the lane ([`ring_take`]) |
//! | `kgetlo rd, lane` / `kgethi rd, lane` | `x[rd] = A[lane][31:0]` / `[63:32]` |
//! | `ktrp lane` | theta + rho + pi: `B[pi(lane)] = rotl(A[lane] ^ R4 ^ rotl(R1, 1), rho(lane))`; after row y = 4 the ring rotates |
//! | `kchi lane` | chi (+ iota on lane 0): `A[lane] = B[x,y] ^ (~B[x+1,y] & B[x+2,y])` (`^ RC[round]`, `round += 1` for lane 0), then the ring takes the lane |
//! | `kround rs1` | `round = x[rs1] mod 32` |
//!
//! Lanes are numbered `x + 5y`. The ring holds the column parities when lanes are written
//! (by `kput` or `kchi`) column by column, x = 0..4, y = 0..4 in each column, and `ktrp`
//! visits them in the same order: then `R4` = C\[x-1\] and `R1` = C\[x+1\] while column x is
//! transformed, so theta needs no instruction of its own. Encodings, design decisions and
//! the rejected alternatives: `isa/xkeccak/README.md`.
//!
//! The pure functions ([`trp`], [`chi`], [`pi_dest`], [`rho`], [`rc`], [`ring_take`],
//! [`ring_rotate`]) are the reference the RTL is tested against.

use asip_sim::cpu::{Cpu, Trap};
use asip_sim::isa::{Base, DecodedInsn, Format, InstrClass, OpInfo, TimingClass};
use asip_sim::rv32::disasm::reg_name;
use asip_sim::spec::{op, rv, Encoding, Fixed, Kind, Operand, Slot};

/// Lanes of the state.
pub const LANES: usize = 25;
/// Round-counter modulus: the counter is 5 bits, constants exist for indices 0..=31.
pub const ROUND_MOD: u32 = 32;

/// Architectural state of the unit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct XkState {
    /// Bank A: the state, lane `x + 5y`.
    pub a: [u64; LANES],
    /// Bank B: the rho+pi output of `ktrp`, read by `kchi`.
    pub b: [u64; LANES],
    /// The column-parity ring `R0..R4`.
    pub ring: [u64; 5],
    /// Index of the round whose constant the next `kchi 0` applies.
    pub round: u32,
}

/// Rho offset of lane `l` (FIPS 202, w = 64).
pub fn rho(l: usize) -> u32 {
    sha3_golden::keccak::rho_offsets(64)[l] as u32
}

/// Pi destination of lane `l = x + 5y`: lane `y + 5 * ((2x + 3y) mod 5)` (B\[y, 2x+3y\]).
pub fn pi_dest(l: usize) -> usize {
    let (x, y) = (l % 5, l / 5);
    y + 5 * ((2 * x + 3 * y) % 5)
}

/// Round constant of round index `i mod 32` (indices 24..31 by the FIPS 202 LFSR rule).
pub fn rc(i: u32) -> u64 {
    sha3_golden::keccak::round_constant(64, (i % ROUND_MOD) as i64)
}

/// theta + rho of one lane: `rotl(a ^ r4 ^ rotl(r1, 1), rho(l))`.
pub fn trp(a: u64, r4: u64, r1: u64, l: usize) -> u64 {
    (a ^ r4 ^ r1.rotate_left(1)).rotate_left(rho(l))
}

/// chi of one lane: `b0 ^ (~b1 & b2)`.
pub fn chi(b0: u64, b1: u64, b2: u64) -> u64 {
    b0 ^ (!b1 & b2)
}

/// The ring takes lane `l`'s new value `v`: row 0 starts a column (`R0..R3 = R1..R4`,
/// `R4 = v`), rows 1..4 accumulate (`R4 ^= v`).
pub fn ring_take(ring: &mut [u64; 5], l: usize, v: u64) {
    if l / 5 == 0 {
        ring.copy_within(1..5, 0);
        ring[4] = v;
    } else {
        ring[4] ^= v;
    }
}

/// The ring rotation after a column's last `ktrp` (row 4): `R0..R3 = R1..R4`, `R4 = R0`.
pub fn ring_rotate(ring: &mut [u64; 5]) {
    ring.rotate_left(1);
}

/// The B lanes `kchi l` reads: (x, y), (x+1, y), (x+2, y).
pub fn chi_sources(l: usize) -> [usize; 3] {
    let (x, y) = (l % 5, 5 * (l / 5));
    [l, (x + 1) % 5 + y, (x + 2) % 5 + y]
}

fn lane(d: &DecodedInsn) -> usize {
    d.imm as usize
}

fn exec_kput(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = (c.reg(d.rs2) as u64) << 32 | c.reg(d.rs1) as u64;
    let l = lane(d);
    let st = c.state_mut::<XkState>();
    st.a[l] = v;
    ring_take(&mut st.ring, l, v);
    Ok(())
}

fn exec_get(c: &mut Cpu, d: &DecodedInsn, hi: bool) -> Result<(), Trap> {
    let v = c.state_mut::<XkState>().a[lane(d)];
    c.set_reg(d.rd, if hi { (v >> 32) as u32 } else { v as u32 });
    Ok(())
}

fn exec_kgetlo(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    exec_get(c, d, false)
}

fn exec_kgethi(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    exec_get(c, d, true)
}

fn exec_ktrp(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let l = lane(d);
    let st = c.state_mut::<XkState>();
    st.b[pi_dest(l)] = trp(st.a[l], st.ring[4], st.ring[1], l);
    if l / 5 == 4 {
        ring_rotate(&mut st.ring);
    }
    Ok(())
}

fn exec_kchi(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let l = lane(d);
    let st = c.state_mut::<XkState>();
    let [s0, s1, s2] = chi_sources(l);
    let mut v = chi(st.b[s0], st.b[s1], st.b[s2]);
    if l == 0 {
        v ^= rc(st.round);
        st.round = (st.round + 1) % ROUND_MOD;
    }
    st.a[l] = v;
    ring_take(&mut st.ring, l, v);
    Ok(())
}

fn exec_kround(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = c.reg(d.rs1) % ROUND_MOD;
    c.state_mut::<XkState>().round = v;
    Ok(())
}

// ---- disassembly -------------------------------------------------------------------------

fn dis_kput(d: &DecodedInsn, _pc: u32) -> String {
    format!("kput {}, {}, {}", d.imm, reg_name(d.rs1), reg_name(d.rs2))
}

fn dis_get(d: &DecodedInsn, _pc: u32) -> String {
    format!("{} {}, {}", d.info.name, reg_name(d.rd), d.imm)
}

fn dis_lane(d: &DecodedInsn, _pc: u32) -> String {
    format!("{} {}", d.info.name, d.imm)
}

fn dis_kround(d: &DecodedInsn, _pc: u32) -> String {
    format!("kround {}", reg_name(d.rs1))
}

// ---- the declaration ---------------------------------------------------------------------

/// Custom-3.
const OPC: Fixed = rv::opcode(0x7b);
/// A lane index in the rd field (bits 11:7), below 25.
const LANE_RD: Operand = Operand::new("lane", &[(7, 5, 0)], false, Kind::Below(25), Slot::Imm);
/// A lane index in the rs1 field (bits 19:15), below 25.
const LANE_RS1: Operand = Operand::new("lane", &[(15, 5, 0)], false, Kind::Below(25), Slot::Imm);

/// The operations of xkeccak, each declared once, in the order of the unit's op numbers
/// (`rtl/xkeccak_port.v`). Profiling class `Custom`; timing class `Custom`: one cycle
/// (`latency.custom`), no interlock (docs/timing-models.md, "xkeccak").
#[rustfmt::skip]
pub static OPS: &[OpInfo] = &[
    op("kput", exec_kput, Format::Custom(dis_kput), InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "kput lane, rs1, rs2",
        &[OPC, rv::funct3(0), rv::funct7(0)],
        &[LANE_RD, rv::RS1, rv::RS2],
        "`A[lane] = x[rs2]:x[rs1]`; ring takes it (row 0: shift in, else `R4 ^=`)",
    )),
    op("kgetlo", exec_kgetlo, Format::Custom(dis_get), InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "kgetlo rd, lane",
        &[OPC, rv::funct3(1), rv::funct7(0), rv::RS20],
        &[rv::RD, LANE_RS1],
        "`x[rd] = A[lane][31:0]`",
    )),
    op("kgethi", exec_kgethi, Format::Custom(dis_get), InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "kgethi rd, lane",
        &[OPC, rv::funct3(1), rv::funct7(1), rv::RS20],
        &[rv::RD, LANE_RS1],
        "`x[rd] = A[lane][63:32]`",
    )),
    op("ktrp", exec_ktrp, Format::Custom(dis_lane), InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "ktrp lane",
        &[OPC, rv::funct3(2), rv::funct7(0), rv::RS10, rv::RS20],
        &[LANE_RD],
        "`B[pi(lane)] = rotl64(A[lane] ^ R4 ^ rotl64(R1, 1), rho(lane))`; row 4: ring rotates",
    )),
    op("kchi", exec_kchi, Format::Custom(dis_lane), InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "kchi lane",
        &[OPC, rv::funct3(3), rv::funct7(0), rv::RS10, rv::RS20],
        &[LANE_RD],
        "`A[lane] = B[x,y] ^ (~B[x+1,y] & B[x+2,y])`, lane 0: `^= RC[round++]`; ring takes it",
    )),
    op("kround", exec_kround, Format::Custom(dis_kround), InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "kround rs1",
        &[OPC, rv::funct3(4), rv::funct7(0), rv::RD0, rv::RS20],
        &[rv::RS1],
        "`round = x[rs1] mod 32`",
    )),
];

asip_sim::extension! {
    /// The declaration of xkeccak (generated files: `isa/README.md`).
    pub static SPEC = {
        name: "xkeccak",
        base: Base::Rv32,
        prefix: "XK",
        ops: OPS,
        columns: rv::COLUMNS,
        asm_macros: true,
        generated: &["README.md", "include/xkeccak.h", "rtl/xkeccak_port.v"],
    }
    /// The `xkeccak` extension.
    pub struct Xkeccak {
        state: XkState,
    }
}

/// The unit's state in a CPU (the reset state if the extension never ran).
pub fn state(cpu: &Cpu) -> XkState {
    cpu.state::<XkState>().cloned().unwrap_or_default()
}
