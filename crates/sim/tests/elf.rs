//! ELF loader: errors, symbols, and an end-to-end run of a real cross-compiled program
//! (compared with qemu-riscv32 when installed).
mod common;
use asip_sim::{Base, ExitKind, Isa, Program, RunOptions, SimError};
use common::*;
use std::process::Command;

/// The hello ELF: rebuilt with the cross compiler when present, else the committed one.
fn hello_elf() -> Vec<u8> {
    let src = data_dir().join("hello.S");
    let out = std::env::temp_dir().join(format!("asip-sim-hello-{}.elf", std::process::id()));
    if link_rv32(&src, &out) {
        let b = std::fs::read(&out).expect("read built ELF");
        let _ = std::fs::remove_file(&out);
        b
    } else {
        std::fs::read(data_dir().join("hello.elf")).expect("committed hello.elf")
    }
}

fn run_bytes(b: &[u8], argv: &[&str]) -> Result<asip_sim::RunResult, SimError> {
    let p = Program::load_elf(b)?;
    let opts = RunOptions {
        argv: argv.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    machine_for(&p, "rv32im", "zscale", opts)?.run()
}

#[test]
fn hello_end_to_end() {
    for b in [
        hello_elf(),
        std::fs::read(data_dir().join("hello.elf")).unwrap(),
    ] {
        let p = Program::load_elf(&b).unwrap();
        assert_eq!(p.machine, Base::Rv32);
        assert_eq!(p.entry, 0x10000);
        assert_eq!(p.symbols().addr("_start"), Some(0x10000));
        let add2 = p.symbols().get("add2").unwrap().clone();
        assert!(add2.is_func);
        assert_eq!(p.symbols().function_at(add2.addr + 4).unwrap().name, "add2");
        let r = run_bytes(&b, &["hello"]).unwrap();
        assert_eq!(r.stdout, b"hello\n");
        assert_eq!(r.exit, ExitKind::Exit(3));
        let r = run_bytes(&b, &["hello", "x", "y"]).unwrap();
        assert_eq!(r.exit, ExitKind::Exit(5), "argc read from 0(sp)");
    }
}

#[test]
fn hello_matches_qemu() {
    let path = data_dir().join("hello.elf");
    let Ok(out) = Command::new("qemu-riscv32").arg(&path).output() else {
        eprintln!("qemu-riscv32 not installed; skipped");
        return;
    };
    let r = run_bytes(&std::fs::read(&path).unwrap(), &["hello"]).unwrap();
    assert_eq!(r.stdout, out.stdout);
    assert_eq!(Some(r.exit.code()), out.status.code());
}

fn good() -> Vec<u8> {
    let mut code = vec![addi(10, 0, 0)];
    code.extend(exit_seq());
    rv32_elf(&code, &[])
}

fn err(b: &[u8]) -> String {
    match Program::load_elf(b) {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn minimal_elf_runs() {
    let r = run_bytes(&good(), &["p"]).unwrap();
    assert_eq!(r.exit, ExitKind::Exit(0));
}

#[test]
fn elf_errors() {
    let g = good();
    assert!(err(&g[..30]).contains("truncated"));
    assert!(err(&g[..60]).contains("truncated"));
    assert!(err(b"hello world, not an elf").contains("not an ELF"));
    assert!(err(&[]).contains("not an ELF"));
    let mut b = g.clone();
    b[4] = 2;
    assert!(err(&b).contains("ELF64"));
    let mut b = g.clone();
    b[5] = 2;
    assert!(err(&b).contains("big-endian"));
    let mut b = g.clone();
    b[18] = 62; // x86-64
    assert!(err(&b).contains("not RISC-V"));
    let mut b = g.clone();
    b[16] = 1; // ET_REL
    assert!(err(&b).contains("not an executable"));
    let mut b = g.clone();
    b[16] = 3; // ET_DYN
    assert!(err(&b).contains("ET_DYN"));
    let mut b = g.clone();
    b[24] = 0x40; // entry outside segment? 0x10040 is inside memsz; move far
    b[26] = 0x20;
    assert!(err(&b).contains("entry point"));
    let mut b = g.clone();
    b[56] = 0xff; // segment offset past end
    b[57] = 0xff;
    assert!(err(&b).contains("outside"));
}

/// `good()` with the little-endian u16/u32 at `off` set to `v`.
fn with16(off: usize, v: u16) -> Vec<u8> {
    let mut b = good();
    b[off..off + 2].copy_from_slice(&v.to_le_bytes());
    b
}
fn with32(off: usize, v: u32) -> Vec<u8> {
    let mut b = good();
    b[off..off + 4].copy_from_slice(&v.to_le_bytes());
    b
}

/// Header and program-header fields that do not describe a loadable image: each a clear
/// error (the ELF32 header is 52 bytes, `good()`'s one program header sits at 52).
#[test]
fn malformed_headers_are_refused_clearly() {
    let len = good().len() as u32;
    for (b, want) in [
        (
            with16(42, 40),
            "program header size 40, an ELF32 program header is 32 bytes",
        ),
        (with16(42, 16), "program header size 16"),
        (with16(44, 0), "no program headers"),
        (with32(28, 0), "no program headers"),
        (with32(28, len - 16), "truncated file: program header 0"),
        (with16(44, 200), "truncated file: program header"),
        (with32(68, 0x10_0000), "file size 0x100000 > memory size"),
        (with32(60, 0xffff_f000), "wraps past 4 GiB"),
        (with32(56, len), "lies outside"),
        (with32(52, 6), "no PT_LOAD segments"), // PT_PHDR instead of PT_LOAD
    ] {
        let e = err(&b);
        assert!(
            e.starts_with("bad ELF: ") && e.contains(want),
            "{want}: {e}"
        );
    }
    // an empty segment's offset must lie in the file too
    let mut b = with32(68, 0);
    b[56..60].copy_from_slice(&(len + 1).to_le_bytes());
    assert!(err(&b).contains("lies outside"));
}

/// Every prefix of a file: an error until the header, the program headers and the segment's
/// bytes are all there; from then on the same image loads, with its symbols or (section
/// headers or symbol table cut off) without them. Garbage after the magic never panics.
#[test]
fn truncated_and_garbage_files() {
    let full = good();
    let p = Program::load_elf(&full).unwrap();
    assert!(p.symbols().addr("_start").is_some());
    let seg_end = 84 + p.segments[0].data.len();
    for n in 0..full.len() {
        match Program::load_elf(&full[..n]) {
            Err(e) => assert!(
                n < seg_end && e.to_string().starts_with("bad ELF: "),
                "{n}: {e}"
            ),
            Ok(q) => {
                assert!(n >= seg_end, "{n}");
                assert_eq!(q.segments[0].data, p.segments[0].data);
                assert_eq!(
                    (q.entry, q.segments[0].memsz),
                    (p.entry, p.segments[0].memsz)
                );
                assert!(q.symbols().is_empty(), "{n}: symbols from a cut-off table");
            }
        }
    }
    let mut x = 0x2545_f491u32;
    for n in [4, 51, 52, 53, 84, 85, 200, 4096] {
        let mut b = b"\x7fELF".to_vec();
        b.extend((4..n).map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        }));
        assert!(err(&b).starts_with("bad ELF: "), "{n}");
    }
}

/// Symbols are a convenience: a file whose symbol table does not parse (here the string
/// table's section type is changed) still loads, with no symbols.
#[test]
fn unreadable_symbol_table_loads_without_symbols() {
    let b = good();
    let shoff = u32::from_le_bytes(b[32..36].try_into().unwrap()) as usize;
    let mut c = b.clone();
    c[shoff + 80 + 4] = 1; // .strtab: SHT_STRTAB -> SHT_PROGBITS
    let (p, q) = (
        Program::load_elf(&b).unwrap(),
        Program::load_elf(&c).unwrap(),
    );
    assert_eq!(p.symbols().addr("_start"), Some(p.entry));
    assert!(q.symbols().is_empty());
    assert_eq!(q.segments[0].data, p.segments[0].data);
}

#[test]
fn mips_elf_with_rv32_isa_is_refused() {
    let mut code = vec![0u32; 4];
    code[0] = 0;
    let b = make_elf(8, 0x40_0000, &words_to_bytes(&code), &[]);
    let p = Program::load_elf(&b).unwrap();
    assert_eq!(p.machine, Base::Mips32);
    let e = machine_for(&p, "rv32im", "zscale", RunOptions::default())
        .err()
        .unwrap();
    assert!(e.to_string().contains("MIPS"), "{e}");
}

#[test]
fn isa_strings() {
    assert_eq!(Isa::parse("rv32im_zbkb").unwrap().name(), "rv32im_zbkb");
    assert_eq!(Isa::parse("RV32I").unwrap().name(), "rv32i");
    assert_eq!(
        Isa::parse("rv32im_zicsr_zifencei_zbb").unwrap().name(),
        "rv32im_zbb"
    );
    let e = Isa::parse("rv32im_zfoo").unwrap_err().to_string();
    assert!(
        e.contains("zfoo") && e.contains("zbkb") && e.contains("zbb"),
        "{e}"
    );
    assert!(Isa::parse("rv32imc")
        .unwrap_err()
        .to_string()
        .contains("\"c\""));
    assert!(Isa::parse("rv64im").is_err());
    assert!(Isa::parse("").is_err());
}

/// Every RV32IM/Zbb/Zbkb operation on edge and random operands (tests/data/diff.c):
/// the simulator's output must equal the committed qemu output, and qemu's own output
/// when qemu-riscv32 is installed.
#[test]
fn differential_against_qemu() {
    let r = run_committed_elf("diff.elf", "rv32im_zbb_zbkb", "zscale");
    let expected = std::fs::read(data_dir().join("diff.expected")).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&r.stdout),
        String::from_utf8_lossy(&expected)
    );
    if let Ok(out) = Command::new("qemu-riscv32")
        .args(["-cpu", "rv32,zbb=true,zbkb=true"])
        .arg(data_dir().join("diff.elf"))
        .output()
    {
        if out.status.success() {
            assert_eq!(r.stdout, out.stdout);
        }
    }
}
