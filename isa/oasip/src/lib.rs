//! `xoasip`: the operation-oriented SHA-3 instruction-set extension of seed 001
//! (Sect. 4.1, Table 2) for RV32, in the custom-0 major opcode (0x0b).
//!
//! | op | semantics |
//! | --- | --- |
//! | `remv rd, rs1, imm` | `tmp = rs1 + imm`; `tmp` in \[-9, 9\]: `rd = tmp mod 5` in \[0, 4\]; otherwise illegal-instruction trap |
//! | `hmask rd, rs1` | `rd = (rs1 >> 1) mod 64` |
//! | `pack rs1, rs2` | `aux[63:32] = rs1; aux[31:0] = rs2` |
//! | `rotl rd, rs1` | `aux = rotl64(aux, rs1 mod 64); rd = aux[63:32]` |
//! | `extlw rd` | `rd = aux[31:0]` |
//! | `lfsr rd, rs1` | `rd = ((rs1 << 1) ^ (rs1 & 0x80 ? 0x71 : 0)) & 0xff` |
//! | `doloop rs1, LE` | zero-overhead loop over `[pc + 4, LE]`, `x[rs1]` iterations |
//!
//! `aux` (64-bit auxiliary register) and the two hardware-loop register sets are
//! extension state ([`OasipState`]); the loop controller is a fetch hook. Encodings,
//! the loop rules and how the seed's table was read: `isa/oasip/README.md`.

use asip_sim::cpu::{Cpu, Trap};
use asip_sim::isa::{Base, DecodedInsn, Format, InstrClass, OpInfo, TimingClass};
use asip_sim::rv32::disasm::reg_name;
use asip_sim::spec::{op, rv, Encoding, Fixed, Operand};
use asip_sim::timing::{Event, EventKind};

/// A `doloop` with count 0 skips its body, redirecting fetch like a taken branch; its
/// cycles are the timing model's `[timing.events] "xoasip.doloop_skip"` (2 in `zscale`:
/// the taken-branch penalty, seed 001 Sect. 4.1.2; `docs/timing-models.md`).
pub static DOLOOP_SKIP: Event = Event {
    ext: "xoasip",
    name: "doloop_skip",
    kind: EventKind::Extra,
    doc: "a doloop with count 0 redirects fetch past its body",
};

// ---------------------------------------------------------------------------------------
// Semantics as plain functions (shared by the executors, the tests and the RTL vectors).

/// `remv`: `tmp = a + imm` (32-bit wrapping); `Some(tmp mod 5)` for `tmp` in \[-9, 9\],
/// `None` (the instruction traps) outside that range.
pub fn remv(a: u32, imm: i32) -> Option<u32> {
    let tmp = a.wrapping_add(imm as u32) as i32;
    match tmp {
        -9..=-6 => Some((tmp + 10) as u32),
        -5..=-1 => Some((tmp + 5) as u32),
        0..=4 => Some(tmp as u32),
        5..=9 => Some((tmp - 5) as u32),
        _ => None,
    }
}

/// `hmask`: `(a >> 1) mod 64` (the rho offset `t(t+1)/2 mod 64` from `t(t+1)`).
pub fn hmask(a: u32) -> u32 {
    (a >> 1) & 63
}

/// `pack`: the auxiliary register from a high and a low word.
pub fn pack(hi: u32, lo: u32) -> u64 {
    ((hi as u64) << 32) | lo as u64
}

/// `rotl`: the auxiliary register after rotating left by `n mod 64`.
pub fn rotl(aux: u64, n: u32) -> u64 {
    aux.rotate_left(n & 63)
}

/// `lfsr`: one step of the round-constant LFSR x^8 + x^6 + x^5 + x^4 + 1 (8 bits).
pub fn lfsr(a: u32) -> u32 {
    ((a << 1) ^ if a & 0x80 != 0 { 0x71 } else { 0 }) & 0xff
}

// ---------------------------------------------------------------------------------------
// Extension state.

/// One hardware-loop register set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HwLoop {
    /// The loop is active: its end address is watched.
    pub armed: bool,
    /// First instruction of the body (the doloop's pc + 4).
    pub start: u32,
    /// Last instruction of the body (inclusive).
    pub end: u32,
    /// Iterations left, the current one included.
    pub count: u32,
}

/// xoasip architectural state: the 64-bit auxiliary register and two loop levels
/// (`loops[0]` outer, `loops[1]` inner).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OasipState {
    /// The 64-bit auxiliary (rotation) register.
    pub aux: u64,
    /// Hardware-loop register sets: 0 = outer, 1 = inner.
    pub loops: [HwLoop; 2],
}

impl OasipState {
    /// Arm a loop: level 0 if it is free, else level 1 (replacing whatever is there).
    /// Returns the level used.
    pub fn arm(&mut self, start: u32, end: u32, count: u32) -> usize {
        let lvl = if self.loops[0].armed { 1 } else { 0 };
        self.loops[lvl] = HwLoop {
            armed: true,
            start,
            end,
            count,
        };
        lvl
    }

    /// The loop controller: the instruction at `pc` retired and control would continue
    /// at `npc`. Returns the pc to fetch next.
    pub fn next_pc(&mut self, pc: u32, npc: u32) -> u32 {
        if npc != pc.wrapping_add(4) {
            return npc; // a taken branch / jump / trap at the loop end wins
        }
        for lvl in [1, 0] {
            let l = &mut self.loops[lvl];
            if l.armed && l.end == pc {
                if l.count > 1 {
                    l.count -= 1;
                    return l.start;
                }
                l.armed = false; // last iteration done; the outer level may end here too
            }
        }
        npc
    }

    /// [`OasipState::next_pc`] for an instruction that `redirected` fetch (a jump or taken
    /// branch, [`Cpu::redirected`]): one to the next instruction (npc = pc + 4) still wins
    /// over a loop-back, as on the RTL, where the unit counts the iteration from npc but
    /// the core's redirect replaces the loop start it fetched (found by `sha3-asip fuzz`).
    pub fn next_pc_after(&mut self, pc: u32, npc: u32, redirected: bool) -> u32 {
        let next = self.next_pc(pc, npc);
        if redirected {
            npc
        } else {
            next
        }
    }

    /// Any loop armed.
    pub fn any_armed(&self) -> bool {
        self.loops.iter().any(|l| l.armed)
    }
}

fn loop_hook(cpu: &mut Cpu, npc: u32) -> u32 {
    let (pc, redirected) = (cpu.pc, cpu.redirected);
    let st = cpu.state_mut::<OasipState>();
    let next = st.next_pc_after(pc, npc, redirected);
    let armed = st.any_armed();
    // keep the slow path (and this hook) running while a loop end must be watched
    cpu.attention = cpu.attention || armed;
    next
}

// ---------------------------------------------------------------------------------------
// Executors.

fn exec_remv(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = remv(c.reg(d.rs1), d.imm).ok_or(Trap::Illegal)?;
    c.set_reg(d.rd, v);
    Ok(())
}

fn exec_hmask(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = hmask(c.reg(d.rs1));
    c.set_reg(d.rd, v);
    Ok(())
}

fn exec_pack(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = pack(c.reg(d.rs1), c.reg(d.rs2));
    c.state_mut::<OasipState>().aux = v;
    Ok(())
}

fn exec_rotl(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let n = c.reg(d.rs1);
    let st = c.state_mut::<OasipState>();
    st.aux = rotl(st.aux, n);
    let hi = (st.aux >> 32) as u32;
    c.set_reg(d.rd, hi);
    Ok(())
}

fn exec_extlw(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let lo = c.state_mut::<OasipState>().aux as u32;
    c.set_reg(d.rd, lo);
    Ok(())
}

fn exec_lfsr(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = lfsr(c.reg(d.rs1));
    c.set_reg(d.rd, v);
    Ok(())
}

fn exec_doloop(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    if d.imm < 4 || d.imm & 3 != 0 {
        return Err(Trap::Illegal); // the loop end must be an instruction after the doloop
    }
    let count = c.reg(d.rs1);
    let start = c.pc.wrapping_add(4);
    let end = c.pc.wrapping_add(d.imm as u32);
    if count == 0 {
        // zero iterations: skip the body
        c.jump(end.wrapping_add(4))?;
        c.charge(&DOLOOP_SKIP);
        return Ok(());
    }
    c.state_mut::<OasipState>().arm(start, end, count);
    c.attention = true;
    Ok(())
}

fn dis_pack(d: &DecodedInsn, _pc: u32) -> String {
    format!("pack {}, {}", reg_name(d.rs1), reg_name(d.rs2))
}

fn dis_extlw(d: &DecodedInsn, _pc: u32) -> String {
    format!("extlw {}", reg_name(d.rd))
}

fn dis_doloop(d: &DecodedInsn, pc: u32) -> String {
    format!(
        "doloop {}, {:#x}",
        reg_name(d.rs1),
        pc.wrapping_add(d.imm as u32)
    )
}

const OPC: Fixed = rv::opcode(0x0b);
const DOLOOP_LE: Operand = rv::imm_b("LE");

/// The operations of xoasip, each declared once: name, semantics, disassembly format,
/// encoding (custom-0), semantics line. Profiling class `Custom`, timing class `Custom`
/// (1 cycle unless `[timing.ops]` says otherwise). The order is the functional unit's op
/// number (`rtl/oasip_fu.v`).
pub static OPS: &[OpInfo] = &[
    op("remv", exec_remv, Format::I, InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "remv rd, rs1, imm",
        &[OPC, rv::funct3(0)],
        &[rv::RD, rv::RS1, rv::IMM_I],
        "`tmp = x[rs1] + imm`; `x[rd] = tmp mod 5` for `tmp` in [-9, 9], else illegal instruction",
    )),
    op("hmask", exec_hmask, Format::Unary, InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "hmask rd, rs1",
        &[OPC, rv::funct3(1), rv::funct7(0), rv::RS20],
        &[rv::RD, rv::RS1],
        "`x[rd] = (x[rs1] >> 1) mod 64`",
    )),
    op("pack", exec_pack, Format::Custom(dis_pack), InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "pack rs1, rs2",
        &[OPC, rv::funct3(1), rv::funct7(1), rv::RD0],
        &[rv::RS1, rv::RS2],
        "`aux[63:32] = x[rs1]; aux[31:0] = x[rs2]`",
    )),
    op("rotl", exec_rotl, Format::Unary, InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "rotl rd, rs1",
        &[OPC, rv::funct3(1), rv::funct7(2), rv::RS20],
        &[rv::RD, rv::RS1],
        "`aux = rotl64(aux, x[rs1] mod 64); x[rd] = aux[63:32]`",
    )),
    op("extlw", exec_extlw, Format::Custom(dis_extlw), InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "extlw rd",
        &[OPC, rv::funct3(1), rv::funct7(3), rv::RS10, rv::RS20],
        &[rv::RD],
        "`x[rd] = aux[31:0]`",
    )),
    op("lfsr", exec_lfsr, Format::Unary, InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "lfsr rd, rs1",
        &[OPC, rv::funct3(1), rv::funct7(4), rv::RS20],
        &[rv::RD, rv::RS1],
        "`x[rd] = ((x[rs1] << 1) ^ (x[rs1] & 0x80 ? 0x71 : 0)) & 0xff`",
    )),
    op("doloop", exec_doloop, Format::Custom(dis_doloop), InstrClass::Custom, TimingClass::Custom, &Encoding::new(
        "doloop rs1, LE",
        &[OPC, rv::funct3(2), rv::RS20],
        &[rv::RS1, DOLOOP_LE],
        "zero-overhead loop over `[pc + 4, pc + LE]`, `x[rs1]` iterations",
    )),
];

asip_sim::extension! {
    /// The declaration of xoasip (generated files: `isa/README.md`).
    pub static SPEC = {
        name: "xoasip",
        base: Base::Rv32,
        prefix: "OASIP",
        ops: OPS,
        columns: rv::COLUMNS,
        asm_macros: false,
        generated: &[
            "README.md",
            "include/oasip.h",
            "rtl/oasip_port.v",
            "rtl/oasip_fu.v",
        ],
    }
    /// The `xoasip` extension.
    pub struct Oasip {
        state: OasipState,
        init: |cpu| cpu.add_fetch_hook(loop_hook),
        events: &[&DOLOOP_SKIP],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use asip_sim::enc;

    #[test]
    fn remv_whole_range() {
        for t in -9i32..=9 {
            assert_eq!(remv(0, t), Some(t.rem_euclid(5) as u32), "tmp {t}");
        }
        assert_eq!(remv(0, 10), None);
        assert_eq!(remv(0, -10), None);
    }

    #[test]
    fn decode_roundtrip() {
        let cases = [
            (enc!(SPEC, "remv", 5, 6, -7), "remv"),
            (enc!(SPEC, "hmask", 5, 6), "hmask"),
            (enc!(SPEC, "pack", 6, 7), "pack"),
            (enc!(SPEC, "rotl", 5, 6), "rotl"),
            (enc!(SPEC, "extlw", 5), "extlw"),
            (enc!(SPEC, "lfsr", 5, 6), "lfsr"),
            (enc!(SPEC, "doloop", 6, 40), "doloop"),
        ];
        for (w, n) in cases {
            assert_eq!(SPEC.decode(w).map(|d| d.name()), Some(n), "{w:#010x}");
        }
        assert_eq!(
            SPEC.decode(enc!(SPEC, "doloop", 6, 40)).map(|d| d.imm),
            Some(40)
        );
        assert_eq!(
            SPEC.decode(enc!(SPEC, "doloop", 6, -8)).map(|d| d.imm),
            Some(-8)
        );
        assert_eq!(asip_sim::spec::check(&SPEC), Vec::<String>::new());
    }
}
