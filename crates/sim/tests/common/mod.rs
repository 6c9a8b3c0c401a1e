//! Test helpers: a tiny RV32 encoder and runners for raw instruction words.
#![allow(dead_code)]

use asip_sim::{ExitKind, Isa, Machine, Program, RunOptions, RunResult, SimError, TimingParams};
use std::path::{Path, PathBuf};
use std::process::Command;

// The tiny RV32 encoder and the PRNG are asip-testkit's (shared with the isa/ crates).
#[allow(unused_imports)]
pub use asip_testkit::words::{
    addi, b, csrr, csrrc, csrrs, csrrw, csrrwi, exit_seq, i, j, lw, r, s, sw, u, Rng, BASE, ECALL,
};

/// A machine for `prog` on the ISA string `isa` with the timing preset `timing`.
pub fn machine_for(
    prog: &Program,
    isa: &str,
    timing: &str,
    opts: RunOptions,
) -> Result<Machine, SimError> {
    Machine::new(prog, Isa::parse(isa)?, TimingParams::preset(timing)?, opts)
}

/// Run `prog` to its end on `isa` / `timing` with the default options.
pub fn run_program(prog: &Program, isa: &str, timing: &str) -> Result<RunResult, SimError> {
    machine_for(prog, isa, timing, RunOptions::default())?.run()
}

/// `tests/data`: committed programs and their expected outputs.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// Link the RV32 assembly `src` into the bare ELF `out` (text at 0x10000) with the cross
/// compiler; false when it is missing or fails.
pub fn link_rv32(src: &Path, out: &Path) -> bool {
    Command::new("riscv64-unknown-elf-gcc")
        .args([
            "-march=rv32im",
            "-mabi=ilp32",
            "-nostdlib",
            "-static",
            "-Ttext=0x10000",
            "-o",
        ])
        .arg(out)
        .arg(src)
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// Run the committed ELF `tests/data/<name>` on `isa` / `timing`; asserts it exits with 0.
pub fn run_committed_elf(name: &str, isa: &str, timing: &str) -> RunResult {
    let path = data_dir().join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let prog = Program::load_elf(&bytes).unwrap();
    let r = run_program(&prog, isa, timing).unwrap();
    assert_eq!(r.exit, ExitKind::Exit(0), "{name}");
    r
}

/// A machine for raw RV32 `words` (4 KiB of memory past them, at most 1,000,000 cycles).
pub fn machine(isa: &str, timing: &str, words: &[u32]) -> Result<Machine, SimError> {
    machine_capped(&Program::from_words(BASE, words, 4096), isa, timing)
}

/// A machine for `prog` that stops a run at 1,000,000 cycles.
pub fn machine_capped(prog: &Program, isa: &str, timing: &str) -> Result<Machine, SimError> {
    let opts = RunOptions {
        max_cycles: 1_000_000,
        ..RunOptions::default()
    };
    machine_for(prog, isa, timing, opts)
}

/// Run `words` followed by the exit sequence.
pub fn run(isa: &str, timing: &str, words: &[u32]) -> Result<RunResult, SimError> {
    let mut w = words.to_vec();
    w.extend(exit_seq());
    machine(isa, timing, &w)?.run()
}

/// Execute one instruction with preset registers; return all registers afterwards.
pub fn exec1(isa: &str, word: u32, regs: &[(usize, u32)]) -> [u32; 32] {
    let mut w = vec![word];
    w.extend(exit_seq());
    let mut m = machine(isa, "zscale", &w).expect("machine");
    for &(k, v) in regs {
        m.cpu_mut().x[k] = v;
    }
    m.run().expect("run");
    m.cpu().x
}

/// rd = op(a, b) for an R-type word with rd=x5, rs1=x6, rs2=x7.
pub fn rop(isa: &str, f7: u32, f3: u32, a: u32, bv: u32) -> u32 {
    exec1(isa, r(f7, 7, 6, f3, 5, 0x33), &[(6, a), (7, bv)])[5]
}
/// rd = op(a) for an OP-IMM word with the given imm12 field, rd=x5, rs1=x6.
pub fn iop(isa: &str, imm12: u32, f3: u32, a: u32) -> u32 {
    exec1(
        isa,
        (imm12 << 20) | (6 << 15) | (f3 << 12) | (5 << 7) | 0x13,
        &[(6, a)],
    )[5]
}

/// Minimal ELF32 writer: one PT_LOAD (RX) with `code` at `vaddr`, optional symbols.
pub fn make_elf(machine: u16, vaddr: u32, code: &[u8], syms: &[(&str, u32, bool)]) -> Vec<u8> {
    let mut f = vec![0u8; 52 + 32];
    f[..4].copy_from_slice(b"\x7fELF");
    f[4] = 1;
    f[5] = 1;
    f[6] = 1;
    let put16 = |f: &mut Vec<u8>, o: usize, v: u16| f[o..o + 2].copy_from_slice(&v.to_le_bytes());
    let put32 = |f: &mut Vec<u8>, o: usize, v: u32| f[o..o + 4].copy_from_slice(&v.to_le_bytes());
    put16(&mut f, 16, 2);
    put16(&mut f, 18, machine);
    put32(&mut f, 20, 1);
    put32(&mut f, 24, vaddr);
    put32(&mut f, 28, 52);
    put16(&mut f, 40, 52);
    put16(&mut f, 42, 32);
    put16(&mut f, 44, 1);
    put16(&mut f, 46, 40);
    let code_off = f.len() as u32;
    f.extend_from_slice(code);
    // program header
    put32(&mut f, 52, 1);
    put32(&mut f, 56, code_off);
    put32(&mut f, 60, vaddr);
    put32(&mut f, 64, vaddr);
    put32(&mut f, 68, code.len() as u32);
    put32(&mut f, 72, code.len() as u32 + 4096);
    put32(&mut f, 76, 7);
    put32(&mut f, 80, 4);
    if !syms.is_empty() {
        // strtab
        let mut strtab = vec![0u8];
        let mut names = Vec::new();
        for (n, _, _) in syms {
            names.push(strtab.len() as u32);
            strtab.extend_from_slice(n.as_bytes());
            strtab.push(0);
        }
        let str_off = f.len() as u32;
        f.extend_from_slice(&strtab);
        while f.len() & 3 != 0 {
            f.push(0);
        }
        let sym_off = f.len() as u32;
        f.extend_from_slice(&[0u8; 16]);
        for (k, (_, addr, func)) in syms.iter().enumerate() {
            let mut e = [0u8; 16];
            e[..4].copy_from_slice(&names[k].to_le_bytes());
            e[4..8].copy_from_slice(&addr.to_le_bytes());
            e[12] = (1 << 4) | if *func { 2 } else { 1 };
            e[14] = 1;
            f.extend_from_slice(&e);
        }
        let sym_size = f.len() as u32 - sym_off;
        let shoff = f.len() as u32;
        // section headers: null, symtab (link 2), strtab
        let mut sh = vec![0u8; 40 * 3];
        let p = |sh: &mut Vec<u8>, o: usize, v: u32| sh[o..o + 4].copy_from_slice(&v.to_le_bytes());
        p(&mut sh, 40 + 4, 2);
        p(&mut sh, 40 + 16, sym_off);
        p(&mut sh, 40 + 20, sym_size);
        p(&mut sh, 40 + 24, 2);
        p(&mut sh, 40 + 36, 16);
        p(&mut sh, 80 + 4, 3);
        p(&mut sh, 80 + 16, str_off);
        p(&mut sh, 80 + 20, strtab.len() as u32);
        f.extend_from_slice(&sh);
        put32(&mut f, 32, shoff);
        put16(&mut f, 48, 3);
    }
    f
}

/// An RV32 ELF of `code` at [`BASE`] with `_start` there and the symbols `syms`.
pub fn rv32_elf(code: &[u32], syms: &[(&str, u32, bool)]) -> Vec<u8> {
    let mut all = vec![("_start", BASE, true)];
    all.extend_from_slice(syms);
    make_elf(243, BASE, &words_to_bytes(code), &all)
}

pub fn words_to_bytes(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}
