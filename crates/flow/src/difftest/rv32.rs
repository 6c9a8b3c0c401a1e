//! Random self-checking RV32 programs: rv32im with edge values, RAW and load-use hazards,
//! computed addresses, forward branches, jumps, loops, the ISA's extension instructions
//! (from their declared encodings) and fault cases (with and without a trap handler).

use super::program::{Block, Case, Rng, DATA, REGS, SCRATCH};
pub(super) use super::rv32enc::{addi, b, csrr, csrrw, i, li, r, s, BASE, CNT};
use asip_sim::isa::TimingClass;
use asip_sim::spec::{Kind, Slot};
use asip_sim::OpInfo;

/// tp: the trap handler's scratch register (with a handler).
const TRAP: u32 = 4;
/// Registers the body writes and the epilogue dumps (sp, s0, s1, tp excluded).
const POOL: [u32; 27] = [
    1, 3, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
    30, 31,
];

fn jal(off: i32, rd: u32) -> u32 {
    let o = off as u32;
    ((o >> 20) & 1) << 31
        | ((o >> 1) & 0x3ff) << 21
        | ((o >> 11) & 1) << 20
        | ((o >> 12) & 0xff) << 12
        | rd << 7
        | 0x6f
}
const AUIPC: u32 = 0x17;
const ECALL: u32 = 0x73;
const MRET: u32 = 0x3020_0073;

/// The generator's state for one program.
pub struct Gen<'a> {
    pub(super) rng: Rng,
    /// Extension instructions of the flavour's ISA (with declared encodings).
    ext: Vec<&'static OpInfo>,
    /// Registers written most recently (sources prefer them: RAW hazards).
    pub(super) recent: Vec<u32>,
    /// A trap handler is installed (faults do not end the run).
    pub(super) handler: bool,
    isa: &'a str,
    /// The vector state of a vector flavour (none otherwise).
    pub(super) v: Option<super::rvv::VGen>,
}

impl<'a> Gen<'a> {
    pub fn new(seed: u64, isa: &'a str, ext: Vec<&'static OpInfo>, handler: bool) -> Self {
        Gen {
            rng: Rng::new(seed),
            ext,
            recent: vec![],
            handler,
            isa,
            v: None,
        }
    }

    pub(super) fn dst(&mut self) -> u32 {
        let d = POOL[self.rng.index(POOL.len())];
        self.recent.insert(0, d);
        self.recent.truncate(3);
        d
    }

    pub(super) fn src(&mut self) -> u32 {
        match self.rng.below(10) {
            0..=4 if !self.recent.is_empty() => self.recent[self.rng.index(self.recent.len())],
            5 => 0,
            _ => POOL[self.rng.index(POOL.len())],
        }
    }

    pub(super) fn edge(&mut self) -> u32 {
        const E: [u32; 16] = [
            0,
            1,
            2,
            0xffff_ffff,
            0x8000_0000,
            0x7fff_ffff,
            0xffff,
            0x8000,
            0x7fff,
            0x80,
            0xff,
            31,
            32,
            0xffff_fffe,
            0x8000_0001,
            0x5555_5555,
        ];
        if self.rng.below(3) == 0 {
            self.rng.u32()
        } else {
            E[self.rng.index(E.len())]
        }
    }

    fn imm12(&mut self) -> i32 {
        match self.rng.below(6) {
            0 => 0,
            1 => -1,
            2 => 2047,
            3 => -2048,
            _ => (self.rng.u32() as i32) >> 20,
        }
    }

    /// A prologue: s0 = the data segment, every pool register an edge value; with a
    /// handler, mtvec = a handler that skips the trapping instruction.
    pub fn prologue(&mut self) -> Vec<u32> {
        let mut w = li(BASE, DATA);
        if self.v.is_some() {
            w.extend(super::rvv::prologue());
        }
        for &rg in &POOL {
            let v = self.edge();
            w.extend(li(rg, v));
        }
        if self.handler {
            // auipc tp, 0; addi tp, tp, 16; csrw mtvec, tp; j over the handler (4 words)
            w.extend([
                AUIPC | TRAP << 7,
                addi(TRAP, TRAP, 16),
                csrrw(0, 0x305, TRAP),
                jal(20, 0),
                csrr(TRAP, 0x341),
                addi(TRAP, TRAP, 4),
                csrrw(0, 0x341, TRAP),
                MRET,
            ]);
        }
        w
    }

    /// One ALU / shift / multiply / divide instruction.
    pub(super) fn alu(&mut self) -> u32 {
        let m = self.isa.contains('m');
        match self.rng.below(if m { 4 } else { 3 }) {
            0 => {
                const OPS: [(u32, u32); 10] = [
                    (0, 0),
                    (0x20, 0),
                    (0, 1),
                    (0, 2),
                    (0, 3),
                    (0, 4),
                    (0, 5),
                    (0x20, 5),
                    (0, 6),
                    (0, 7),
                ];
                let (f7, f3) = OPS[self.rng.index(OPS.len())];
                let (a, c) = (self.src(), self.src());
                r(f7, c, a, f3, self.dst(), 0x33)
            }
            1 => {
                let f3 = [0, 2, 3, 4, 6, 7][self.rng.index(6)];
                let a = self.src();
                let imm = self.imm12();
                i(imm, a, f3, self.dst(), 0x13)
            }
            2 => {
                let (f3, f7) = [(1, 0), (5, 0), (5, 0x20)][self.rng.index(3)];
                let a = self.src();
                let sh = self.rng.below(32) as u32;
                r(f7, sh, a, f3, self.dst(), 0x13)
            }
            _ => {
                let f3 = self.rng.below(8) as u32;
                let (a, c) = (self.src(), self.src());
                r(1, c, a, f3, self.dst(), 0x33)
            }
        }
    }

    /// A load or store at s0 + an offset in the scratch area (or a computed address).
    fn mem(&mut self, words: &mut Vec<u32>) {
        let load = self.rng.below(2) == 0;
        let (f3, size) = if load {
            [(0, 1), (1, 2), (2, 4), (4, 1), (5, 2)][self.rng.index(5)]
        } else {
            [(0, 1), (1, 2), (2, 4)][self.rng.index(3)]
        };
        let (base, off) = if self.rng.below(3) == 0 {
            // computed: t = (x & (SCRATCH - size)) + s0
            let x = self.src();
            let t = self.dst();
            words.push(i(
                (SCRATCH - size) as i32 & !(size as i32 - 1),
                x,
                7,
                t,
                0x13,
            ));
            words.push(r(0, BASE, t, 0, t, 0x33));
            (t, 0)
        } else {
            (
                BASE,
                (self.rng.below((SCRATCH / size) as u64) as u32 * size) as i32,
            )
        };
        if load {
            let d = self.dst();
            words.push(i(off, base, f3, d, 0x03));
        } else {
            let v = self.src();
            words.push(s(off, v, base, f3));
        }
    }

    /// An instruction of one of the ISA's extensions, operands from its encoding.
    fn ext_op(&mut self) -> Option<u32> {
        if self.ext.is_empty() {
            return None;
        }
        let op = self.ext[self.rng.index(self.ext.len())];
        let enc = op.enc?;
        let memory = matches!(op.timing, TimingClass::Load | TimingClass::Store);
        let mut args = Vec::new();
        for o in enc.operands {
            let width: u32 = o.segs.iter().map(|s| s.1 as u32).sum();
            let v: i64 = match (o.kind, o.slot) {
                // a memory instruction's registers: the base s0 and x0 (its address is in
                // the data segment)
                (Kind::Gpr, Slot::Rs1) if memory => BASE as i64,
                (Kind::Gpr, Slot::Rs2) if memory => 0,
                // (the encoder takes register numbers: x8..x15, x0 or x9..x15)
                (Kind::Gpr8, Slot::Rs1) if memory => BASE as i64,
                (Kind::Gpr8OrZero, _) if memory => 0,
                (Kind::Gpr, Slot::Rd) => self.dst() as i64,
                (Kind::Gpr, _) => self.src() as i64,
                (Kind::Gpr8, _) => 8 + self.rng.below(8) as i64,
                (Kind::Gpr8OrZero, _) => [0, 9, 10, 11, 12, 13, 14, 15][self.rng.index(8)],
                (Kind::Below(n), _) => self.rng.below(n as u64) as i64,
                (Kind::Vreg, _) => self.rng.below(32) as i64,
                (Kind::Imm, _) => {
                    let full = self.rng.below(10) == 0;
                    let step = o.segs.iter().map(|s| s.2).min().unwrap_or(0);
                    let v = if full {
                        self.rng.u64() & ((1u64 << (width + step as u32)) - 1)
                    } else {
                        self.rng.below(8)
                    };
                    let v = (v >> step) << step;
                    if o.signed && v >> (width + step as u32 - 1) & 1 != 0 {
                        v as i64 - (1i64 << (width + step as u32))
                    } else {
                        v as i64
                    }
                }
            };
            args.push(v);
        }
        enc.encode(&args).ok()
    }

    /// One instruction that does not transfer control (for branch shadows and loop bodies).
    fn simple(&mut self, words: &mut Vec<u32>) {
        match self.rng.below(10) {
            0..=5 => words.push(self.alu()),
            6..=7 => self.mem(words),
            _ => match self.ext_op() {
                Some(w) => words.push(w),
                None => words.push(self.alu()),
            },
        }
    }

    /// A random block of the body.
    pub fn block(&mut self) -> Block {
        let mut w = Vec::new();
        match self.rng.below(22) {
            0..=5 => w.push(self.alu()),
            6..=8 => self.mem(&mut w),
            9 => {
                let d = self.dst();
                let v = self.edge();
                w.extend(li(d, v));
            }
            10 => {
                // lui / auipc
                let d = self.dst();
                let op = if self.rng.below(2) == 0 { 0x37 } else { AUIPC };
                w.push(self.rng.u32() & 0xffff_f000 | d << 7 | op);
            }
            11..=12 => {
                // a forward branch over 0..3 instructions
                let k = self.rng.below(4) as usize;
                let f3 = [0, 1, 4, 5, 6, 7][self.rng.index(6)];
                let (a, c) = (self.src(), self.src());
                w.push(b(4 * (k as i32 + 1), c, a, f3));
                for _ in 0..k {
                    self.simple(&mut w);
                }
                if w.len() != k + 1 {
                    // a shadow instruction of two words: branch over all of them
                    let n = w.len() as i32;
                    w[0] = b(4 * n, c, a, f3);
                }
            }
            13 => {
                // jal over one instruction, or to the next
                let d = self.dst();
                if self.rng.below(2) == 0 {
                    w.push(jal(8, d));
                    w.push(self.alu());
                } else {
                    w.push(jal(4, d));
                }
            }
            14 => {
                // auipc t; jalr rd, 12(t): over one instruction
                let t = self.dst();
                let d = self.dst();
                w.extend([AUIPC | t << 7, i(12, t, 0, d, 0x67), self.alu()]);
            }
            15..=16 => {
                // a loop of 1..4 iterations over 1..5 instructions
                let n = 1 + self.rng.below(4) as i32;
                w.push(addi(CNT, 0, n));
                let start = w.len();
                for _ in 0..1 + self.rng.below(5) {
                    self.simple(&mut w);
                }
                w.push(addi(CNT, CNT, -1));
                let back = -4 * (w.len() - start) as i32;
                w.push(b(back, 0, CNT, 1));
            }
            17..=18 => {
                // fence, fence.i (a refetch), or a CSR access that needs no handler:
                // mscratch write/read (M mode; qemu-user has no M mode: handler programs only)
                match self.rng.below(if self.handler { 4 } else { 2 }) {
                    0 => w.push(0x0ff0_000f),
                    1 => w.push(0x0000_100f),
                    _ => {
                        // csrrw/s/c, csrrw/s/ci (rs1 = a 5-bit immediate) on mscratch
                        let f3 = [1, 2, 3, 5, 6, 7][self.rng.index(6)];
                        let a = if f3 > 3 {
                            self.rng.below(32) as u32
                        } else {
                            self.src()
                        };
                        let d = self.dst();
                        w.push(i(0x340, a, f3, d, 0x73));
                    }
                }
            }
            _ => match self.ext_op() {
                Some(x) => w.push(x),
                None => w.push(self.alu()),
            },
        }
        Block::new(w)
    }

    /// A doloop block (xoasip): count 0..3 in a pool register, a body of 1..4 instructions.
    pub fn doloop(&mut self) -> Option<Block> {
        let op = self.ext.iter().find(|o| o.name == "doloop")?;
        let enc = op.enc?;
        let t = self.dst();
        let mut body = Vec::new();
        for _ in 0..1 + self.rng.below(4) {
            body.push(self.alu());
        }
        // the loop counter register may be overwritten by the body: the count is latched
        let mut w = li(t, self.rng.below(4) as u32);
        w.push(enc.encode(&[t as i64, 4 * body.len() as i64]).ok()?);
        w.extend(body);
        Some(Block::new(w))
    }

    /// A fault: misaligned access or jump target, illegal instruction, access outside
    /// memory or into the text, ebreak, an unknown system call, a runaway loop (without a
    /// handler only: a handler would retry a fetch fault forever).
    pub fn fault(&mut self) -> (Block, &'static str) {
        let d = self.dst();
        let kinds: u64 = if self.handler { 6 } else { 9 };
        let (w, what) = match self.rng.below(kinds) {
            0 => {
                let f3 = [1, 2, 5][self.rng.index(3)];
                (
                    vec![i(1 + 2 * self.rng.below(2) as i32, BASE, f3, d, 0x03)],
                    "misaligned load",
                )
            }
            1 => (
                vec![s(2 + self.rng.below(2) as i32, d, BASE, 2)],
                "misaligned store",
            ),
            2 => (
                vec![[0, 0xffff_ffff, 0x0000_707f][self.rng.index(3)]],
                "illegal instruction",
            ),
            3 => (
                vec![i(self.rng.below(64) as i32 * 4, 0, 2, d, 0x03)],
                "load from 0",
            ),
            4 => (vec![AUIPC | d << 7, s(0, 0, d, 2)], "store into the text"),
            5 => (vec![0x0010_0073], "ebreak"),
            6 => (
                vec![AUIPC | d << 7, i(6, d, 0, 0, 0x67)],
                "jump to a misaligned target",
            ),
            7 => (vec![addi(17, 0, 999), ECALL], "unknown system call"),
            _ => (vec![jal(0, 0)], "runaway loop"),
        };
        (Block::new(w), what)
    }

    /// The epilogue: mtvec = 0 (a handler off), the registers into REGS, the scratch area
    /// and the registers written to stdout as letters ('a' + nibble), exit with the sum of
    /// the registers' low 7 bits.
    pub fn epilogue(&self) -> Vec<u32> {
        let mut w = vec![];
        if self.handler {
            w.push(csrrw(0, 0x305, 0));
        }
        for (k, &rg) in POOL.iter().enumerate() {
            w.push(s((REGS - DATA) as i32 + 4 * k as i32, rg, BASE, 2));
        }
        // (vector flavours: the vector registers into VREGS, the output buffer at VOUT)
        let end = if self.v.as_ref().is_some_and(|v| v.dump) {
            w.extend(super::rvv::epilogue());
            super::program::VOUT
        } else {
            super::program::OUT
        };
        // a0 = s0 (from), a1 = s0 + OUT (to), a2 = s0 + OUT (end of the input)
        let out = (end - DATA) as i32;
        w.extend([addi(10, BASE, 0), addi(11, BASE, out), addi(12, BASE, out)]);
        // loop: t0 = lbu (a0); t1 = t0 >> 4 + 'a'; sb; t0 = t0 & 15 + 'a'; sb; a0++; a1 += 2
        w.extend([
            i(0, 10, 4, 5, 0x03),
            i(4, 5, 5, 6, 0x13),
            addi(6, 6, 97),
            s(0, 6, 11, 0),
            i(15, 5, 7, 5, 0x13),
            addi(5, 5, 97),
            s(1, 5, 11, 0),
            addi(10, 10, 1),
            addi(11, 11, 2),
            b(-36, 12, 10, 1),
        ]);
        // write(1, s0 + OUT, 2 * (OUT - 0))
        w.extend([addi(10, 0, 1), addi(11, BASE, out)]);
        w.extend(li(12, 2 * (end - DATA)));
        w.extend([addi(17, 0, 64), ECALL]);
        // a0 = sum of the dumped registers & 0x7f
        w.push(addi(10, 0, 0));
        for k in 0..POOL.len() {
            w.push(i((REGS - DATA) as i32 + 4 * k as i32, BASE, 2, 5, 0x03));
            w.push(r(0, 5, 10, 0, 10, 0x33));
        }
        w.extend([i(0x7f, 10, 7, 10, 0x13), addi(17, 0, 93), ECALL]);
        w
    }
}

/// Build a case: prologue, `n` body blocks, maybe faults, epilogue.
/// (`std`: qemu runs the flavour: a vector flavour's epilogue writes out the vector
/// registers for it; simulator and RTL compare them in the commit log.)
pub fn case(c: &mut Case, isa: &str, ext: Vec<&'static OpInfo>, n: usize, std: bool) {
    let mut rng = Rng::new(c.seed ^ 0x5151);
    // a quarter of the programs fault; a quarter (independently) run in M mode with a trap
    // handler (CSR accesses; faults do not end the run)
    // (vector flavours, with twice the kinds of faults: a third)
    let faulty = rng.below(if isa.contains("zve64x") { 3 } else { 4 }) == 0;
    let handler = rng.below(4) == 0;
    // the custom vector instructions (vector register operands) are generated with a
    // vector state, in vector blocks
    let (vext, ext): (Vec<_>, Vec<_>) = ext.into_iter().partition(|o| {
        o.enc
            .is_some_and(|e| e.operands.iter().any(|x| x.kind == Kind::Vreg))
    });
    let mut g = Gen::new(c.seed, isa, ext, handler);
    if isa.contains("zve64x") {
        g.v = Some(super::rvv::VGen::new(vext, std));
        c.vregs = std;
        super::rvv::edge_data(c);
    }
    c.prologue = g.prologue();
    for _ in 0..n {
        let blk = if g.v.is_some() && g.rng.below(4) == 0 {
            g.vblock()
        } else if g.rng.below(12) == 0 {
            g.doloop().unwrap_or_else(|| g.block())
        } else {
            g.block()
        };
        c.blocks.push(blk);
    }
    if faulty {
        for _ in 0..if handler { 1 + rng.below(3) } else { 1 } {
            let (blk, what) = if g.v.is_some() && rng.below(2) == 0 {
                g.vfault()
            } else {
                g.fault()
            };
            let at = rng.index(c.blocks.len() + 1);
            c.blocks.insert(at, blk);
            c.faults.push(what);
        }
    }
    c.handler = handler;
    c.epilogue = g.epilogue();
}
