//! The Verilog coprocessor (isa/mips-coproc/rtl) against the Rust semantics: random
//! operation streams from the model (rotation amounts biased to 0, 1, 31, 32, 63, every
//! Chi index, an lwau's word forwarded to the op in the same cycle), replayed by an Icarus
//! testbench; Verilator lint. Skips loudly without the tools.

use asip_testkit::rtl::counted_vectors;
use isa_mips_coproc::{chi, rot, xor5, CopState};
use std::fmt::Write as _;

/// What the vectors count: Au writes, each op, ops reading an Au written that cycle.
const CASES: [&str; 6] = ["lwau", "xor5", "chi", "rot", "swleast", "forwarded"];

/// One line per cycle: a write-channel lwau (Au index, load word) and a compute-channel op
/// (xor5 / chi / rot / swleast, or none), as the MIPS core drives them when an lwau in WB
/// is directly followed by an op in MEM: the op sees the loaded word. Every case of
/// [`CASES`] more than 5000 times in `n` vectors.
fn vectors(n: usize, seed: u64) -> String {
    let mut st = CopState::default();
    counted_vectors(n, seed, CASES, 5000, |g, per_op, out| {
        let wr = g.u32() % 2;
        let widx = g.u32() % 5;
        let ld = if widx == 2 && g.u32() % 2 == 0 {
            [0, 1, 31, 32, 63, 64, 0xffff_ffff][(g.u32() % 7) as usize]
        } else {
            g.u32()
        };
        let valid = (g.u32() % 8 != 0) as u32;
        let op = 1 + g.u32() % 4;
        let idx = if op == 2 { g.u32() % 5 } else { 0 };
        if wr == 1 {
            per_op[0] += 1;
            st.au[widx as usize] = ld;
        }
        let mut stv = 0;
        if valid == 1 {
            per_op[op as usize] += 1;
            if wr == 1 && op != 4 {
                per_op[5] += 1;
            }
            match op {
                1 => stv = xor5(&st.au),
                2 => stv = chi(&st.au, idx as usize),
                3 => {
                    let (m, l) = rot(&st.au);
                    stv = m;
                    st.least = l;
                }
                _ => stv = st.least,
            }
        }
        let a = st.au;
        let _ = writeln!(
            out,
            "{wr:x} {widx:x} {ld:x} {valid:x} {op:x} {idx:x} {stv:x} {:x} {:x} {:x} {:x} {:x} {:x}",
            a[0], a[1], a[2], a[3], a[4], st.least
        );
    })
}

asip_testkit::unit_rtl_tests!(
    "mips-coproc",
    modules >= 3,
    "tb_mc_fu.v",
    vectors(40_000, 0xc0_9e0c)
);
