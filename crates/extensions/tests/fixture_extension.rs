//! Adding an extension needs no central file: `xtiny`, declared only here (three ops in
//! custom-3), is registered at run time, runs a program on the simulator, and its C header
//! block is generated from the declaration (`tests/fixture/xtiny/include/xtiny.h`) and
//! used from C. The walk-through is `isa/README.md`.

use asip_extensions::gen;
use asip_sim::cpu::{Cpu, Trap};
use asip_sim::isa::{Base, DecodedInsn, Extension, Format, InstrClass, OpInfo, TimingClass};
use asip_sim::spec::{op, rv, Encoding, ExtSpec, Fixed};
use asip_sim::{enc, Machine, Program, RunOptions, TimingParams};
use std::sync::Arc;

fn exec_rot16(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = c.reg(d.rs1).rotate_left(16);
    c.set_reg(d.rd, v);
    Ok(())
}

fn exec_addsh(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = c.reg(d.rs1).wrapping_add(c.reg(d.rs2) << 1);
    c.set_reg(d.rd, v);
    Ok(())
}

fn exec_add3i(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = c.reg(d.rs1).wrapping_add((d.imm as u32).wrapping_mul(3));
    c.set_reg(d.rd, v);
    Ok(())
}

const OPC: Fixed = rv::opcode(0x7b);

static OPS: &[OpInfo] = &[
    op(
        "rot16",
        exec_rot16,
        Format::Unary,
        InstrClass::Custom,
        TimingClass::Custom,
        &Encoding::new(
            "rot16 rd, rs1",
            &[OPC, rv::funct3(0), rv::funct7(0), rv::RS20],
            &[rv::RD, rv::RS1],
            "`x[rd] = rotl32(x[rs1], 16)`",
        ),
    ),
    op(
        "addsh",
        exec_addsh,
        Format::R,
        InstrClass::Custom,
        TimingClass::Custom,
        &Encoding::new(
            "addsh rd, rs1, rs2",
            &[OPC, rv::funct3(0), rv::funct7(1)],
            &[rv::RD, rv::RS1, rv::RS2],
            "`x[rd] = x[rs1] + (x[rs2] << 1)`",
        ),
    ),
    op(
        "add3i",
        exec_add3i,
        Format::I,
        InstrClass::Custom,
        TimingClass::Custom,
        &Encoding::new(
            "add3i rd, rs1, imm",
            &[OPC, rv::funct3(1)],
            &[rv::RD, rv::RS1, rv::IMM_I],
            "`x[rd] = x[rs1] + 3 * imm`",
        ),
    ),
];

static SPEC: ExtSpec = ExtSpec {
    name: "xtiny",
    base: Base::Rv32,
    dir: concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixture/xtiny"),
    prefix: "XTINY",
    ops: OPS,
    columns: rv::COLUMNS,
    asm_macros: false,
    generated: &["include/xtiny.h"],
};

struct Tiny;

impl Extension for Tiny {
    fn spec(&self) -> Option<&'static ExtSpec> {
        Some(&SPEC)
    }
}

/// The project's registry plus xtiny, registered here only.
fn isa(s: &str) -> asip_sim::Isa {
    let mut r = asip_extensions::registry();
    r.register(Arc::new(Tiny));
    r.parse_isa(s).expect("isa")
}

fn machine(prog: &Program, isa_str: &str) -> Machine {
    let opts = RunOptions {
        max_cycles: 100_000,
        ..RunOptions::default()
    };
    let timing = TimingParams::preset("zscale").expect("zscale");
    Machine::new(prog, isa(isa_str), timing, opts).expect("machine")
}

#[test]
fn declaration_is_consistent_and_decodes_only_its_words() {
    assert_eq!(asip_sim::spec::check(&SPEC), Vec::<String>::new());
    let isa = isa("rv32im_zbkb_xoasip_xdasip_xtiny");
    let words = [
        (enc!(SPEC, "rot16", 10, 11), "rot16 a0, a1"),
        (enc!(SPEC, "addsh", 12, 11, 13), "addsh a2, a1, a3"),
        (enc!(SPEC, "add3i", 14, 11, -2), "add3i a4, a1, -2"),
    ];
    for (w, text) in words {
        let who: Vec<&str> = isa.acceptors(w);
        assert_eq!(who, ["xtiny"], "{w:#010x}");
        assert_eq!(isa.disasm(w, 0x1_0000), text);
    }
    // a reserved field set: not an instruction
    assert!(SPEC
        .decode(enc!(SPEC, "rot16", 10, 11) | (1 << 20))
        .is_none());
}

#[test]
fn a_program_using_it_runs_on_the_simulator() {
    let words = [
        enc!(SPEC, "rot16", 10, 11),
        enc!(SPEC, "addsh", 12, 11, 13),
        enc!(SPEC, "add3i", 14, 11, -2),
        0x05d0_0893, // addi a7, zero, 93
        0x0000_0073, // ecall (exit with a0)
    ];
    let mut m = machine(&Program::from_words(0x1_0000, &words, 4096), "rv32im_xtiny");
    m.cpu_mut().x[11] = 0x1234_5678;
    m.cpu_mut().x[13] = 0x100;
    let r = m.run().expect("run");
    let x = m.cpu().x;
    assert_eq!(
        (x[10], x[12], x[14]),
        (0x5678_1234, 0x1234_5878, 0x1234_5672)
    );
    assert_eq!(r.exit.code() as u32, 0x5678_1234, "exit status = a0");
    assert_eq!(r.instret, 5);
}

#[test]
fn its_generated_header_is_current_and_works_from_c() {
    let files = gen::files(&SPEC).expect("fixture files");
    let (path, old, new) = &files[0];
    if old != new && std::env::var_os("ISA_GEN_WRITE").is_some() {
        std::fs::write(path, new).expect("write the fixture header");
    } else {
        assert_eq!(
            old,
            new,
            "{} is stale; regenerate it with `ISA_GEN_WRITE=1 cargo test -p asip-extensions \
             --test fixture_extension`",
            path.display()
        );
    }
    for line in [
        "#define XTINY_ROT16(rd, rs1) .insn r 0x7b, 0, 0, rd, rs1, x0",
        "#define XTINY_ADDSH_INSN(rd, rs1, rs2) \".insn r 0x7b, 0, 1, \" rd \", \" rs1 \", \" rs2",
        "#define XTINY_ADD3I(rd, rs1, imm) .insn i 0x7b, 1, rd, rs1, imm",
        "#define XTINY_ADD3I_MATCH 0x0000107b",
    ] {
        assert!(
            new.contains(line),
            "generated header lacks `{line}`:\n{new}"
        );
    }
    asip_testkit::run_c_checks(
        &std::path::Path::new(SPEC.dir).join("prog.c"),
        isa("rv32im_xtiny"),
    );
}
