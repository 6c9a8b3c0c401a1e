//! Programs given as raw instruction words, run on the simulator (zscale timing, every
//! extension of the project registered), and a tiny RV32 encoder.

use asip_sim::{Isa, Machine, Program, RunOptions, RunResult, SimError, TimingParams};

/// Load address of a raw-word program.
pub const BASE: u32 = 0x1_0000;

/// An ISA string parsed with every extension of the project (`asip_extensions::registry()`).
pub fn isa(s: &str) -> Isa {
    asip_extensions::registry()
        .parse_isa(s)
        .unwrap_or_else(|e| panic!("isa {s}: {e}"))
}

// --- tiny RV32 encoder ---
pub fn r(f7: u32, rs2: u32, rs1: u32, f3: u32, rd: u32, op: u32) -> u32 {
    (f7 << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op
}
pub fn i(imm: i32, rs1: u32, f3: u32, rd: u32, op: u32) -> u32 {
    (((imm as u32) & 0xfff) << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op
}
pub fn addi(rd: u32, rs1: u32, imm: i32) -> u32 {
    i(imm, rs1, 0, rd, 0x13)
}
/// `lui rd, %hi(v); addi rd, rd, %lo(v)`: rd = v.
pub fn li(rd: u32, v: u32) -> [u32; 2] {
    let lo = ((v as i32) << 20) >> 20;
    let hi = v.wrapping_sub(lo as u32) >> 12;
    [(hi << 12) | (rd << 7) | 0x37, addi(rd, rd, lo)]
}
pub fn add(rd: u32, rs1: u32, rs2: u32) -> u32 {
    (rs2 << 20) | (rs1 << 15) | (rd << 7) | 0x33
}
pub fn s(imm: i32, rs2: u32, rs1: u32, f3: u32) -> u32 {
    let m = imm as u32;
    ((m >> 5) & 0x7f) << 25 | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | (m & 0x1f) << 7 | 0x23
}
pub fn u(imm20: u32, rd: u32, op: u32) -> u32 {
    (imm20 << 12) | (rd << 7) | op
}
pub fn lw(rd: u32, rs1: u32, imm: i32) -> u32 {
    i(imm, rs1, 2, rd, 0x03)
}
pub fn sw(rs2: u32, rs1: u32, imm: i32) -> u32 {
    s(imm, rs2, rs1, 2)
}
pub fn b(off: i32, rs2: u32, rs1: u32, f3: u32) -> u32 {
    let o = off as u32;
    ((o >> 12) & 1) << 31
        | ((o >> 5) & 0x3f) << 25
        | rs2 << 20
        | rs1 << 15
        | f3 << 12
        | ((o >> 1) & 0xf) << 8
        | ((o >> 11) & 1) << 7
        | 0x63
}
pub fn j(off: i32, rd: u32) -> u32 {
    let o = off as u32;
    ((o >> 20) & 1) << 31
        | ((o >> 1) & 0x3ff) << 21
        | ((o >> 11) & 1) << 20
        | ((o >> 12) & 0xff) << 12
        | rd << 7
        | 0x6f
}
/// `csrrw rd, csr, rs1`.
pub fn csrrw(rd: u32, csr: u32, rs1: u32) -> u32 {
    i(csr as i32, rs1, 1, rd, 0x73)
}
/// `csrrs rd, csr, rs1`.
pub fn csrrs(rd: u32, csr: u32, rs1: u32) -> u32 {
    i(csr as i32, rs1, 2, rd, 0x73)
}
/// `csrrc rd, csr, rs1`.
pub fn csrrc(rd: u32, csr: u32, rs1: u32) -> u32 {
    i(csr as i32, rs1, 3, rd, 0x73)
}
/// `csrrwi rd, csr, uimm`.
pub fn csrrwi(rd: u32, csr: u32, uimm: u32) -> u32 {
    i(csr as i32, uimm, 5, rd, 0x73)
}
/// `csrr rd, csr` (`csrrs rd, csr, zero`).
pub fn csrr(rd: u32, csr: u32) -> u32 {
    csrrs(rd, csr, 0)
}
pub const NOP: u32 = 0x13;
pub const ECALL: u32 = 0x73;
/// `addi a7, zero, 93; ecall` (exit with a0).
pub fn exit_seq() -> Vec<u32> {
    vec![addi(17, 0, 93), ECALL]
}

/// A machine running `words` at [`BASE`] (4 KiB image) on `isa_str`, zscale timing.
pub fn machine(isa_str: &str, words: &[u32]) -> Result<Machine, SimError> {
    machine_with(isa_str, words, TimingParams::preset("zscale")?)
}

/// [`machine`] with the timing model `timing`.
pub fn machine_with(
    isa_str: &str,
    words: &[u32],
    timing: TimingParams,
) -> Result<Machine, SimError> {
    let prog = Program::from_words(BASE, words, 4096);
    Machine::new(
        &prog,
        isa(isa_str),
        timing,
        RunOptions {
            max_cycles: 1_000_000,
            ..RunOptions::default()
        },
    )
}

/// Run `words` + the exit sequence with preset registers; the machine afterwards.
pub fn run_words(
    isa_str: &str,
    words: &[u32],
    regs: &[(usize, u32)],
) -> (Result<RunResult, SimError>, Machine) {
    let mut w = words.to_vec();
    w.extend(exit_seq());
    let mut m = machine(isa_str, &w).expect("machine");
    for &(k, v) in regs {
        m.cpu_mut().x[k] = v;
    }
    let r = m.run();
    (r, m)
}

/// Registers after running `words` (panics on a simulation error).
pub fn regs_after(isa_str: &str, words: &[u32], regs: &[(usize, u32)]) -> [u32; 32] {
    let (r, m) = run_words(isa_str, words, regs);
    r.expect("run");
    m.cpu().x
}

/// Tiny deterministic PRNG (xorshift64*).
pub struct Rng(pub u64);
impl Rng {
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn u32(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }
    /// A number in 0..n (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// An index in 0..n (n > 0).
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }
}

/// How many times the fuzz tests multiply their cases: `SHA3_ASIP_FUZZ_SCALE` (default 1;
/// `make fuzz` runs a long campaign).
pub fn fuzz_scale() -> usize {
    std::env::var("SHA3_ASIP_FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// Cycle limit of a [`fuzz_words`] case.
pub const FUZZ_MAX_CYCLES: u64 = 20_000;
/// Longest latency an instruction may add past the limit before the check stops it.
pub const FUZZ_SLACK: u64 = 1_000;

/// `cases` programs of 1..=24 random words (in every other case each word's major opcode
/// drawn from `ops`: bits 31:26 on MIPS, 6:0 on RV32) followed by `exit`, run on `isa`
/// with random registers: never a panic, never past the cycle limit plus [`FUZZ_SLACK`],
/// every error has a message, every word disassembles.
#[allow(clippy::too_many_arguments)]
pub fn fuzz_words(
    rng: &mut Rng,
    isa: &Isa,
    isa_name: &str,
    t: &TimingParams,
    machine: asip_sim::Base,
    ops: &[u32],
    cases: usize,
    exit: &[u32],
) {
    let mips = machine == asip_sim::Base::Mips32;
    for case in 0..cases {
        let n = 1 + (rng.u32() % 24) as usize;
        let mut words: Vec<u32> = (0..n).map(|_| rng.u32()).collect();
        if case % 2 == 0 {
            for w in &mut words {
                let op = ops[(rng.u32() % ops.len() as u32) as usize];
                *w = if mips {
                    (*w & 0x03ff_ffff) | (op << 26)
                } else {
                    (*w & !0x7f) | op
                };
            }
        }
        words.extend_from_slice(exit);
        let p = Program::from_words_for(machine, BASE, &words, 256);
        let opts = RunOptions {
            max_cycles: FUZZ_MAX_CYCLES,
            stack_size: 4096,
            heap_size: 0,
            ..Default::default()
        };
        let mut m = Machine::new(&p, isa.clone(), t.clone(), opts).unwrap();
        for k in 1..32 {
            m.cpu_mut().x[k] = rng.u32();
        }
        if let Err(e) = m.run() {
            assert!(!e.to_string().trim().is_empty(), "{isa_name} case {case}");
        }
        assert!(
            m.cycles() <= FUZZ_MAX_CYCLES + FUZZ_SLACK,
            "{isa_name} case {case}: {} cycles past the limit {FUZZ_MAX_CYCLES}: {words:08x?}",
            m.cycles()
        );
        for w in &words {
            let _ = isa.disasm(*w, BASE);
        }
    }
}
