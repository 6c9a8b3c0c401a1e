//! `results.csv`: the bench records, one row per design x function x length.

use super::model::Model;
use std::fmt::Write;

/// CSV of the bench records, one row per design x function x length.
pub fn csv(m: &Model) -> String {
    let mut s = String::from("design,alg,len,cycles,instret,cycles_per_byte,digest_ok,long_message_cycles_per_byte,cycles_per_permutation,code_size_bytes\n");
    for b in m.results.benches() {
        for run in &b.runs {
            let _ = writeln!(
                s,
                "{},{},{},{},{},{},{},{:.3},{},{}",
                b.design,
                b.alg,
                run.len,
                run.cycles,
                run.instret,
                run.cycles_per_byte
                    .map(|v| format!("{v:.3}"))
                    .unwrap_or_default(),
                run.digest_ok,
                b.cycles_per_byte,
                b.cycles_per_permutation,
                b.code_size_bytes
            );
        }
    }
    s
}
