//! Deterministic fuzzing of both ISAs: random instruction words, random and truncated ELF
//! files. Never a panic, never past the cycle limit (plus one instruction's latency), and
//! every error has a message. `SHA3_ASIP_FUZZ_SCALE` multiplies the case counts
//! (`make fuzz` runs a long campaign; `cargo test` a short one).
mod common;
use asip_sim::{Base, Isa, Machine, Program, RunOptions, TimingParams};
use asip_testkit::fuzz_scale as scale;
use common::*;

/// Longest latency an instruction may add past the limit before the check stops it.
const SLACK: u64 = 1_000;

/// `li v0, 4001; syscall` (MIPS o32 exit with a0).
fn mips_exit_seq() -> Vec<u32> {
    vec![(0x09 << 26) | (2 << 16) | 4001, 0x0000_000c]
}

fn fuzz_words(isa_name: &str, timing: &str, machine: Base, ops: &[u32], seed: u64) {
    let mut rng = Rng(seed);
    let isa = Isa::parse(isa_name).unwrap();
    let t = TimingParams::preset(timing).unwrap();
    let mips = machine == Base::Mips32;
    for case in 0..3000 * scale() {
        let n = 1 + (rng.u32() % 24) as usize;
        let mut words: Vec<u32> = (0..n).map(|_| rng.u32()).collect();
        // bias towards valid opcodes in half of the cases
        if case % 2 == 0 {
            for w in &mut words {
                let op = ops[(rng.u32() % ops.len() as u32) as usize];
                *w = if mips {
                    (*w & 0x03ff_ffff) | (op << 26)
                } else {
                    (*w & !0x7f) | op
                };
            }
        }
        words.extend(if mips { mips_exit_seq() } else { exit_seq() });
        let p = Program::from_words_for(machine, BASE, &words, 256);
        let max_cycles = 20_000;
        let opts = RunOptions {
            max_cycles,
            stack_size: 4096,
            heap_size: 0,
            ..Default::default()
        };
        let mut m = Machine::new(&p, isa.clone(), t.clone(), opts).unwrap();
        for k in 1..32 {
            m.cpu_mut().x[k] = rng.u32();
        }
        if let Err(e) = m.run() {
            assert!(!e.to_string().trim().is_empty(), "{isa_name} case {case}");
        }
        assert!(
            m.cycles() <= max_cycles + SLACK,
            "{isa_name} case {case}: {} cycles past the limit {max_cycles}: {words:08x?}",
            m.cycles()
        );
        for w in &words {
            let _ = isa.disasm(*w, BASE);
        }
    }
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
        make_elf(
            243,
            BASE,
            &words_to_bytes(&code),
            &[("_start", BASE, true), ("tohost", BASE + 64, false)],
        )
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
                match Machine::new(
                    &p,
                    Isa::parse(isa).unwrap(),
                    TimingParams::preset(timing).unwrap(),
                    opts,
                ) {
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
