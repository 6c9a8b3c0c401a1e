//! `sha3-asip firmware`: build designs' firmware (the same build every command runs) and,
//! with `--qemu`, check it under qemu-user against python3's hashlib.

use super::flow_support::{named_or_all, root};
use crate::error::{CliError, Result};
use asip_flow::design::Design;
use asip_flow::error::FlowError;
use asip_flow::{exec, firmware};
use clap::Args;
use std::process::Command;

#[derive(Args, Debug)]
#[command(after_help = "\
Builds (or brings up to date) the benchmark ELF of each design, every design of designs/
by default, into firmware/build/<design>/ (bench.elf, bench.map, bench.dis), and prints its
path and the kernel's code size (text + rodata + data between the ELF's __kernel_* symbols).
The build is data (firmware/firmware.toml, firmware/kernels/<kernel>/kernel.toml) run as
argument vectors: no make, no shell (docs/firmware.md). A design is rebuilt only when a
command or an input file changed.

With --qemu, each ELF then runs under qemu-user (qemu-riscv32/qemu-mipsel, the kernel's
qemu_cpu) and firmware/scripts/check_qemu.py compares every SHA3/SHAKE digest with python3's
hashlib; a kernel with custom instructions says so and is checked on the simulator by cargo
test instead. Exit code 1 if a build or a check fails.

Examples:
  sha3-asip firmware
  sha3-asip firmware --design rv32-ref --design mips-ref
  sha3-asip firmware --qemu")]
pub struct FirmwareArgs {
    /// Design to build (repeatable; default: every design).
    #[arg(long)]
    pub design: Vec<String>,
    /// Also run each ELF under qemu-user and check its digests against hashlib.
    #[arg(long)]
    pub qemu: bool,
}

fn check_qemu(d: &Design, elf: &std::path::Path) -> Result<()> {
    let root = root();
    let cpu = match firmware::qemu_cpu(&root, d)? {
        Ok(cpu) => cpu,
        Err(why) => {
            println!(
                "{}: not run under qemu ({why}); checked on the simulator by cargo test",
                d.name
            );
            return Ok(());
        }
    };
    let q = super::bench_sim::qemu_tool(d.arch);
    asip_flow::project::require(q).map_err(FlowError::from)?;
    asip_flow::project::require(asip_flow::project::PYTHON3).map_err(FlowError::from)?;
    let mut cmd = Command::new(asip_flow::project::PYTHON3.program);
    cmd.arg(root.join("firmware/scripts/check_qemu.py"))
        .arg("--qemu")
        .arg(q.program);
    if let Some(cpu) = &cpu {
        cmd.arg("--cpu").arg(cpu);
    }
    let st = cmd
        .arg(elf)
        .status()
        .map_err(|e| CliError::new(format!("running check_qemu.py: {e}")))?;
    if !st.success() {
        return Err(CliError::new(format!(
            "{}: the firmware's digests under {} do not match hashlib ({st})",
            d.name, q.program
        )));
    }
    Ok(())
}

pub fn run(a: &FirmwareArgs) -> Result<u8> {
    let root = root();
    let designs = named_or_all(&a.design)?;
    for d in &designs {
        let elf = firmware::build(&root, d)?;
        println!(
            "{}: {} (kernel {}, code size {} bytes)",
            d.name,
            elf.strip_prefix(&root).unwrap_or(&elf).display(),
            d.kernel,
            exec::kernel_code_size(&elf)?
        );
        if a.qemu {
            check_qemu(d, &elf)?;
        }
    }
    Ok(0)
}
