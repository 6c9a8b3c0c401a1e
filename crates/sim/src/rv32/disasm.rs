//! RV32 disassembly: the generic formatter of the standard formats ([`crate::disasm`]).

pub use crate::disasm::{format_insn, reg_name, REG_NAMES};
