//! Random instruction words on the custom ISAs (issue 16 item 11; the base ISAs are fuzzed
//! in crates/sim/tests/fuzz.rs): xoasip, xdasip, xmipsnative, xmipscop through the
//! registry. No panic, never past the cycle limit, every error has a message.

use asip_sim::{Base, Machine, Program, RunOptions, TimingParams};
use asip_testkit::{fuzz_scale as scale, Rng};

const BASE: u32 = 0x1_0000;

#[test]
fn random_words_on_the_custom_isas_never_panic() {
    let reg = asip_extensions::registry();
    let mut rng = Rng(0x000c_0570_f15a);
    for (isa_name, timing, machine, ops) in [
        (
            "rv32im_xoasip_xdasip",
            "zscale",
            Base::Rv32,
            &[0x0b, 0x2b, 0x5b, 0x7b, 0x13, 0x33, 0x63][..],
        ),
        (
            "mips32_xmipsnative",
            "mips5",
            Base::Mips32,
            &[0x1c, 0x00, 0x04, 0x09][..],
        ),
        (
            "mips32_xmipscop",
            "mips5",
            Base::Mips32,
            &[0x12, 0x32, 0x3a, 0x00, 0x09][..],
        ),
    ] {
        let isa = reg.parse_isa(isa_name).unwrap();
        let t = TimingParams::preset(timing).unwrap();
        let mips = machine == Base::Mips32;
        for case in 0..1500 * scale() {
            let n = 1 + (rng.u32() % 24) as usize;
            let mut words: Vec<u32> = (0..n).map(|_| rng.u32()).collect();
            if case % 2 == 0 {
                for w in &mut words {
                    let op = ops[(rng.u32() as usize) % ops.len()];
                    *w = if mips {
                        (*w & 0x03ff_ffff) | (op << 26)
                    } else {
                        (*w & !0x7f) | op
                    };
                }
            }
            let p = Program::from_words_for(machine, BASE, &words, 256);
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
            if let Err(e) = m.run() {
                assert!(!e.to_string().trim().is_empty(), "{isa_name} case {case}");
            }
            assert!(m.cycles() <= 21_000, "{isa_name} case {case}: {words:08x?}");
            for w in &words {
                let _ = isa.disasm(*w, BASE);
            }
        }
    }
}
