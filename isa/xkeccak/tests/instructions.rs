//! Per-instruction tests on the simulator (rv32im_xkeccak, zscale timing) against the
//! golden model's round steps (`sha3_golden::steps`): kput fills bank A and the parity
//! ring, 25 ktrp give pi(rho(theta(A))) in bank B, 25 kchi give iota(chi(B)) in bank A
//! with the next round's parities in the ring, kgetlo/kgethi read lanes back, a looped
//! round gives Keccak-f[1600] and Keccak-p[1600, 12]; decode rejections and disassembly.

use asip_sim::enc;
use asip_testkit::regs::rv32::{A0, A1, A2};
use asip_testkit::words::{self, *};
use isa_xkeccak::*;
use sha3_golden::steps;

const ISA: &str = "rv32im_xkeccak";

/// Column order: x = 0..4, y = 0..4 in each column.
fn column_order() -> impl Iterator<Item = usize> {
    (0..5).flat_map(|x| (0..5).map(move |y| x + 5 * y))
}

/// Words that kput every lane of `s` in column order.
fn put_all(s: &[u64; 25]) -> Vec<u32> {
    let mut w = Vec::new();
    for l in column_order() {
        w.extend(li(A0, s[l] as u32));
        w.extend(li(A1, (s[l] >> 32) as u32));
        w.push(enc!(SPEC, "kput", l, A0, A1));
    }
    w
}

fn ops(name: &str) -> Vec<u32> {
    column_order().map(|l| enc!(SPEC, name, l)).collect()
}

fn random_state(seed: u64) -> [u64; 25] {
    let mut r = Rng(seed);
    std::array::from_fn(|_| r.next())
}

fn parities(a: &[u64; 25]) -> [u64; 5] {
    std::array::from_fn(|x| (0..5).fold(0, |c, y| c ^ a[x + 5 * y]))
}

/// The golden model's pi(rho(theta(s))).
fn theta_rho_pi(s: &[u64; 25]) -> [u64; 25] {
    let mut e = *s;
    steps::theta(&mut e, 64);
    steps::rho(&mut e, 64);
    steps::pi(&mut e, 64);
    e
}

fn run(w: &[u32], regs: &[(usize, u32)]) -> (XkState, [u32; 32]) {
    let (r, m) = run_words(ISA, w, regs);
    r.expect("run");
    (state(m.cpu()), m.cpu().x)
}

#[test]
fn kput_fills_bank_a_and_the_parity_ring() {
    for seed in [1, 2, 3] {
        let s = random_state(seed);
        let (st, _) = run(&put_all(&s), &[]);
        assert_eq!(st.a, s);
        assert_eq!(st.ring, parities(&s), "ring R0..R4 = C[0..4]");
        assert_eq!(st.b, [0; 25]);
    }
}

#[test]
fn ktrp_is_theta_rho_pi_and_leaves_the_ring() {
    for seed in [4, 5] {
        let s = random_state(seed);
        let mut w = put_all(&s);
        w.extend(ops("ktrp"));
        let (st, _) = run(&w, &[]);
        assert_eq!(st.b, theta_rho_pi(&s), "B = pi(rho(theta(A)))");
        assert_eq!(st.a, s, "A unchanged");
        assert_eq!(st.ring, parities(&s), "five rotations bring the ring back");
    }
}

#[test]
fn kchi_is_chi_iota_and_accumulates_the_next_parities() {
    for (seed, round) in [(6u64, 0u32), (7, 13), (8, 23), (9, 31)] {
        let s = random_state(seed);
        let mut w = put_all(&s);
        w.extend(ops("ktrp"));
        w.extend(li(A2, round + 64)); // kround takes the index mod 32
        w.push(enc!(SPEC, "kround", A2));
        w.extend(ops("kchi"));
        let (st, _) = run(&w, &[]);
        let b = theta_rho_pi(&s);
        let mut e = b;
        steps::chi(&mut e, 64);
        steps::iota_signed(&mut e, 64, round as i64);
        assert_eq!(st.b, b);
        assert_eq!(st.a, e, "A = iota(chi(B)), round {round}");
        assert_eq!(st.ring, parities(&e));
        assert_eq!(st.round, (round + 1) % 32);
    }
}

#[test]
fn kgetlo_kgethi_read_lanes() {
    let s = random_state(10);
    let mut w = put_all(&s);
    let lanes = [0usize, 7, 13, 24];
    for (i, &l) in lanes.iter().enumerate() {
        w.push(enc!(SPEC, "kgetlo", 5 + 2 * i, l));
        w.push(enc!(SPEC, "kgethi", 6 + 2 * i, l));
    }
    let (_, x) = run(&w, &[]);
    for (i, &l) in lanes.iter().enumerate() {
        assert_eq!(x[5 + 2 * i], s[l] as u32, "lo of lane {l}");
        assert_eq!(x[6 + 2 * i], (s[l] >> 32) as u32, "hi of lane {l}");
    }
}

/// kround, then `rounds` times (25 ktrp, 25 kchi) in a loop.
fn permute_words(s: &[u64; 25], first: u32, rounds: u32) -> Vec<u32> {
    let mut w = put_all(s);
    w.extend(li(A2, first));
    w.push(enc!(SPEC, "kround", A2));
    w.extend(li(A2, rounds));
    let body: Vec<u32> = ops("ktrp").into_iter().chain(ops("kchi")).collect();
    let n = body.len() as i32;
    w.extend(body);
    w.push(addi(A2, A2, -1));
    w.push(b(-4 * (n + 1), 0, A2, 1)); // bne a2, zero, body
    w
}

#[test]
fn looped_rounds_are_keccak_f_and_keccak_p12() {
    let s = random_state(11);
    let (st, _) = run(&permute_words(&s, 0, 24), &[]);
    let mut e = s;
    sha3_golden::keccak_f1600(&mut e);
    assert_eq!(st.a, e, "Keccak-f[1600]");
    let (st, _) = run(&permute_words(&s, 12, 12), &[]);
    let mut e = s;
    sha3_golden::keccak_p1600(&mut e, 12);
    assert_eq!(st.a, e, "Keccak-p[1600, 12]");
}

#[test]
fn pure_functions_by_hand() {
    // pi: lane (1, 0) goes to B[0, 2] = lane 10; lane (0, 1) to B[1, 3] = lane 16
    assert_eq!(pi_dest(1), 10);
    assert_eq!(pi_dest(5), 16);
    assert_eq!(pi_dest(0), 0);
    assert_eq!(rho(1), 1);
    assert_eq!(rho(24), 14);
    assert_eq!(rc(0), 1);
    assert_eq!(rc(23), 0x8000_0000_8000_8008);
    assert_eq!(rc(24), rc(56));
    assert_eq!(chi(0, 0, u64::MAX), u64::MAX);
    assert_eq!(chi(0, u64::MAX, u64::MAX), 0);
    assert_eq!(trp(1, 0, 0, 1), 2);
    assert_eq!(trp(0, 0, 1 << 63, 0), 1, "theta rotates R1 by one");
    assert_eq!(chi_sources(4), [4, 0, 1]);
    let mut ring = [1, 2, 3, 4, 5];
    ring_take(&mut ring, 3, 9);
    assert_eq!(ring, [2, 3, 4, 5, 9]);
    ring_take(&mut ring, 8, 1);
    assert_eq!(ring, [2, 3, 4, 5, 8]);
    ring_rotate(&mut ring);
    assert_eq!(ring, [3, 4, 5, 8, 2]);
}

#[test]
fn decode_and_disassembly() {
    assert_eq!(asip_sim::spec::check(&SPEC), Vec::<String>::new());
    let isa = words::isa(ISA);
    let cases = [
        (enc!(SPEC, "kput", 24, A0, A1), "kput 24, a0, a1"),
        (enc!(SPEC, "kgetlo", A0, 3), "kgetlo a0, 3"),
        (enc!(SPEC, "kgethi", A1, 0), "kgethi a1, 0"),
        (enc!(SPEC, "ktrp", 7), "ktrp 7"),
        (enc!(SPEC, "kchi", 0), "kchi 0"),
        (enc!(SPEC, "kround", A2), "kround a2"),
    ];
    for (w, text) in cases {
        let d = SPEC
            .decode(w)
            .unwrap_or_else(|| panic!("{w:#010x} does not decode"));
        assert_eq!(isa.disasm(w, 0), text);
        assert_eq!(d.name(), text.split(' ').next().unwrap());
    }
    // lanes 25..31 and non-zero reserved fields do not decode
    let ktrp = enc!(SPEC, "ktrp", 0);
    for l in 25..32u32 {
        assert!(SPEC.decode(ktrp | l << 7).is_none(), "ktrp {l}");
        assert!(
            SPEC.decode(enc!(SPEC, "kgetlo", A0, 0) | l << 15).is_none(),
            "kgetlo {l}"
        );
    }
    assert!(SPEC.decode(ktrp | 1 << 15).is_none(), "ktrp with rs1 != 0");
    assert!(
        SPEC.decode(ktrp | 1 << 25).is_none(),
        "ktrp with funct7 != 0"
    );
    assert!(
        SPEC.decode(enc!(SPEC, "kround", A2) | 1 << 7).is_none(),
        "kround with rd != 0"
    );
    assert!(SPEC.decode(ktrp | 5 << 12).is_none(), "funct3 5 is free");
}
