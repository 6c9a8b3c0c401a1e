//! The vector unit with xvkeccak on the RV32 processor RTL (hw/units/zve64x +
//! isa/xvkeccak/rtl/xvkeccak_seq.v, design rv32-v-keccak) against the simulator:
//! exact-cycle programs give the same commit log (retire cycle, register, memory and vector
//! register writes of every instruction) on both engines, and the cycle totals are the
//! timing model's beats (`zve64x.mem_beat`: one cycle per 32-bit word; `xvkeccak.beat`:
//! `beats_theta` / `beats_round`). A round at every lane width is checked against the
//! golden model from the vector registers the log shows. Skipped with a loud line when
//! verilator is missing.

use asip_sim::enc;
use asip_testkit::regs::rv32::{A0, A1, A2};
use asip_testkit::rtl::{lockstep_words, DATA_ADDR};
use asip_testkit::words::*;
use isa_xvkeccak::*;

/// vsetivli zero, avl, e<sew>, m<lmul>, ta, ma
fn vsetivli(avl: u32, sew: u32, lmul: u32) -> u32 {
    let vtype = 0xc0 | ((sew / 8).trailing_zeros() << 3) | lmul.trailing_zeros();
    (3 << 30) | (vtype << 20) | (avl << 15) | (7 << 12) | 0x57
}

fn width_code(eew: u32) -> u32 {
    match eew {
        8 => 0,
        16 => 5,
        32 => 6,
        _ => 7,
    }
}

/// vle<eew>.v vd, (rs1)
fn vle(eew: u32, vd: u32, rs1: u32) -> u32 {
    (1 << 25) | (rs1 << 15) | (width_code(eew) << 12) | (vd << 7) | 0x07
}

/// vse<eew>.v vs3, (rs1)
fn vse(eew: u32, vs3: u32, rs1: u32) -> u32 {
    (1 << 25) | (rs1 << 15) | (width_code(eew) << 12) | (vs3 << 7) | 0x27
}

/// The vector registers after the run, from the `vN=` fields of the commit log.
fn vregs(log: &[String]) -> [u128; 32] {
    let mut v = [0u128; 32];
    for l in log {
        for t in l.split_whitespace() {
            if let Some((r, x)) = t.strip_prefix('v').and_then(|t| t.split_once("=0x")) {
                if let (Ok(r), Ok(x)) = (r.parse::<usize>(), u128::from_str_radix(x, 16)) {
                    v[r] = x;
                }
            }
        }
    }
    v
}

/// Lane `i` of width `w` of the block at register `base`.
fn lane(v: &[u128; 32], base: usize, i: usize, w: u32) -> u64 {
    let bit = i * w as usize;
    let (r, o) = (base + bit / 128, bit % 128);
    let m = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    ((v[r] >> o) as u64) & m
}

/// Unit-stride loads and stores take one cycle per 32-bit word, the last one retiring; a
/// vector load's last word is passed through to the instruction right behind it (vkiota
/// reads the register it completes, vse64 stores the group it just loaded): no wait.
#[test]
fn memory_beats_and_no_load_use_wait() {
    let mut r = Rng(0x0031_7e57_0001);
    let data: Vec<u32> = (0..64).map(|_| r.u32()).collect();
    let mut w = li(A0, DATA_ADDR).to_vec();
    w.extend(li(A1, DATA_ADDR + 128));
    w.extend(li(A2, 5));
    w.extend([
        vsetivli(16, 64, 8), // 128 bytes: 32 words
        vle(64, 0, A0),
        vse(64, 0, A1), // right behind the load of its data
        vsetivli(2, 64, 1),
        vle(64, 3, A1),              // 4 words
        enc!(SPEC, "vkiota", 3, A2), // reads v3, whose last word arrives in this cycle
        vsetivli(3, 32, 1),
        vle(32, 9, A0), // 3 words
        vsetivli(5, 8, 1),
        vle(8, 10, A0), // 5 bytes: 2 words, the second one partial
    ]);
    let Some((c, log)) = lockstep_words("rv32-v-keccak", &w, &data) else {
        return;
    };
    let n = w.len() as u64;
    let beats = (32 - 1) + (32 - 1) + (4 - 1) + (3 - 1) + (2 - 1);
    assert_eq!(
        c,
        n + 2 + 2 + beats,
        "n + exit + fill + the words after the first"
    );
    let v = vregs(&log);
    let word = |i: usize| data[i] as u128;
    assert_eq!(
        v[0],
        word(0) | word(1) << 32 | word(2) << 64 | word(3) << 96
    );
    // v3: the 16 bytes just stored from v0..v1 (words 0..3), lane 0 ^= RC[5] (e64)
    let lo = (word(0) | word(1) << 32) ^ rc(5, 64) as u128;
    assert_eq!(v[3], lo | word(2) << 64 | word(3) << 96);
    assert_eq!(v[9], word(0) | word(1) << 32 | word(2) << 64);
    assert_eq!(v[10], word(0) | (word(1) & 0xff) << 32);
    // the store's last word is the one the commit log shows
    let st = log
        .iter()
        .find(|l| l.contains("vse64.v"))
        .expect("vse64 line");
    assert!(
        st.contains(&format!(
            "mem[{:#010x}]={:#010x}",
            DATA_ADDR + 128 + 124,
            data[31]
        )),
        "{st}"
    );
}

/// One round (vktheta, vkround 0..4, vkiota) at every lane width, the state loaded from
/// memory: cycles are the model's beats and the output block is the golden model's round.
#[test]
fn a_round_at_every_width() {
    for w in [8u32, 16, 32, 64] {
        let mut r = Rng(0x0031_7e57_0100 + w as u64);
        let lanes: [u64; 25] = std::array::from_fn(|_| r.next() & (u64::MAX >> (64 - w)));
        // the state packed as in memory, as words
        let mut bytes = Vec::new();
        for l in lanes {
            bytes.extend_from_slice(&l.to_le_bytes()[..(w / 8) as usize]);
        }
        bytes.resize(bytes.len().next_multiple_of(4), 0);
        let data: Vec<u32> = bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        // the state into v0.. register by register: vle8 of 16 bytes (the last one shorter)
        let state_bytes = 25 * w / 8;
        let mut code = li(A2, 7).to_vec();
        let mut beats = 0u64;
        for (k, off) in (0..state_bytes).step_by(16).enumerate() {
            let n = (state_bytes - off).min(16);
            code.extend(li(A1, DATA_ADDR + off));
            code.extend([vsetivli(n, 8, 1), vle(8, k as u32, A1)]);
            beats += n.div_ceil(4) as u64 - 1;
        }
        let vt = vsetivli(1, w, 1);
        code.push(vt);
        code.push(enc!(SPEC, "vktheta", 13, 0));
        for y in 0..5 {
            code.push(enc!(SPEC, "vkround", 16, 0, 13, y));
        }
        code.push(enc!(SPEC, "vkiota", 16, A2));
        let Some((c, log)) = lockstep_words("rv32-v-keccak", &code, &data) else {
            return;
        };
        let beats = beats
            + (beats_theta(w) - 1) as u64
            + (0..5).map(|y| (beats_round(y, w) - 1) as u64).sum::<u64>();
        assert_eq!(c, code.len() as u64 + 2 + 2 + beats, "w = {w}");
        let v = vregs(&log);
        let d = theta_d(&lanes, w);
        for (x, &dx) in d.iter().enumerate() {
            assert_eq!(lane(&v, 13, x, w), dx, "w = {w}: D[{x}]");
        }
        for y in 0..5 {
            let mut p = round_plane(&lanes, &d, y, w);
            if y == 0 {
                p[0] ^= rc(7, w);
            }
            for (x, &px) in p.iter().enumerate() {
                assert_eq!(lane(&v, 16, 5 * y + x, w), px, "w = {w}: lane {x}, {y}");
            }
        }
    }
}
