//! Simulator speed measurement (`bench-sim`): simulated instructions per second.

use crate::elf::Program;
use crate::isa::Isa;
use crate::machine::{Machine, RunOptions, SimError};
use crate::timing::TimingParams;
use std::time::Instant;

/// Result of a speed measurement.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchResult {
    /// Retired (simulated) instructions.
    pub instret: u64,
    /// Simulated cycles.
    pub cycles: u64,
    /// Host wall-clock seconds of `Machine::run` (set-up excluded).
    pub seconds: f64,
    /// Simulated instructions per second, in millions.
    pub mips: f64,
}

/// Measure an arbitrary program: `Machine::new` + `run`, timing only the run.
pub fn measure(
    prog: &Program,
    isa: &Isa,
    timing: &TimingParams,
    opts: RunOptions,
) -> Result<BenchResult, SimError> {
    let mut m = Machine::new(prog, isa.clone(), timing.clone(), opts)?;
    let t0 = Instant::now();
    let r = m.run()?;
    let seconds = t0.elapsed().as_secs_f64().max(1e-9);
    Ok(BenchResult {
        instret: r.instret,
        cycles: r.cycles,
        seconds,
        mips: r.instret as f64 / seconds / 1e6,
    })
}

/// The built-in benchmark kernel: a loop of `iterations` passes over a mix resembling
/// Keccak code (loads, stores, xor/and/shift/or, add, a taken branch); 12 instructions
/// per pass. Runs with the given timing model, trace and profile off.
pub fn bench_loop(iterations: u32, timing: &TimingParams) -> Result<BenchResult, SimError> {
    let prog = Program::from_words(0x1_0000, &bench_words(iterations), 4096);
    let isa = Isa::parse("rv32im").map_err(SimError::Isa)?;
    measure(&prog, &isa, timing, RunOptions::default())
}

/// Instruction words of the benchmark kernel (see [`bench_loop`]).
pub fn bench_words(iterations: u32) -> Vec<u32> {
    let r = |f7: u32, rs2: u32, rs1: u32, f3: u32, rd: u32| {
        (f7 << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | 0x33
    };
    let i = |imm: i32, rs1: u32, f3: u32, rd: u32, op: u32| {
        (((imm as u32) & 0xfff) << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op
    };
    let hi = (iterations.wrapping_add(0x800)) & 0xffff_f000;
    let lo = iterations.wrapping_sub(hi) as i32;
    vec![
        hi | (5 << 7) | 0x37,    // lui t0, hi
        i(lo, 5, 0, 5, 0x13),    // addi t0, t0, lo   (counter)
        0x0000_0317,             // auipc t1, 0    (t1 = data base)
        i(0x100, 6, 0, 6, 0x13), // addi t1, t1, 256
        // loop:
        i(0, 6, 2, 7, 0x03),                                  // lw t2, 0(t1)
        i(4, 6, 2, 28, 0x03),                                 // lw t3, 4(t1)
        r(0, 28, 7, 4, 29),                                   // xor t4, t2, t3
        r(0, 29, 7, 7, 30),                                   // and t5, t2, t4
        i(1, 29, 1, 31, 0x13),                                // slli t6, t4, 1
        i(31, 29, 5, 29, 0x13),                               // srli t4, t4, 31
        r(0, 29, 31, 6, 31),                                  // or t6, t6, t4
        r(0, 30, 31, 0, 31),                                  // add t6, t6, t5
        (31 << 20) | (6 << 15) | (2 << 12) | (8 << 7) | 0x23, // sw t6, 8(t1)
        i(-1, 5, 0, 5, 0x13),                                 // addi t0, t0, -1
        // bne t0, zero, loop  (-40 bytes)
        bne(5, 0, -40),
        i(0, 0, 0, 10, 0x13),  // addi a0, zero, 0
        i(93, 0, 0, 17, 0x13), // addi a7, zero, 93
        0x0000_0073,           // ecall
    ]
}

fn bne(rs1: u32, rs2: u32, off: i32) -> u32 {
    let o = off as u32;
    ((o >> 12) & 1) << 31
        | ((o >> 5) & 0x3f) << 25
        | rs2 << 20
        | rs1 << 15
        | 1 << 12
        | ((o >> 1) & 0xf) << 8
        | ((o >> 11) & 1) << 7
        | 0x63
}
