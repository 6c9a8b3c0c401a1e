//! The Verilog functional unit (isa/mips-native/rtl) against the Rust semantics: random
//! operand vectors from the model (amounts biased to 0, 1, 31, 32, 33, 63 and >= 64),
//! replayed by an Icarus testbench; Verilator lint. Skips loudly without the tools.

use asip_testkit::rtl::counted_vectors;
use isa_mips_native::{andnot, rot1, rot2, NativeState};
use std::fmt::Write as _;

const OPS: [&str; 4] = ["andnot", "rot1", "rot2", "mfleast"];

/// `n` vectors, one a line; every op more than 5000 times.
fn vectors(n: usize, seed: u64) -> String {
    let mut st = NativeState::default();
    counted_vectors(n, seed, OPS, 5000, |g, per_op, out| {
        let valid = (g.u32() % 8 != 0) as u32;
        let op = g.u32() % 4;
        let rs = g.u32();
        let rt = match g.u32() % 4 {
            0 => [0, 1, 31, 32, 33, 63][(g.u32() % 6) as usize],
            1 => g.u32() % 64,
            2 => g.u32(),
            _ => 64 + g.u32() % 64,
        };
        let mut rd = 0;
        if valid == 1 {
            per_op[op as usize] += 1;
            match op {
                0 => rd = andnot(rs, rt),
                1 => st = rot1(rs, rt),
                2 => {
                    st = rot2(st, rs, rt);
                    rd = st.most;
                }
                _ => rd = st.least,
            }
        }
        let _ = writeln!(
            out,
            "{valid:x} {op:x} {rs:x} {rt:x} {rd:x} {:x} {:x}",
            st.most, st.least
        );
    })
}

asip_testkit::unit_rtl_tests!(
    "mips-native",
    modules >= 2,
    "tb_mn_fu.v",
    vectors(40_000, 0x3a7e_0001)
);
