//! The vector unit (hw/units/zve64x, design rv32-v) on the RV32 processor RTL against the
//! simulator: exact-cycle programs give the same commit log (retire cycle, register, memory
//! and vector register writes) on both engines, and the cycles are the timing model's
//! beats: `zve64x.beat` (one per 128-bit register of a group after the first,
//! ceil(vl * SEW / 128) in all) and `zve64x.mem_beat` (one per 32-bit word after the first;
//! a strided element of 64 bits is two words). The simulator's vector unit is checked
//! against qemu (crates/sim/tests/vector.rs); here the RTL is checked against it. Skipped
//! with a loud line when verilator is missing.

use asip_testkit::regs::rv32::{A0, A1, A2, A3};
use asip_testkit::rtl::{lockstep_words, DATA_ADDR};
use asip_testkit::words::*;

/// vtype bits: SEW, LMUL (1/8 .. 8 as 8 * LMUL), tail/mask undisturbed
fn vtype(sew: u32, lmul8: u32) -> u32 {
    let lmul = match lmul8 {
        1 => 5,
        2 => 6,
        4 => 7,
        n => (n / 8).trailing_zeros(),
    };
    ((sew / 8).trailing_zeros() << 3) | lmul
}

/// vsetivli zero, avl, vtype
fn vsetivli(avl: u32, sew: u32, lmul8: u32) -> u32 {
    (3 << 30) | (vtype(sew, lmul8) << 20) | (avl << 15) | (7 << 12) | 0x57
}

fn width_code(eew: u32) -> u32 {
    match eew {
        8 => 0,
        16 => 5,
        32 => 6,
        _ => 7,
    }
}

fn vle(eew: u32, vd: u32, rs1: u32) -> u32 {
    (1 << 25) | (rs1 << 15) | (width_code(eew) << 12) | (vd << 7) | 0x07
}

fn vse(eew: u32, vs3: u32, rs1: u32) -> u32 {
    (1 << 25) | (rs1 << 15) | (width_code(eew) << 12) | (vs3 << 7) | 0x27
}

fn vlse(eew: u32, vd: u32, rs1: u32, rs2: u32) -> u32 {
    (2 << 26) | (1 << 25) | (rs2 << 20) | (rs1 << 15) | (width_code(eew) << 12) | (vd << 7) | 0x07
}

/// An OP-V instruction: funct6, vs2, rs1/vs1/imm field, funct3 (0 vv, 3 vi, 4 vx), vd.
fn opv(f6: u32, vd: u32, vs2: u32, s1: u32, f3: u32) -> u32 {
    (f6 << 26) | (1 << 25) | (vs2 << 20) | ((s1 & 31) << 15) | (f3 << 12) | (vd << 7) | 0x57
}

const VV: u32 = 0;
const VI: u32 = 3;
const VX: u32 = 4;
const ADD: u32 = 0b000000;
const SUB: u32 = 0b000010;
const RSUB: u32 = 0b000011;
const AND: u32 = 0b001001;
const OR: u32 = 0b001010;
const XOR: u32 = 0b001011;
const SLL: u32 = 0b100101;
const SRL: u32 = 0b101000;
const SRA: u32 = 0b101001;
const GATHER16: u32 = 0b001110;

/// ceil(vl * sew / 128) beats; the cycles after the first
fn extra(vl: u32, sew: u32) -> u64 {
    ((vl * sew).div_ceil(128).max(1) - 1) as u64
}

/// Cycles of a gather (docs/timing-models.md): per output register, one per distinct
/// source register its active elements' indices (below VLMAX) name, at least one.
fn gather_cycles(idx: &[u16], vl: u32, sew: u32, lmul8: u32) -> u64 {
    let per = 128 / sew;
    let vlmax = 16 * lmul8 / sew;
    (0..(vl * sew).div_ceil(128))
        .map(|k| {
            let mut regs: Vec<u32> = (k * per..((k + 1) * per).min(vl))
                .map(|i| idx[i as usize] as u32)
                .filter(|&x| x < vlmax)
                .map(|x| x / per)
                .collect();
            regs.sort_unstable();
            regs.dedup();
            regs.len().max(1) as u64
        })
        .sum()
}

/// The data: random words (and the gather's indices, some past VLMAX).
fn data() -> Vec<u32> {
    let mut r = Rng(0x0031_0e1e_0001);
    (0..160).map(|_| r.u32()).collect()
}

/// Every element-wise operation in every form at every SEW, LMUL 1 and 4 with a tail
/// (vl short of VLMAX), the operands loaded from memory: the cycles are the beats.
#[test]
fn element_wise_operations_at_every_width() {
    let mut w = li(A0, DATA_ADDR).to_vec();
    w.extend(li(A1, DATA_ADDR + 256));
    w.extend(li(A2, 0x8000_0005));
    let mut beats = 0u64;
    for (sew, lmul8, vl) in [
        (8, 8, 13),
        (16, 8, 7),
        (32, 32, 11),
        (64, 32, 5),
        (64, 8, 2),
    ] {
        w.push(vsetivli(vl, sew, lmul8));
        let words = (vl * sew / 8).div_ceil(4) as u64;
        // v8 group, v12 group loaded (LMUL <= 4: both fit)
        w.extend([vle(sew, 8, A0), vle(sew, 12, A1)]);
        beats += 2 * (words - 1);
        for (f6, f3, s1) in [
            (ADD, VV, 12),
            (SUB, VV, 12),
            (AND, VV, 12),
            (OR, VV, 12),
            (XOR, VV, 12),
            (SLL, VV, 12),
            (SRL, VV, 12),
            (SRA, VV, 12),
            (ADD, VX, A2),
            (SUB, VX, A2),
            (RSUB, VX, A2),
            (XOR, VX, A2),
            (SLL, VX, A2),
            (SRA, VX, A2),
            (ADD, VI, 0x1f),
            (RSUB, VI, 3),
            (XOR, VI, 0x1f), // vnot.v
            (AND, VI, 0x0f),
            (SLL, VI, 31),
            (SRL, VI, 7),
        ] {
            // each one writes v16 from v8 and the second operand, then back into v8 (in
            // place: vd = vs2), so a wrong lane shows in every later result
            w.push(opv(f6, 16, 8, s1, f3));
            w.push(opv(XOR, 8, 8, 16, VV));
            beats += 2 * extra(vl, sew);
        }
    }
    let Some((c, log)) = lockstep_words("rv32-v", &w, &data()) else {
        return;
    };
    assert_eq!(c, w.len() as u64 + 2 + 2 + beats);
    assert!(log
        .iter()
        .any(|l| l.contains("vrsub.vi") && l.contains(" v16=0x")));
}

/// vrgatherei16.vv at every SEW (indices from memory, some at or past VLMAX: zero; its
/// cycles are the source registers the indices name) and
/// strided loads of every EEW with strides that put narrow elements at every byte offset of
/// a word.
#[test]
fn gathers_and_strided_loads() {
    let mut d = data();
    // 16-bit indices at DATA_ADDR + 512: 0..15 shuffled, with 200 and VLMAX-sized ones
    let idx: [u16; 16] = [3, 0, 7, 200, 1, 15, 2, 8, 16, 5, 4, 6, 9, 31, 10, 11];
    for (k, p) in idx.chunks(2).enumerate() {
        d[128 + k] = p[0] as u32 | (p[1] as u32) << 16;
    }
    let mut w = li(A0, DATA_ADDR).to_vec();
    w.extend(li(A1, DATA_ADDR + 512));
    let mut beats = 0u64;
    for (sew, lmul8, vl) in [(8, 8, 16), (16, 16, 16), (32, 32, 9), (64, 32, 5)] {
        w.push(vsetivli(vl, sew, lmul8));
        w.push(vle(sew, 8, A0));
        beats += (vl * sew / 8).div_ceil(4) as u64 - 1;
        // the index vector (EEW 16): EMUL = 16 / SEW * LMUL registers
        w.push(vle(16, 4, A1));
        beats += (vl * 2).div_ceil(4) as u64 - 1;
        w.push(opv(GATHER16, 16, 8, 4, VV));
        beats += gather_cycles(&idx, vl, sew, lmul8) - 1;
    }
    // strided: byte strides 1, 3, 5 (e8 at every offset), 6 (e16), 12 (e32), 24 (e64)
    for (eew, stride, vl) in [
        (8, 1, 9),
        (8, 3, 16),
        (8, 5, 7),
        (16, 6, 8),
        (32, 12, 6),
        (64, 24, 5),
    ] {
        w.extend(li(A3, stride));
        w.push(vsetivli(vl, eew, 64)); // LMUL 8
        w.push(vlse(eew, 24, A0, A3));
        beats += (vl * (eew / 32).max(1)) as u64 - 1;
    }
    let Some((c, _)) = lockstep_words("rv32-v", &w, &d) else {
        return;
    };
    assert_eq!(c, w.len() as u64 + 2 + 2 + beats);
}

/// The Keyak / Ketje firmware (every instance: Keccak-p[200..1600] through the designs'
/// kernel_keccakp, unaligned rows and partial last words on rv32-v) on the RTL of both
/// vector designs: one encryption and decryption per instance, ciphertext and tag checked
/// against the golden model, the cycles and instructions of every run equal to the
/// simulator's.
#[test]
fn aead_on_the_vector_processors() {
    if !asip_testkit::have("verilator") || !asip_testkit::have("riscv64-unknown-elf-gcc") {
        eprintln!(
            "*** SKIPPED: the AEAD firmware on the RTL needs verilator and riscv64-unknown-elf-gcc"
        );
        return;
    }
    use asip_flow::bench::{self, BenchOptions, Engine};
    let root = asip_testkit::root();
    for design in ["rv32-v", "rv32-v-keccak", "rv32-v-keccakr"] {
        let d = asip_flow::design::find(&root.join("designs"), design).unwrap();
        for aead in bench::FIRMWARE_AEADS {
            let run = |engine| {
                let o = BenchOptions {
                    alg: aead.name().to_string(),
                    lens: vec![21],
                    engine,
                    aead: Some(bench::AeadArgs::default_for(aead)),
                    ..BenchOptions::default()
                };
                bench::bench(&root, &d, &o)
                    .unwrap_or_else(|e| panic!("{design} {}: {e}", aead.name()))
            };
            let (sim, rtl) = (run(Engine::Sim), run(Engine::Rtl));
            assert!(rtl.digest_ok, "{design} {}: wrong on the RTL", aead.name());
            let cyc = |r: &asip_flow::results::BenchRecord| {
                r.runs
                    .iter()
                    .map(|x| (x.len, x.cycles, x.instret))
                    .collect::<Vec<_>>()
            };
            assert_eq!(cyc(&sim), cyc(&rtl), "{design} {}", aead.name());
            assert_eq!(sim.cycles_per_permutation, rtl.cycles_per_permutation);
        }
    }
}

/// Unit-stride accesses from unaligned bases and with partial words: the words touched are
/// the bus transfers (ceil((base mod 4 + bytes) / 4)), a store writes only the vector's
/// bytes of its first and last word (the commit log shows its last word's bytes).
#[test]
fn unaligned_unit_stride_and_partial_words() {
    let mut w = li(A0, DATA_ADDR + 3).to_vec();
    w.extend(li(A1, DATA_ADDR + 257));
    w.extend(li(A2, DATA_ADDR + 2));
    w.extend(li(A3, DATA_ADDR + 258));
    let mut beats = 0u64;
    // (vl, SEW, source and its offset in a word, destination and its offset)
    for (avl, sew, src, so, dst, d_o) in [
        (2u32, 8u32, A0, 3u32, A1, 1u32),
        (5, 8, A0, 3, A1, 1),
        (16, 8, A0, 3, A1, 1),
        (3, 16, A2, 2, A3, 2),
        (7, 16, A2, 2, A3, 2),
    ] {
        w.push(vsetivli(avl, sew, 8));
        w.push(vle(sew, 8, src));
        w.push(vse(sew, 8, dst));
        let words = |off: u32| (off + avl * sew / 8).div_ceil(4) as u64;
        beats += words(so) - 1 + words(d_o) - 1;
    }
    let Some((c, log)) = lockstep_words("rv32-v", &w, &data()) else {
        return;
    };
    assert_eq!(c, w.len() as u64 + 2 + 2 + beats);
    // 2 bytes stored at DATA_ADDR + 257: one word, bytes 1..2
    assert!(log
        .iter()
        .any(|l| l.contains(&format!("mem[{:#010x}]=0x", DATA_ADDR + 257))));
}

/// Unit-stride accesses whose base is not a multiple of the element (16-bit elements at an
/// odd address, 32-bit at 2 mod 4, 64-bit at 4 mod 8): the RTL moves the bus words they
/// touch as for any unaligned base; the simulator did the same only for bytes and trapped
/// (address misaligned) for wider elements (seen while writing the fuzzer's vector flavours,
/// issue 35: this test failed on the simulator). Both engines now move them (the
/// specification allows either; qemu-user moves them too, and the `zve64x` fuzz flavour
/// generates such bases).
#[test]
fn misaligned_unit_stride_elements_are_moved() {
    let mut w = li(A0, DATA_ADDR + 1).to_vec();
    w.extend(li(A1, DATA_ADDR + 2));
    w.extend(li(A2, DATA_ADDR + 4));
    w.extend(li(A3, DATA_ADDR + 263));
    let mut beats = 0u64;
    // (vl, EEW, source and its offset in a word, destination offset in a word)
    for (avl, eew, src, so) in [
        (3u32, 16u32, A0, 1u32),
        (8, 16, A0, 1),
        (3, 32, A1, 2),
        (2, 64, A2, 0),
        (1, 64, A1, 2),
    ] {
        w.push(vsetivli(avl, eew, 8));
        w.push(vle(eew, 8, src));
        w.push(vse(eew, 8, A3));
        let words = |off: u32| (off + avl * eew / 8).div_ceil(4) as u64;
        beats += words(so) - 1 + words(3) - 1;
    }
    let Some((c, log)) = lockstep_words("rv32-v", &w, &data()) else {
        return;
    };
    assert_eq!(c, w.len() as u64 + 2 + 2 + beats);
    // the last store: one 64-bit element from DATA + 2 to DATA + 263: its last word, at
    // DATA + 268, holds bytes 5..7 of it (= source bytes DATA + 7 ..= DATA + 9)
    let d = data();
    let byte = |a: u32| (d[(a / 4) as usize] >> (8 * (a % 4))) as u8 as u32;
    let want = byte(7) | byte(8) << 8 | byte(9) << 16;
    assert!(
        log.iter()
            .any(|l| l.contains(&format!("mem[{:#010x}]={want:#x}", DATA_ADDR + 268))),
        "{log:#?}"
    );
}

/// The values register `name` took on the log lines of the instruction at `pc`.
fn writes_at(log: &[String], pc: u32, name: &str) -> Vec<u32> {
    let at = format!(" {pc:#010x} (");
    let key = format!(" {name}=0x");
    log.iter()
        .filter(|l| l.contains(&at))
        .filter_map(|l| {
            let v = &l[l.find(&key)? + key.len()..];
            u32::from_str_radix(&v[..8], 16).ok()
        })
        .collect()
}

/// A handler that records mcause in t3 and mtval in t4 and skips the trapping
/// instruction, at BASE + 16 (the first words of the program); the pcs of its two `csrr`s.
/// (A program that installs it sets mtvec to 0 again before its exit's `ecall`.)
fn handler() -> (Vec<u32>, u32, u32) {
    const TP: u32 = 4;
    let w = vec![
        u(0, TP, 0x17), // auipc tp, 0
        addi(TP, TP, 16),
        csrrw(0, 0x305, TP),
        j(28, 0),
        csrr(28, 0x342), // t3 = mcause
        csrr(29, 0x343), // t4 = mtval
        csrr(TP, 0x341),
        addi(TP, TP, 4),
        csrrw(0, 0x341, TP),
        0x3020_0073, // mret
    ];
    (w, BASE + 16, BASE + 20)
}

/// Faults inside a vector access (issue 35): the access ends at the first word that faults
/// (a word outside memory, or a strided element not aligned to min(EEW / 8, 4) bytes, at
/// its first word); the words before it are done, the trap names the word's (or the
/// misaligned element's) address, and the cycles have the beats of the words before it.
/// Before, the RTL checked only the word of the instruction's last cycle: an earlier word
/// outside memory was read (or written) as if it were there, and a misaligned strided
/// element was read from its word. A 64-bit strided element at 4 mod 8 moves as two aligned
/// words on both engines.
#[test]
fn faults_inside_vector_accesses() {
    let (mut w, h_cause, h_tval) = handler();
    const A4: u32 = 14;
    const A5: u32 = 15;
    w.extend(li(A0, BASE - 8));
    w.extend(li(A1, BASE + 8));
    w.extend(li(A2, (-4i32) as u32));
    w.extend(li(A3, DATA_ADDR));
    w.extend(li(A4, 3));
    w.extend(li(A5, DATA_ADDR + 4));
    // (what the trap names: cause, tval; the beats before the trap)
    let mut want = Vec::new();
    let mut beats = 0u64;
    w.push(vsetivli(4, 32, 8));
    // unit-stride from below memory: its first word faults (the RTL read 4 words)
    w.push(vle(32, 8, A0));
    want.push((5, BASE - 8));
    // strided downwards: elements 0..2 (BASE + 8, + 4, + 0) land, element 3 faults
    w.push(vlse(32, 9, A1, A2));
    want.push((5, BASE - 4));
    beats += 3;
    // 16-bit elements 3 bytes apart: element 1 is misaligned
    w.push(vsetivli(3, 16, 8));
    w.push(vlse(16, 10, A3, A4));
    want.push((4, DATA_ADDR + 3));
    beats += 1;
    // 64-bit elements at 4 mod 8, 12 bytes apart: both move (4 words, 3 beats)
    w.push(vsetivli(2, 64, 8));
    w.extend(li(A4, 12));
    w.push(vlse(64, 11, A5, A4));
    beats += 3;
    // 64-bit elements downwards from BASE + 4: element 1 (BASE - 4) faults at its first word
    w.extend(li(A4, (-8i32) as u32));
    w.extend(li(A1, BASE + 4));
    w.push(vlse(64, 12, A1, A4));
    want.push((5, BASE - 4));
    beats += 2;
    // a unit-stride store from below memory: its first word faults
    w.push(vsetivli(16, 8, 8));
    w.extend(li(A0, BASE - 2));
    w.push(vse(8, 9, A0));
    want.push((7, BASE - 4));
    w.push(csrrw(0, 0x305, 0)); // mtvec = 0: the exit's ecall calls the host
    let Some((c, log)) = lockstep_words("rv32-v", &w, &data()) else {
        return;
    };
    let got: Vec<(u32, u32)> = writes_at(&log, h_cause, "t3")
        .into_iter()
        .zip(writes_at(&log, h_tval, "t4"))
        .collect();
    assert_eq!(got, want, "{log:#?}");
    // every trap: the instruction (1), its 2-cycle redirect, the handler's 6 words and the
    // mret's redirect (2)
    let traps = want.len() as u64;
    let handler_run = 6 + 2;
    // (the words but the handler's, the exit's 2, the jump over the handler's 1 cycle)
    let straight = w.len() as u64 - 6 + 2 + 1;
    assert_eq!(
        c,
        straight + 2 + beats + traps * (2 + handler_run),
        "{log:#?}"
    );
    // the strided load's three elements before the fault, in v9 (element 3 untouched: 0)
    let d = data();
    let line = log
        .iter()
        .find(|l| l.contains(" v9=0x"))
        .expect("v9 written");
    let v9 = u128::from_str_radix(&line[line.find(" v9=0x").unwrap() + 6..][..32], 16).unwrap();
    let text = |k: usize| w[k] as u128;
    assert_eq!(v9, text(2) | text(1) << 32 | text(0) << 64, "{line}");
    let v11 = log
        .iter()
        .find(|l| l.contains(" v11=0x"))
        .expect("v11 written");
    let v11 = u128::from_str_radix(&v11[v11.find(" v11=0x").unwrap() + 7..][..32], 16).unwrap();
    let dw = |k: usize| d[k] as u128;
    assert_eq!(v11, dw(1) | dw(2) << 32 | dw(4) << 64 | dw(5) << 96);
}

/// The vector CSRs on the RTL (issue 35: `csrr vl` trapped there): vl, vtype (vill alone
/// when set), vlenb read; a write to them traps; vstart reads and writes (7 bits), a vector
/// instruction run with vstart != 0 traps as illegal, vset clears it; vxrm, vxsat and vcsr
/// read 0 and ignore writes.
#[test]
fn vector_csrs() {
    let (mut w, h_cause, _) = handler();
    const T0: u32 = 5;
    const T1: u32 = 6;
    const T2: u32 = 7;
    const S1: u32 = 9;
    let mut reads = Vec::new(); // (pc, register, value)
    let mut at =
        |w: &Vec<u32>, r: &str, v: u32| reads.push((BASE + 4 * w.len() as u32, r.to_string(), v));
    w.push(vsetivli(5, 16, 8) | 1 << 26 | 1 << 27); // tail and mask agnostic: vtype bits 6, 7
    at(&w, "t0", 5);
    w.push(csrr(T0, 0xc20));
    at(&w, "t1", 0xc0 | vtype(16, 8));
    w.push(csrr(T1, 0xc21));
    at(&w, "t2", 16);
    w.push(csrr(T2, 0xc22));
    w.push(csrrw(0, 0xc20, T0)); // vl is read-only: illegal
    w.extend(li(S1, 0x7d));
    at(&w, "s1", 0);
    w.push(csrrw(S1, 0x008, S1)); // vstart = 0x7d (old 0)
    at(&w, "t0", 0x7d);
    w.push(csrr(T0, 0x008));
    w.push(csrrc(0, 0x008, T2)); // clear bit 4: 0x6d
    at(&w, "t0", 0x6d);
    w.push(csrr(T0, 0x008));
    w.push(opv(ADD, 1, 2, 3, VV)); // vstart != 0: illegal
    w.extend(li(A0, DATA_ADDR));
    w.push(vle(8, 4, A0)); // illegal too
    w.push(vsetivli(2, 8, 8)); // clears vstart
    at(&w, "t0", 0);
    w.push(csrr(T0, 0x008));
    w.push(csrrwi(0, 0x00a, 3)); // vxrm: ignored
    at(&w, "t1", 0);
    w.push(csrr(T1, 0x00a));
    w.push(0x4000_7057); // vsetvli zero, zero, a reserved vtype (bit 10): vill
    at(&w, "t1", 0x8000_0000);
    w.push(csrr(T1, 0xc21));
    at(&w, "t2", 0);
    w.push(csrr(T2, 0xc20));
    w.push(csrrw(0, 0x305, 0)); // mtvec = 0: the exit's ecall calls the host
    let Some((_, log)) = lockstep_words("rv32-v", &w, &data()) else {
        return;
    };
    for (pc, r, v) in &reads {
        assert_eq!(
            writes_at(&log, *pc, r),
            vec![*v],
            "{r} at {pc:#x}: {log:#?}"
        );
    }
    assert_eq!(writes_at(&log, h_cause, "t3"), vec![2, 2, 2], "{log:#?}");
}

/// The last value of vector register `v` in a commit log (its " v<n>=0x..." writes).
fn last_vreg(log: &[String], v: u32) -> Option<u128> {
    let key = format!(" v{v}=0x");
    log.iter().rev().find_map(|l| {
        let s = &l[l.find(&key)? + key.len()..];
        u128::from_str_radix(s.get(..32)?, 16).ok()
    })
}

/// The FPGA form of the vector register file (define SHA3ASIP_FPGA: LUT RAM, two write ports
/// by a live-value table, `hw/units/zve64x/zve64x_vrf_lvt.v`), as the ECP5 flow synthesizes
/// it, runs in lockstep like the flip-flop file: a load's last word landing in the cycle the
/// next instruction writes the same register (the instruction wins: it is younger), a read
/// of a register in the cycle its last load word lands (passed through), and the benchmark
/// firmware of a design using each read port (rv32-v's gathers, rv32-v-keccakr's
/// three-source chi).
#[test]
fn the_fpga_register_file_runs_in_lockstep() {
    use asip_testkit::rtl::lockstep_words_with;
    let d = data();
    let mut w = li(A0, DATA_ADDR).to_vec();
    w.extend(li(A1, DATA_ADDR + 16));
    w.push(vsetivli(4, 32, 8));
    w.push(vle(32, 2, A0));
    w.push(vle(32, 3, A1));
    w.push(vle(32, 1, A1));
    w.push(opv(ADD, 1, 2, 3, VV)); // v1 = v2 + v3 while v1's last load word lands
    w.push(vle(32, 4, A0));
    w.push(opv(XOR, 5, 4, 2, VV)); // v5 = v4 ^ v2 = 0, v4's last word passed through
    w.push(opv(SUB, 6, 1, 3, VV)); // v6 = v1 - v3 = v2
    let Some((_, log)) = lockstep_words_with(
        asip_flow::rtl::HdlSim::Verilator,
        "rv32-v",
        &w,
        &d,
        &["SHA3ASIP_FPGA"],
    ) else {
        return;
    };
    let lanes =
        |f: &dyn Fn(usize) -> u32| (0..4).fold(0u128, |a, i| a | (f(i) as u128) << (32 * i));
    assert_eq!(
        last_vreg(&log, 1),
        Some(lanes(&|i| d[i].wrapping_add(d[i + 4])))
    );
    assert_eq!(last_vreg(&log, 5), None, "v5 = 0 is not a change"); // (registers start at 0)
    assert_eq!(last_vreg(&log, 6), Some(lanes(&|i| d[i])));
    if !asip_testkit::have("riscv64-unknown-elf-gcc") {
        eprintln!("*** SKIPPED: the firmware part needs riscv64-unknown-elf-gcc");
        return;
    }
    let root = asip_testkit::root();
    for design in ["rv32-v", "rv32-v-keccakr"] {
        let dd = asip_flow::design::find(&root.join("designs"), design).unwrap();
        let defs = ["SHA3ASIP_FPGA".to_string()];
        let r = asip_flow::lockstep::check_with(&root, &dd, "sha3-512", &[0, 137], 1, &defs)
            .unwrap_or_else(|e| panic!("{design} -DSHA3ASIP_FPGA: {e}"));
        assert!(r.instructions > 10_000, "{design}");
    }
}
