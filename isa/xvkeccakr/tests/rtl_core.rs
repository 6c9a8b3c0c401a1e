//! The vector unit with xvkeccakr on the RV32 processor RTL (hw/units/zve64x +
//! isa/xvkeccakr/rtl/xvkeccakr_seq.v, design rv32-v-keccakr) against the simulator:
//! exact-cycle programs give the same commit log (retire cycle, register, memory and vector
//! register writes of every instruction) on both engines, and the cycle totals are the
//! timing model's beats (`xvkeccakr.beat`: [`beats`]). A round at every lane width, from
//! the packed state through the column block and back, is checked against the golden
//! model from the vector registers the log shows. Skipped with a loud line when verilator
//! is missing.

use asip_sim::enc;
use asip_testkit::regs::rv32::A1;
use asip_testkit::rtl::{lockstep_words, DATA_ADDR};
use asip_testkit::words::*;
use isa_xvkeccakr::*;

/// vsetivli zero, avl, e<sew>, m<lmul>, ta, ma
fn vsetivli(avl: u32, sew: u32, lmul: u32) -> u32 {
    let vtype = 0xc0 | ((sew / 8).trailing_zeros() << 3) | lmul.trailing_zeros();
    (3 << 30) | (vtype << 20) | (avl << 15) | (7 << 12) | 0x57
}

/// vle8.v vd, (rs1)
fn vle8(vd: u32, rs1: u32) -> u32 {
    (1 << 25) | (rs1 << 15) | (vd << 7) | 0x07
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

/// Element `i` of width `w` counted from register `base`.
fn elem(v: &[u128; 32], base: usize, i: u32, w: u32) -> u64 {
    let bit = (i * w) as usize;
    let (r, o) = (base + bit / 128, bit % 128);
    let m = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    ((v[r] >> o) as u64) & m
}

/// Two rounds (vkc, vkd, vkth, vkrp, vkchi; iota left out) at every lane width, the
/// packed state loaded from memory into v16.., vkcol into v0, vkpack back to v16: cycles
/// are the model's beats, C and D of the second round and the final packed state are the
/// golden model's.
#[test]
fn two_rounds_at_every_width() {
    for w in [8u32, 16, 32, 64] {
        let mut r = Rng(0x0031_7e57_0200 + w as u64);
        let lanes: [u64; 25] = std::array::from_fn(|_| r.next() & (u64::MAX >> (64 - w)));
        let mut bytes = Vec::new();
        for l in lanes {
            bytes.extend_from_slice(&l.to_le_bytes()[..(w / 8) as usize]);
        }
        bytes.resize(bytes.len().next_multiple_of(4), 0);
        let data: Vec<u32> = bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let state_bytes = 25 * w / 8;
        let mut code = Vec::new();
        let mut mem_beats = 0u64;
        for (k, off) in (0..state_bytes).step_by(16).enumerate() {
            let n = (state_bytes - off).min(16);
            code.extend(li(A1, DATA_ADDR + off));
            code.extend([vsetivli(n, 8, 1), vle8(16 + k as u32, A1)]);
            mem_beats += n.div_ceil(4) as u64 - 1;
        }
        code.push(vsetivli(1, w, 1));
        code.push(enc!(SPEC, "vkcol", 0, 16));
        let ops = [
            ("vkc", enc!(SPEC, "vkc", 16, 0)),
            ("vkd", enc!(SPEC, "vkd", 21, 16)),
            ("vkth", enc!(SPEC, "vkth", 0, 21)),
            ("vkrp", enc!(SPEC, "vkrp", 16, 0)),
            ("vkchi", enc!(SPEC, "vkchi", 0, 16)),
        ];
        for _ in 0..2 {
            code.extend(ops.map(|o| o.1));
        }
        code.push(enc!(SPEC, "vkpack", 16, 0));
        let Some((c, log)) = lockstep_words("rv32-v-keccakr", &code, &data) else {
            return;
        };
        let all = mem_beats
            + (beats("vkcol", w) + beats("vkpack", w) - 2) as u64
            + 2 * ops.iter().map(|o| (beats(o.0, w) - 1) as u64).sum::<u64>();
        assert_eq!(c, code.len() as u64 + 2 + 2 + all, "w = {w}");
        let v = vregs(&log);
        let r1 = round(&lanes, 0, w);
        // D of round 2 (v21..v25, every element) where rho-pi's B (v16..) does not
        // overwrite it: w <= 16 (B is v16..v20)
        if w <= 16 {
            for x in 0..5 {
                let c = |x: usize| (0..5).fold(0, |p, y| p ^ r1[x + 5 * y]);
                let d = c((x + 4) % 5) ^ rotl(c((x + 1) % 5), 1, w);
                for e in 0..slots(w) {
                    assert_eq!(elem(&v, 21 + x, e, w), d, "w = {w}: D[{x}] element {e}");
                }
            }
        }
        let want = round(&r1, 0, w);
        for (i, &l) in want.iter().enumerate() {
            assert_eq!(elem(&v, 16, i as u32, w), l, "w = {w}: lane {i}");
        }
    }
}
