#![allow(dead_code)]
//! Helpers shared by the integration tests.

use std::path::PathBuf;

/// Path of a file under the repository's testdata/kat.
pub fn kat_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/kat")
        .join(name)
}

/// Contents of a testdata/kat file (panics with the path if missing).
pub fn read_kat(name: &str) -> String {
    let p = kat_path(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

pub use sha3_golden::kat::unhex;

/// The pattern of RFC 9861 and SP 800-185 examples: bytes 00 01 .. FA repeated (mod 251).
pub fn ptn(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i % 251) as u8).collect()
}

/// Compare two multi-line texts; on mismatch panic with the first differing line and context.
pub fn assert_same_text(what: &str, expected: &str, actual: &str) {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    for i in 0..e.len().max(a.len()) {
        let (x, y) = (e.get(i).copied(), a.get(i).copied());
        if x != y {
            let lo = i.saturating_sub(4);
            let ctx: Vec<String> = (lo..i)
                .map(|k| format!("    {:5} | {}", k + 1, e.get(k).unwrap_or(&"")))
                .collect();
            panic!(
                "{what}: first difference at line {}\n{}\n  expected: {:?}\n  actual:   {:?}",
                i + 1,
                ctx.join("\n"),
                x,
                y
            );
        }
    }
}
