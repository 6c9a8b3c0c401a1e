//! Deterministic fuzzing of design files (issue 16 item 11): the shipped designs with random
//! byte changes, truncations, random field values (shell syntax included) and random timing
//! overrides. Loading, the firmware build's argument check and the timing model never panic,
//! and every refusal names the design file. `SHA3_ASIP_FUZZ_SCALE` multiplies the cases.

use asip_flow::design::Design;
use asip_flow::{exec, firmware};
use asip_testkit::{fuzz_scale as scale, Rng};
use std::path::PathBuf;

const PIECES: &[&str] = &[
    "0",
    "-1",
    "1e309",
    "18446744073709551616",
    "\"\"",
    "\"a;b\"",
    "\"$(id)\"",
    "\"`id`\"",
    "\"-O2 -o /tmp/x\"",
    "\"../..\"",
    "[]",
    "{}",
    "{ a = 1 }",
    "true",
    "\"rv32im_xnope\"",
    "\"mips32\"",
    "\"zscale\"",
    "\"rv32-ref\"",
    "nan",
    "inf",
    "\"\\u0000\"",
    "'''x'''",
];
const FIELDS: &[&str] = &[
    "name",
    "title",
    "arch",
    "isa",
    "kernel",
    "march",
    "cflags",
    "timing",
    "baseline",
    "notes",
    "timing_overrides",
    "published",
    "rtl",
];

#[test]
fn random_design_files_never_panic_and_errors_name_the_file() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = root.join("designs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let mut rng = Rng(0x00de_5167_f022);
    let (mut loaded, mut refused) = (0, 0);
    for case in 0..1500 * scale() {
        let path = &files[case % files.len()];
        let mut text = std::fs::read_to_string(path).unwrap();
        match case % 4 {
            0 => {
                let mut b = text.into_bytes();
                for _ in 0..1 + rng.index(4) {
                    let k = rng.index(b.len());
                    b[k] = rng.next() as u8;
                }
                text = String::from_utf8_lossy(&b).into_owned();
            }
            1 => {
                let mut n = rng.index(text.len());
                while !text.is_char_boundary(n) {
                    n -= 1;
                }
                text.truncate(n);
            }
            2 => {
                // replace (or add) one field with a random value
                let f = FIELDS[rng.index(FIELDS.len())];
                let v = PIECES[rng.index(PIECES.len())];
                let kept: Vec<&str> = text
                    .lines()
                    .filter(|l| !l.starts_with(&format!("{f} ")))
                    .collect();
                let (head, tail) = kept.split_at(
                    kept.iter()
                        .position(|l| l.starts_with('['))
                        .unwrap_or(kept.len()),
                );
                text = format!("{}\n{f} = {v}\n{}\n", head.join("\n"), tail.join("\n"));
            }
            _ => {
                // random timing overrides
                let keys = [
                    "load",
                    "mul",
                    "div",
                    "branch_taken",
                    "x",
                    "misaligned",
                    "fetch",
                ];
                let mut t = String::from("\ntiming_overrides = { ");
                for i in 0..1 + rng.index(3) {
                    if i > 0 {
                        t.push_str(", ");
                    }
                    let k = keys[rng.index(keys.len())];
                    let v = PIECES[rng.index(PIECES.len())];
                    t.push_str(&format!("{k}{i} = {v}"));
                }
                t.push_str(" }\n");
                let at = text.find("\n[").unwrap_or(text.len());
                text.insert_str(at, &t);
            }
        }
        let shown = path.display().to_string();
        match Design::parse(&text, path) {
            Err(e) => {
                let m = e.to_string();
                assert!(m.contains(&shown), "case {case}: {m}");
                refused += 1;
            }
            Ok(d) => {
                loaded += 1;
                if let Err(e) = firmware::plan(&root, &d) {
                    assert!(e.to_string().contains(&shown), "case {case}: {e}");
                }
                if let Err(e) = exec::timing_of(&d) {
                    assert!(!e.to_string().trim().is_empty(), "case {case}");
                }
            }
        }
    }
    assert!(
        loaded > 0 && refused > 0,
        "{loaded} loaded, {refused} refused"
    );
}
