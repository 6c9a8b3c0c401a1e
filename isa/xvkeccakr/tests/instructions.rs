//! xvkeccakr per instruction: hand-checked values (a single bit through C, D, theta, rho and
//! pi, chi; the column layout); the instructions on a CPU's vector registers against the
//! golden model (every width, Keccak-p[b] with its default rounds, 12 and 2); the beats
//! charged on the zscale timing; illegal register ranges; decode and disassembly.

use asip_sim::cpu::{Cpu, Memory, Trap};
use asip_sim::enc;
use asip_sim::rv32::vector::VState;
use asip_testkit::words::{self, Rng};
use isa_xvkeccakr::*;

/// vtype of SEW `w`, LMUL 1.
fn vtype(w: u32) -> u32 {
    (w / 8).trailing_zeros() << 3
}

fn cpu(w: u32) -> Cpu {
    let mut c = Cpu::new(Memory::new(0, 64));
    c.state_mut::<VState>().vtype = vtype(w);
    c
}

fn exec(c: &mut Cpu, word: u32) -> Result<(), Trap> {
    let d = SPEC.decode(word).expect("decodes");
    (d.info.exec)(c, &d)
}

fn one_bit(lane: usize) -> [u64; 25] {
    let mut a = [0; 25];
    a[lane] = 1;
    a
}

fn put_packed(c: &mut Cpu, base: u32, a: &[u64; 25], w: u32) {
    let s = c.state_mut::<VState>();
    for (i, &v) in a.iter().enumerate() {
        s.set(base, i as u32, w / 8, v);
    }
}

fn get_packed(c: &mut Cpu, base: u32, w: u32) -> [u64; 25] {
    let s = c.state_mut::<VState>();
    std::array::from_fn(|i| s.get(base, i as u32, w / 8))
}

#[test]
fn the_column_layout_by_hand() {
    assert_eq!([8, 16, 32, 64].map(group), [1, 1, 2, 3]);
    assert_eq!([8, 16, 32, 64].map(block_regs), [5, 5, 10, 15]);
    assert_eq!([8, 16, 32, 64].map(packed_regs), [2, 4, 7, 13]);
    // w = 64: column 1 starts at register 3 (element 6), lane (1, 4) is element 10: v5 low
    assert_eq!(col(1, 4, 64), 10);
    assert_eq!(col(4, 0, 8), 64);
    // vkcol moves packed lane 6 = (1, 1) to element 7 at w = 64, vkpack back
    let mut c = cpu(64);
    put_packed(&mut c, 16, &one_bit(6), 64);
    exec(&mut c, enc!(SPEC, "vkcol", 0, 16)).unwrap();
    assert_eq!(c.state_mut::<VState>().get(0, 7, 8), 1);
    assert_eq!(read_block(c.state_mut::<VState>(), 0, 64), one_bit(6));
    put_packed(&mut c, 16, &[0; 25], 64);
    exec(&mut c, enc!(SPEC, "vkpack", 16, 0)).unwrap();
    assert_eq!(get_packed(&mut c, 16, 64), one_bit(6));
}

#[test]
fn one_bit_through_theta_rho_pi_chi_by_hand() {
    for w in [8u32, 16, 32, 64] {
        let mut c = cpu(w);
        let s = c.state_mut::<VState>();
        write_block(s, 0, &one_bit(0), w);
        // C = (1, 0, 0, 0, 0) in every element of v16..v20
        exec(&mut c, enc!(SPEC, "vkc", 16, 0)).unwrap();
        let s = c.state_mut::<VState>();
        for e in 0..slots(w) {
            assert_eq!(
                (0..5).map(|x| s.get(16 + x, e, w / 8)).collect::<Vec<_>>(),
                [1, 0, 0, 0, 0]
            );
        }
        // D[1] = C[0] = 1, D[4] = rotl(C[0], 1) = 2
        exec(&mut c, enc!(SPEC, "vkd", 21, 16)).unwrap();
        let s = c.state_mut::<VState>();
        assert_eq!(
            (0..5).map(|x| s.get(21 + x, 0, w / 8)).collect::<Vec<_>>(),
            [0, 1, 0, 0, 2]
        );
        // theta applied: lane (0, 0) = 1 and column 1 all 1, column 4 all 2
        exec(&mut c, enc!(SPEC, "vkth", 0, 21)).unwrap();
        let a = read_block(c.state_mut::<VState>(), 0, w);
        let want: [u64; 25] = std::array::from_fn(|i| match i % 5 {
            0 if i == 0 => 1,
            1 => 1,
            4 => 2,
            _ => 0,
        });
        assert_eq!(a, want, "w = {w}");
    }
    // rho and pi: lane (1, 1) (rho 44, 44 mod 8 = 4) goes to (1, 0)
    for (w, r) in [(64u32, 44u32), (8, 4)] {
        let mut c = cpu(w);
        write_block(c.state_mut::<VState>(), 0, &one_bit(6), w);
        exec(&mut c, enc!(SPEC, "vkrp", 16, 0)).unwrap();
        let mut want = [0u64; 25];
        want[1] = 1 << r;
        assert_eq!(read_block(c.state_mut::<VState>(), 16, w), want);
    }
    // chi on one plane: lane (1, 2) = 1 gives (1, 2) = 1 and (4, 2) = ~B[0] & B[1] = 1
    let mut c = cpu(32);
    write_block(c.state_mut::<VState>(), 16, &one_bit(11), 32);
    exec(&mut c, enc!(SPEC, "vkchi", 0, 16)).unwrap();
    let mut want = [0u64; 25];
    (want[11], want[14]) = (1, 1);
    assert_eq!(read_block(c.state_mut::<VState>(), 0, 32), want);
}

/// Keccak-p[b, nr] with the instructions on a CPU, as the firmware runs it: the packed
/// state at v16, the column block at v0, C at v16, D at v21, iota by a lane-0 XOR.
fn permute_on_cpu(a: &[u64; 25], b: usize, nr: usize) -> [u64; 25] {
    let w = (b / 25) as u32;
    let mut c = cpu(w);
    put_packed(&mut c, 16, a, w);
    exec(&mut c, enc!(SPEC, "vkcol", 0, 16)).unwrap();
    let first = sha3_golden::keccak::first_round_index(b, nr);
    for r in 0..nr {
        for word in [
            enc!(SPEC, "vkc", 16, 0),
            enc!(SPEC, "vkd", 21, 16),
            enc!(SPEC, "vkth", 0, 21),
            enc!(SPEC, "vkrp", 16, 0),
            enc!(SPEC, "vkchi", 0, 16),
        ] {
            exec(&mut c, word).unwrap();
        }
        let rc = sha3_golden::keccak::round_constant(64, first + r as i64);
        let s = c.state_mut::<VState>();
        let l0 = s.get(0, 0, w / 8) ^ rc;
        s.set(0, 0, w / 8, l0);
    }
    exec(&mut c, enc!(SPEC, "vkpack", 16, 0)).unwrap();
    get_packed(&mut c, 16, w)
}

#[test]
fn rounds_on_the_vector_registers_match_the_golden_model_at_every_width() {
    // Keccak-f[1600] of the zero state: lane 0 is F1258F7940E1DDE7
    assert_eq!(permute_on_cpu(&[0; 25], 1600, 24)[0], 0xF125_8F79_40E1_DDE7);
    let mut rng = Rng(7);
    for b in [200, 400, 800, 1600] {
        let w = b / 25;
        let m = if w == 64 { u64::MAX } else { (1 << w) - 1 };
        for nr in [sha3_golden::keccak::default_rounds(b), 12, 2] {
            let a: [u64; 25] = std::array::from_fn(|_| rng.next() & m);
            let mut want = a;
            sha3_golden::keccak::keccak_p(&mut want, b, nr);
            assert_eq!(permute_on_cpu(&a, b, nr), want, "Keccak-p[{b}, {nr}]");
            // and the reference round function the RTL tests use
            let first = sha3_golden::keccak::first_round_index(b, nr);
            let mut r = a;
            for i in 0..nr {
                r = round(
                    &r,
                    sha3_golden::keccak::round_constant(64, first + i as i64),
                    w as u32,
                );
            }
            assert_eq!(r, want);
        }
    }
}

#[test]
fn beats_by_op_and_width() {
    assert_eq!(
        ["vkcol", "vkpack", "vkc", "vkrp"].map(|o| beats(o, 64)),
        [25; 4]
    );
    assert_eq!(["vkd", "vkth", "vkchi"].map(|o| beats(o, 64)), [5, 15, 15]);
    assert_eq!(["vkd", "vkth", "vkchi"].map(|o| beats(o, 32)), [5, 10, 10]);
    assert_eq!(["vkd", "vkth", "vkchi"].map(|o| beats(o, 8)), [5, 5, 5]);
}

/// Cycles of a raw program on rv32im_zve64x_xvkeccakr (zscale), SEW 64.
fn cycles(body: &[u32]) -> u64 {
    // vsetivli zero, 1, e64, m1
    let mut w = vec![(0b11 << 30) | (vtype(64) << 20) | (1 << 15) | (7 << 12) | 0x57];
    w.extend(body);
    let (r, _) = words::run_words("rv32im_zve64x_xvkeccakr", &w, &[]);
    r.expect("run").cycles
}

#[test]
fn the_timing_model_charges_the_beats() {
    let base = cycles(&[]);
    assert_eq!(cycles(&[enc!(SPEC, "vkc", 16, 0)]) - base, 25);
    assert_eq!(cycles(&[enc!(SPEC, "vkd", 21, 16)]) - base, 5);
    assert_eq!(cycles(&[enc!(SPEC, "vkth", 0, 21)]) - base, 15);
    assert_eq!(cycles(&[enc!(SPEC, "vkchi", 0, 16)]) - base, 15);
}

#[test]
fn overlapping_or_oversized_ranges_are_illegal() {
    let mut c = cpu(64);
    // a 15-register block from v16 with v0 as source: v16..v30 fine
    assert_eq!(exec(&mut c, enc!(SPEC, "vkrp", 16, 0)), Ok(()));
    // from v18 it runs past v31
    assert_eq!(exec(&mut c, enc!(SPEC, "vkrp", 18, 0)), Err(Trap::Illegal));
    // output into the block it reads
    assert_eq!(exec(&mut c, enc!(SPEC, "vkchi", 14, 0)), Err(Trap::Illegal));
    // D (v10..v14) inside the block it is applied to
    assert_eq!(exec(&mut c, enc!(SPEC, "vkth", 0, 10)), Err(Trap::Illegal));
    // the packed state (13 registers) past v31
    assert_eq!(exec(&mut c, enc!(SPEC, "vkcol", 0, 20)), Err(Trap::Illegal));
    // at w = 8 the block is five registers, the packed state two: v20 is fine
    let mut c = cpu(8);
    assert_eq!(exec(&mut c, enc!(SPEC, "vkcol", 0, 20)), Ok(()));
    // vill (no vsetvli yet)
    let mut c = cpu(64);
    c.state_mut::<VState>().vtype = asip_sim::rv32::vector::VILL;
    assert_eq!(exec(&mut c, enc!(SPEC, "vkd", 21, 16)), Err(Trap::Illegal));
}

#[test]
fn decode_and_disassembly() {
    let w = enc!(SPEC, "vkrp", 16, 0);
    let d = SPEC.decode(w).unwrap();
    assert_eq!(
        (d.rd, d.rs2),
        (32 + 16, 32),
        "vector registers on the scoreboard"
    );
    assert_eq!(d.disasm(0), "vkrp v16, v0");
    assert!(SPEC.decode(w | (1 << 15)).is_none(), "rs1 must be 0");
    let t = SPEC.decode(enc!(SPEC, "vkth", 0, 21)).unwrap();
    assert_eq!((t.rd, t.rs1), (32, 32 + 21));
    assert_eq!(t.disasm(0), "vkth v0, v21");
    assert!(
        SPEC.decode(enc!(SPEC, "vkth", 0, 21) | (1 << 20)).is_none(),
        "rs2 must be 0"
    );
    // funct7 0 is xvkeccak's vktheta, not ours
    assert!(SPEC.decode(w & !(0x7f << 25)).is_none());
}
