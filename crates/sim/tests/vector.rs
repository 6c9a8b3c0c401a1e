//! The vector extension (zve64x, zvkb at VLEN = 128): random vector programs run on the
//! simulator and on `qemu-riscv32 -cpu rv32,v=true,vlen=128,elen=64` must leave the same
//! vector registers, memory and scalar results (skipped with a message without qemu);
//! zvkb (qemu 7.2 lacks it) against an independent per-element model; encodings, traps and
//! disassembly.
mod common;
use asip_sim::{ExitKind, Isa, Machine, Program, RunOptions};
use common::*;
use std::process::Command;

const S0: u32 = 8;
const T0: u32 = 5;
const T1: u32 = 6;
const SP: u32 = 2;

fn opv(f6: u32, vm: u32, vs2: u32, rs1: u32, f3: u32, vd: u32) -> u32 {
    (f6 << 26) | (vm << 25) | (vs2 << 20) | (rs1 << 15) | (f3 << 12) | (vd << 7) | 0x57
}
fn vsetvli(rd: u32, rs1: u32, vtype: u32) -> u32 {
    (vtype << 20) | (rs1 << 15) | (7 << 12) | (rd << 7) | 0x57
}
fn vsetivli(rd: u32, avl: u32, vtype: u32) -> u32 {
    (3 << 30) | (vtype << 20) | (avl << 15) | (7 << 12) | (rd << 7) | 0x57
}
fn width(eew: u32) -> u32 {
    match eew {
        8 => 0,
        16 => 5,
        32 => 6,
        _ => 7,
    }
}
/// Unit-stride (mop 0) or strided (mop 2) load/store.
fn vmem(store: bool, mop: u32, vm: u32, rs2: u32, rs1: u32, eew: u32, vd: u32) -> u32 {
    (mop << 26)
        | (vm << 25)
        | (rs2 << 20)
        | (rs1 << 15)
        | (width(eew) << 12)
        | (vd << 7)
        | if store { 0x27 } else { 0x07 }
}
/// `li rd, v` (lui + addi).
fn li(rd: u32, v: u32) -> Vec<u32> {
    let lo = ((v & 0xfff) as i32) << 20 >> 20;
    let hi = v.wrapping_sub(lo as u32) >> 12;
    vec![u(hi, rd, 0x37), addi(rd, rd, lo)]
}
/// vtype with ta, ma set (qemu and the simulator both leave tails undisturbed anyway).
fn vtype(sew: u32, lmul: u32) -> u32 {
    0xc0 | (sew.trailing_zeros() - 3) << 3 | lmul.trailing_zeros()
}

const DATA: u32 = 1024;

/// A random program: random data and vector registers, `n` random legal vector
/// instructions, then the vector registers, the data area, a0..a5, vl and vtype written
/// to stdout.
fn random_program(seed: u64, n: usize) -> Vec<u32> {
    let mut g = Rng(seed);
    let mut p = vec![
        addi(SP, SP, -2048),
        addi(S0, SP, 0),
        i(-64, S0, 7, S0, 0x13),
    ];
    for k in 0..DATA / 4 {
        p.extend(li(T0, g.u32()));
        p.push(sw(T0, S0, (k * 4) as i32));
    }
    p.extend(li(T0, 128));
    p.push(vsetvli(0, T0, vtype(8, 8)));
    for (k, r) in [0, 8, 16, 24].into_iter().enumerate() {
        p.push(addi(T1, S0, 128 * k as i32 + 64));
        p.push(vmem(false, 0, 1, 0, T1, 8, r));
    }
    for a in 10..16 {
        p.extend(li(a, g.u32() >> (g.u32() % 32)));
    }
    let mut lmul = 1;
    let mut sew = 64;
    p.push(vsetivli(0, 3, vtype(sew, lmul)));
    for _ in 0..n {
        let pick = |g: &mut Rng, m: u32| (g.u32() % (32 / m)) * m;
        let vm = !g.u32().is_multiple_of(4) as u32; // a quarter masked
        let mut vd = pick(&mut g, lmul);
        if vm == 0 && vd == 0 {
            vd = lmul.max(1);
        }
        let vs2 = pick(&mut g, lmul);
        let vs1 = pick(&mut g, lmul);
        let xs = 10 + g.u32() % 6;
        let imm = g.u32() % 32;
        match g.u32() % 20 {
            0 => {
                sew = 8 << (g.u32() % 4);
                lmul = 1 << (g.u32() % 4);
                let avl = g.u32() % 40;
                if g.u32().is_multiple_of(2) {
                    p.push(vsetivli(10 + g.u32() % 6, avl % 32, vtype(sew, lmul)));
                } else {
                    p.push(addi(T0, 0, avl as i32));
                    p.push(vsetvli(10 + g.u32() % 6, T0, vtype(sew, lmul)));
                }
            }
            1..=6 => {
                // element-wise: vadd vsub vrsub vand vor vxor vsll vsrl vsra
                let f6 =
                    [0x00, 0x02, 0x03, 0x09, 0x0a, 0x0b, 0x25, 0x28, 0x29][g.u32() as usize % 9];
                let f3 = match (f6, g.u32() % 3) {
                    (0x02, 2) | (0x03, 0) => 4,
                    (_, 0) => 0,
                    (_, 1) => 4,
                    _ => 3,
                };
                let s1 = if f3 == 4 {
                    xs
                } else if f3 == 3 {
                    imm
                } else {
                    vs1
                };
                p.push(opv(f6, vm, vs2, s1, f3, vd));
            }
            7 | 8 => {
                // vrgather.vv/.vx/.vi, vrgatherei16, vslideup/down .vx/.vi, vslide1up/down
                let (f6, f3) = [
                    (0x0c, 0),
                    (0x0c, 4),
                    (0x0c, 3),
                    (0x0e, 0),
                    (0x0e, 4),
                    (0x0e, 3),
                    (0x0f, 4),
                    (0x0f, 3),
                    (0x0e, 6),
                    (0x0f, 6),
                ][g.u32() as usize % 10];
                let mut s1 = if f3 == 3 {
                    imm
                } else if f3 == 0 {
                    vs1
                } else {
                    xs
                };
                let ei16 = f6 == 0x0e && f3 == 0;
                let in_ = if ei16 {
                    // EMUL of the 16-bit indices
                    let num = 16 * lmul;
                    if num * 8 < sew || num > 8 * sew {
                        continue;
                    }
                    num.div_ceil(sew)
                } else {
                    lmul
                };
                if f3 == 0 {
                    s1 = pick(&mut g, in_);
                }
                let ov = |a: u32, na: u32, b: u32, nb: u32| a < b + nb && b < a + na;
                let down = f6 == 0x0f;
                if (!down && ov(vd, lmul, vs2, lmul)) || (f3 == 0 && ov(vd, lmul, s1, in_)) {
                    continue;
                }
                p.push(opv(f6, vm, vs2, s1, f3, vd));
            }
            9 => {
                // vmv.v.* / vmerge
                let f3 = [0, 4, 3][g.u32() as usize % 3];
                let s1 = if f3 == 4 {
                    xs
                } else if f3 == 3 {
                    imm
                } else {
                    vs1
                };
                p.push(opv(0x17, vm, if vm == 1 { 0 } else { vs2 }, s1, f3, vd));
            }
            10 => p.push(opv(0x10, 1, vs2, 0, 2, 10 + g.u32() % 6)), // vmv.x.s
            11 => p.push(opv(0x10, 1, 0, xs, 6, vd)),                // vmv.s.x
            12 => p.push(opv(0x14, vm, 0, 0x11, 2, vd)),             // vid.v
            13 => {
                let nr = 1 << (g.u32() % 4);
                p.push(opv(0x27, 1, pick(&mut g, nr), nr - 1, 3, pick(&mut g, nr)));
            }
            _ => {
                // unit-stride or strided load/store of a legal EEW
                let eew = 8 << (g.u32() % 4);
                let (num, den) = (eew * lmul, sew);
                if num * 8 < den || num > 8 * den {
                    continue;
                }
                let regs = num.div_ceil(den);
                let r = pick(&mut g, regs);
                let vm = if r == 0 { 1 } else { vm };
                let eb = eew / 8;
                let off = 384 + (g.u32() % (128 / eb)) * eb;
                p.push(addi(T0, S0, off as i32));
                let store = g.u32().is_multiple_of(2);
                if g.u32().is_multiple_of(2) {
                    p.push(vmem(store, 0, vm, 0, T0, eew, r));
                } else {
                    let stride = [0i32, 1, 2, -1][g.u32() as usize % 4] * eb as i32;
                    p.push(addi(T1, 0, stride));
                    p.push(vmem(store, 2, vm, T1, T0, eew, r));
                }
            }
        }
    }
    // dump: a0..a5, vl, vtype, then v0..v31, then the data area
    for a in 10..16 {
        p.push(sw(a, S0, (DATA + 512 + 4 * (a - 10)) as i32));
    }
    p.push(csrr(T0, 0xc20));
    p.push(sw(T0, S0, (DATA + 536) as i32));
    p.push(csrr(T0, 0xc21));
    p.push(sw(T0, S0, (DATA + 540) as i32));
    p.extend(li(T0, 128));
    p.push(vsetvli(0, T0, vtype(8, 8)));
    for (k, r) in [0, 8, 16, 24].into_iter().enumerate() {
        p.push(addi(T1, S0, (DATA / 2) as i32 * 2 + 128 * k as i32 - 2048));
        p.push(addi(T1, T1, 2048));
        p.push(vmem(true, 0, 1, 0, T1, 8, r));
    }
    p.extend([addi(10, 0, 1), addi(11, S0, 0)]);
    p.extend(li(12, DATA + 544));
    p.extend([addi(17, 0, 64), ECALL, addi(10, 0, 0)]);
    p.extend(exit_seq());
    p
}

fn run_sim(words: &[u32]) -> Vec<u8> {
    let prog = Program::from_words(BASE, words, 4096);
    let r =
        run_program(&prog, "rv32im_zve64x", "zscale").unwrap_or_else(|e| panic!("simulator: {e}"));
    assert_eq!(r.exit, ExitKind::Exit(0));
    r.stdout
}

const QEMU_CPU: &str = "rv32,v=true,vlen=128,elen=64,vext_spec=v1.0";

/// Random vector programs on the simulator and on qemu: same registers and memory.
#[test]
fn random_programs_match_qemu() {
    let probe = Command::new("qemu-riscv32")
        .args(["-cpu", QEMU_CPU, "--version"])
        .output();
    if !probe.map(|o| o.status.success()).unwrap_or(false) {
        eprintln!(
            "qemu-riscv32 (with -cpu {QEMU_CPU}) not installed; vector differential test skipped"
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("asip-rvv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let seeds: u64 = std::env::var("RVV_DIFF_PROGRAMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40);
    for seed in 1..=seeds {
        let words = random_program(seed, 200);
        let sim = run_sim(&words);
        assert_eq!(sim.len() as u32, DATA + 544);
        // linked by the cross toolchain (qemu wants page-aligned segments)
        let src = dir.join(format!("p{seed}.S"));
        let path = dir.join(format!("p{seed}.elf"));
        let body: String = words.iter().map(|w| format!(".word {w:#010x}\n")).collect();
        std::fs::write(&src, format!(".globl _start\n_start:\n{body}")).unwrap();
        if !link_rv32(&src, &path) {
            eprintln!("riscv64-unknown-elf-gcc not installed; vector differential test skipped");
            return;
        }
        let q = asip_testkit::run_ok(
            Command::new("qemu-riscv32")
                .args(["-cpu", QEMU_CPU])
                .arg(&path),
            &format!("seed {seed}: qemu-riscv32 {}", path.display()),
        );
        if q.stdout != sim {
            let first = q
                .stdout
                .iter()
                .zip(&sim)
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            let what = if first < 512 {
                format!("v{} byte {}", first / 16, first % 16)
            } else {
                format!("dump byte {first}")
            };
            panic!(
                "seed {seed}: simulator and qemu differ first at {what} (words: {:x?})",
                &words[..]
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Disassembly as binutils objdump prints it (operands joined with `, ` like the rest of
/// the simulator's disassembly); the words and texts come from riscv64-unknown-elf-objdump.
#[test]
fn disassembly_matches_objdump() {
    let isa = Isa::parse("rv32im_zve64x_zvkb").unwrap();
    for (w, text) in [
        (0xcda2f2d7, "vsetivli t0,5,e64,m4,ta,ma"),
        (0x0075f557, "vsetvli a0,a1,e8,mf2,tu,mu"),
        (0x02057207, "vle64.v v4,(a0)"),
        (0x0005e427, "vse32.v v8,(a1),v0.t"),
        (0x0ab57207, "vlse64.v v4,(a0),a1"),
        (0x06855207, "vluxei16.v v4,(a0),v8"),
        (0x62857207, "vl4re64.v v4,(a0)"),
        (0x22850127, "vs2r.v v2,(a0)"),
        (0x2e860257, "vxor.vv v4,v8,v12"),
        (0x2e8fb257, "vnot.v v4,v8"),
        (0x9481b257, "vsll.vi v4,v8,3,v0.t"),
        (0x3a808257, "vrgatherei16.vv v4,v8,v1"),
        (0x3e854257, "vslidedown.vx v4,v8,a0"),
        (0x5c82b257, "vmerge.vim v4,v8,5,v0"),
        (0x5e054257, "vmv.v.x v4,a0"),
        (0x42402557, "vmv.x.s a0,v4"),
        (0x42056257, "vmv.s.x v4,a0"),
        (0x5208a257, "vid.v v4"),
        (0x9e60b257, "vmv2r.v v4,v6"),
        (0x3a85e257, "vslide1up.vx v4,v8,a1"),
    ] {
        assert_eq!(isa.disasm(w, 0).replace(", ", ","), text, "{w:#010x}");
    }
}

fn sim_with(isa: &str, words: &[u32]) -> Machine {
    let mut w = words.to_vec();
    w.push(addi(10, 0, 0));
    w.extend(exit_seq());
    let prog = Program::from_words(BASE, &w, 4096);
    let mut m = machine_for(&prog, isa, "zscale", RunOptions::default()).unwrap();
    let r = m.run().unwrap();
    assert_eq!(r.exit, ExitKind::Exit(0));
    m
}

/// zvkb (not in qemu 7.2) against a per-element model written here: vror.vi, vror.vx,
/// vrol.vv, vandn.vv, vrev8.v, vbrev8.v at SEW 64 and 32.
#[test]
fn zvkb_against_model() {
    let mut g = Rng(7);
    let data: Vec<u32> = (0..16).map(|_| g.u32()).collect();
    let mut p = vec![addi(SP, SP, -256), addi(S0, SP, 0), i(-64, S0, 7, S0, 0x13)];
    for (k, &d) in data.iter().enumerate() {
        p.extend(li(T0, d));
        p.push(sw(T0, S0, 4 * k as i32));
    }
    p.extend(li(10, 45));
    for (sew, base) in [(64u32, 0u32), (32, 16)] {
        p.push(vsetivli(0, 128 / sew, vtype(sew, 1)));
        p.push(addi(T1, S0, 0));
        p.push(vmem(false, 0, 1, 0, T1, sew, 8));
        p.push(addi(T1, S0, 32));
        p.push(vmem(false, 0, 1, 0, T1, sew, 9));
        p.push(opv(0x14 | 1, 1, 8, 13, 3, base + 1)); // vror.vi (imm bit 5 = 1): 45
        p.push(opv(0x14, 1, 8, 10, 4, base + 2)); // vror.vx by a0 = 45
        p.push(opv(0x15, 1, 8, 9, 0, base + 3)); // vrol.vv
        p.push(opv(0x01, 1, 8, 9, 0, base + 4)); // vandn.vv
        p.push(opv(0x12, 1, 8, 9, 2, base + 5)); // vrev8.v
        p.push(opv(0x12, 1, 8, 8, 2, base + 6)); // vbrev8.v
    }
    let m = sim_with("rv32im_zve64x_zvkb", &p);
    let s = m.cpu().state::<asip_sim::rv32::vector::VState>().unwrap();
    for (sew, base) in [(64u32, 0u32), (32, 16)] {
        let n = 128 / sew;
        let el = |k: usize, i: u32| -> u64 {
            let w = |j: usize| data[j] as u64;
            if sew == 64 {
                w(k + 2 * i as usize) | w(k + 2 * i as usize + 1) << 32
            } else {
                w(k + i as usize)
            }
        };
        let m64 = if sew == 64 { u64::MAX } else { 0xffff_ffff };
        let rotr = |a: u64, s: u32| {
            let s = s % sew;
            if s == 0 {
                a
            } else {
                ((a >> s) | (a << (sew - s))) & m64
            }
        };
        for i in 0..n {
            let (a, b) = (el(0, i), el(8, i));
            let bytes = a.to_le_bytes();
            let nb = (sew / 8) as usize;
            let rev: u64 = (0..nb).fold(0, |r, k| r | (bytes[nb - 1 - k] as u64) << (8 * k));
            let brev: u64 = (0..nb).fold(0, |r, k| r | (bytes[k].reverse_bits() as u64) << (8 * k));
            let want = [
                rotr(a, 45),
                rotr(a, 45),
                rotr(a, sew - (b as u32 % sew)),
                a & !b & m64,
                rev,
                brev,
            ];
            for (k, want) in want.iter().enumerate() {
                assert_eq!(
                    s.get(base + 1 + k as u32, i, sew / 8),
                    *want,
                    "sew {sew} op {k} element {i}"
                );
            }
        }
    }
}

/// Reserved encodings trap with the instruction named; vector words without the
/// extension are refused with the extension named.
#[test]
fn reserved_encodings_trap() {
    let prog = |w: u32| {
        let mut p = vec![vsetivli(0, 4, vtype(64, 2)), w];
        p.extend(exit_seq());
        Program::from_words(BASE, &p, 4096)
    };
    let err = |isa: &str, w: u32| {
        run_program(&prog(w), isa, "zscale")
            .unwrap_err()
            .to_string()
    };
    // LMUL = 2: an odd destination register is reserved
    let e = err("rv32im_zve64x", opv(0x0b, 1, 2, 4, 0, 3));
    assert!(
        e.contains("vxor.vv v3, v2, v4") && e.contains("illegal"),
        "{e}"
    );
    // a masked operation writing v0
    let e = err("rv32im_zve64x", opv(0x0b, 0, 2, 4, 0, 0));
    assert!(e.contains("vxor.vv v0, v2, v4, v0.t"), "{e}");
    // vrgather with overlapping destination and source
    let e = err("rv32im_zve64x", opv(0x0c, 1, 2, 4, 0, 2));
    assert!(e.contains("vrgather.vv"), "{e}");
    // without a vector extension
    let e = err("rv32im", opv(0x0b, 1, 2, 4, 0, 2));
    assert!(e.contains("zve64x"), "{e}");
    // zvkb ops need zvkb
    let e = err("rv32im_zve64x", opv(0x01, 1, 2, 4, 0, 6));
    assert!(e.contains("zvkb"), "{e}");
}
