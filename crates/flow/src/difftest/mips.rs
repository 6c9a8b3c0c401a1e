//! Random self-checking MIPS32 programs: delay slots (filled), branch-likely (annulled
//! slots), link branches, jumps, loops, lwl/lwr/swl/swr, ll/sc pairs, mult/div/madd/msub
//! and HI/LO moves, movn/movz, clz/clo, edge values and hazards, the ISA's extension
//! instructions, and faults (address errors, traps, break, overflow, bad syscalls,
//! reserved instructions, runaway loops).

use super::program::{Block, Case, Rng, DATA, OUT, REGS, SCRATCH};
use asip_sim::isa::TimingClass;
use asip_sim::spec::{Kind, Slot};
use asip_sim::OpInfo;

/// $s0: the data segment's base.
const BASE: u32 = 16;
/// $s1: loop counter.
const CNT: u32 = 17;
/// Registers the body writes and the epilogue dumps ($sp, $s0, $s1 excluded).
const POOL: [u32; 28] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
    30, 31,
];

fn rt(rs: u32, rt: u32, rd: u32, sa: u32, f: u32) -> u32 {
    rs << 21 | rt << 16 | rd << 11 | sa << 6 | f
}
fn it(op: u32, rs: u32, rt: u32, imm: i32) -> u32 {
    op << 26 | rs << 21 | rt << 16 | (imm as u32 & 0xffff)
}
fn sp2(rs: u32, rt: u32, rd: u32, f: u32) -> u32 {
    0x1c << 26 | rs << 21 | rt << 16 | rd << 11 | f
}
fn addiu(t: u32, s: u32, imm: i32) -> u32 {
    it(9, s, t, imm)
}
fn li(t: u32, v: u32) -> Vec<u32> {
    if v >> 16 == 0 {
        vec![it(0x0d, 0, t, v as i32)]
    } else if v & 0xffff == 0 {
        vec![it(0x0f, 0, t, (v >> 16) as i32)]
    } else {
        vec![
            it(0x0f, 0, t, (v >> 16) as i32),
            it(0x0d, t, t, (v & 0xffff) as i32),
        ]
    }
}
const NOP: u32 = 0;
const SYSCALL: u32 = 0xc;

pub struct Gen {
    rng: Rng,
    ext: Vec<&'static OpInfo>,
    recent: Vec<u32>,
    /// Stay within what qemu and the simulator define alike (no division by zero or
    /// MIN / -1: UNPREDICTABLE in MIPS32).
    std: bool,
}

impl Gen {
    fn dst(&mut self) -> u32 {
        let d = POOL[self.rng.index(POOL.len())];
        self.recent.insert(0, d);
        self.recent.truncate(3);
        d
    }
    fn src(&mut self) -> u32 {
        match self.rng.below(10) {
            0..=4 if !self.recent.is_empty() => self.recent[self.rng.index(self.recent.len())],
            5 => 0,
            _ => POOL[self.rng.index(POOL.len())],
        }
    }
    fn edge(&mut self) -> u32 {
        const E: [u32; 14] = [
            0,
            1,
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
            0xffff_8000,
            0x5555_5555,
        ];
        if self.rng.below(3) == 0 {
            self.rng.u32()
        } else {
            E[self.rng.index(E.len())]
        }
    }
    fn imm16(&mut self) -> i32 {
        match self.rng.below(6) {
            0 => 0,
            1 => -1,
            2 => 0x7fff,
            3 => -0x8000,
            _ => self.rng.u32() as i32 >> 16,
        }
    }

    /// One ALU / shift / HI-LO / count instruction (a single word: fits a delay slot).
    fn alu(&mut self) -> u32 {
        match self.rng.below(8) {
            0 | 1 => {
                const F: [u32; 13] = [
                    0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2a, 0x2b, 0x04, 0x06, 0x07, 0x0a, 0x0b,
                ];
                let f = F[self.rng.index(F.len())];
                let (a, b) = (self.src(), self.src());
                rt(a, b, self.dst(), 0, f)
            }
            2 => {
                let op = [9, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e][self.rng.index(6)];
                let a = self.src();
                let imm = self.imm16();
                it(op, a, self.dst(), imm)
            }
            3 => {
                let f = [0, 2, 3][self.rng.index(3)];
                let a = self.src();
                let sa = self.rng.below(32) as u32;
                rt(0, a, self.dst(), sa, f)
            }
            4 => {
                // mult/multu/madd/maddu/msub/msubu, mthi/mtlo
                let (a, b) = (self.src(), self.src());
                match self.rng.below(8) {
                    0 => rt(a, b, 0, 0, 0x18),
                    1 => rt(a, b, 0, 0, 0x19),
                    2 => sp2(a, b, 0, 0),
                    3 => sp2(a, b, 0, 1),
                    4 => sp2(a, b, 0, 4),
                    5 => sp2(a, b, 0, 5),
                    6 => rt(a, 0, 0, 0, 0x11),
                    _ => rt(a, 0, 0, 0, 0x13),
                }
            }
            5 => {
                // mfhi / mflo / mul
                match self.rng.below(3) {
                    0 => rt(0, 0, self.dst(), 0, 0x10),
                    1 => rt(0, 0, self.dst(), 0, 0x12),
                    _ => {
                        let (a, b) = (self.src(), self.src());
                        sp2(a, b, self.dst(), 2)
                    }
                }
            }
            6 => {
                // clz / clo (rt = rd)
                let a = self.src();
                let d = self.dst();
                sp2(a, d, d, 0x20 + self.rng.below(2) as u32)
            }
            _ => {
                let d = self.dst();
                it(0x0f, 0, d, self.rng.below(0x10000) as i32)
            }
        }
    }

    /// div/divu (a safe divisor with `std`).
    fn div(&mut self, w: &mut Vec<u32>) {
        let a = self.src();
        let mut b = self.src();
        if self.std {
            let t = self.dst();
            w.push(it(0x0c, b, t, 0x7fff));
            w.push(it(0x0d, t, t, 1));
            b = t;
        }
        w.push(rt(a, b, 0, 0, 0x1a + self.rng.below(2) as u32));
    }

    fn mem(&mut self, w: &mut Vec<u32>) {
        // (opcode, size, load, unaligned-capable)
        const M: [(u32, u32, bool); 12] = [
            (0x20, 1, true),
            (0x21, 2, true),
            (0x23, 4, true),
            (0x24, 1, true),
            (0x25, 2, true),
            (0x22, 1, true),
            (0x26, 1, true),
            (0x28, 1, false),
            (0x29, 2, false),
            (0x2b, 4, false),
            (0x2a, 1, false),
            (0x2e, 1, false),
        ];
        let (op, size, load) = M[self.rng.index(M.len())];
        let (base, off) = if self.rng.below(3) == 0 {
            let x = self.src();
            let t = self.dst();
            w.push(it(0x0c, x, t, ((SCRATCH - 4) & !(size - 1)) as i32));
            w.push(rt(t, BASE, t, 0, 0x21));
            (t, 0)
        } else {
            (
                BASE,
                (self.rng.below(((SCRATCH - 4) / size) as u64) as u32 * size) as i32,
            )
        };
        let r = if load { self.dst() } else { self.src() };
        w.push(it(op, base, r, off));
    }

    fn ext_op(&mut self) -> Option<u32> {
        if self.ext.is_empty() {
            return None;
        }
        let op = self.ext[self.rng.index(self.ext.len())];
        let enc = op.enc?;
        let memory = matches!(op.timing, TimingClass::Load | TimingClass::Store);
        let mut args = Vec::new();
        for o in enc.operands {
            let v: i64 = match (o.kind, o.slot) {
                (Kind::Gpr, Slot::Rs1) if memory => BASE as i64,
                (Kind::Imm, _) if memory => 4 * self.rng.below(16) as i64,
                (Kind::Gpr, Slot::Rd) => self.dst() as i64,
                (Kind::Gpr, _) => self.src() as i64,
                (Kind::Gpr8, _) => 8 + self.rng.below(8) as i64,
                (Kind::Gpr8OrZero, _) => 0,
                (Kind::Below(n), _) => self.rng.below(n as u64) as i64,
                (Kind::Vreg, _) => self.rng.below(32) as i64,
                (Kind::Imm, _) => self.rng.below(32) as i64,
            };
            args.push(v);
        }
        enc.encode(&args).ok()
    }

    fn simple(&mut self, w: &mut Vec<u32>) {
        match self.rng.below(10) {
            0..=5 => w.push(self.alu()),
            6..=7 => self.mem(w),
            8 => self.div(w),
            _ => match self.ext_op() {
                Some(x) => w.push(x),
                None => w.push(self.alu()),
            },
        }
    }

    fn block(&mut self) -> Block {
        let mut w = Vec::new();
        let mut abs = vec![];
        match self.rng.below(23) {
            0..=5 => w.push(self.alu()),
            6..=8 => self.mem(&mut w),
            9 => self.div(&mut w),
            10 => {
                let d = self.dst();
                let v = self.edge();
                w.extend(li(d, v));
            }
            11..=13 => {
                // a forward branch with a filled slot over 0..3 single-word instructions
                let k = self.rng.below(4) as i32;
                let (mut a, b) = (self.src(), self.src());
                if a == 31 {
                    a = 0; // bltzal/bgezal with rs = $ra is UNPREDICTABLE
                }
                let off = 1 + k;
                let br = match self.rng.below(16) {
                    0 => it(4, a, b, off),
                    1 => it(5, a, b, off),
                    2 => it(6, a, 0, off),
                    3 => it(7, a, 0, off),
                    4 => it(0x14, a, b, off),
                    5 => it(0x15, a, b, off),
                    6 => it(0x16, a, 0, off),
                    7 => it(0x17, a, 0, off),
                    n => it(
                        1,
                        a,
                        [0, 1, 2, 3, 0x10, 0x11, 0x12, 0x13][n as usize - 8],
                        off,
                    ),
                };
                w.push(br);
                w.push(self.alu());
                for _ in 0..k {
                    w.push(self.alu());
                }
            }
            14 => {
                // j / jal over one instruction (slot filled)
                let link = self.rng.below(2) as u32;
                w.extend([(2 + link) << 26, self.alu(), self.alu()]);
                abs.push((0, 3));
            }
            15 => {
                // bal to get the pc; jr / jalr over one instruction
                let t = self.dst();
                let d = self.dst();
                let jump = if self.rng.below(2) == 0 || d == t {
                    rt(t, 0, 0, 0, 8)
                } else {
                    rt(t, 0, d, 0, 9)
                };
                w.extend([
                    it(1, 0, 0x11, 1),
                    NOP,
                    addiu(t, 31, 16),
                    jump,
                    self.alu(),
                    self.alu(),
                ]);
            }
            16..=17 => {
                // a loop of 1..4 iterations; the bne's slot runs every time
                let n = 1 + self.rng.below(4) as i32;
                w.push(addiu(CNT, 0, n));
                let start = w.len();
                for _ in 0..1 + self.rng.below(5) {
                    self.simple(&mut w);
                }
                w.push(addiu(CNT, CNT, -1));
                let slot = w.len() as i32 + 1;
                w.push(it(5, CNT, 0, start as i32 - slot));
                w.push(self.alu());
            }
            18 => {
                // ll / sc pair on one word (sc succeeds: nothing stores in between)
                let off = 4 * self.rng.below((SCRATCH / 4 - 1) as u64) as i32;
                let a = self.dst();
                let v = self.src();
                let x = self.alu();
                w.extend([it(0x30, BASE, a, off), x, it(0x38, BASE, v, off)]);
                self.recent.insert(0, v);
            }
            19 => {
                let x = self.rng.below(2) as u32;
                w.push(if x == 0 { 0xf } else { it(0x33, BASE, 0, 0) }); // sync / pref
            }
            20 => {
                // add / sub / addi that cannot overflow (an operand is zero), and traps whose
                // condition is false ($zero against itself)
                let a = self.src();
                w.push(match self.rng.below(5) {
                    0 => {
                        let imm = self.imm16();
                        it(8, 0, self.dst(), imm)
                    }
                    1 => rt(a, 0, self.dst(), 0, 0x20),
                    2 => rt(a, 0, self.dst(), 0, 0x22),
                    // (s0 holds the data segment's address, > 0)
                    3 => match self.rng.below(6) {
                        0 => rt(0, BASE, 0, 0, 0x30), // tge 0, s0
                        1 => rt(0, BASE, 0, 0, 0x31), // tgeu 0, s0
                        2 => rt(BASE, 0, 0, 0, 0x32), // tlt s0, 0
                        3 => rt(BASE, 0, 0, 0, 0x33), // tltu s0, 0
                        4 => rt(0, BASE, 0, 0, 0x34), // teq 0, s0
                        _ => rt(0, 0, 0, 0, 0x36),    // tne 0, 0
                    },
                    _ => match self.rng.below(6) {
                        0 => it(1, 0, 8, 1),       // tgei 0, 1
                        1 => it(1, 0, 9, 1),       // tgeiu 0, 1
                        2 => it(1, BASE, 0x0a, 1), // tlti s0, 1
                        3 => it(1, BASE, 0x0b, 1), // tltiu s0, 1
                        4 => it(1, 0, 0x0c, 1),    // teqi 0, 1
                        _ => it(1, 0, 0x0e, 0),    // tnei 0, 0
                    },
                });
            }
            _ => match self.ext_op() {
                Some(x) => w.push(x),
                None => w.push(self.alu()),
            },
        }
        Block { words: w, abs }
    }

    fn fault(&mut self) -> (Block, &'static str) {
        let d = self.dst();
        let (w, what) = match self.rng.below(13) {
            0 => (
                vec![it(
                    [0x21, 0x23][self.rng.index(2)],
                    BASE,
                    d,
                    1 + 2 * self.rng.below(2) as i32,
                )],
                "misaligned load",
            ),
            1 => (vec![it(0x2b, BASE, d, 2)], "misaligned store"),
            2 => (
                vec![it(0x23, 0, d, 4 * self.rng.below(64) as i32)],
                "load from 0",
            ),
            3 => (
                vec![it(1, 0, 0x11, 1), NOP, it(0x2b, 31, 0, 0)],
                "store into the text",
            ),
            4 => (vec![0xd], "break"),
            5 => (vec![addiu(2, 0, 999), SYSCALL], "unknown system call"),
            6 => (vec![rt(0, 0, 0, 0, 0x34)], "teq trap"),
            7 => {
                let mut v = li(d, 0x7fff_ffff);
                v.push(rt(d, d, d, 0, 0x20));
                (v, "add overflow")
            }
            8 => (vec![0xffff_ffff], "reserved instruction"),
            9 => {
                // a trap on random registers (it may or may not trap)
                let (a, b) = (self.src(), self.src());
                let f = [0x30, 0x31, 0x32, 0x33, 0x34, 0x36][self.rng.index(6)];
                (vec![rt(a, b, 0, 0, f)], "conditional trap")
            }
            10 => {
                let a = self.src();
                let imm = self.imm16();
                let t = [8, 9, 0x0a, 0x0b, 0x0c, 0x0e][self.rng.index(6)];
                (vec![it(1, a, t, imm)], "conditional trap")
            }
            11 => {
                // add / sub / addi on random values (overflow traps)
                let (a, b) = (self.src(), self.src());
                let imm = self.imm16();
                (
                    vec![match self.rng.below(3) {
                        0 => rt(a, b, d, 0, 0x20),
                        1 => rt(a, b, d, 0, 0x22),
                        _ => it(8, a, d, imm),
                    }],
                    "signed arithmetic (overflow)",
                )
            }
            _ => (vec![it(4, 0, 0, -1), NOP], "runaway loop"),
        };
        (Block::new(w), what)
    }

    fn epilogue() -> Vec<u32> {
        let mut w = vec![];
        for (k, &r) in POOL.iter().enumerate() {
            w.push(it(0x2b, BASE, r, (REGS - DATA) as i32 + 4 * k as i32));
        }
        let hl = (REGS - DATA) as i32 + 4 * POOL.len() as i32;
        w.extend([
            rt(0, 0, 8, 0, 0x10),
            it(0x2b, BASE, 8, hl),
            rt(0, 0, 8, 0, 0x12),
            it(0x2b, BASE, 8, hl + 4),
        ]);
        let out = (OUT - DATA) as i32;
        w.extend([addiu(4, BASE, 0), addiu(5, BASE, out), addiu(6, BASE, out)]);
        w.extend([
            it(0x24, 4, 8, 0),
            rt(0, 8, 9, 4, 2),
            addiu(9, 9, 97),
            it(0x28, 5, 9, 0),
            it(0x0c, 8, 8, 15),
            addiu(8, 8, 97),
            it(0x28, 5, 8, 1),
            addiu(4, 4, 1),
            it(5, 4, 6, -9),
            addiu(5, 5, 2),
        ]);
        w.extend(li(2, 4004));
        w.extend([addiu(4, 0, 1), addiu(5, BASE, out)]);
        w.extend(li(6, 2 * (OUT - DATA)));
        w.push(SYSCALL);
        w.push(addiu(4, 0, 0));
        for k in 0..POOL.len() + 2 {
            w.push(it(0x23, BASE, 8, (REGS - DATA) as i32 + 4 * k as i32));
            w.push(rt(4, 8, 4, 0, 0x21));
        }
        w.push(it(0x0c, 4, 4, 0x7f));
        w.extend(li(2, 4001));
        w.push(SYSCALL);
        w
    }
}

pub fn case(c: &mut Case, ext: Vec<&'static OpInfo>, n: usize, std: bool) {
    let mut rng = Rng::new(c.seed ^ 0x3131);
    let mut g = Gen {
        rng: Rng::new(c.seed),
        ext,
        recent: vec![],
        std,
    };
    c.prologue = li(BASE, DATA);
    for &r in &POOL {
        let v = g.edge();
        c.prologue.extend(li(r, v));
    }
    // HI/LO start as edge values too
    c.prologue
        .extend([rt(1, 0, 0, 0, 0x11), rt(2, 0, 0, 0, 0x13)]);
    for _ in 0..n {
        let b = g.block();
        c.blocks.push(b);
    }
    if rng.below(3) == 0 {
        let (b, what) = g.fault();
        let at = rng.index(c.blocks.len() + 1);
        c.blocks.insert(at, b);
        c.faults.push(what);
    }
    c.epilogue = Gen::epilogue();
}
