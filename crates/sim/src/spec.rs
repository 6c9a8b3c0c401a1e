//! Instruction encodings declared as data: the one source of an extension's encodings.
//!
//! An extension declares each instruction once, as an [`OpInfo`] (name, semantics,
//! disassembly format, profiling and timing class) whose `enc` holds an [`Encoding`]: the
//! fixed fields (opcode, funct fields, fields that must be zero) and the operands (which
//! bits, how they read, where the decoded operand goes). From that table come the
//! decoder ([`decode`]), the encoder the tests use ([`encode`]), and, through
//! `asip-extensions`' generator, the C header block, the README encoding table and the
//! Verilog decode block (`isa/README.md`).

use crate::insn::{Base, DecodedInsn, OpInfo, VREG_TIMING};
pub use crate::insn::{Encoding, Fixed, Fixup, Kind, Operand, Slot};

impl Fixed {
    /// A field `width` bits wide at bit `lo` that must hold `value`.
    pub const fn new(name: &'static str, lo: u8, width: u8, value: u32) -> Fixed {
        Fixed {
            name,
            lo,
            width,
            value,
        }
    }
}

impl Operand {
    /// An operand from its segments.
    pub const fn new(
        name: &'static str,
        segs: &'static [(u8, u8, u8)],
        signed: bool,
        kind: Kind,
        slot: Slot,
    ) -> Operand {
        Operand {
            name,
            segs,
            signed,
            kind,
            slot,
        }
    }

    /// A register number in a 5-bit field at bit `lo` (RISC-V rd/rs1/rs2 at 7/15/20,
    /// MIPS rd/rt/rs at 11/16/21).
    pub const fn reg(name: &'static str, lo: u8, kind: Kind, slot: Slot) -> Operand {
        let segs: &'static [(u8, u8, u8)] = match lo {
            7 => &[(7, 5, 0)],
            11 => &[(11, 5, 0)],
            15 => &[(15, 5, 0)],
            16 => &[(16, 5, 0)],
            20 => &[(20, 5, 0)],
            21 => &[(21, 5, 0)],
            _ => panic!("Operand::reg: no register field at this bit"),
        };
        Operand::new(name, segs, false, kind, slot)
    }

    /// Width of the value in bits.
    pub fn value_width(&self) -> u32 {
        self.segs
            .iter()
            .map(|&(_, w, v)| (v + w) as u32)
            .max()
            .unwrap_or(0)
    }

    /// Lowest value bit that is encoded (branch offsets drop bit 0).
    fn value_lo(&self) -> u32 {
        self.segs
            .iter()
            .map(|&(_, _, v)| v as u32)
            .min()
            .unwrap_or(0)
    }

    /// The raw value from a word (sign-extended if signed).
    pub fn extract(&self, w: u32) -> i64 {
        let mut v: u64 = 0;
        for &(lo, width, vlo) in self.segs {
            v |= (((w >> lo) as u64) & ((1u64 << width) - 1)) << vlo;
        }
        let n = self.value_width();
        if self.signed && n > 0 && (v >> (n - 1)) & 1 == 1 {
            (v as i64) - (1i64 << n)
        } else {
            v as i64
        }
    }

    /// The operand's bits for a raw field value (no range check).
    fn place(&self, v: i64) -> u32 {
        let mut w = 0u32;
        for &(lo, width, vlo) in self.segs {
            w |= (((v >> vlo) as u32) & ((1u32 << width) - 1)) << lo;
        }
        w
    }

    /// Word bits the operand occupies.
    pub fn mask(&self) -> u32 {
        self.segs
            .iter()
            .fold(0, |m, &(lo, w, _)| m | (((1u64 << w) - 1) as u32) << lo)
    }

    /// The decoded operand value for a raw field value, or `None` if the value does not
    /// decode.
    fn decoded(&self, raw: i64) -> Option<i64> {
        match self.kind {
            Kind::Gpr | Kind::Imm => Some(raw),
            Kind::Gpr8 => Some(8 + raw),
            Kind::Gpr8OrZero => Some(if raw == 0 { 0 } else { 8 + raw }),
            Kind::Below(n) => (raw < n as i64).then_some(raw),
            Kind::Vreg => Some(VREG_TIMING as i64 + raw),
        }
    }

    /// The raw field value for an operand as the encoder takes it (a register number for
    /// GPR kinds), or an error naming the problem.
    fn raw_of(&self, v: i64) -> Result<i64, String> {
        let n = self.value_width();
        let lo = self.value_lo();
        let raw = match self.kind {
            Kind::Gpr8 if (8..=15).contains(&v) => v - 8,
            Kind::Gpr8 => return Err(format!("{}: x{v} is not one of x8..x15", self.name)),
            Kind::Gpr8OrZero if v == 0 || (9..=15).contains(&v) => v & 7,
            Kind::Gpr8OrZero => {
                return Err(format!("{}: x{v} is not x0 or one of x9..x15", self.name))
            }
            Kind::Below(b) if !(0..b as i64).contains(&v) => {
                return Err(format!("{}: {v} is not below {b}", self.name))
            }
            _ => v,
        };
        let (min, max) = if self.signed {
            (-(1i64 << (n - 1)), (1i64 << (n - 1)) - 1)
        } else {
            (0, (1i64 << n) - 1)
        };
        if raw < min || raw > max || raw & ((1i64 << lo) - 1) != 0 {
            return Err(format!(
                "{}: {v} does not fit {}{n} bits{}",
                self.name,
                if self.signed { "signed " } else { "" },
                if lo > 0 {
                    format!(" (a multiple of {})", 1 << lo)
                } else {
                    String::new()
                }
            ));
        }
        Ok(raw)
    }
}

impl Encoding {
    /// An encoding without a fixup.
    pub const fn new(
        asm: &'static str,
        fixed: &'static [Fixed],
        operands: &'static [Operand],
        doc: &'static str,
    ) -> Encoding {
        Encoding {
            asm,
            fixed,
            operands,
            doc,
            fixup: None,
        }
    }

    /// `(mask, match)`: a word can be this instruction only if `w & mask == match`.
    pub fn mask_match(&self) -> (u32, u32) {
        self.fixed.iter().fold((0, 0), |(m, v), f| {
            let fm = (((1u64 << f.width) - 1) as u32) << f.lo;
            (m | fm, v | ((f.value << f.lo) & fm))
        })
    }

    /// Decode `w` as this instruction of `op`.
    pub fn decode(&self, op: &'static OpInfo, w: u32) -> Option<DecodedInsn> {
        let (m, v) = self.mask_match();
        if w & m != v {
            return None;
        }
        let (mut rd, mut rs1, mut rs2, mut imm, mut aux) = (0u32, 0u32, 0u32, 0i32, 0u32);
        for o in self.operands {
            let x = o.decoded(o.extract(w))?;
            match o.slot {
                Slot::Rd => rd = x as u32,
                Slot::Rs1 => rs1 = x as u32,
                Slot::Rs2 => rs2 = x as u32,
                Slot::Imm => imm = x as i32,
                Slot::Aux(sh) => aux |= (x as u32) << sh,
            }
        }
        // register slots keep the scoreboard's vector registers (32..63, Kind::Vreg)
        let d = DecodedInsn::with_slots(op, w, rd, rs1, rs2, imm).with_aux(aux);
        Some(match self.fixup {
            Some(f) => f(d),
            None => d,
        })
    }

    /// Encode with the operands in assembly order.
    pub fn encode(&self, args: &[i64]) -> Result<u32, String> {
        if args.len() != self.operands.len() {
            return Err(format!(
                "`{}` takes {} operands, got {}",
                self.asm,
                self.operands.len(),
                args.len()
            ));
        }
        let (_, mut w) = self.mask_match();
        for (o, &a) in self.operands.iter().zip(args) {
            w |= o.place(o.raw_of(a)?);
        }
        Ok(w)
    }
}

/// An extension's declaration: its operations (each with its encoding) and where its
/// generated files are.
pub struct ExtSpec {
    /// Name in ISA strings (`xoasip`).
    pub name: &'static str,
    /// Base ISA.
    pub base: Base,
    /// The extension's folder (`env!("CARGO_MANIFEST_DIR")` of its crate).
    pub dir: &'static str,
    /// Prefix of generated C macros and Verilog names (`OASIP`).
    pub prefix: &'static str,
    /// The operations, each with `enc: Some(..)`, in unit-op-number order.
    pub ops: &'static [OpInfo],
    /// Columns of the README encoding table: `(title, lo, width)`, most significant first.
    pub columns: &'static [(&'static str, u8, u8)],
    /// Generate GNU-as macros named after the mnemonics (with operand range checks) in
    /// the C header's assembler part, instead of cpp macros `PREFIX_OP(...)`.
    pub asm_macros: bool,
    /// Files (relative to `dir`) holding generated blocks between `isa-gen:begin` /
    /// `isa-gen:end` markers: README, C header, Verilog.
    pub generated: &'static [&'static str],
}

impl ExtSpec {
    /// Decode one word: the first operation whose encoding accepts it.
    pub fn decode(&self, w: u32) -> Option<DecodedInsn> {
        decode(self.ops, w)
    }

    /// The value fixed field `field` of operation `op` must hold.
    pub fn fixed(&self, op: &str, field: &str) -> Option<u32> {
        let e = self.ops.iter().find(|o| o.name == op)?.enc?;
        e.fixed.iter().find(|f| f.name == field).map(|f| f.value)
    }

    /// Encode operation `name` with its operands in assembly order; panics with the
    /// reason if the name is unknown or an operand does not fit (for tests and tools).
    pub fn enc(&self, name: &str, args: &[i64]) -> u32 {
        encode(self.ops, name, args).unwrap_or_else(|e| panic!("{}: {e}", self.name))
    }
}

/// An operation with its encoding (the declaration of one instruction).
pub const fn op(
    name: &'static str,
    exec: crate::insn::ExecFn,
    format: crate::insn::Format,
    class: crate::insn::InstrClass,
    timing: crate::insn::TimingClass,
    enc: &'static Encoding,
) -> OpInfo {
    OpInfo {
        name,
        exec,
        format,
        class,
        timing,
        enc: Some(enc),
    }
}

/// Decode one word against a table of operations with encodings (the first that accepts
/// it wins; [`check`] makes sure at most one can).
pub fn decode(ops: &'static [OpInfo], w: u32) -> Option<DecodedInsn> {
    ops.iter()
        .find_map(|op| op.enc.and_then(|e| e.decode(op, w)))
}

/// Encode operation `name` of `ops` with its operands in assembly order.
pub fn encode(ops: &[OpInfo], name: &str, args: &[i64]) -> Result<u32, String> {
    let op = ops
        .iter()
        .find(|o| o.name == name)
        .ok_or_else(|| format!("no operation `{name}`"))?;
    let e = op
        .enc
        .ok_or_else(|| format!("`{name}` has no declared encoding"))?;
    e.encode(args).map_err(|m| format!("`{}`: {m}", e.asm))
}

/// Consistency of a declaration: every op has an encoding, the syntax names exactly the
/// declared operands, fixed fields and operands do not overlap, and no two encodings
/// can accept the same word. Returns every problem found.
pub fn check(spec: &ExtSpec) -> Vec<String> {
    let mut errs = Vec::new();
    let encs: Vec<(&str, &Encoding)> = spec
        .ops
        .iter()
        .filter_map(|o| match o.enc {
            Some(e) => Some((o.name, e)),
            None => {
                errs.push(format!("{}: `{}` has no encoding", spec.name, o.name));
                None
            }
        })
        .collect();
    for (name, e) in &encs {
        let mut words = e.asm.split([' ', ',', '(', ')']).filter(|s| !s.is_empty());
        if words.next() != Some(*name) {
            errs.push(format!("`{}`: syntax does not start with `{name}`", e.asm));
        }
        let names: Vec<&str> = words.collect();
        let declared: Vec<&str> = e.operands.iter().map(|o| o.name).collect();
        if names != declared {
            errs.push(format!(
                "`{}`: syntax operands {names:?}, declared {declared:?}",
                e.asm
            ));
        }
        let mut used = 0u32;
        for (what, m) in e
            .fixed
            .iter()
            .map(|f| (f.name, (((1u64 << f.width) - 1) as u32) << f.lo))
            .chain(e.operands.iter().map(|o| (o.name, o.mask())))
        {
            if used & m != 0 {
                errs.push(format!("`{}`: {what} overlaps another field", e.asm));
            }
            used |= m;
        }
    }
    for (i, (a, ea)) in encs.iter().enumerate() {
        for (b, eb) in &encs[i + 1..] {
            let ((ma, va), (mb, vb)) = (ea.mask_match(), eb.mask_match());
            if (va ^ vb) & ma & mb == 0 {
                errs.push(format!(
                    "{}: `{a}` and `{b}` can accept the same word",
                    spec.name
                ));
            }
        }
    }
    errs
}

/// Helpers for RISC-V layouts.
pub mod rv {
    use super::*;

    /// The major opcode, bits 6:0.
    pub const fn opcode(v: u32) -> Fixed {
        Fixed::new("opcode", 0, 7, v)
    }
    /// funct3, bits 14:12.
    pub const fn funct3(v: u32) -> Fixed {
        Fixed::new("funct3", 12, 3, v)
    }
    /// funct7, bits 31:25.
    pub const fn funct7(v: u32) -> Fixed {
        Fixed::new("funct7", 25, 7, v)
    }
    /// rd (bits 11:7) must be zero.
    pub const RD0: Fixed = Fixed::new("rd", 7, 5, 0);
    /// rs1 (bits 19:15) must be zero.
    pub const RS10: Fixed = Fixed::new("rs1", 15, 5, 0);
    /// rs2 (bits 24:20) must be zero.
    pub const RS20: Fixed = Fixed::new("rs2", 20, 5, 0);
    /// GPR `rd`.
    pub const RD: Operand = Operand::reg("rd", 7, Kind::Gpr, Slot::Rd);
    /// GPR `rs1`.
    pub const RS1: Operand = Operand::reg("rs1", 15, Kind::Gpr, Slot::Rs1);
    /// GPR `rs2`.
    pub const RS2: Operand = Operand::reg("rs2", 20, Kind::Gpr, Slot::Rs2);
    /// I-type immediate (bits 31:20, signed).
    pub const IMM_I: Operand = Operand::new("imm", &[(20, 12, 0)], true, Kind::Imm, Slot::Imm);
    /// B-type branch offset (imm\[12|10:5\] in 31:25, imm\[4:1|11\] in 11:7, signed).
    pub const fn imm_b(name: &'static str) -> Operand {
        let segs = &[(8, 4, 1), (25, 6, 5), (7, 1, 11), (31, 1, 12)];
        Operand::new(name, segs, true, Kind::Imm, Slot::Imm)
    }
    /// The R-type columns of a README encoding table: the decoder's fields.
    pub const COLUMNS: &[(&str, u8, u8)] = crate::fields::rv32::FIELDS;
}

/// Helpers for MIPS32 layouts.
pub mod mips {
    use super::*;

    /// The major opcode, bits 31:26.
    pub const fn opcode(v: u32) -> Fixed {
        Fixed::new("opcode", 26, 6, v)
    }
    /// The R-type function code, bits 5:0.
    pub const fn funct(v: u32) -> Fixed {
        Fixed::new("funct", 0, 6, v)
    }
    /// `sa` (bits 10:6) must be zero.
    pub const SA0: Fixed = Fixed::new("sa", 6, 5, 0);
    /// `rs` (bits 25:21) must be zero.
    pub const RS0: Fixed = Fixed::new("rs", 21, 5, 0);
    /// `rt` (bits 20:16) must be zero.
    pub const RT0: Fixed = Fixed::new("rt", 16, 5, 0);
    /// `rd` (bits 15:11) must be zero.
    pub const RD0: Fixed = Fixed::new("rd", 11, 5, 0);
    /// GPR in the `rs` field (bits 25:21).
    pub const fn rs(name: &'static str, slot: Slot) -> Operand {
        Operand::reg(name, 21, Kind::Gpr, slot)
    }
    /// GPR in the `rt` field (bits 20:16).
    pub const fn rt(name: &'static str, slot: Slot) -> Operand {
        Operand::reg(name, 16, Kind::Gpr, slot)
    }
    /// GPR in the `rd` field (bits 15:11).
    pub const fn rd(name: &'static str, slot: Slot) -> Operand {
        Operand::reg(name, 11, Kind::Gpr, slot)
    }
    /// The R-type columns of a README encoding table: the decoder's fields.
    pub const COLUMNS_R: &[(&str, u8, u8)] = crate::fields::mips::FIELDS;
    /// 16-bit signed offset (bits 15:0).
    pub const OFF16: Operand = Operand::new("off", &[(0, 16, 0)], true, Kind::Imm, Slot::Imm);
}

/// Encode an operation of a declaration, operands in assembly order, each cast to `i64`
/// (`enc!(isa_oasip::SPEC, "remv", rd, rs1, -7)`); panics on a bad operand.
#[macro_export]
macro_rules! enc {
    ($spec:expr, $name:expr $(, $a:expr)* $(,)?) => {
        $spec.enc($name, &[$($a as i64),*])
    };
}
