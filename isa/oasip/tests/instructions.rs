//! Per-instruction semantics on the simulator: edge cases, whole input ranges, the
//! Keccak constants, the hardware-loop rules (counts, nesting, branches out, timing).

use asip_sim::enc;
use asip_sim::SimError;
use asip_testkit::regs::rv32::{A0, A1, T0, T1, T2, T3};
use asip_testkit::words::{self, *};
use isa_oasip::{OasipState, SPEC};

const ISA: &str = "rv32im_xoasip";

fn regs_after(w: &[u32], regs: &[(usize, u32)]) -> [u32; 32] {
    words::regs_after(ISA, w, regs)
}

fn run_words(
    w: &[u32],
    regs: &[(usize, u32)],
) -> (Result<asip_sim::RunResult, SimError>, asip_sim::Machine) {
    words::run_words(ISA, w, regs)
}

fn rot64(hi: u32, lo: u32, n: u32) -> (u32, u32) {
    let x = regs_after(
        &[
            enc!(SPEC, "pack", T1, T2),
            enc!(SPEC, "rotl", T0, T3),
            enc!(SPEC, "extlw", A0),
        ],
        &[(T1 as usize, hi), (T2 as usize, lo), (T3 as usize, n)],
    );
    (x[T0 as usize], x[A0 as usize])
}

#[test]
fn rotl_edge_amounts() {
    let v: u64 = 0x0123_4567_89ab_cdef;
    let (hi, lo) = ((v >> 32) as u32, v as u32);
    for n in [0u32, 1, 31, 32, 33, 63] {
        let r = v.rotate_left(n);
        assert_eq!(
            rot64(hi, lo, n),
            ((r >> 32) as u32, r as u32),
            "rotate by {n}"
        );
    }
    // explicit values
    assert_eq!(rot64(hi, lo, 0), (0x0123_4567, 0x89ab_cdef));
    assert_eq!(rot64(hi, lo, 32), (0x89ab_cdef, 0x0123_4567));
    assert_eq!(rot64(0x8000_0000, 0, 1), (0, 1));
    assert_eq!(rot64(0, 1, 63), (0x8000_0000, 0));
    // the amount is taken mod 64
    assert_eq!(rot64(hi, lo, 64), rot64(hi, lo, 0));
    assert_eq!(rot64(hi, lo, 64 + 5), rot64(hi, lo, 5));
    assert_eq!(rot64(hi, lo, 0xffff_ffff), rot64(hi, lo, 63));
}

#[test]
fn rotl_random_and_chained() {
    let mut g = Rng(0x5eed);
    for _ in 0..200 {
        let (hi, lo, n) = (g.u32(), g.u32(), g.u32());
        let r = isa_oasip::pack(hi, lo).rotate_left(n & 63);
        assert_eq!(rot64(hi, lo, n), ((r >> 32) as u32, r as u32));
    }
    // two rotls accumulate in aux; extlw does not change aux
    let x = regs_after(
        &[
            enc!(SPEC, "pack", T1, T2),
            enc!(SPEC, "rotl", T0, T3),
            enc!(SPEC, "extlw", A0),
            enc!(SPEC, "rotl", T0, T3),
            enc!(SPEC, "extlw", A0),
            enc!(SPEC, "extlw", A1),
        ],
        &[
            (T1 as usize, 0xdead_beef),
            (T2 as usize, 0x1234_5678),
            (T3 as usize, 20),
        ],
    );
    let r = 0xdead_beef_1234_5678u64.rotate_left(40);
    assert_eq!(
        (x[T0 as usize], x[A0 as usize]),
        ((r >> 32) as u32, r as u32)
    );
    assert_eq!(x[A1 as usize], r as u32);
}

#[test]
fn remv_whole_input_range() {
    // every sum in [-9, 9] from several (rs1, imm) splits, and the out-of-range neighbours
    for tmp in -12i32..=12 {
        for imm in [-9i32, -4, 0, 3, 9, 2047, -2048] {
            let a = tmp.wrapping_sub(imm) as u32;
            let (r, m) = run_words(&[enc!(SPEC, "remv", T0, T1, imm)], &[(T1 as usize, a)]);
            if (-9..=9).contains(&tmp) {
                r.expect("in range");
                assert_eq!(
                    m.cpu().x[T0 as usize],
                    tmp.rem_euclid(5) as u32,
                    "tmp {tmp} imm {imm}"
                );
            } else {
                match r {
                    Err(SimError::IllegalInstruction { word, .. }) => {
                        assert_eq!(word, enc!(SPEC, "remv", T0, T1, imm))
                    }
                    other => {
                        panic!("tmp {tmp}: expected an illegal-instruction trap, got {other:?}")
                    }
                }
            }
        }
    }
    // wrap-around of the 32-bit sum counts: 0xffffffff + 3 = 2
    let x = regs_after(&[enc!(SPEC, "remv", T0, T1, 3)], &[(T1 as usize, u32::MAX)]);
    assert_eq!(x[T0 as usize], 2);
    // rd = x0 is a no-op destination
    let x = regs_after(&[enc!(SPEC, "remv", 0, T1, 3)], &[(T1 as usize, 4)]);
    assert_eq!(x[0], 0);
}

#[test]
fn hmask_gives_the_rho_offsets() {
    let off = sha3_golden::keccak::rho_offsets(64);
    let (mut x, mut y) = (1usize, 0usize);
    let (mut n, mut d) = (2u32, 4u32); // n = (t+1)(t+2), as the kernel keeps it
    for t in 0..24 {
        let r = regs_after(&[enc!(SPEC, "hmask", T0, T1)], &[(T1 as usize, n)])[T0 as usize];
        assert_eq!(r as usize, off[x + 5 * y], "t = {t}");
        n += d;
        d += 2;
        (x, y) = (y, (2 * x + 3 * y) % 5);
    }
    for a in [0u32, 1, 2, 127, 128, 129, 0xffff_ffff, 0x8000_0000] {
        let r = regs_after(&[enc!(SPEC, "hmask", T0, T1)], &[(T1 as usize, a)])[T0 as usize];
        assert_eq!(r, (a >> 1) % 64, "a = {a:#x}");
    }
}

#[test]
fn lfsr_all_inputs_and_round_constants() {
    // the instruction equals the function for every 8-bit input (and ignores bits above 7
    // except through the shift, which the mask removes)
    for a in (0..256u32).chain([0x100, 0x1ff, 0xffff_ff80]) {
        let r = regs_after(&[enc!(SPEC, "lfsr", T0, T1)], &[(T1 as usize, a)])[T0 as usize];
        let want = ((a << 1) ^ if a & 0x80 != 0 { 0x71 } else { 0 }) & 0xff;
        assert_eq!(r, want, "a = {a:#x}");
        assert_eq!(isa_oasip::lfsr(a), want);
    }
    // rc(t) = bit 0 of the LFSR state after t steps from 1; RC[i] bit 2^j-1 = rc(j + 7i)
    let mut rc_bits = Vec::new();
    let mut s = 1u32;
    for _ in 0..(7 * 24) {
        rc_bits.push((s & 1) as u64);
        s = regs_after(&[enc!(SPEC, "lfsr", T0, T1)], &[(T1 as usize, s)])[T0 as usize];
    }
    for ir in 0..24 {
        let mut rc = 0u64;
        for j in 0..7 {
            rc |= rc_bits[j + 7 * ir] << ((1 << j) - 1);
        }
        assert_eq!(rc, sha3_golden::ROUND_CONSTANTS_1600[ir], "round {ir}");
        assert_eq!(rc, sha3_golden::keccak::round_constant(64, ir as i64));
    }
    // the LFSR has period 255 (primitive polynomial)
    let mut s = 1u32;
    for k in 1..=255 {
        s = isa_oasip::lfsr(s);
        assert_eq!(s == 1, k == 255, "step {k}");
    }
}

// ---- hardware loops ----

fn li(rd: u32, v: i32) -> u32 {
    addi(rd, 0, v)
}

fn state(m: &asip_sim::Machine) -> OasipState {
    m.cpu().state::<OasipState>().cloned().unwrap_or_default()
}

#[test]
fn doloop_counts() {
    for count in [0u32, 1, 2, 7, 100] {
        // li a0, count (preset); doloop a0, +8; addi t0,t0,1; addi t1,t1,1 (end)
        let (r, m) = run_words(
            &[
                enc!(SPEC, "doloop", A0, 8),
                addi(T0, T0, 1),
                addi(T1, T1, 1),
                addi(T2, T2, 1),
            ],
            &[(A0 as usize, count)],
        );
        r.expect("run");
        let x = m.cpu().x;
        let iters = count; // count 0 skips the body
        assert_eq!(x[T0 as usize], iters, "count {count}");
        assert_eq!(x[T1 as usize], iters, "count {count}");
        assert_eq!(x[T2 as usize], 1, "after the loop, count {count}");
        assert_eq!(x[A0 as usize], count, "the count register is not modified");
        assert!(
            !state(&m).loops.iter().any(|l| l.armed),
            "loop disarmed at its end"
        );
    }
}

#[test]
fn doloop_single_instruction_body() {
    let x = regs_after(
        &[enc!(SPEC, "doloop", A0, 4), addi(T0, T0, 3)],
        &[(A0 as usize, 9)],
    );
    assert_eq!(x[T0 as usize], 27);
}

#[test]
fn doloop_is_zero_overhead() {
    // N iterations of a k-instruction body cost exactly the straight-line N*k cycles plus
    // one for the doloop (compared with the same code unrolled after a nop).
    for (n, k) in [(1usize, 1usize), (5, 3), (24, 2)] {
        let mut looped = vec![li(A0, n as i32), enc!(SPEC, "doloop", A0, 4 * k as i32)];
        looped.extend((0..k).map(|i| addi(T0 + (i as u32 % 2), T0 + (i as u32 % 2), 1)));
        let mut unrolled = vec![li(A0, n as i32), NOP];
        for _ in 0..n {
            unrolled.extend((0..k).map(|i| addi(T0 + (i as u32 % 2), T0 + (i as u32 % 2), 1)));
        }
        let (a, ma) = run_words(&looped, &[]);
        let (b, mb) = run_words(&unrolled, &[]);
        let (a, b) = (a.expect("looped"), b.expect("unrolled"));
        assert_eq!(a.cycles, b.cycles, "n {n} k {k}");
        assert_eq!(a.instret, b.instret);
        assert_eq!(ma.cpu().x[T0 as usize], mb.cpu().x[T0 as usize]);
    }
}

#[test]
fn doloop_count_zero_skips_with_branch_penalty() {
    let (a, _) = run_words(
        &[enc!(SPEC, "doloop", A0, 8), NOP, NOP],
        &[(A0 as usize, 0)],
    );
    let (b, _) = run_words(&[NOP], &[]);
    // doloop (1) + the zscale model's "xoasip.doloop_skip" (2, the taken-branch
    // penalty) vs one nop (1); the two skipped nops do not retire
    assert_eq!(a.expect("a").cycles, b.expect("b").cycles + 2);
}

#[test]
fn doloop_skip_cycles_are_timing_data() {
    use asip_sim::timing::TimingParams;
    let mut w = vec![enc!(SPEC, "doloop", A0, 8), NOP, NOP];
    w.extend(words::exit_seq());
    // the zscale model with its [timing.events] table replaced by `events`
    let run = |events: &[(&str, u32)]| {
        let mut timing = TimingParams::preset("zscale").unwrap();
        if !events.is_empty() {
            timing.events = events.iter().map(|&(k, v)| (k.to_string(), v)).collect();
        }
        words::machine_with(ISA, &w, timing).map(|mut m| m.run().expect("run").cycles)
    };
    let base = run(&[]).unwrap();
    // a design's [timing.events] override moves exactly the skip's cycles
    assert_eq!(run(&[("xoasip.doloop_skip", 5)]).unwrap(), base + 3);
    // a timing model without the event is refused when the machine is built
    let e = run(&[("xdasip.aux_load_use", 1)]).unwrap_err().to_string();
    assert!(
        e.contains("no [timing.events] value for \"xoasip.doloop_skip\""),
        "{e}"
    );
    // a misspelt event is an error, not a silent zero
    let e = run(&[("xoasip.doloop_skip", 2), ("xoasip.doloop_skp", 2)])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("\"xoasip.doloop_skp\", which xoasip does not raise"),
        "{e}"
    );
}

#[test]
fn nested_loops() {
    // a0 = 3 outer, a1 = 4 inner:
    //   doloop a0, OUTER_END
    //     doloop a1, INNER_END
    //       addi t0, t0, 1          (INNER_END)
    //     addi t1, t1, 1            (OUTER_END)
    let x = regs_after(
        &[
            enc!(SPEC, "doloop", A0, 12),
            enc!(SPEC, "doloop", A1, 4),
            addi(T0, T0, 1),
            addi(T1, T1, 1),
        ],
        &[(A0 as usize, 3), (A1 as usize, 4)],
    );
    assert_eq!((x[T0 as usize], x[T1 as usize]), (12, 3));

    // two inner loops in sequence reuse level 1; and both levels ending on one instruction
    //   doloop a0, END (0)
    //     addi t2, t2, 1
    //     doloop a1, +4
    //       addi t0, t0, 1
    //     doloop a1, +4       <- END of both loops is the last addi
    //       addi t1, t1, 1
    let x = regs_after(
        &[
            enc!(SPEC, "doloop", A0, 24),
            addi(T2, T2, 1),
            enc!(SPEC, "doloop", A1, 4),
            addi(T0, T0, 1),
            enc!(SPEC, "doloop", A1, 4),
            addi(T1, T1, 1),
        ],
        &[(A0 as usize, 5), (A1 as usize, 3)],
    );
    assert_eq!(
        (x[T0 as usize], x[T1 as usize], x[T2 as usize]),
        (15, 15, 5)
    );
}

#[test]
fn third_doloop_overwrites_the_inner_level() {
    //   doloop a0, +8 (outer, 2)  ; doloop a1, +12 (inner, 10); doloop a1 -> overwrites level 1
    let words = [
        enc!(SPEC, "doloop", A0, 16), // 0: outer, end at 16
        enc!(SPEC, "doloop", A1, 12), // 4: inner, end at 16
        enc!(SPEC, "doloop", A1, 4),  // 8: replaces the inner loop: body = 12
        addi(T0, T0, 1),              // 12
        addi(T1, T1, 1),              // 16: end of the outer loop only
    ];
    let (r, m) = run_words(&words, &[(A0 as usize, 2), (A1 as usize, 3)]);
    r.expect("run");
    let x = m.cpu().x;
    // per outer iteration: inner doloop armed, replaced, 3 x t0, 1 x t1 (the replaced loop's
    // end at 16 is gone); outer runs twice: the second time level 0 is busy, so both inner
    // doloops go to level 1 again.
    assert_eq!((x[T0 as usize], x[T1 as usize]), (6, 2));
    assert!(!state(&m).loops.iter().any(|l| l.armed));
}

#[test]
fn branch_out_of_a_loop_leaves_it_armed() {
    // doloop a0 (5), body: addi t0; beq t0, t2, +8 (exit when t0 == 2); addi t1 (end)
    // after the exit the loop is still armed with 4 iterations left
    let words = [
        enc!(SPEC, "doloop", A0, 12),
        addi(T0, T0, 1),
        b(8, T2, T0, 0), // beq t0, t2, +8
        addi(T1, T1, 1), // loop end
        addi(A1, A1, 1), // branch target
    ];
    let (r, m) = run_words(&words, &[(A0 as usize, 5), (T2 as usize, 2)]);
    r.expect("run");
    let x = m.cpu().x;
    assert_eq!((x[T0 as usize], x[T1 as usize], x[A1 as usize]), (2, 1, 1));
    let st = state(&m);
    assert!(st.loops[0].armed);
    assert_eq!(st.loops[0].count, 4);
    assert_eq!(st.loops[0].end, BASE + 12);

    // ... and reaching its end again later loops back
    //  0 doloop a0, +12 ; 4 addi t0 ; 8 beq t0,t2,+12 (-> 20) ; 12 addi t1 (end)
    // 16 j +12 (-> 28, leave) ; 20 addi a1 ; 24 j -12 (-> 12: the loop end)
    let words = [
        enc!(SPEC, "doloop", A0, 12),
        addi(T0, T0, 1),
        b(12, T2, T0, 0),
        addi(T1, T1, 1),
        j(12, 0),
        addi(A1, A1, 1),
        j(-12, 0),
    ];
    let (r, m) = run_words(&words, &[(A0 as usize, 3), (T2 as usize, 1)]);
    r.expect("run");
    let x = m.cpu().x;
    // t0: iteration 1 branches out at t0 = 1; back at the end: count 3 -> 2, loop to 4:
    // t0 = 2, 3 (two more iterations through the end), then fall through to the j +12.
    assert_eq!((x[T0 as usize], x[T1 as usize], x[A1 as usize]), (3, 3, 1));
}

#[test]
fn taken_branch_at_the_loop_end_wins() {
    // the loop-end instruction is a taken jump: the jump wins, the count is not touched
    let words = [
        enc!(SPEC, "doloop", A0, 8),
        addi(T0, T0, 1),
        j(8, 0),
        addi(T1, T1, 1),
        NOP,
    ];
    let (r, m) = run_words(&words, &[(A0 as usize, 4)]);
    r.expect("run");
    assert_eq!(m.cpu().x[T0 as usize], 1);
    assert_eq!(m.cpu().x[T1 as usize], 0);
    assert_eq!(state(&m).loops[0].count, 4);
}

#[test]
fn doloop_rejects_a_loop_end_before_its_body() {
    for off in [0, -4, 2, 6, 4094] {
        let (r, _) = run_words(&[NOP, enc!(SPEC, "doloop", A0, off)], &[(A0 as usize, 3)]);
        assert!(
            matches!(r, Err(SimError::IllegalInstruction { .. })),
            "offset {off}: {r:?}"
        );
    }
}

#[test]
fn disassembly() {
    let isa = isa(ISA);
    let cases = [
        (enc!(SPEC, "remv", T0, T1, -7), "remv t0, t1, -7"),
        (enc!(SPEC, "hmask", A0, A1), "hmask a0, a1"),
        (enc!(SPEC, "pack", T1, T2), "pack t1, t2"),
        (enc!(SPEC, "rotl", T0, T3), "rotl t0, t3"),
        (enc!(SPEC, "extlw", A0), "extlw a0"),
        (enc!(SPEC, "lfsr", A1, A1), "lfsr a1, a1"),
        (enc!(SPEC, "doloop", A0, 40), "doloop a0, 0x10028"),
    ];
    for (w, s) in cases {
        assert_eq!(isa.disasm(w, 0x10000), s);
    }
}
