//! Every SHA-3-family function on every design: the one sponge layer (`firmware/sponge/`)
//! over each design's kernel, run on the simulator with the design's ISA and timing, must give
//! the golden model's output, with keys, customisation strings, function names, ParallelHash
//! block sizes, TurboSHAKE domain bytes and output lengths.
//!
//! `make test` runs a sample of lengths per function (0, rate - 1, rate, rate + 1, a
//! multi-block message; ParallelHash with several blocks; KangarooTwelve beyond one 8192-byte
//! chunk on one design); `make test-functions-full` runs every length 0..=600 (ignored here).
//!
//! Needs the cross compilers (scripts/setup installs them); without them the test fails
//! with the install hint rather than passing silently.

use asip_flow::bench::{alg_shape, family_algs, golden_digest_with, run_harness_with, Engine};
use asip_flow::bench::{FnArgs, MSG_MAX};
mod common;

use asip_flow::design::{self, Design};
use common::{assert_none_wrong, elf_of, root};
use sha3_golden::Params;
use std::path::Path;

/// The parameter sets a function is checked with (every parameter it takes, non-trivial).
fn arg_sets(alg: &str) -> Vec<FnArgs> {
    let with = |f: &dyn Fn(&mut Params), out_len: Option<usize>| {
        let mut params = Params::default();
        f(&mut params);
        FnArgs { params, out_len }
    };
    let fam = alg.trim_end_matches(char::is_numeric);
    match fam {
        "cshake" => vec![
            with(
                &|p| {
                    p.function_name = b"Email Signature".to_vec();
                    p.customization = b"tag".to_vec();
                },
                None,
            ),
            // only S: still cSHAKE; neither: SHAKE
            with(&|p| p.customization = vec![0xA5; 300], Some(17)),
            with(&|_| {}, None),
        ],
        "kmac" | "kmacxof" => vec![
            with(
                &|p| {
                    p.key = (0x40..0x60).collect();
                    p.customization = b"My Tagged Application".to_vec();
                },
                None,
            ),
            // a key longer than the rate: bytepad over two blocks; and the empty key
            with(&|p| p.key = (0..200).map(|i| i as u8).collect(), Some(100)),
            with(&|_| {}, Some(1)),
        ],
        "tuplehash" | "tuplehashxof" => vec![
            with(&|p| p.customization = b"My Tuple App".to_vec(), None),
            with(&|_| {}, Some(77)),
        ],
        "parallelhash" | "parallelhashxof" => vec![
            with(
                &|p| {
                    p.customization = b"Parallel Data".to_vec();
                    p.block_size = 64;
                },
                None,
            ),
            with(&|p| p.block_size = 1000, Some(45)),
        ],
        "turboshake" => vec![with(&|p| p.domain = 0x06, None), with(&|_| {}, Some(300))],
        "kt" => vec![
            with(&|p| p.customization = b"KT C".to_vec(), None),
            with(&|_| {}, Some(200)),
        ],
        "shake" => vec![with(&|_| {}, None), with(&|_| {}, Some(500))],
        _ => vec![with(&|_| {}, None)],
    }
}

/// The sample lengths: both sides of the rate, a multi-block message; for ParallelHash with a
/// small block size, several blocks.
fn sample_lens(alg: &str, a: &FnArgs) -> Vec<usize> {
    let (rate, _) = alg_shape(alg).unwrap();
    let mut v = vec![0, 1, rate - 1, rate, rate + 1, 3 * rate + 7];
    if alg.starts_with("parallelhash") && a.params.block_size < 200 {
        let b = a.params.block_size;
        v.extend([b - 1, b, b + 1, 5 * b + 3]);
    }
    v
}

/// Run `alg` with `a` for `lens` on design `d`; the failures as text.
fn check(d: &Design, elf: &Path, alg: &str, a: &FnArgs, lens: &[usize]) -> Vec<String> {
    let h = run_harness_with(Engine::Sim, d, elf, alg, a, lens, 0, 0)
        .unwrap_or_else(|e| panic!("{} {alg} {a:?}: {e}", d.name));
    let got: Vec<usize> = h.hashes.iter().map(|r| r.len).collect();
    assert_eq!(got, lens, "{} {alg}: one line per length", d.name);
    h.hashes
        .iter()
        .filter(|r| r.alg != alg || r.digest != golden_digest_with(alg, 0, r.len, a))
        .map(|r| format!("{} {alg} len={} args={a:?}", d.name, r.len))
        .collect()
}

fn every_design(lens_of: &(dyn Fn(&Design, &str, &FnArgs) -> Vec<usize> + Sync)) {
    let designs = design::load_all(&root().join("designs")).expect("designs/ loads");
    assert!(designs.len() >= 10, "every design file loads");
    let bad: Vec<String> = std::thread::scope(|s| {
        let hs: Vec<_> = designs
            .iter()
            .map(|d| {
                s.spawn(move || {
                    let elf = elf_of(d);
                    let mut bad = Vec::new();
                    for alg in family_algs() {
                        for a in arg_sets(alg) {
                            bad.extend(check(d, &elf, alg, &a, &lens_of(d, alg, &a)));
                        }
                    }
                    bad
                })
            })
            .collect();
        hs.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    assert_none_wrong("outputs", &bad);
}

#[test]
fn every_function_on_every_design_at_sample_lengths() {
    every_design(&|d, alg, a| {
        let mut v = sample_lens(alg, a);
        // KangarooTwelve's tree (final node + leaves) on one fast design
        if alg.starts_with("kt") && d.name == "rv32-dasip" {
            v.extend([8191, 8192, 2 * 8192 + 100]);
        }
        v
    });
}

#[test]
#[ignore = "slow: run by `make test-functions-full`"]
fn every_function_on_every_design_for_lengths_0_to_600_and_long() {
    every_design(&|_, alg, _| {
        let mut v: Vec<usize> = (0..=600).collect();
        if alg.starts_with("kt") || alg.starts_with("parallelhash") {
            v.extend([8191, 8192, 8193, 3 * 8192 + 1]);
        }
        v.extend([4096, MSG_MAX]);
        v
    });
}

#[test]
fn bad_parameters_are_refused_with_a_clear_error() {
    let key = FnArgs {
        params: Params {
            key: vec![1],
            ..Params::default()
        },
        out_len: None,
    };
    let e = key.check("sha3-256").unwrap_err().to_string();
    assert!(e.contains("key") && e.contains("kmac"), "{e}");
    let block0 = FnArgs {
        params: Params {
            block_size: 0,
            ..Params::default()
        },
        out_len: None,
    };
    let e = block0.check("parallelhash128").unwrap_err().to_string();
    assert!(e.contains("block size"), "{e}");
    let dom = FnArgs {
        params: Params {
            domain: 0x80,
            ..Params::default()
        },
        out_len: None,
    };
    assert!(dom.check("turboshake128").is_err());
    let fixed = FnArgs {
        out_len: Some(33),
        ..FnArgs::default()
    };
    let e = fixed.check("sha3-256").unwrap_err().to_string();
    assert!(e.contains("fixed output length of 32"), "{e}");
    assert!(fixed.check("kmac128").is_ok());
    let e = FnArgs::default().check("md5").unwrap_err().to_string();
    assert!(
        e.contains("unknown algorithm 'md5'") && e.contains("kt256"),
        "{e}"
    );
}
