//! Deterministic fuzzing: random instruction words and random ELF blobs must never panic.
mod common;
use asip_sim::{Isa, Machine, Program, RunOptions, TimingParams};
use common::*;

#[test]
fn random_instruction_words_never_panic() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let isa = Isa::parse("rv32im_zbb_zbkb").unwrap();
    let t = TimingParams::preset("zscale").unwrap();
    for case in 0..3000 {
        let n = 1 + (rng.u32() % 24) as usize;
        let mut words: Vec<u32> = (0..n).map(|_| rng.u32()).collect();
        // bias towards valid opcodes in half of the cases
        if case % 2 == 0 {
            let ops = [
                0x13, 0x33, 0x03, 0x23, 0x63, 0x6f, 0x67, 0x37, 0x17, 0x73, 0x0f,
            ];
            for w in &mut words {
                *w = (*w & !0x7f) | ops[(rng.u32() % ops.len() as u32) as usize];
            }
        }
        words.extend(exit_seq());
        let p = Program::from_words(BASE, &words, 256);
        let opts = RunOptions {
            max_cycles: 20_000,
            stack_size: 4096,
            heap_size: 0,
            ..Default::default()
        };
        let mut m = Machine::new(&p, isa.clone(), t.clone(), opts).unwrap();
        for k in 1..32 {
            m.cpu_mut().x[k] = rng.u32();
        }
        let _ = m.run(); // any Ok/Err, never a panic
        for w in &words {
            let _ = isa.disasm(*w, BASE);
        }
    }
}

#[test]
fn random_elf_blobs_never_panic() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let base = {
        let mut code = vec![addi(10, 0, 0)];
        code.extend(exit_seq());
        make_elf(
            243,
            BASE,
            &words_to_bytes(&code),
            &[("_start", BASE, true), ("tohost", BASE + 64, false)],
        )
    };
    for case in 0..3000 {
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
        if let Ok(p) = Program::load_elf(&b) {
            let opts = RunOptions {
                max_cycles: 10_000,
                ..Default::default()
            };
            if let Ok(mut m) = Machine::new(
                &p,
                Isa::parse("rv32im").unwrap(),
                TimingParams::preset("zscale").unwrap(),
                opts,
            ) {
                let _ = m.run();
            }
        }
    }
}
