//! A generated program: its blocks, how it is laid out, the PRNG that draws it (shared by
//! the generators and the runner).

use crate::design::Arch;
use asip_sim::{Base, Program, Segment, SymbolTable};

/// Where the text is loaded.
pub const TEXT: u32 = 0x1_0000;
/// The data segment (RW-): the scratch area the body loads from and stores to, the
/// register dump, the output buffer.
pub const DATA: u32 = 0x2_0000;
/// Bytes of the scratch area at [`DATA`].
pub const SCRATCH: u32 = 0x100;
/// The register dump (32 words).
pub const REGS: u32 = DATA + 0x100;
/// The output buffer: every byte of [`DATA`]..[`OUT`] as two letters.
pub const OUT: u32 = DATA + 0x180;
/// The data segment's size.
pub const DATA_BYTES: u32 = OUT - DATA + 2 * (OUT - DATA);
/// Vector flavours: the vector register dump (32 x 16 bytes) at [`OUT`], the output
/// buffer after it (every byte of [`DATA`]..[`VOUT`] as two letters).
pub const VREGS: u32 = OUT;
/// The output buffer of a vector flavour's program.
pub const VOUT: u32 = VREGS + 32 * 16;
/// Cycle limit of a program (a runaway one draws its own, lower).
pub const MAX_CYCLES: u64 = 200_000;

/// Tiny deterministic PRNG (splitmix64): the same seed gives the same program everywhere.
pub struct Rng(u64);
impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn u32(&mut self) -> u32 {
        (self.u64() >> 32) as u32
    }
    /// 0..n (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.u64() % n
    }
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }
}

/// A self-contained piece of the body: its words, and the MIPS `j`/`jal` among them whose
/// region-absolute target is fixed when the program is laid out ((word, target word),
/// both indices into `words`).
#[derive(Clone, Debug)]
pub struct Block {
    pub words: Vec<u32>,
    pub abs: Vec<(usize, usize)>,
}

impl Block {
    pub fn new(words: Vec<u32>) -> Block {
        Block { words, abs: vec![] }
    }
}

/// One generated program.
#[derive(Clone)]
pub struct Case {
    pub flavour: &'static str,
    pub seed: u64,
    pub arch: Arch,
    pub prologue: Vec<u32>,
    pub blocks: Vec<Block>,
    pub epilogue: Vec<u32>,
    /// What the fault blocks are (empty: the program runs to its exit).
    pub faults: Vec<&'static str>,
    /// A trap handler is installed (RV32).
    pub handler: bool,
    /// The epilogue dumps the vector registers too (at [`VREGS`]; output buffer at [`VOUT`]).
    pub vregs: bool,
    pub max_cycles: u64,
    pub data: Vec<u8>,
}

impl Case {
    /// The text words as laid out at [`TEXT`].
    pub fn words(&self) -> Vec<u32> {
        let mut w = self.prologue.clone();
        for b in &self.blocks {
            let at = w.len();
            w.extend(&b.words);
            for &(k, t) in &b.abs {
                let target = TEXT + 4 * (at + t) as u32;
                w[at + k] = (w[at + k] & 0xfc00_0000) | ((target >> 2) & 0x03ff_ffff);
            }
        }
        w.extend(&self.epilogue);
        w
    }

    /// The program: text (R-X) at [`TEXT`], data (RW-) at [`DATA`].
    pub fn program(&self) -> Program {
        let text: Vec<u8> = self.words().iter().flat_map(|w| w.to_le_bytes()).collect();
        assert!(
            TEXT as usize + text.len() <= DATA as usize,
            "program too long"
        );
        Program {
            machine: if self.arch == Arch::Mips32 {
                Base::Mips32
            } else {
                Base::Rv32
            },
            entry: TEXT,
            flags: 0,
            segments: vec![
                Segment {
                    vaddr: TEXT,
                    memsz: text.len() as u32,
                    data: text,
                    exec: true,
                    write: false,
                    no_flags: false,
                },
                Segment {
                    vaddr: DATA,
                    memsz: 3 * (self.out() - DATA),
                    data: self.data.clone(),
                    exec: false,
                    write: true,
                    no_flags: false,
                },
            ],
            symbols: SymbolTable::default(),
        }
    }

    /// The output buffer: every byte of [`DATA`] up to it is written out as two letters.
    pub fn out(&self) -> u32 {
        if self.vregs {
            VOUT
        } else {
            OUT
        }
    }

    /// Whether qemu can run it as the other engines do (no fault, no M-mode handler).
    pub fn clean(&self) -> bool {
        self.faults.is_empty() && !self.handler
    }
}
