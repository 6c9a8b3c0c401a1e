//! The extension ports of the RTL processors: the one declaration of every signal between
//! a core and its extension units. From it come the generated wrapper that connects a
//! design's units to its core (`asip_flow::rtl::ext_wrapper`) and every unit's port list,
//! a generated block (`isa-gen:begin port`) in the unit's Verilog, so a change to a port is
//! made here once (`cargo run -p asip-extensions --bin isa-gen`).

use asip_sim::Base;

/// How an extension-port signal is driven (`hw/cores/rv32/README.md`, "Extension port").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortDir {
    /// From the core to every unit.
    In,
    /// From the unit that claims the word in X (`claim_o`); the default otherwise.
    Claimed,
    /// From any unit, whether or not it claims the word in X: the first unit (in the
    /// design's list) that raises the port's valid signal (the first signal of its
    /// group) drives the group.
    Any,
}

/// One extension-port signal: name, width, direction and the value the wrapper drives
/// when no unit claims (outputs only).
pub struct PortSig {
    pub name: &'static str,
    pub width: u32,
    pub dir: PortDir,
    pub default: &'static str,
}

const fn sig(name: &'static str, width: u32, dir: PortDir, default: &'static str) -> PortSig {
    PortSig {
        name,
        width,
        dir,
        default,
    }
}

/// The RV32 extension port, in the order of `hw/cores/rv32/README.md`. Every unit has all
/// of these ports (a unit that does not use a hook ties its outputs to the defaults).
pub const RV32_PORT: &[PortSig] = &[
    sig("clk_i", 1, PortDir::In, ""),
    sig("rst_ni", 1, PortDir::In, ""),
    sig("valid_i", 1, PortDir::In, ""),
    sig("insn_i", 32, PortDir::In, ""),
    sig("d_insn_i", 32, PortDir::In, ""),
    sig("x_load_i", 1, PortDir::In, ""),
    sig("pc_i", 32, PortDir::In, ""),
    sig("rs1_i", 32, PortDir::In, ""),
    sig("rs2_i", 32, PortDir::In, ""),
    sig("fire_i", 1, PortDir::In, ""),
    sig("retire_i", 1, PortDir::In, ""),
    sig("retire_pc_i", 32, PortDir::In, ""),
    sig("retire_seq_i", 1, PortDir::In, ""),
    sig("fetch_pc_i", 32, PortDir::In, ""),
    sig("fetch_x_seq_i", 1, PortDir::In, ""),
    sig("mem_rdata_i", 32, PortDir::In, ""),
    sig("claim_o", 1, PortDir::Claimed, "1'b0"),
    sig("uses_rs1_o", 1, PortDir::Claimed, "1'b0"),
    sig("uses_rs2_o", 1, PortDir::Claimed, "1'b0"),
    sig("rs1_addr_o", 5, PortDir::Claimed, "insn_i[19:15]"),
    sig("rs2_addr_o", 5, PortDir::Claimed, "insn_i[24:20]"),
    sig("ready_o", 1, PortDir::Claimed, "1'b1"),
    sig("rd_we_o", 1, PortDir::Claimed, "1'b0"),
    sig("rd_wdata_o", 32, PortDir::Claimed, "32'd0"),
    sig("err_o", 1, PortDir::Claimed, "1'b0"),
    sig("redirect_o", 1, PortDir::Claimed, "1'b0"),
    sig("redirect_pc_o", 32, PortDir::Claimed, "32'd0"),
    sig("mem_req_o", 1, PortDir::Claimed, "1'b0"),
    sig("mem_we_o", 1, PortDir::Claimed, "1'b0"),
    sig("mem_addr_o", 32, PortDir::Claimed, "32'd0"),
    sig("mem_wdata_o", 32, PortDir::Claimed, "32'd0"),
    sig("mem_beat_o", 1, PortDir::Claimed, "1'b0"),
    sig("mem_be_o", 4, PortDir::Claimed, "4'b1111"),
    sig("fetch_redirect_o", 1, PortDir::Any, "1'b0"),
    sig("fetch_target_o", 32, PortDir::Any, "32'd0"),
];

/// The MIPS extension port, in the order of `hw/cores/mips/README.md`: operands `rs`/`rt`
/// and results in EX, the data access of a unit's load/store in MEM at `rs + simm16`, a
/// unit store's data in MEM (`m_wdata_*`, from whichever unit raises it), load data in WB.
pub const MIPS_PORT: &[PortSig] = &[
    sig("clk_i", 1, PortDir::In, ""),
    sig("rst_ni", 1, PortDir::In, ""),
    sig("valid_i", 1, PortDir::In, ""),
    sig("insn_i", 32, PortDir::In, ""),
    sig("d_insn_i", 32, PortDir::In, ""),
    sig("e_load_i", 1, PortDir::In, ""),
    sig("pc_i", 32, PortDir::In, ""),
    sig("rs_i", 32, PortDir::In, ""),
    sig("rt_i", 32, PortDir::In, ""),
    sig("fire_i", 1, PortDir::In, ""),
    sig("mem_rdata_i", 32, PortDir::In, ""),
    sig("claim_o", 1, PortDir::Claimed, "1'b0"),
    sig("uses_rs_o", 1, PortDir::Claimed, "1'b0"),
    sig("uses_rt_o", 1, PortDir::Claimed, "1'b0"),
    sig("ready_o", 1, PortDir::Claimed, "1'b1"),
    sig("rd_we_o", 1, PortDir::Claimed, "1'b0"),
    sig("rd_wdata_o", 32, PortDir::Claimed, "32'd0"),
    sig("err_o", 1, PortDir::Claimed, "1'b0"),
    sig("mem_req_o", 1, PortDir::Claimed, "1'b0"),
    sig("mem_we_o", 1, PortDir::Claimed, "1'b0"),
    sig("m_wdata_valid_o", 1, PortDir::Any, "1'b0"),
    sig("m_wdata_o", 32, PortDir::Any, "32'd0"),
];

pub fn width_decl(w: u32) -> String {
    if w == 1 {
        "       ".into()
    } else {
        format!("{:<7}", format!("[{}:0]", w - 1))
    }
}

/// The extension port of the processor of `base`.
pub fn of(base: Base) -> &'static [PortSig] {
    match base {
        Base::Rv32 => RV32_PORT,
        Base::Mips32 => MIPS_PORT,
    }
}

/// The input that loads the execute stage's word from the decode stage's (`d_insn_i`) at
/// this clock edge: a unit registers its decode of `d_insn_i` with it (the generated
/// `isa-gen:begin decode` block), so that its decode of `insn_i` comes from flip-flops.
pub fn load_signal(base: Base) -> &'static str {
    match base {
        Base::Rv32 => "x_load_i",
        Base::Mips32 => "e_load_i",
    }
}

/// The folder of the port include files ([`include_file`]): every flow that reads a unit
/// has it in its include path (project root relative).
pub const INCLUDE_DIR: &str = "hw/units";

/// The include file holding the port list of every unit of `base`'s processor
/// (`<base>_ext_port.vh`, in [`INCLUDE_DIR`]).
pub fn include_file(base: Base) -> String {
    format!("{}_ext_port.vh", base.name())
}

/// The declaration of `p` in a module's port list, e.g. `input  wire [31:0]  insn_i`:
/// an input is a wire, an output is declared as `output_kind` (`wire` in a unit, `reg` in
/// the flow's wrapper, which drives its outputs from an `always` block).
pub fn declaration(p: &PortSig, output_kind: &str) -> String {
    let (dir, kind) = if p.dir == PortDir::In {
        ("input ", "wire")
    } else {
        ("output", output_kind)
    };
    format!("{dir} {kind:<4} {} {}", width_decl(p.width), p.name)
}

/// The port list of a unit for the processor of `base`: one declaration a line, comma
/// separated.
fn declarations(base: Base) -> String {
    let decls: Vec<String> = of(base).iter().map(|p| declaration(p, "wire")).collect();
    decls.join(",\n") + "\n"
}

/// The text of [`include_file`]: the port list of a unit for the processor of `base`,
/// included inside `module NAME (` ... `);`.
pub fn include_text(base: Base) -> String {
    format!(
        "// The port list of every extension unit of the {} core, included inside `module NAME (`\n\
         // ... `);` (the unit's `isa-gen:begin port` block). Generated by `cargo run -p\n\
         // asip-extensions --bin isa-gen` from crates/extensions/src/port.rs; do not edit.\n{}",
        base.name(),
        declarations(base)
    )
}

/// A unit's port list for the processor of `base` (the body of an `isa-gen:begin port`
/// block inside `module NAME (` ... `);`): the include of [`include_file`].
pub fn unit_ports(base: Base) -> String {
    format!(
        "// generated by `cargo run -p asip-extensions --bin isa-gen`: the {} extension port \
         (crates/extensions/src/port.rs); do not edit\n`include \"{}\"\n",
        base.name(),
        include_file(base)
    )
}

/// Unit sources outside `isa/` whose port list is generated (standard extensions, which
/// have no declaration of their own): `(base, path from the project root)`.
pub const OTHER_UNITS: &[(Base, &str)] = &[(Base::Rv32, "hw/units/zbkb/zbkb_unit.v")];
