//! Deterministic fuzzing of both ISAs: random instruction words, random and truncated ELF
//! files. Never a panic, never past the cycle limit (plus one instruction's latency), and
//! every error has a message. `SHA3_ASIP_FUZZ_SCALE` multiplies the case counts
//! (`make fuzz` runs a long campaign; `cargo test` a short one).
mod common;
use asip_sim::{Base, Isa, Program, RunOptions, TimingParams};
use asip_testkit::fuzz_scale as scale;
use common::*;

use asip_testkit::words::FUZZ_SLACK as SLACK;

/// `li v0, 4001; syscall` (MIPS o32 exit with a0).
fn mips_exit_seq() -> Vec<u32> {
    vec![(0x09 << 26) | (2 << 16) | 4001, 0x0000_000c]
}

fn fuzz_words(isa_name: &str, timing: &str, machine: Base, ops: &[u32], seed: u64) {
    let exit = if machine == Base::Mips32 {
        mips_exit_seq()
    } else {
        exit_seq()
    };
    asip_testkit::words::fuzz_words(
        &mut Rng(seed),
        &Isa::parse(isa_name).unwrap(),
        isa_name,
        &TimingParams::preset(timing).unwrap(),
        machine,
        ops,
        3000 * scale(),
        &exit,
    );
}

#[test]
fn random_rv32_instruction_words_never_panic() {
    let ops = [
        0x13, 0x33, 0x03, 0x23, 0x63, 0x6f, 0x67, 0x37, 0x17, 0x73, 0x0f,
    ];
    fuzz_words(
        "rv32im_zbb_zbkb",
        "zscale",
        Base::Rv32,
        &ops,
        0xdead_beef_cafe_f00d,
    );
}

#[test]
fn random_mips32_instruction_words_never_panic() {
    // SPECIAL, REGIMM, j, jal, beq..bgtz, addi..lui, COP0, COP2, SPECIAL2, lb..sw
    let ops = [
        0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e,
        0x0f, 0x10, 0x12, 0x1c, 0x20, 0x21, 0x23, 0x24, 0x25, 0x28, 0x29, 0x2b,
    ];
    fuzz_words("mips32", "mips5", Base::Mips32, &ops, 0x5eed_0f00_0d15_ea5e);
}

#[test]
fn random_and_truncated_elf_files_never_panic() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let rv = {
        let mut code = vec![addi(10, 0, 0)];
        code.extend(exit_seq());
        rv32_elf(&code, &[("tohost", BASE + 64, false)])
    };
    let mips = make_elf(
        8,
        BASE,
        &words_to_bytes(&mips_exit_seq()),
        &[("__start", BASE, true)],
    );
    for case in 0..3000 * scale() {
        let base = if case % 2 == 0 { &rv } else { &mips };
        let b: Vec<u8> = if case % 3 == 0 {
            let n = (rng.u32() % 300) as usize;
            let mut v: Vec<u8> = (0..n).map(|_| rng.u32() as u8).collect();
            if n >= 4 {
                v[..4].copy_from_slice(b"\x7fELF");
            }
            v
        } else {
            // mutate a valid file
            let mut v = base.clone();
            for _ in 0..1 + rng.u32() % 6 {
                let k = (rng.u32() as usize) % v.len();
                v[k] = rng.u32() as u8;
            }
            if case % 5 == 0 {
                v.truncate((rng.u32() as usize) % v.len());
            }
            v
        };
        match Program::load_elf(&b) {
            Err(e) => assert!(!e.to_string().trim().is_empty(), "case {case}"),
            Ok(p) => {
                let (isa, timing) = match p.machine {
                    Base::Mips32 => ("mips32", "mips5"),
                    _ => ("rv32im", "zscale"),
                };
                let opts = RunOptions {
                    max_cycles: 10_000,
                    ..Default::default()
                };
                match machine_for(&p, isa, timing, opts) {
                    Err(e) => assert!(!e.to_string().trim().is_empty(), "case {case}"),
                    Ok(mut m) => {
                        if let Err(e) = m.run() {
                            assert!(!e.to_string().trim().is_empty(), "case {case}");
                        }
                        assert!(m.cycles() <= 10_000 + SLACK, "case {case}");
                    }
                }
            }
        }
    }
}
