//! Zbb (basic bit manipulation) and Zbkb (bit manipulation for cryptography), RV32,
//! declared through the same one-source [`crate::spec`] as the custom extensions: each
//! instruction's encoding, operands, semantics and timing class once; the decoder, the
//! encoders the tests use and the staleness checks come from the declaration. The
//! operations both extensions have (andn, orn, xnor, rol, ror, rori, rev8) share one
//! declaration each.

use crate::insn::{Base, Format, InstrClass, OpInfo, TimingClass};
use crate::spec::{op, rv, Encoding, Fixed, Kind, Operand, Slot};
use crate::{i_op, r_op};

r_op!(exec_andn, |a, b| a & !b);
r_op!(exec_orn, |a, b| a | !b);
r_op!(exec_xnor, |a, b| !(a ^ b));
r_op!(exec_rol, |a, b| a.rotate_left(b & 31));
r_op!(exec_ror, |a, b| a.rotate_right(b & 31));
i_op!(exec_rori, |a, i| a.rotate_right(i & 31));
i_op!(exec_rev8, |a, _i| a.swap_bytes());
i_op!(exec_clz, |a, _i| a.leading_zeros());
i_op!(exec_ctz, |a, _i| a.trailing_zeros());
i_op!(exec_cpop, |a, _i| a.count_ones());
i_op!(exec_sext_b, |a, _i| a as u8 as i8 as i32 as u32);
i_op!(exec_sext_h, |a, _i| a as u16 as i16 as i32 as u32);
i_op!(exec_zext_h, |a, _i| a & 0xffff);
i_op!(exec_orc_b, |a, _i| orc_b(a));
r_op!(exec_min, |a, b| (a as i32).min(b as i32) as u32);
r_op!(exec_minu, |a, b| a.min(b));
r_op!(exec_max, |a, b| (a as i32).max(b as i32) as u32);
r_op!(exec_maxu, |a, b| a.max(b));
r_op!(exec_pack, |a, b| (a & 0xffff) | (b << 16));
r_op!(exec_packh, |a, b| (a & 0xff) | ((b & 0xff) << 8));
i_op!(exec_brev8, |a, _i| brev8(a));
i_op!(exec_zip, |a, _i| zip(a));
i_op!(exec_unzip, |a, _i| unzip(a));

/// orc.b: each non-zero byte becomes 0xff.
pub fn orc_b(a: u32) -> u32 {
    let mut r = 0;
    for i in 0..4 {
        if (a >> (8 * i)) & 0xff != 0 {
            r |= 0xff << (8 * i);
        }
    }
    r
}

/// brev8: reverse the bits of each byte.
pub fn brev8(a: u32) -> u32 {
    u32::from_le_bytes(a.to_le_bytes().map(|b| b.reverse_bits()))
}

/// zip (RV32): interleave the low half (even bits) with the high half (odd bits).
pub fn zip(a: u32) -> u32 {
    let mut r = 0;
    for i in 0..16 {
        r |= ((a >> i) & 1) << (2 * i);
        r |= ((a >> (i + 16)) & 1) << (2 * i + 1);
    }
    r
}

/// unzip (RV32): even bits to the low half, odd bits to the high half.
pub fn unzip(a: u32) -> u32 {
    let mut r = 0;
    for i in 0..16 {
        r |= ((a >> (2 * i)) & 1) << i;
        r |= ((a >> (2 * i + 1)) & 1) << (i + 16);
    }
    r
}

const OP: Fixed = rv::opcode(0x33);
const OP_IMM: Fixed = rv::opcode(0x13);
/// The rs2 field holding a fixed value (the unary operations' sub-opcode).
const fn rs2_is(v: u32) -> Fixed {
    Fixed::new("rs2", 20, 5, v)
}
/// rori's shift amount, in the rs2 field.
const SHAMT: Operand = Operand::new("shamt", &[(20, 5, 0)], false, Kind::Imm, Slot::Imm);
const R3: &[Operand] = &[rv::RD, rv::RS1, rv::RS2];
const R2: &[Operand] = &[rv::RD, rv::RS1];

/// `name rd, rs1, rs2` on OP with funct3/funct7.
macro_rules! r_insn {
    ($name:literal, $exec:expr, $class:ident, $t:ident, $f3:expr, $f7:expr, $sem:literal) => {
        op(
            $name,
            $exec,
            Format::R,
            InstrClass::$class,
            TimingClass::$t,
            &Encoding::new(
                concat!($name, " rd, rs1, rs2"),
                &[OP, rv::funct3($f3), rv::funct7($f7)],
                R3,
                $sem,
            ),
        )
    };
}
/// `name rd, rs1` on `$opc` with funct3/funct7 and a fixed rs2 field.
macro_rules! unary_insn {
    ($name:literal, $exec:expr, $class:ident, $t:ident, $opc:expr, $f3:expr, $f7:expr, $rs2:expr, $sem:literal) => {
        op(
            $name,
            $exec,
            Format::Unary,
            InstrClass::$class,
            TimingClass::$t,
            &Encoding::new(
                concat!($name, " rd, rs1"),
                &[$opc, rv::funct3($f3), rv::funct7($f7), rs2_is($rs2)],
                R2,
                $sem,
            ),
        )
    };
}

const ANDN: OpInfo = r_insn!(
    "andn",
    exec_andn,
    Logic,
    Alu,
    7,
    0x20,
    "`x[rd] = x[rs1] & ~x[rs2]`"
);
const ORN: OpInfo = r_insn!(
    "orn",
    exec_orn,
    Logic,
    Alu,
    6,
    0x20,
    "`x[rd] = x[rs1] | ~x[rs2]`"
);
const XNOR: OpInfo = r_insn!(
    "xnor",
    exec_xnor,
    Logic,
    Alu,
    4,
    0x20,
    "`x[rd] = ~(x[rs1] ^ x[rs2])`"
);
const ROL: OpInfo = r_insn!(
    "rol",
    exec_rol,
    ShiftRotate,
    Shift,
    1,
    0x30,
    "`x[rd] = rotl32(x[rs1], x[rs2] & 31)`"
);
const ROR: OpInfo = r_insn!(
    "ror",
    exec_ror,
    ShiftRotate,
    Shift,
    5,
    0x30,
    "`x[rd] = rotr32(x[rs1], x[rs2] & 31)`"
);
const RORI: OpInfo = op(
    "rori",
    exec_rori,
    Format::I,
    InstrClass::ShiftRotate,
    TimingClass::Shift,
    &Encoding::new(
        "rori rd, rs1, shamt",
        &[OP_IMM, rv::funct3(5), rv::funct7(0x30)],
        &[rv::RD, rv::RS1, SHAMT],
        "`x[rd] = rotr32(x[rs1], shamt)`",
    ),
);
const REV8: OpInfo = unary_insn!(
    "rev8",
    exec_rev8,
    ShiftRotate,
    Shift,
    OP_IMM,
    5,
    0x34,
    0x18,
    "`x[rd] = bswap32(x[rs1])`"
);

/// Zbb's operations, each declared once.
#[rustfmt::skip]
pub static ZBB_OPS: &[OpInfo] = &[
    ANDN, ORN, XNOR, ROL, ROR, RORI, REV8,
    unary_insn!("clz", exec_clz, Logic, Alu, OP_IMM, 1, 0x30, 0, "`x[rd] = leading zeros of x[rs1]`"),
    unary_insn!("ctz", exec_ctz, Logic, Alu, OP_IMM, 1, 0x30, 1, "`x[rd] = trailing zeros of x[rs1]`"),
    unary_insn!("cpop", exec_cpop, Logic, Alu, OP_IMM, 1, 0x30, 2, "`x[rd] = ones in x[rs1]`"),
    unary_insn!("sext.b", exec_sext_b, Other, Alu, OP_IMM, 1, 0x30, 4, "`x[rd] = sext(x[rs1][7:0])`"),
    unary_insn!("sext.h", exec_sext_h, Other, Alu, OP_IMM, 1, 0x30, 5, "`x[rd] = sext(x[rs1][15:0])`"),
    unary_insn!("zext.h", exec_zext_h, Other, Alu, OP, 4, 0x04, 0, "`x[rd] = zext(x[rs1][15:0])`"),
    unary_insn!("orc.b", exec_orc_b, Logic, Alu, OP_IMM, 5, 0x14, 7, "each non-zero byte of `x[rs1]` becomes 0xff"),
    r_insn!("min", exec_min, CompareBranchJump, Alu, 4, 0x05, "`x[rd] = min(x[rs1], x[rs2])` (signed)"),
    r_insn!("minu", exec_minu, CompareBranchJump, Alu, 5, 0x05, "`x[rd] = min(x[rs1], x[rs2])` (unsigned)"),
    r_insn!("max", exec_max, CompareBranchJump, Alu, 6, 0x05, "`x[rd] = max(x[rs1], x[rs2])` (signed)"),
    r_insn!("maxu", exec_maxu, CompareBranchJump, Alu, 7, 0x05, "`x[rd] = max(x[rs1], x[rs2])` (unsigned)"),
];

/// Zbkb's operations, each declared once.
#[rustfmt::skip]
pub static ZBKB_OPS: &[OpInfo] = &[
    ANDN, ORN, XNOR, ROL, ROR, RORI, REV8,
    r_insn!("pack", exec_pack, Logic, Alu, 4, 0x04, "`x[rd] = x[rs2][15:0] : x[rs1][15:0]`"),
    r_insn!("packh", exec_packh, Logic, Alu, 7, 0x04, "`x[rd] = zext(x[rs2][7:0] : x[rs1][7:0])`"),
    unary_insn!("brev8", exec_brev8, ShiftRotate, Shift, OP_IMM, 5, 0x34, 0x07, "reverse the bits of each byte of `x[rs1]`"),
    unary_insn!("zip", exec_zip, ShiftRotate, Shift, OP_IMM, 1, 0x04, 0x0f, "interleave `x[rs1]`'s low half (even bits) and high half (odd bits)"),
    unary_insn!("unzip", exec_unzip, ShiftRotate, Shift, OP_IMM, 5, 0x04, 0x0f, "even bits of `x[rs1]` to the low half, odd bits to the high half"),
];

/// The files holding Zbb's and Zbkb's generated blocks (relative to this crate).
const GENERATED: &[&str] = &[
    "../../docs/bitmanip.md",
    "../../firmware/include/bitmanip.h",
];

/// Declare a bit-manipulation extension: its declaration `$spec` (its generated blocks,
/// keyed by its name, share files with the other bit-manipulation extension's) and the
/// extension type `$ty` (its doc line ends with `$description`).
macro_rules! bitmanip_extension {
    ($ty:ident, $spec:ident, $name:literal, $prefix:literal, $ops:ident, $description:literal) => {
        $crate::extension! {
            #[doc = concat!("The declaration of ", stringify!($ty), ".")]
            pub static $spec = {
                name: $name,
                base: Base::Rv32,
                prefix: $prefix,
                ops: $ops,
                columns: rv::COLUMNS,
                asm_macros: false,
                generated: GENERATED,
            }
            #[doc = concat!(stringify!($ty), " (`", $name, "`): ", $description, ".")]
            pub struct $ty {}
        }
    };
}

bitmanip_extension!(
    Zbb,
    ZBB_SPEC,
    "zbb",
    "ZBB",
    ZBB_OPS,
    "basic bit manipulation"
);
bitmanip_extension!(
    Zbkb,
    ZBKB_SPEC,
    "zbkb",
    "ZBKB",
    ZBKB_OPS,
    "bit manipulation for cryptography"
);
