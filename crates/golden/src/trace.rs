//! Per-step trace of Keccak-p[b, nr] in the layout of the Keccak team's
//! `KeccakF-<b>-IntermediateValues.txt` files.

use crate::interleave::to_interleaved;
use crate::keccak::{first_round_index, lane_width, mask, state_to_bytes, steps};
use std::fmt::Write;

/// How lanes are printed in the five-line state blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaneFormat {
    /// Each lane as a w-bit hexadecimal word (`KeccakF-<b>-IntermediateValues.txt`).
    Plain,
    /// b = 1600 only: each lane as `even:odd` 32-bit words of its bit-interleaved form
    /// (`KeccakF-1600-IntermediateValues32BI.txt`).
    Interleaved32,
}

fn bytes_line(out: &mut String, state: &[u64; 25], b: usize) {
    for byte in state_to_bytes(state, b) {
        let _ = write!(out, "{byte:02X} ");
    }
    out.push('\n');
}

fn lanes_block(out: &mut String, state: &[u64; 25], w: usize, fmt: LaneFormat) {
    let digits = w.div_ceil(4);
    for y in 0..5 {
        for x in 0..5 {
            let lane = state[x + 5 * y];
            match fmt {
                LaneFormat::Interleaved32 => {
                    let (e, o) = to_interleaved(lane);
                    let _ = write!(out, "{e:08X}:{o:08X}");
                    if x < 4 {
                        out.push(' ');
                    }
                }
                LaneFormat::Plain => {
                    let _ = write!(out, "{lane:0digits$X}");
                    // The reference files end lines of lanes narrower than 32 bits with a space.
                    if w < 32 || x < 4 {
                        out.push(' ');
                    }
                }
            }
        }
        out.push('\n');
    }
}

/// Trace of Keccak-p[b, nr] applied to `state`, in the IntermediateValues layout: the input
/// bytes, the input lanes, then for each round `--- Round i ---` and the state after theta, rho,
/// pi, chi and iota, then the output bytes. Round labels are the FIPS 202 round indices
/// (12+2l-nr ..), which are 0.. for the full Keccak-f.
///
/// # Panics
/// If b is not a valid width, or if nr > 12 + 2l (negative round indices have no label).
pub fn trace(b: usize, nr: usize, state: &[u64; 25]) -> String {
    trace_with(b, nr, state, LaneFormat::Plain)
}

/// [`trace`] with a choice of lane format (see [`LaneFormat`]).
pub fn trace_with(b: usize, nr: usize, state: &[u64; 25], fmt: LaneFormat) -> String {
    let w = lane_width(b).expect("b must be one of 25, 50, 100, 200, 400, 800, 1600");
    assert!(
        fmt == LaneFormat::Plain || b == 1600,
        "the interleaved format is for b = 1600"
    );
    let first = first_round_index(b, nr);
    assert!(first >= 0, "nr must be at most 12 + 2l");
    let mut a = *state;
    for lane in a.iter_mut() {
        *lane &= mask(w);
    }
    let mut out = String::new();
    out.push_str("Input of permutation:\n");
    bytes_line(&mut out, &a, b);
    out.push('\n');
    match fmt {
        LaneFormat::Plain => {
            let _ = writeln!(out, "Same, with lanes as {w}-bit words:");
        }
        LaneFormat::Interleaved32 => {
            out.push_str("Same, with lanes as pairs of 32-bit words (bit interleaving):\n")
        }
    }
    lanes_block(&mut out, &a, w, fmt);
    for ir in first..first + nr as i64 {
        let _ = write!(out, "\n--- Round {ir} ---\n\n");
        // the five step mappings, each followed by the state it leaves
        type Step<'a> = (&'a str, &'a dyn Fn(&mut [u64; 25]));
        let round: [Step; 5] = [
            ("theta", &|a| steps::theta(a, w)),
            ("rho", &|a| steps::rho(a, w)),
            ("pi", &|a| steps::pi(a, w)),
            ("chi", &|a| steps::chi(a, w)),
            ("iota", &|a| steps::iota(a, w, ir as usize)),
        ];
        for (name, step) in round {
            step(&mut a);
            let _ = writeln!(out, "After {name}:");
            lanes_block(&mut out, &a, w, fmt);
        }
    }
    out.push_str("State after permutation:\n");
    bytes_line(&mut out, &a, b);
    out
}
