//! The RV32 processor in RTL (`hw/cores/rv32`): per-design file lists and extension-unit
//! wrappers, the Verilator build of the harness (`hw/cores/tb/core_harness.cpp`),
//! runs of firmware ELFs on it, and their commit logs in the simulator's trace format.
//!
//! The program image is laid out by the simulator's own loader (`asip_sim::Machine::new`:
//! segments, heap, stack, argv), so both engines start from identical memory and
//! registers. Method and pipeline: `docs/rv32-core.md`.

use crate::design::{Arch, Design};
use crate::error::{files, FlowError};
use crate::exec::{timing_of, ExecOutcome};
use crate::project::{self, Tool};
use asip_extensions::port::{self, PortDir, PortSig};
use asip_sim::{
    trace_text, DecodedInsn, Machine, Program, RunOptions, SimError, TimingParams, TraceWrite, Trap,
};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub const VERILATOR: Tool = Tool::new("verilator", "verilator");
pub const ICARUS: Tool = Tool::new("iverilog", "iverilog");

/// The HDL simulator that runs a processor: Verilator (the harness of every flow) or
/// Icarus Verilog (a second, event-driven simulator: a smoke test that the RTL means the
/// same to both; slow, for short programs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HdlSim {
    #[default]
    Verilator,
    Icarus,
}

/// Byte address and size of the processor's tightly coupled memory (`rv32_tcm`), the
/// same for every design. The Verilator harness sets the base at run time (`mem_base_i`):
/// `MEM_BASE` when the image fits there (the firmware), else the image's own base (the
/// riscv-tests at 0x80000000); the Icarus testbench uses `MEM_BASE`. It must hold the simulator's memory image
/// (segments, 1 MiB heap, 1 MiB stack). `MEM_BYTES` is the size of every model; a program
/// whose memory is larger runs on a Verilator model with a larger memory
/// ([`mem_bytes_for`]).
pub const MEM_BASE: u32 = 0x0001_0000;
pub const MEM_BYTES: u32 = 4 << 20;

/// The memory size of the Verilator model that runs a program whose memory (the
/// simulator's) spans `lo..hi`: [`MEM_BYTES`], or the next power of two that holds it (the
/// simulator's memory is at most 512 MiB, `asip_sim::machine::MAX_MEMORY`), so that every
/// program the simulator runs fits.
pub fn mem_bytes_for(lo: u32, hi: u64) -> u32 {
    let need = (hi - lo as u64).next_power_of_two();
    need.clamp(MEM_BYTES as u64, 1 << 31) as u32
}

/// An extension unit: its name in a design's `[rtl] units`, its Verilog module (with the
/// extension-port interface of its core's README) and its source files relative to the
/// project root. Adding a unit is one line in its core's list and a list entry in a design.
/// The Verilog define of the FPGA forms of the RTL (set by the ECP5 flow, `hw/scripts/pnr.py`):
/// the vector register file in LUT RAM. The files of [`FPGA_ONLY`] are in a unit's sources only
/// with it, so that what the other flows read stays as it was.
pub const FPGA_DEFINE: &str = "SHA3ASIP_FPGA";

/// Unit sources read only with [`FPGA_DEFINE`] (`hw/units/zve64x/zve64x_vrf_lvt.v`).
pub const FPGA_ONLY: &[&str] = &[
    "hw/units/zve64x/zve64x_vrf_banks.v",
    "hw/units/zve64x/zve64x_vrf_lvt.v",
];

pub struct Unit {
    pub name: &'static str,
    pub module: &'static str,
    pub files: &'static [&'static str],
    /// The unit redirects fetch (`fetch_redirect_o`: a zero-cost loop-back), so the core's
    /// `fence.i` must refetch the word in D, not pc + 4 (`HAS_EXT = 2`).
    pub fetch_hook: bool,
    /// The vector unit: the core passes it the CSR accesses its own CSR file refuses (the
    /// vector CSRs) and ends the unit's multi-word accesses at a word that faults
    /// (`HAS_EXT = 3`).
    pub vector: bool,
}

/// A processor core in RTL: what a design's `arch` selects. The harness
/// (`hw/cores/tb/core_harness.cpp`), the generated extension wrapper, the Verilator build,
/// lockstep, synthesis and place-and-route go through this one record.
pub struct Core {
    /// Short name (`rv32`, `mips`): folder `hw/cores/<name>`, modules `<name>_*`.
    pub name: &'static str,
    pub arch: Arch,
    /// Synthesis top (the core without memories).
    pub top: &'static str,
    /// Simulation system (core + generated wrapper + memory) the harness runs.
    pub sys: &'static str,
    /// Name of the generated extension wrapper module.
    pub ext: &'static str,
    /// The core's own sources (relative to the project root).
    pub files: &'static [&'static str],
    /// Memory and simulation-system sources.
    pub sys_files: &'static [&'static str],
    /// The units this core can take.
    pub units: &'static [Unit],
    /// Preprocessor define that selects the harness's host-call ABI and signal paths.
    define: &'static str,
    /// Where the core and its extension port are documented.
    pub readme: &'static str,
}

/// The cores, one per design `arch`.
pub const CORES: &[Core] = &[
    Core {
        name: "rv32",
        arch: Arch::Rv32,
        top: "rv32_core",
        sys: "rv32_sys",
        ext: "rv32_ext",
        files: &[
            "hw/cores/rv32/rv32_regfile.v",
            "hw/cores/rv32/rv32_alu.v",
            "hw/cores/rv32/rv32_mul.v",
            "hw/cores/rv32/rv32_csr.v",
            "hw/cores/rv32/rv32_div.v",
            "hw/cores/rv32/rv32_core.v",
        ],
        sys_files: &["hw/cores/rv32/rv32_tcm.v", "hw/cores/rv32/rv32_sys.v"],
        units: RV32_UNITS,
        define: "CORE_RV32",
        readme: "hw/cores/rv32/README.md",
    },
    Core {
        name: "mips",
        arch: Arch::Mips32,
        top: "mips_core",
        sys: "mips_sys",
        ext: "mips_ext",
        files: &[
            "hw/cores/rv32/rv32_regfile.v",
            "hw/cores/mips/mips_alu.v",
            "hw/cores/mips/mips_mul.v",
            "hw/cores/mips/mips_div.v",
            "hw/cores/mips/mips_core.v",
        ],
        sys_files: &["hw/cores/rv32/rv32_tcm.v", "hw/cores/mips/mips_sys.v"],
        units: MIPS_UNITS,
        define: "CORE_MIPS",
        readme: "hw/cores/mips/README.md",
    },
];

/// The core a design's `arch` selects.
pub fn core_of(d: &Design) -> Result<&'static Core, FlowError> {
    CORES.iter().find(|c| c.arch == d.arch).ok_or_else(|| {
        FlowError::Usage(format!(
            "design '{}' is {}: no processor in RTL for this architecture",
            d.name,
            d.arch.name()
        ))
    })
}

/// The units the RV32 core can take.
pub const RV32_UNITS: &[Unit] = &[
    Unit {
        name: "zbkb",
        module: "zbkb_unit",
        files: &["hw/units/zbkb/zbkb_unit.v"],
        fetch_hook: false,
        vector: false,
    },
    Unit {
        name: "oasip",
        module: "oasip_port",
        files: &[
            "isa/oasip/rtl/oasip_remv.v",
            "isa/oasip/rtl/oasip_hmask.v",
            "isa/oasip/rtl/oasip_lfsr.v",
            "isa/oasip/rtl/oasip_aux.v",
            "isa/oasip/rtl/oasip_loop.v",
            "isa/oasip/rtl/oasip_fu.v",
            "isa/oasip/rtl/oasip_port.v",
        ],
        fetch_hook: true,
        vector: false,
    },
    Unit {
        name: "dasip",
        module: "dasip_port",
        files: &[
            "isa/dasip/rtl/dasip_auxrf.v",
            "isa/dasip/rtl/dasip_logic.v",
            "isa/dasip/rtl/dasip_agu.v",
            "isa/dasip/rtl/dasip_port.v",
        ],
        fetch_hook: false,
        vector: false,
    },
    Unit {
        name: "zve64x",
        module: "zve64x_port",
        files: &[
            "hw/units/zve64x/zve64x_rot.v",
            "hw/units/zve64x/zve64x_core.v",
            "hw/units/zve64x/zve64x_vrf_banks.v",
            "hw/units/zve64x/zve64x_vrf_lvt.v",
            "hw/units/zve64x/zve64x_port.v",
        ],
        fetch_hook: false,
        vector: true,
    },
    Unit {
        name: "zve64x-xvkeccak",
        module: "xvkeccak_port",
        files: &[
            "hw/units/zve64x/zve64x_rot.v",
            "hw/units/zve64x/zve64x_core.v",
            "hw/units/zve64x/zve64x_vrf_banks.v",
            "hw/units/zve64x/zve64x_vrf_lvt.v",
            "isa/xvkeccak/rtl/xvkeccak_seq.v",
            "isa/xvkeccak/rtl/xvkeccak_port.v",
        ],
        fetch_hook: false,
        vector: true,
    },
    Unit {
        name: "zve64x-xvkeccakr",
        module: "xvkeccakr_port",
        files: &[
            "hw/units/zve64x/zve64x_rot.v",
            "hw/units/zve64x/zve64x_core.v",
            "hw/units/zve64x/zve64x_vrf_banks.v",
            "hw/units/zve64x/zve64x_vrf_lvt.v",
            "isa/xvkeccakr/rtl/xvkeccakr_seq.v",
            "isa/xvkeccakr/rtl/xvkeccakr_port.v",
        ],
        fetch_hook: false,
        vector: true,
    },
    Unit {
        name: "xkeccak",
        module: "xkeccak_port",
        files: &[
            "isa/xkeccak/rtl/xkeccak_lanes.v",
            "isa/xkeccak/rtl/xkeccak_dp.v",
            "isa/xkeccak/rtl/xkeccak_port.v",
        ],
        fetch_hook: false,
        vector: false,
    },
];

/// The units the MIPS core can take.
pub const MIPS_UNITS: &[Unit] = &[
    Unit {
        name: "mips-native",
        module: "mn_port",
        files: &[
            "isa/mips-native/rtl/mn_shift.v",
            "isa/mips-native/rtl/mn_fu.v",
            "isa/mips-native/rtl/mn_port.v",
        ],
        fetch_hook: false,
        vector: false,
    },
    Unit {
        name: "mips-coproc",
        module: "mc_port",
        files: &[
            "isa/mips-coproc/rtl/mc_rot64.v",
            "isa/mips-coproc/rtl/mc_coalu.v",
            "isa/mips-coproc/rtl/mc_fu.v",
            "isa/mips-coproc/rtl/mc_port.v",
        ],
        fetch_hook: false,
        vector: false,
    },
];

/// The RV32 core's own sources (relative to the project root).
pub const CORE_FILES: &[&str] = CORES[0].files;
const HARNESS: &str = "hw/cores/tb/core_harness.cpp";
/// The define that gives a core its simulation-only ports (the RVFI commit record, debug
/// register access, trap details): the harnesses and riscv-formal set it, the synthesis
/// flows do not (docs/rv32-core.md, "Interfaces").
pub const SIM_DEFINE: &str = "RISCV_FORMAL";
/// The Icarus harness of every core (`-D<define>` selects the system and its ABI).
const ICARUS_TB: &str = "hw/cores/tb/tb_sys.v";
const ICARUS_TOP: &str = "tb_sys";
/// The headers (`*.vh`) the simulation systems include: the port declarations they share
/// (host calls and debug access, the commit record). The simulators get it as `-I`.
pub const CORE_INCLUDE_DIR: &str = "hw/cores/include";

/// What a design's processor is made of.
#[derive(Debug, Clone)]
pub struct RtlFiles {
    /// Synthesis top (the core with its units; memories outside).
    pub top: String,
    /// Verilog sources, absolute paths (the generated `rv32_ext.v` included).
    pub files: Vec<PathBuf>,
    /// The headers the sources include (the units' port list,
    /// [`asip_extensions::port::include_file`]), absolute paths.
    pub headers: Vec<PathBuf>,
    /// The folders of [`RtlFiles::headers`], for the tools' include path (`-I`).
    pub include_dirs: Vec<PathBuf>,
    /// Parameters of the top.
    pub params: Vec<(String, u64)>,
}

fn rtl_spec(d: &Design) -> Result<&crate::design::RtlSpec, FlowError> {
    core_of(d)?;
    d.rtl.as_ref().ok_or_else(|| {
        FlowError::Usage(format!(
            "design '{}' has no [rtl] table (no processor in RTL for it)",
            d.name
        ))
    })
}

fn units_of(d: &Design) -> Result<Vec<&'static Unit>, FlowError> {
    let spec = rtl_spec(d)?;
    let core = core_of(d)?;
    spec.units
        .iter()
        .map(|n| {
            core.units.iter().find(|u| u.name == n).ok_or_else(|| {
                FlowError::Usage(format!(
                    "design '{}': unknown RTL unit '{n}' for the {} core; known units: {}",
                    d.name,
                    core.name,
                    core.units
                        .iter()
                        .map(|u| u.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })
        })
        .collect()
}

/// Whether the design's timing model uses the early-out divider (the RTL divider must
/// then be built with `DIV_EARLY_OUT = 1`).
pub fn div_early_out(t: &TimingParams) -> bool {
    t.latency.div_model == asip_sim::timing::DivModel::EarlyOut
}

/// The Verilog of a core's extension wrapper (`rv32_ext`, `mips_ext`) for a list of units:
/// every unit sees the port's inputs; the unit that claims the word in X drives the
/// `Claimed` outputs, the first unit that raises the first signal of an `Any` group drives
/// that group.
pub fn ext_wrapper(core: &Core, units: &[&Unit]) -> String {
    let port = port::of(core.arch);
    let mut s = format!(
        "// Generated by sha3-asip (asip_flow::rtl::ext_wrapper) from the design's [rtl] units.\n\
         // Do not edit: the extension port is documented in {}.\n\
         module {} (\n",
        core.readme, core.ext
    );
    let decls: Vec<String> = port
        .iter()
        .map(|p| format!("    {}", port::declaration(p, "reg")))
        .collect();
    s.push_str(&decls.join(",\n"));
    s.push_str("\n);\n");
    let outs = || port.iter().filter(|p| p.dir != PortDir::In);
    for (i, u) in units.iter().enumerate() {
        for p in outs() {
            s.push_str(&format!(
                "    wire {} u{i}_{};\n",
                port::width_decl(p.width),
                p.name
            ));
        }
        let conns: Vec<String> = port
            .iter()
            .map(|p| {
                if p.dir == PortDir::In {
                    format!(".{0}({0})", p.name)
                } else {
                    format!(".{0}(u{i}_{0})", p.name)
                }
            })
            .collect();
        // instance name: the unit's name as a Verilog identifier (`mips-native` -> `u_mips_native`)
        s.push_str(&format!(
            "    {} u_{} (\n",
            u.module,
            u.name.replace('-', "_")
        ));
        for (k, c) in conns.chunks(4).enumerate() {
            let sep = if (k + 1) * 4 >= conns.len() { "" } else { "," };
            s.push_str(&format!("        {}{sep}\n", c.join(", ")));
        }
        s.push_str("    );\n");
    }
    s.push_str("    always @(*) begin\n");
    for p in outs() {
        s.push_str(&format!("        {} = {};\n", p.name, p.default));
    }
    // later units first, so that the first unit in the list wins
    for (i, _) in units.iter().enumerate().rev() {
        // groups: the claimed outputs (valid: claim_o) and each run of `Any` outputs
        // (valid: its first signal)
        let mut groups: Vec<Vec<&PortSig>> =
            vec![outs().filter(|p| p.dir == PortDir::Claimed).collect()];
        for p in outs().filter(|p| p.dir == PortDir::Any) {
            if p.width == 1 && p.name.ends_with("valid_o") || p.name == "fetch_redirect_o" {
                groups.push(Vec::new());
            }
            if let Some(g) = groups.last_mut() {
                g.push(p);
            }
        }
        for g in groups.iter().filter(|g| !g.is_empty()) {
            s.push_str(&format!("        if (u{i}_{}) begin\n", g[0].name));
            for p in g {
                s.push_str(&format!("            {0} = u{i}_{0};\n", p.name));
            }
            s.push_str("        end\n");
        }
    }
    s.push_str("    end\n");
    if units.is_empty() {
        let ins: Vec<&str> = port
            .iter()
            .filter(|p| p.dir == PortDir::In)
            .map(|p| p.name)
            .collect();
        s.push_str(&format!(
            "    wire unused = &{{1'b0, {}}};\n",
            ins.join(", ")
        ));
    }
    s.push_str("endmodule\n");
    s
}

/// `misa` of a design's ISA string (MXL = 1 and the single-letter extensions), as the
/// simulator reports it.
pub fn misa_of(d: &Design) -> Result<u32, FlowError> {
    let isa = asip_extensions::registry()
        .parse_isa(&d.isa)
        .map_err(|e| FlowError::Usage(format!("design '{}': {e}", d.name)))?;
    Ok(asip_sim::rv32::zicsr::misa(
        isa.extensions().iter().map(|e| e.name()),
    ))
}

fn gen_dir(root: &Path, d: &Design) -> PathBuf {
    root.join("hw").join("build").join("rtl").join(&d.name)
}

/// The design's processor: sources (writing the generated extension wrapper) and the
/// parameters of its core's top.
pub fn files(root: &Path, d: &Design) -> Result<RtlFiles, FlowError> {
    files_with(root, d, &[])
}

/// [`files`] for a build with Verilog `defines`: with [`FPGA_DEFINE`], the units' FPGA-only
/// sources ([`FPGA_ONLY`]) too.
pub fn files_with(root: &Path, d: &Design, defines: &[String]) -> Result<RtlFiles, FlowError> {
    let fpga = defines.iter().any(|x| x == FPGA_DEFINE);
    let units = units_of(d)?;
    let core = core_of(d)?;
    let dir = gen_dir(root, d);
    let ext = dir.join(format!("{}.v", core.ext));
    let text = ext_wrapper(core, &units);
    // written only when it differs, so a read-only tree whose wrapper is current works
    if std::fs::read_to_string(&ext).ok().as_deref() != Some(text.as_str()) {
        std::fs::create_dir_all(&dir)
            .and_then(|_| std::fs::write(&ext, &text))
            .map_err(|e| {
                crate::firmware::needs_build_error(
                    &format!("the generated RTL of design '{}'", d.name),
                    &dir,
                    &ext,
                    e,
                )
            })?;
    }
    let mut files: Vec<PathBuf> = Vec::new();
    for u in &units {
        files.extend(
            u.files
                .iter()
                .filter(|f| fpga || !FPGA_ONLY.contains(f))
                .map(|f| root.join(f)),
        );
    }
    files.push(ext);
    files.extend(core.files.iter().map(|f| root.join(f)));
    let timing = timing_of(d)?;
    let params = match core.arch {
        Arch::Rv32 => vec![
            ("MISA".into(), misa_of(d)? as u64),
            ("DIV_EARLY_OUT".into(), div_early_out(&timing) as u64),
            (
                "HAS_EXT".into(),
                if units.iter().any(|u| u.vector) {
                    3
                } else if units.iter().any(|u| u.fetch_hook) {
                    2
                } else {
                    !units.is_empty() as u64
                },
            ),
        ],
        Arch::Mips32 => {
            if div_early_out(&timing) {
                return Err(FlowError::Usage(format!(
                    "design '{}': the MIPS core has only the fixed 34-cycle divider \
                     (div_model = \"fixed\")",
                    d.name
                )));
            }
            Vec::new()
        }
    };
    let include_dir = root.join(port::INCLUDE_DIR);
    Ok(RtlFiles {
        top: core.top.into(),
        files,
        headers: vec![include_dir.join(port::include_file(core.arch))],
        include_dirs: vec![include_dir],
        params,
    })
}

/// A FuseSoC (CAPI2) core of the design's processor, written beside its generated wrapper
/// (`hw/build/rtl/<design>/<design>.core`, paths relative to it) so that a user can pull
/// the processor into a SoC (`fusesoc --cores-root hw/build/rtl/<design> ...`). Targets:
/// `default` (the core with its units, top `rv32_core`), `lint` (Verilator -Wall) and `sim`
/// (Icarus: the system with memory and the harness `tb_sys` with the core's define,
/// plusargs as in `docs/rv32-core.md`). Returns the file's path.
pub fn fusesoc_core(root: &Path, d: &Design) -> Result<PathBuf, FlowError> {
    let f = files(root, d)?;
    let dir = gen_dir(root, d);
    let rel = |p: &Path| -> String {
        match p.strip_prefix(&dir) {
            Ok(r) => r.display().to_string(),
            Err(_) => match p.strip_prefix(root) {
                Ok(r) => format!("../../../../{}", r.display()),
                Err(_) => p.display().to_string(),
            },
        }
    };
    let list = |v: &[PathBuf]| -> String {
        v.iter()
            .map(|p| format!("      - {}\n", rel(p)))
            .collect::<String>()
    };
    // headers: FuseSoC adds their folders to the include path
    let include_list = |v: &[PathBuf]| -> String {
        v.iter()
            .map(|p| format!("      - {}: {{is_include_file: true}}\n", rel(p)))
            .collect::<String>()
    };
    // the systems' headers
    let includes = include_list(&headers(&[root.join(CORE_INCLUDE_DIR)])?);
    let sys: Vec<PathBuf> = core_of(d)?.sys_files.iter().map(|p| root.join(p)).collect();
    let tb = vec![root.join(ICARUS_TB)];
    let params: Vec<&str> = f.params.iter().map(|(k, _)| k.as_str()).collect();
    let define = core_of(d)?.define;
    let mut sim_params = params.clone();
    sim_params.extend([
        define,
        SIM_DEFINE,
        "image",
        "tags",
        "entry",
        "sp",
        "tohost",
        "max_cycles",
        "trace",
    ]);
    let mut text = format!(
        "CAPI=2:\n# generated by `sha3-asip rtl core --design {n}` from designs/{n}.toml: do not edit\n\
         name: sha3-asip:processor:{n}:1.0.0\n\
         description: {title:?}\n\n\
         filesets:\n  rtl:\n    files:\n{rtl}    file_type: verilogSource\n\
         \x20 sys:\n    files:\n{sys}    file_type: verilogSource\n\
         \x20 tb:\n    files:\n{tb}    file_type: verilogSource\n\n\
         targets:\n  default: &default\n    filesets: [rtl]\n    toplevel: {top}\n    parameters: [{plist}]\n\
         \x20 lint:\n    <<: *default\n    default_tool: verilator\n    tools:\n      verilator:\n        mode: lint-only\n        verilator_options: [-Wall]\n\
         \x20 sim:\n    default_tool: icarus\n    filesets: [rtl, sys, tb]\n    toplevel: {ICARUS_TOP}\n    parameters: [{slist}]\n\
         \x20   tools:\n      icarus:\n        iverilog_options: [-g2012]\n\nparameters:\n",
        n = d.name,
        title = d.title,
        rtl = list(&f.files) + &include_list(&f.headers),
        sys = list(&sys) + &includes,
        tb = list(&tb),
        top = f.top,
        plist = params.join(", "),
        slist = sim_params.join(", "),
    );
    for (k, v) in &f.params {
        text.push_str(&format!(
            "  {k}: {{datatype: int, default: {v}, paramtype: vlogparam}}\n"
        ));
    }
    text.push_str(&format!(
        "  {define}: {{datatype: bool, default: true, paramtype: vlogdefine}}\n"
    ));
    text.push_str(&format!(
        "  {SIM_DEFINE}: {{datatype: bool, default: true, paramtype: vlogdefine}}\n"
    ));
    for (k, t) in [
        ("image", "file"),
        ("tags", "file"),
        ("entry", "str"),
        ("sp", "str"),
        ("tohost", "str"),
        ("max_cycles", "int"),
        ("trace", "bool"),
    ] {
        text.push_str(&format!("  {k}: {{datatype: {t}, paramtype: plusarg}}\n"));
    }
    let path = dir.join(format!("{}.core", d.name));
    files::write(&path, text)?;
    Ok(path)
}

fn fnv(h: &mut u64, bytes: &[u8]) {
    for b in bytes {
        *h ^= *b as u64;
        *h = h.wrapping_mul(0x100_0000_01b3);
    }
}

/// The headers (`*.vh`) in the include directories, sorted.
fn headers(dirs: &[PathBuf]) -> Result<Vec<PathBuf>, FlowError> {
    let mut v = Vec::new();
    for d in dirs {
        v.extend(
            files::with_ext(d, "vh")
                .map_err(|e| FlowError::Io(format!("reading {}", d.display()), e))?,
        );
    }
    v.sort();
    Ok(v)
}

/// The sources, parameters and cache folder of a design's simulation model: everything
/// that goes into it is hashed (file names and contents, the headers of the include
/// directories, parameters, the tool's version).
struct SimBuild {
    files: Vec<PathBuf>,
    /// `-I<dir>` of every include directory (Verilator and Icarus alike).
    include_args: Vec<String>,
    params: Vec<(String, u64)>,
    dir: PathBuf,
}

fn sim_build(
    root: &Path,
    d: &Design,
    harness: &str,
    tool: &str,
    mem_bytes: u32,
    defines: &[String],
) -> Result<SimBuild, FlowError> {
    let f = files_with(root, d, defines)?;
    let core = core_of(d)?;
    let mut all = f.files.clone();
    all.extend(core.sys_files.iter().map(|p| root.join(p)));
    all.push(root.join(harness));
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let include_dirs: Vec<PathBuf> = std::iter::once(root.join(CORE_INCLUDE_DIR))
        .chain(f.include_dirs.iter().cloned())
        .collect();
    for p in all.iter().chain(&headers(&include_dirs)?) {
        let bytes = files::read(p)?;
        fnv(&mut h, p.file_name().unwrap_or_default().as_encoded_bytes());
        fnv(&mut h, &bytes);
    }
    let mut params = f.params.clone();
    params.push(("MEM_BYTES".into(), mem_bytes as u64));
    for (k, v) in &params {
        fnv(&mut h, format!("{k}={v};").as_bytes());
    }
    fnv(&mut h, tool_version(tool).as_bytes());
    for x in defines {
        fnv(&mut h, format!("-D{x};").as_bytes()); // (none: the folder as before)
    }
    let prefix = if tool == "verilator" { "obj" } else { tool };
    Ok(SimBuild {
        files: all,
        include_args: include_dirs
            .iter()
            .map(|i| format!("-I{}", i.display()))
            .collect(),
        params,
        dir: gen_dir(root, d).join(format!("{prefix}-{h:016x}")),
    })
}

fn build_failed(what: String, out: &std::process::Output) -> FlowError {
    FlowError::Build {
        what,
        output: crate::error::output_tail(out),
    }
}

/// The design's vector unit (`zve64x`, `zve64x-xvkeccak`: `hw/units/zve64x`), whose
/// register file the harness reads for the commit log (`docs/vector.md`, "Commit log").
pub fn vector_unit(d: &Design) -> Option<&str> {
    d.rtl
        .as_ref()?
        .units
        .iter()
        .map(|u| u.as_str())
        .find(|u| u.starts_with("zve64x"))
}

/// Build (or reuse) the Verilator harness of a design, its memory `mem_bytes` large
/// ([`MEM_BYTES`] unless a program needs more: [`mem_bytes_for`]); returns the executable.
pub fn build(root: &Path, d: &Design, mem_bytes: u32) -> Result<PathBuf, FlowError> {
    build_with(root, d, mem_bytes, &[])
}

/// [`build`] with Verilog defines (`RtlOptions::defines`).
pub fn build_with(
    root: &Path,
    d: &Design,
    mem_bytes: u32,
    defines: &[String],
) -> Result<PathBuf, FlowError> {
    build_model(
        root,
        d,
        mem_bytes,
        defines,
        VERILATOR,
        HARNESS,
        "Verilator",
        "Vsys",
        |b, core, _| {
            let mut cmd = Command::new("verilator");
            let vec_p = vector_unit(d).map(|u| {
                format!(
                    "-DVEC_P={}__DOT__u_core__DOT__u_ext__DOT__u_{}__DOT__u_v__DOT__",
                    core.sys,
                    u.replace('-', "_")
                )
            });
            cmd.args(["--cc", "--exe", "--build", "-O3", "--x-assign", "fast"])
                .args(["--x-initial", "fast", "--noassert", "-Wno-fatal", "--trace"])
                .args([
                    "-j",
                    "2",
                    "--prefix",
                    "Vsys",
                    "--top-module",
                    core.sys,
                    "-Mdir",
                ])
                .arg(&b.dir)
                .args(["-CFLAGS", &format!("-O2 -D{}", core.define)])
                .arg(format!("-D{SIM_DEFINE}"));
            // a vector unit: the harness shows the vector registers each instruction changes
            if let Some(p) = vec_p {
                cmd.args(["-CFLAGS", &p]);
            }
            for (k, v) in &b.params {
                cmd.arg(format!("-G{k}={v}"));
            }
            cmd
        },
    )
}

/// Build (or reuse) the Icarus Verilog model of a design (`tb_sys` with the core's define);
/// returns the compiled `.vvp` file.
pub fn build_icarus(root: &Path, d: &Design) -> Result<PathBuf, FlowError> {
    build_icarus_with(root, d, &[])
}

/// [`build_icarus`] with Verilog defines (`RtlOptions::defines`).
pub fn build_icarus_with(
    root: &Path,
    d: &Design,
    defines: &[String],
) -> Result<PathBuf, FlowError> {
    let vvp = format!("{ICARUS_TOP}.vvp");
    build_model(
        root,
        d,
        MEM_BYTES,
        defines,
        ICARUS,
        ICARUS_TB,
        "Icarus",
        &vvp,
        |b, core, vvp| {
            let mut cmd = Command::new("iverilog");
            cmd.args(["-g2012", "-s", ICARUS_TOP])
                .arg(format!("-D{}", core.define))
                .arg(format!("-D{SIM_DEFINE}"))
                .arg("-o")
                .arg(vvp);
            for (k, v) in &b.params {
                cmd.arg(format!("-P{ICARUS_TOP}.{k}={v}"));
            }
            cmd
        },
    )
}

/// Build (or reuse) a design's model for an HDL simulator: `tool` runs the command `command`
/// gives (the build, the core, the product's path; include folders and sources are added
/// here) and must leave `product` in the build's folder. A failed build leaves no product.
#[allow(clippy::too_many_arguments)]
fn build_model(
    root: &Path,
    d: &Design,
    mem_bytes: u32,
    defines: &[String],
    tool: Tool,
    harness: &str,
    sim_name: &str,
    product: &str,
    command: impl FnOnce(&SimBuild, &Core, &Path) -> Command,
) -> Result<PathBuf, FlowError> {
    let b = sim_build(root, d, harness, tool.program, mem_bytes, defines)?;
    let core = core_of(d)?;
    let out_file = b.dir.join(product);
    // A model is built in a folder of its own and renamed into place when complete, so one
    // that exists is finished: it is used without a lock (a read-only tree whose models are
    // built works); the lock is taken only to build.
    if out_file.is_file() {
        return Ok(out_file);
    }
    project::require(tool)?;
    let _lock = crate::firmware::lock_build(
        &gen_dir(root, d).join(tool.program),
        &format!("the {sim_name} model of design '{}'", d.name),
    )?;
    if out_file.is_file() {
        return Ok(out_file); // built by another process while this one waited
    }
    let name = b.dir.file_name().unwrap_or_default().to_string_lossy();
    let tmp = b
        .dir
        .with_file_name(format!("{name}.tmp{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    files::create_dir_all(&tmp)?;
    let tb = SimBuild {
        dir: tmp.clone(),
        files: b.files.clone(),
        include_args: b.include_args.clone(),
        params: b.params.clone(),
    };
    let tmp_out = tmp.join(product);
    let mut cmd = command(&tb, core, &tmp_out);
    cmd.args(defines.iter().map(|x| format!("-D{x}")))
        .args(&b.include_args)
        .args(&b.files);
    let out = cmd
        .output()
        .map_err(|e| FlowError::Io(format!("running {}", tool.program), e))?;
    if !out.status.success() || !tmp_out.is_file() {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(build_failed(
            format!("building the {sim_name} model of design '{}'", d.name),
            &out,
        ));
    }
    // a folder left by an interrupted build of an older version (no product) goes first
    let _ = std::fs::remove_dir_all(&b.dir);
    std::fs::rename(&tmp, &b.dir)
        .map_err(|e| FlowError::Io(format!("renaming {}", tmp.display()), e))?;
    Ok(out_file)
}

/// One retired instruction as the RTL reported it (RVFI).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Commit {
    pub cycle: u64,
    pub pc: u32,
    pub insn: u32,
    pub rd: u8,
    pub rd_value: u32,
    pub wmask: u8,
    pub mem_addr: u32,
    pub mem_wdata: u32,
    pub trap: bool,
    pub cause: u32,
    pub tval: u32,
    /// MIPS: HI and LO after an instruction that writes them (a division's arrive later:
    /// `hilo_pending` until the divider's `H` line).
    pub hi: u32,
    pub lo: u32,
    pub hilo_pending: bool,
    /// The vector registers the instruction changed (a vector unit's designs), in
    /// register order.
    pub vregs: Vec<(u32, u128)>,
}

impl Commit {
    /// The memory write as (byte address, width, value).
    pub fn mem_write(&self) -> Option<(u32, u32, u32)> {
        if self.wmask == 0 {
            return None;
        }
        let lo = self.wmask.trailing_zeros();
        let w = self.wmask.count_ones();
        let v = self.mem_wdata >> (8 * lo);
        let v = if w == 4 {
            v
        } else {
            v & ((1u32 << (8 * w)) - 1)
        };
        Some((self.mem_addr + lo, w, v))
    }
}

/// Receives every retired instruction and its commit-log line.
pub type CommitSink = Box<dyn FnMut(&Commit, &str) -> Result<(), FlowError>>;

/// Receives the progress of a long run: (cycles, retired instructions) so far, about
/// every [`PROGRESS_CYCLES`] cycles (Verilator only).
pub type ProgressSink = Box<dyn FnMut(u64, u64)>;

/// Cycles between two progress reports of the harness (about a second of Verilator).
pub const PROGRESS_CYCLES: u64 = 1 << 22;

/// Options of one RTL run.
#[derive(Default)]
pub struct RtlOptions {
    pub argv: Vec<String>,
    pub max_cycles: u64,
    /// Called for every retired instruction with its commit-log line (the simulator's
    /// `--trace` format); enables the commit log.
    pub on_commit: Option<CommitSink>,
    pub vcd: Option<PathBuf>,
    /// The HDL simulator (Verilator unless asked).
    pub sim: HdlSim,
    /// A prebuilt Verilator harness to run instead of the design's RTL model, with extra
    /// arguments: the power flow's gate-level model (`hw/cores/tb/gate_harness.cpp`, built by
    /// `hw/scripts/power.py`), which takes the same options and speaks the same line protocol.
    pub harness: Option<(PathBuf, Vec<String>)>,
    /// Called with the run's progress (Verilator only).
    pub progress: Option<ProgressSink>,
    /// Verilog defines of the model's build (`SHA3ASIP_FPGA`: the FPGA forms of the RTL,
    /// as the ECP5 flow synthesizes them); each set of defines is a model of its own.
    pub defines: Vec<String>,
}

fn hexu(s: Option<&str>) -> u32 {
    s.and_then(|v| u32::from_str_radix(v, 16).ok()).unwrap_or(0)
}
fn decu(s: Option<&str>) -> u64 {
    s.and_then(|v| v.parse().ok()).unwrap_or(0)
}

/// The memory's permission tags (`rv32_tcm`), one byte per word from the simulator
/// memory's base to its end: bit 0 mapped, bit 1 executable, bits 5:2 writable (per byte),
/// from the loader's map ([`Machine::permissions`]).
pub fn memory_tags(m: &Machine) -> Vec<u8> {
    let mem = &m.cpu().mem;
    let (lo, hi) = (mem.base() as u64, mem.end());
    let mut tags = vec![0x3fu8; (hi - lo).div_ceil(4) as usize];
    let (read_only, no_exec) = m.permissions();
    for &(a, b) in read_only {
        for byte in (a as u64).max(lo)..b.min(hi) {
            tags[((byte - lo) / 4) as usize] &= !(4u8 << (byte & 3));
        }
    }
    for &(a, b) in no_exec {
        // a fetch traps when its (word) address is in the range
        let first = (a as u64).max(lo).next_multiple_of(4);
        for w in (first..b.min(hi)).step_by(4) {
            tags[((w - lo) / 4) as usize] &= !2;
        }
    }
    tags
}

/// Format one RTL commit as a simulator trace line.
pub fn commit_line(m: &Machine, c: &Commit) -> String {
    let d: DecodedInsn = m.decode_at_for_trace(c.pc, c.insn);
    let mips = m.isa().base() == asip_sim::Base::Mips32;
    let wb = if !c.trap && mips && d.rd == asip_sim::mips::HILO {
        TraceWrite::HiLo(c.hi, c.lo)
    } else if c.trap
        || d.rd == 0
        || d.rd >= 32
        || (mips && c.rd == 0 && matches!(d.info.name, "movz" | "movn"))
    {
        TraceWrite::None
    } else {
        // the RTL writes what the simulator shows: a mismatch of the register shows up in
        // the value column of the line comparison
        let v = if c.rd == d.rd {
            c.rd_value
        } else {
            0xdead_beef
        };
        TraceWrite::Reg(d.rd, v)
    };
    let mem = if c.trap { None } else { c.mem_write() };
    let mut line = trace_text(m.isa().base(), c.cycle, c.pc, &d, wb, mem);
    asip_sim::trace_vregs(&mut line, &c.vregs);
    line
}

/// The error an RTL trap with `cause` (mcause, or the MIPS core's code: 12 overflow, 13
/// trap instruction; see docs/mips-core.md) and `tval` ends a run with: the simulator's
/// error for the same trap, so both engines report it alike.
fn trap_error(m: &Machine, pc: u32, insn: u32, cause: u32, tval: u32, cycle: u64) -> SimError {
    let t = match cause {
        0 => Trap::FetchMisaligned(tval),
        // an access fault is a protection error where the program has memory (the memory's
        // tags, memory_tags), else an access outside memory
        1 if m.cpu().mem.slice(pc, 4).is_some() => Trap::FetchFault(pc),
        1 => Trap::FetchOutside(pc),
        3 => Trap::Ebreak,
        4 => Trap::LoadMisaligned(tval),
        5 => Trap::LoadFault(tval),
        6 => Trap::StoreMisaligned(tval),
        7 if m.cpu().mem.slice(tval, 1).is_some() => Trap::StoreReadOnly(tval),
        7 => Trap::StoreFault(tval),
        12 => Trap::Overflow,
        13 => Trap::TrapInstr,
        _ => Trap::Illegal,
    };
    m.trap_error(t, pc, &m.decode_word_for_trace(insn), cycle)
}

/// How an RTL run ended: exit code, tohost value, cycles, instret.
type RunEnd = (i64, Option<u32>, u64, u64);

/// A memory image as a `$readmemh` file: 32-bit little-endian words from byte offset
/// `off` (word aligned) of the memory, one `@index` line first.
pub fn readmemh_image(off: u32, image: &[u8]) -> String {
    let mut s = format!("@{:x}\n", off / 4);
    for w in image.chunks(4) {
        let mut v = 0u32;
        for (k, b) in w.iter().enumerate() {
            v |= (*b as u32) << (8 * k);
        }
        s.push_str(&format!("{v:08x}\n"));
    }
    s
}

/// `tool --version`, asked once per process (a run of many short programs builds, that is
/// finds, the harness once per program).
fn tool_version(tool: &str) -> String {
    static SEEN: std::sync::Mutex<Vec<(String, String)>> = std::sync::Mutex::new(Vec::new());
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, v)) = seen.iter().find(|(t, _)| t == tool) {
        return v.clone();
    }
    let v = project::version_of(tool).unwrap_or_default();
    seen.push((tool.to_string(), v.clone()));
    v
}

/// Files removed when the value is dropped.
struct RemoveOnDrop(Vec<PathBuf>);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        for f in &self.0 {
            let _ = std::fs::remove_file(f);
        }
    }
}

/// The name of a run's memory image and tags files in the temporary folder:
/// `<IMAGE_PREFIX><pid>-<n>.bin|.tags`.
pub const IMAGE_PREFIX: &str = "sha3-asip-image-";

/// Remove the image files (`<IMAGE_PREFIX><pid>-<n>.bin` / `.tags`) of runs whose process is
/// gone (killed before it could remove them). Linux only (it asks `/proc`); elsewhere nothing.
fn sweep_stale_images(dir: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.filter_map(|e| e.ok()) {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix(IMAGE_PREFIX)
            .and_then(|r| r.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Run a program on the design's processor RTL. Returns what the simulator's run returns
/// (exit code, output, cycles, retired instructions).
pub fn run_program(
    root: &Path,
    d: &Design,
    prog: &Program,
    mut o: RtlOptions,
) -> Result<ExecOutcome, FlowError> {
    let isa = asip_extensions::registry()
        .parse_isa(&d.isa)
        .map_err(|e| FlowError::Usage(format!("design '{}': {e}", d.name)))?;
    let argv = if o.argv.is_empty() {
        vec!["bench.elf".to_string()]
    } else {
        std::mem::take(&mut o.argv)
    };
    let m = Machine::new(
        prog,
        isa,
        timing_of(d)?,
        RunOptions {
            argv,
            ..RunOptions::default()
        },
    )
    .map_err(|e| FlowError::Sim(e.to_string()))?;
    let mem = &m.cpu().mem;
    let (lo, hi) = (mem.base(), mem.end());
    let mem_bytes = match o.sim {
        HdlSim::Verilator => mem_bytes_for(lo, hi),
        HdlSim::Icarus => MEM_BYTES,
    };
    let fits = |base: u32| lo >= base && hi <= base as u64 + mem_bytes as u64;
    let mem_base = if fits(MEM_BASE) { MEM_BASE } else { lo };
    if !fits(mem_base) || (o.sim == HdlSim::Icarus && mem_base != MEM_BASE) {
        return Err(FlowError::Sim(format!(
            "memory layout: the program's memory {lo:#x}..{hi:#x} does not fit the processor's \
             memory ({} MiB at {:#x}, {})",
            mem_bytes >> 20,
            if o.sim == HdlSim::Icarus {
                MEM_BASE
            } else {
                mem_base
            },
            core_of(d)?.sys
        )));
    }
    let image = mem
        .slice(lo, (hi - lo as u64) as usize)
        .ok_or_else(|| FlowError::Sim("memory image".into()))?;
    // one file per run: tests run programs from several threads of one process; in the
    // temporary folder, not hw/build, so that a read-only tree whose model is built runs
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    sweep_stale_images(&std::env::temp_dir());
    let tmp = std::env::temp_dir().join(format!("{IMAGE_PREFIX}{}-{run}.bin", std::process::id()));
    let tags_file = tmp.with_extension("tags");
    // removed however this function returns (a killed process's files: sweep_stale_images)
    let _cleanup = RemoveOnDrop(vec![tmp.clone(), tags_file.clone()]);
    let tags = memory_tags(&m);
    // the stack pointer the loader set: x2 (RISC-V), $29 (MIPS)
    let sp_reg = d.arch.info().sp as usize;
    let (entry, sp) = (m.cpu().pc, m.cpu().x[sp_reg]);
    let tohost = prog.symbols.addr("tohost");
    let trace = o.on_commit.is_some();
    let mut cmd = match o.sim {
        HdlSim::Verilator => {
            let exe = match &o.harness {
                Some((exe, _)) => exe.clone(),
                None => build_with(root, d, mem_bytes, &o.defines)?,
            };
            files::write(&tmp, image)?;
            files::write(&tags_file, &tags)?;
            let mut cmd = Command::new(exe);
            cmd.arg("--image")
                .arg(&tmp)
                .arg("--tags")
                .arg(&tags_file)
                .args(["--load", &format!("{lo:#x}")])
                .args(["--entry", &format!("{entry:#x}")])
                .args(["--sp", &format!("{sp:#x}")])
                .args(["--mem-base", &format!("{mem_base:#x}")])
                .args(["--mem-bytes", &format!("{mem_bytes:#x}")]);
            if o.max_cycles > 0 {
                cmd.args(["--max-cycles", &o.max_cycles.to_string()]);
            }
            if let Some(t) = tohost {
                cmd.args(["--tohost", &format!("{t:#x}")]);
            }
            if trace {
                cmd.arg("--trace");
            }
            // (a --harness model, the gate-level one, reports no progress)
            if o.progress.is_some() && o.harness.is_none() {
                cmd.args(["--progress", &PROGRESS_CYCLES.to_string()]);
            }
            if let Some(v) = &o.vcd {
                cmd.arg("--vcd").arg(v);
            }
            if let Some((_, args)) = &o.harness {
                cmd.args(args);
            }
            cmd
        }
        HdlSim::Icarus => {
            let vvp = build_icarus_with(root, d, &o.defines)?;
            if o.vcd.is_some() {
                return Err(FlowError::Usage(
                    "--vcd is a Verilator option (the Icarus harness writes no waveform)".into(),
                ));
            }
            files::write(&tmp, readmemh_image(lo - MEM_BASE, image))?;
            let mut t = format!("@{:x}\n", (lo - MEM_BASE) / 4);
            for b in &tags {
                t.push_str(&format!("{b:02x}\n"));
            }
            files::write(&tags_file, t)?;
            let mut cmd = Command::new("vvp");
            cmd.arg("-n")
                .arg(vvp)
                .arg(format!("+image={}", tmp.display()))
                .arg(format!("+tags={}", tags_file.display()))
                .arg(format!("+entry={entry:x}"))
                .arg(format!("+sp={sp:x}"));
            if o.max_cycles > 0 {
                cmd.arg(format!("+max_cycles={}", o.max_cycles));
            }
            if let Some(t) = tohost {
                cmd.arg(format!("+tohost={t:x}"));
            }
            if trace {
                cmd.arg("+trace");
            }
            cmd
        }
    };
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| FlowError::Io(format!("running the {:?} model of {}", o.sim, d.name), e))?;
    let out = child.stdout.take().expect("piped stdout");
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut end: Option<Result<RunEnd, FlowError>> = None;
    let mut result: Result<(), FlowError> = Ok(());
    let mut held: std::collections::VecDeque<Commit> = std::collections::VecDeque::new();
    for line in BufReader::with_capacity(1 << 20, out).lines() {
        let line = line.map_err(|e| FlowError::Io("reading the RTL harness".into(), e))?;
        let mut it = line.split_ascii_whitespace();
        match it.next() {
            Some("C") => {
                let mut c = Commit {
                    cycle: decu(it.next()),
                    pc: hexu(it.next()),
                    insn: hexu(it.next()),
                    rd: hexu(it.next()) as u8,
                    rd_value: hexu(it.next()),
                    wmask: hexu(it.next()) as u8,
                    mem_addr: hexu(it.next()),
                    mem_wdata: hexu(it.next()),
                    trap: decu(it.next()) != 0,
                    cause: hexu(it.next()),
                    tval: hexu(it.next()),
                    hi: 0,
                    lo: 0,
                    hilo_pending: false,
                    vregs: Vec::new(),
                };
                // then the vector registers (v<n>=<hex>) or MIPS's HI, LO and pending flag
                let mut rest = Vec::new();
                for t in it.by_ref() {
                    match t.strip_prefix('v').and_then(|v| v.split_once('=')) {
                        Some((r, x)) => c.vregs.push((
                            r.parse().unwrap_or(0),
                            u128::from_str_radix(x, 16).unwrap_or(0),
                        )),
                        None => rest.push(t),
                    }
                }
                let mut r = rest.into_iter();
                c.hi = hexu(r.next());
                c.lo = hexu(r.next());
                c.hilo_pending = decu(r.next()) != 0;
                // records wait behind a division until its HI/LO arrive (H line)
                if c.hilo_pending || !held.is_empty() {
                    held.push_back(c);
                } else if let (Some(f), true) = (o.on_commit.as_mut(), result.is_ok()) {
                    let text = commit_line(&m, &c);
                    result = f(&c, &text);
                }
            }
            Some("H") => {
                let (hi, lo) = (hexu(it.next()), hexu(it.next()));
                if let Some(p) = held.iter_mut().find(|c| c.hilo_pending) {
                    p.hi = hi;
                    p.lo = lo;
                    p.hilo_pending = false;
                }
                while held.front().is_some_and(|c| !c.hilo_pending) {
                    let c = held.pop_front().expect("front");
                    if let (Some(f), true) = (o.on_commit.as_mut(), result.is_ok()) {
                        let text = commit_line(&m, &c);
                        result = f(&c, &text);
                    }
                }
            }
            Some("P") => {
                if let Some(f) = o.progress.as_mut() {
                    f(decu(it.next()), decu(it.next()));
                }
            }
            Some("O") => {
                let fd = decu(it.next());
                let hex = it.next().unwrap_or("");
                let bytes: Vec<u8> = (0..hex.len() / 2)
                    .filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok())
                    .collect();
                if fd == 2 { &mut stderr } else { &mut stdout }.extend_from_slice(&bytes);
            }
            Some("X") => {
                let kind = it.next().unwrap_or("");
                let rest: Vec<&str> = it.collect();
                let g = |i: usize| rest.get(i).copied();
                end = Some(match kind {
                    "exit" => Ok((
                        g(0).and_then(|v| v.parse::<i64>().ok()).unwrap_or(0),
                        None,
                        decu(g(1)),
                        decu(g(2)),
                    )),
                    "tohost" => {
                        let v = hexu(g(0));
                        let code = if v == 1 { 0 } else { (v >> 1).max(1) as i64 };
                        Ok((code, Some(v), decu(g(1)), decu(g(2))))
                    }
                    "trap" => Err(FlowError::from_sim(&trap_error(
                        &m,
                        hexu(g(0)),
                        hexu(g(1)),
                        hexu(g(2)),
                        hexu(g(3)),
                        decu(g(4)),
                    ))),
                    "badbuf" => Err(FlowError::from_sim(&SimError::OutOfRange {
                        pc: hexu(g(1)),
                        addr: hexu(g(0)),
                        kind: "write() buffer",
                    })),
                    "runaway" => Err(FlowError::from_sim(&SimError::Runaway {
                        cycles: decu(g(0)),
                        pc: hexu(g(1)),
                    })),
                    "syscall" if d.arch == Arch::Mips32 => {
                        Err(FlowError::from_sim(&SimError::Exception {
                            pc: hexu(g(1)),
                            cause: format!(
                                "unknown o32 syscall {} (v0); supported: write (4004), exit \
                                 (4001), exit_group (4246)",
                                decu(g(0))
                            ),
                            insn: "syscall".into(),
                        }))
                    }
                    "syscall" => Err(FlowError::from_sim(&SimError::UnknownSyscall {
                        pc: hexu(g(1)),
                        number: decu(g(0)) as u32,
                    })),
                    _ => Err(FlowError::Sim(format!("RTL harness: {line}"))),
                });
            }
            _ => {}
        }
    }
    if let Some(mut e) = child.stderr.take() {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut e, &mut s);
        if !s.trim().is_empty() && end.is_none() {
            end = Some(Err(FlowError::Sim(format!("RTL harness: {}", s.trim()))));
        }
    }
    let _ = child.wait();

    // divisions whose result the divider never wrote (still running when the program
    // ended): shown with HI/LO as the RTL has them, zero
    while let Some(c) = held.pop_front() {
        if let (Some(f), true) = (o.on_commit.as_mut(), result.is_ok()) {
            let text = commit_line(&m, &c);
            result = f(&c, &text);
        }
    }
    result?;
    let (code, tohost, cycles, instret) = end.unwrap_or_else(|| {
        Err(FlowError::Sim(
            "the RTL harness stopped without a result".into(),
        ))
    })?;
    let status = match tohost {
        Some(1) => 0,
        Some(v) => (v >> 1).clamp(1, 255) as u8,
        None => (code as u32 & 0xff) as u8,
    };
    Ok(ExecOutcome {
        exit_code: code,
        status,
        tohost,
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        cycles,
        instret,
        profile: None,
        program: prog.clone(),
        cycle_reads: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `fetch_hook` says what the unit's port drives: a constant-zero `fetch_redirect_o`
    /// is no hook, anything else is one (the core's `fence.i` target depends on it).
    #[test]
    fn fetch_hook_matches_the_port() {
        let root = crate::project::root();
        for u in RV32_UNITS.iter().chain(MIPS_UNITS) {
            let text: String = u
                .files
                .iter()
                .map(|f| std::fs::read_to_string(root.join(f)).unwrap())
                .collect();
            let Some(line) = text
                .lines()
                .find(|l| l.trim_start().starts_with("assign fetch_redirect_o"))
            else {
                assert!(!u.fetch_hook, "{}: no fetch_redirect_o assign", u.name);
                continue;
            };
            let zero = line.contains("= 1'b0;");
            assert_eq!(u.fetch_hook, !zero, "{}: {line}", u.name);
        }
    }

    /// `vector` (HAS_EXT = 3: the core passes CSR accesses and word faults to the unit) is
    /// set exactly for the units built on the vector unit, whose CSRs and multi-word
    /// accesses need it.
    #[test]
    fn vector_units_are_the_ones_with_the_vector_core() {
        for u in RV32_UNITS.iter().chain(MIPS_UNITS) {
            let has = u.files.iter().any(|f| f.ends_with("zve64x_core.v"));
            assert_eq!(u.vector, has, "{}", u.name);
        }
    }
}
