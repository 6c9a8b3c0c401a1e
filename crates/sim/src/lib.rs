//! `asip-sim`: an instruction-set simulator for RV32I(M, Zbb, Zbkb, custom extensions)
//! and MIPS32 (little-endian, delay slots, custom extensions)
//! with an ELF loader, Linux-style syscalls, a data-driven timing model, a commit-log
//! trace and a profiler. See `crates/sim/README.md` for the architecture and how to add
//! an instruction-set extension.
//!
//! ```no_run
//! use asip_sim::{Isa, Machine, Program, RunOptions, TimingParams};
//! let bytes = std::fs::read("prog.elf").unwrap();
//! let prog = Program::load_elf(&bytes).unwrap();
//! let mut m = Machine::new(
//!     &prog,
//!     Isa::parse("rv32im_zbkb").unwrap(),
//!     TimingParams::preset("zscale").unwrap(),
//!     RunOptions::default(),
//! )
//! .unwrap();
//! let r = m.run().unwrap();
//! println!("{:?} in {} cycles", r.exit, r.cycles);
//! ```

#![deny(missing_docs)]

/// Declare `#[inline] pub fn $name(w: u32) -> u32` accessors of instruction-word fields,
/// each `$name = hi:lo, "what"` (bits hi down to lo, unsigned; documented as "what, bits
/// hi:lo."), and `FIELDS`, the fields in declaration order as (name, lowest bit, width).
macro_rules! bit_fields {
    ($($name:ident = $hi:literal : $lo:literal, $what:literal;)*) => {
        /// The fields in declaration order: (name, lowest bit, width).
        pub const FIELDS: &[(&str, u8, u8)] = &[$((stringify!($name), $lo, $hi - $lo + 1)),*];
        $(
            #[doc = concat!($what, ", bits ", $hi, ":", $lo, ".")]
            #[inline]
            pub fn $name(w: u32) -> u32 {
                (w >> $lo) & (u32::MAX >> (31 - $hi + $lo))
            }
        )*
    };
}

/// Declare an error type that is one message: `$name(pub String)`, displayed as `$prefix`
/// followed by the message.
macro_rules! message_error {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name(pub String);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }

        impl std::error::Error for $name {}
    };
}

pub mod bench;
pub mod cpu;
pub mod disasm;
pub mod elf;
pub mod event;
pub mod extension;
pub mod fields;
pub mod insn;
pub mod isa;
pub mod machine;
mod mem_ops;
pub mod mips;
pub mod profile;
pub mod rv32;
pub mod spec;
pub mod timing;

pub use bench::{bench_loop, BenchResult};
pub use cpu::{Cpu, FetchHook, Memory, Trap};
pub use elf::{ElfError, Program, Segment, Symbol, SymbolTable};
pub use isa::{
    builtin_extensions, Base, DecodedInsn, Extension, Format, InstrClass, Isa, IsaError, OpInfo,
    Registry, TimingClass,
};
pub use machine::{
    run_elf, tohost_message, trace_text, trace_vregs, ExitKind, Machine, RunOptions, RunResult,
    SharedBuf, SimError, TraceWrite,
};
pub use profile::{BlockStat, ClassStat, FuncStat, OpStat, PcStat, Profile};
pub use timing::{Misaligned, TimingError, TimingParams};
