//! xvkeccak per instruction: hand-checked values of theta's D, one plane of a round and the
//! round constants at several widths; the instructions on a CPU's vector registers against
//! the golden model (every width, Keccak-p[b] with its default rounds and 12); the beats
//! charged on the zscale timing; illegal operand blocks; decode and disassembly.

use asip_sim::cpu::{Cpu, Memory, Trap};
use asip_sim::enc;
use asip_sim::rv32::vector::VState;
use asip_testkit::words::{self, Rng};
use isa_xvkeccak::*;

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

fn put(c: &mut Cpu, base: u32, lanes: &[u64], w: u32) {
    let s = c.state_mut::<VState>();
    for (i, &v) in lanes.iter().enumerate() {
        s.set(base, i as u32, w / 8, v);
    }
}

fn get<const N: usize>(c: &mut Cpu, base: u32, first: u32, w: u32) -> [u64; N] {
    let s = c.state_mut::<VState>();
    std::array::from_fn(|i| s.get(base, first + i as u32, w / 8))
}

fn one_bit(lane: usize) -> [u64; 25] {
    let mut a = [0; 25];
    a[lane] = 1;
    a
}

#[test]
fn theta_d_of_a_single_bit_by_hand() {
    // A[0,0] = 1: C = (1, 0, 0, 0, 0); D[1] = C[0] = 1, D[4] = rotl(C[0], 1) = 2
    for w in [8, 16, 32, 64] {
        assert_eq!(theta_d(&one_bit(0), w), [0, 1, 0, 0, 2], "w = {w}");
        let mut c = cpu(w);
        put(&mut c, 0, &one_bit(0), w);
        exec(&mut c, enc!(SPEC, "vktheta", 20, 0)).unwrap();
        assert_eq!(get::<5>(&mut c, 20, 0, w), [0, 1, 0, 0, 2], "w = {w}");
    }
    // the top bit wraps: C[0] = 1 << (w-1) gives D[4] = 1
    for w in [8, 16, 32, 64] {
        let mut a = [0; 25];
        a[5] = 1 << (w - 1);
        assert_eq!(theta_d(&a, w), [0, 1 << (w - 1), 0, 0, 1], "w = {w}");
    }
}

#[test]
fn one_plane_of_a_round_by_hand() {
    // lane (1, 0) = 1, D = 0: rho rotates it by 1, pi moves it to (0, 2), chi on plane 2
    // gives out[0] = b0 = 2 and out[3] = b3 ^ (~b4 & b0) = 2
    for w in [8, 16, 32, 64] {
        let a = one_bit(1);
        for y in 0..5 {
            let want = if y == 2 { [2, 0, 0, 2, 0] } else { [0; 5] };
            assert_eq!(round_plane(&a, &[0; 5], y, w), want, "w = {w}, plane {y}");
            let mut c = cpu(w);
            put(&mut c, 0, &a, w);
            exec(&mut c, enc!(SPEC, "vkround", 16, 0, 29, y)).unwrap();
            assert_eq!(get::<5>(&mut c, 16, 5 * y as u32, w), want);
        }
    }
    // D is applied before rho: A = 0, D[1] = 1 gives lane (1, 0) = 1 as above
    assert_eq!(round_plane(&[0; 25], &[0, 1, 0, 0, 0], 2, 64)[0] & 2, 2);
    // lane (1, 1) has rho 44 at w = 64, 44 mod 8 = 4 at w = 8; pi sends it to (1, 0)
    assert_eq!(pi_source(1, 0), 6);
    assert_eq!(
        round_plane(&one_bit(6), &[0; 5], 0, 64),
        [0, 1 << 44, 0, 0, 1 << 44]
    );
    assert_eq!(
        round_plane(&one_bit(6), &[0; 5], 0, 8),
        [0, 1 << 4, 0, 0, 1 << 4]
    );
}

#[test]
fn iota_constants_by_hand() {
    assert_eq!(rc(0, 64), 1);
    assert_eq!(rc(1, 64), 0x8082);
    assert_eq!(rc(1, 16), 0x8082);
    assert_eq!(rc(1, 8), 0x82);
    assert_eq!(rc(23, 64), 0x8000_0000_8000_8008);
    assert_eq!(rc(23, 32), 0x8000_8008);
    assert_eq!(rc(32 + 1, 64), 0x8082, "index mod 32");
    let mut c = cpu(16);
    put(&mut c, 3, &[0xffff, 0x1234], 16);
    c.x[5] = 1;
    exec(&mut c, enc!(SPEC, "vkiota", 3, 5)).unwrap();
    assert_eq!(get::<2>(&mut c, 3, 0, 16), [0xffff ^ 0x8082, 0x1234]);
}

/// Keccak-p[b, nr] with the instructions on a CPU: block A at v0, block B at v16, D at v13.
fn permute_on_cpu(a: &[u64; 25], b: usize, nr: usize) -> [u64; 25] {
    let w = (b / 25) as u32;
    let mut c = cpu(w);
    put(&mut c, 0, a, w);
    let first = sha3_golden::keccak::first_round_index(b, nr);
    let (mut src, mut dst) = (0, 16);
    for r in 0..nr {
        c.x[6] = (first + r as i64) as u32;
        exec(&mut c, enc!(SPEC, "vktheta", 13, src)).unwrap();
        for y in 0..5 {
            exec(&mut c, enc!(SPEC, "vkround", dst, src, 13, y)).unwrap();
        }
        exec(&mut c, enc!(SPEC, "vkiota", dst, 6)).unwrap();
        (src, dst) = (dst, src);
    }
    get::<25>(&mut c, src, 0, w)
}

#[test]
fn rounds_on_the_vector_registers_match_the_golden_model_at_every_width() {
    // Keccak-f[1600] of the zero state: lane 0 is F1258F7940E1DDE7 (the Keccak team's
    // KeccakF-1600 intermediate values)
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
        }
    }
}

#[test]
fn beats_follow_the_register_blocks() {
    // 1600: the state is 13 registers, D 3; 800: 7 and 2; 400: 4 and 1; 200: 2 and 1
    assert_eq!(
        [8, 16, 32, 64].map(beats_theta),
        [2 + 1, 4 + 1, 7 + 2, 13 + 3]
    );
    // plane 0 at w = 64 reads lanes 0, 6, 12, 18, 24 (registers 0, 3, 6, 9, 12) and D
    // (3), writes registers 0..2; plane 3 reads lanes 4, 5 (both register 2), 11, 17, 23
    assert_eq!(
        (0..5).map(|y| beats_round(y, 64)).collect::<Vec<_>>(),
        [11, 11, 11, 10, 10]
    );
    // w = 8: the whole state is two registers, a plane one
    // plane 0: lanes 0, 6, 12 in register 0, 18 and 24 in 1; D one register; plane 0 in 0
    assert_eq!(beats_round(0, 8), 2 + 1 + 1);
    // plane 4: lanes 2, 8, 14, 15 in register 0, 21 in 1; writes register 1
    assert_eq!(beats_round(4, 8), 2 + 1 + 1);
}

/// Cycles of a raw program on rv32im_zve64x_xvkeccak (zscale).
fn cycles(body: &[u32]) -> u64 {
    // vsetivli zero, 1, e64, m1
    let mut w = vec![(0b11 << 30) | (vtype(64) << 20) | (1 << 15) | (7 << 12) | 0x57];
    w.extend(body);
    let (r, _) = words::run_words("rv32im_zve64x_xvkeccak", &w, &[]);
    r.expect("run").cycles
}

#[test]
fn the_timing_model_charges_the_beats() {
    let base = cycles(&[]);
    assert_eq!(cycles(&[enc!(SPEC, "vktheta", 13, 0)]) - base, 16);
    assert_eq!(cycles(&[enc!(SPEC, "vkround", 16, 0, 13, 3)]) - base, 10);
    assert_eq!(cycles(&[enc!(SPEC, "vkiota", 16, 0)]) - base, 1);
}

#[test]
fn overlapping_or_oversized_blocks_are_illegal() {
    let mut c = cpu(64);
    // the output plane 0 (v16..v18) inside the source block v16..v28
    assert_eq!(
        exec(&mut c, enc!(SPEC, "vkround", 16, 16, 13, 0)),
        Err(Trap::Illegal)
    );
    // D (v13..v15) overlaps the output plane 4 of block v3 (v13..v15)
    assert_eq!(
        exec(&mut c, enc!(SPEC, "vkround", 3, 16, 13, 4)),
        Err(Trap::Illegal)
    );
    // a 13-register block from v20 runs past v31
    assert_eq!(
        exec(&mut c, enc!(SPEC, "vktheta", 0, 20)),
        Err(Trap::Illegal)
    );
    // D written into the state block it reads
    assert_eq!(
        exec(&mut c, enc!(SPEC, "vktheta", 12, 0)),
        Err(Trap::Illegal)
    );
    // at w = 8 the block is two registers: v20 is fine
    let mut c = cpu(8);
    assert_eq!(exec(&mut c, enc!(SPEC, "vktheta", 0, 20)), Ok(()));
    // vill (no vsetvli yet)
    let mut c = cpu(64);
    c.state_mut::<VState>().vtype = asip_sim::rv32::vector::VILL;
    assert_eq!(exec(&mut c, enc!(SPEC, "vkiota", 0, 0)), Err(Trap::Illegal));
}

#[test]
fn decode_and_disassembly() {
    let w = enc!(SPEC, "vkround", 16, 0, 13, 4);
    let d = SPEC.decode(w).unwrap();
    assert_eq!(
        (d.rd, d.rs2, d.rs1, d.imm),
        (32 + 16, 32, 32 + 13, 4),
        "vector registers on the scoreboard"
    );
    assert_eq!(d.disasm(0), "vkround v16, v0, v13, 4");
    // planes 5..7 and nonzero bits 31:28 do not decode
    assert!(SPEC.decode(w | (1 << 25)).is_none(), "plane 5");
    assert!(SPEC.decode(w | (1 << 28)).is_none());
    let t = SPEC.decode(enc!(SPEC, "vktheta", 13, 0)).unwrap();
    assert_eq!(t.disasm(0), "vktheta v13, v0");
    let i = SPEC.decode(enc!(SPEC, "vkiota", 0, 11)).unwrap();
    assert_eq!((i.rd, i.rs1), (32, 11));
    assert_eq!(i.disasm(0), "vkiota v0, a1");
    assert!(
        SPEC.decode(enc!(SPEC, "vkiota", 0, 11) | (1 << 20))
            .is_none(),
        "rs2 must be 0"
    );
}
