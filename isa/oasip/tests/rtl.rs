//! The Verilog functional unit (isa/oasip/rtl) against the Rust semantics: random
//! operand/result vectors from the model, replayed by an Icarus testbench; Verilator lint.
//! Skips loudly without iverilog / verilator.

use asip_testkit::rtl::counted_vectors;
use isa_oasip::{hmask, lfsr, pack, remv, rotl, OasipState};
use std::fmt::Write as _;

const OPS: [&str; 7] = ["remv", "hmask", "pack", "rotl", "extlw", "lfsr", "doloop"];

/// Random event stream and the model's expected outputs, one line per event; the stream
/// exercises every op (more than 1000 times) and the loop controller (more than 100
/// loop-backs).
fn vectors(n: usize, seed: u64) -> String {
    let mut st = OasipState::default();
    let mut loopbacks = 0;
    let out = counted_vectors(n, seed, OPS, 1000, |g, per_op, out| {
        let pc = 0x1000 + 4 * (g.u32() % 24);
        let (mut valid, mut op, mut a, mut b, mut imm) = (0u32, 0u32, 0u32, 0u32, 0i32);
        let mut npc = if g.u32() % 5 == 0 {
            0x1000 + 4 * (g.u32() % 24) // a taken branch / jump somewhere
        } else {
            pc + 4
        };
        let (mut rd, mut err) = (0u32, false);
        if g.u32() % 10 < 6 {
            valid = 1;
            op = g.u32() % 7;
            npc = pc + 4;
            per_op[op as usize] += 1;
            a = g.u32();
            b = g.u32();
            match op {
                0 => {
                    imm = if g.u32() % 4 == 0 {
                        (g.u32() & 0xfff) as i32 - 2048
                    } else {
                        (g.u32() % 25) as i32 - 12
                    };
                    if g.u32() % 4 != 0 {
                        a = ((g.u32() % 31) as i32 - 15) as u32;
                    }
                    match remv(a, imm) {
                        Some(r) => rd = r,
                        None => err = true,
                    }
                }
                1 => rd = hmask(a),
                2 => st.aux = pack(a, b),
                3 => {
                    st.aux = rotl(st.aux, a);
                    rd = (st.aux >> 32) as u32;
                }
                4 => rd = st.aux as u32,
                5 => rd = lfsr(a),
                _ => {
                    imm = match g.u32() % 8 {
                        0 => [0, -4, 2, 6, -4096][(g.u32() % 5) as usize],
                        _ => 4 * (1 + (g.u32() % 12)) as i32,
                    };
                    a = [0, 1, 2, 3, 5, g.u32()][(g.u32() % 6) as usize];
                    err = imm < 4 || imm & 3 != 0;
                }
            }
        }
        let retire = !err;
        let next = if !retire {
            npc
        } else if valid == 1 && op == 6 && a == 0 {
            pc.wrapping_add(imm as u32) + 4
        } else {
            if valid == 1 && op == 6 {
                st.arm(pc + 4, pc.wrapping_add(imm as u32), a);
            }
            let nx = st.next_pc(pc, npc);
            if nx != npc {
                loopbacks += 1;
            }
            nx
        };
        let armed = st.loops[0].armed as u32 | (st.loops[1].armed as u32) << 1;
        let w64 = |f: &dyn Fn(&isa_oasip::HwLoop) -> u32| {
            ((f(&st.loops[1]) as u64) << 32) | f(&st.loops[0]) as u64
        };
        let _ = writeln!(
            out,
            "{valid:x} {op:x} {a:x} {b:x} {:x} {:x} {pc:x} {npc:x} {rd:x} {:x} {next:x} {armed:x} {:x} {:x} {:x}",
            (imm as u32) & 0x1fff,
            retire as u32,
            err as u32,
            w64(&|l| l.start),
            w64(&|l| l.end),
            w64(&|l| l.count),
        );
    });
    assert!(loopbacks > 100, "only {loopbacks} loop-backs");
    out
}

asip_testkit::unit_rtl_tests!(
    "oasip",
    modules >= 6,
    "tb_oasip_fu.v",
    vectors(60_000, 0x0a51_9000)
);
