//! Keyak v2 and Ketje v2 on the designs' firmware (firmware/aead/ on the bench harness, on
//! the simulator) against the Keccak team's known-answer files (testdata/kat/keyak-ketje/):
//! every vector the firmware's one-wrap session can reproduce, i.e. the first wrap of each
//! instance (Ketje: every instance of KetjeJr/Sr/Mn/Mj.txt; River Keyak: every
//! StartEngine(tagFlag=false, forgetFlag=false) whose first Wrap has forgetFlag=false). Later
//! wraps of a session and the start tags need a multi-wrap API the firmware does not have;
//! the golden model checks them (crates/golden/tests/keyak_ketje_kat.rs). Lake Keyak has no
//! file in the repository: it is checked against the golden model (itself checked against
//! XKCP's global tag) on messages around its rate. Designs: rv32-sw (Keccak-p[1600] kernel,
//! other widths portable C), rv32-v (vector Keccak-p[200..1600]), rv32-v-keccak when present.

use asip_flow::bench::{run_harness_argv, AeadArgs, Engine};
use asip_flow::design::{self, Design};
use sha3_golden::aead::Aead;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn unhex(s: &str) -> Vec<u8> {
    let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex in a KAT file"))
        .collect()
}

fn field(line: &str) -> Vec<u8> {
    unhex(line.split_once(':').map(|x| x.1).unwrap_or(""))
}

/// One vector: the session's arguments, the plaintext, the expected ciphertext || tag.
struct Vector {
    alg: Aead,
    args: AeadArgs,
    msg: Vec<u8>,
    want: Vec<u8>,
}

/// The first wrap of every Ketje instance of a file.
fn ketje_vectors(alg: Aead, file: &str) -> Vec<Vector> {
    let text = std::fs::read_to_string(root().join("testdata/kat/keyak-ketje").join(file))
        .expect("KAT file");
    let (mut v, mut first) = (Vec::new(), false);
    let (mut key, mut nonce, mut a, mut b, mut c) = (vec![], vec![], vec![], vec![], vec![]);
    for line in text.lines() {
        if line == "***" {
            first = true;
        } else if line.starts_with("> K (key)") {
            key = field(line);
        } else if line.starts_with("> N (nonce)") {
            nonce = field(line);
        } else if line.starts_with("> A ") {
            a = field(line);
        } else if line.starts_with("> B ") {
            b = field(line);
        } else if line.starts_with("< C ") {
            c = field(line);
        } else if line.starts_with("< T ") && first {
            first = false;
            let t = field(line);
            let mut want = c.clone();
            want.extend(&t);
            v.push(Vector {
                alg,
                args: AeadArgs {
                    key: key.clone(),
                    nonce: nonce.clone(),
                    ad: a.clone(),
                    tag_len: t.len(),
                },
                msg: b.clone(),
                want,
            });
        }
    }
    v
}

/// River Keyak: the first Wrap (forgetFlag=false) of every StartEngine(tagFlag=false,
/// forgetFlag=false).
fn river_vectors() -> Vec<Vector> {
    let text = std::fs::read_to_string(root().join("testdata/kat/keyak-ketje/RiverKeyak.txt"))
        .expect("KAT file");
    let (mut v, mut usable, mut take) = (Vec::new(), false, false);
    let (mut key, mut nonce, mut a, mut i, mut o) = (vec![], vec![], vec![], vec![], vec![]);
    for line in text.lines() {
        if line.starts_with("StartEngine(") {
            usable = line.contains("tagFlag=false") && line.contains("forgetFlag=false");
            take = false;
        } else if line.starts_with("Wrap(") {
            take = usable && line.contains("forgetFlag=false");
            usable = false;
        } else if line.starts_with("> K:") {
            key = field(line);
        } else if line.starts_with("> N:") {
            nonce = field(line);
        } else if line.starts_with("> A ") {
            a = field(line);
        } else if line.starts_with("> I ") {
            i = field(line);
        } else if line.starts_with("< O ") {
            o = field(line);
        } else if line.starts_with("< T (tag)") && take {
            take = false;
            let mut want = o.clone();
            want.extend(field(line));
            v.push(Vector {
                alg: Aead::RiverKeyak,
                args: AeadArgs {
                    key: key.clone(),
                    nonce: nonce.clone(),
                    ad: a.clone(),
                    tag_len: 16,
                },
                msg: i.clone(),
                want,
            });
        }
    }
    v
}

/// Lake Keyak: messages and metadata around Rs = 168 and Ra = 192, against the golden model.
fn lake_vectors() -> Vec<Vector> {
    let alg = Aead::LakeKeyak;
    let mut v = Vec::new();
    for (k, (mlen, alen)) in [
        (0, 0),
        (1, 0),
        (0, 193),
        (167, 24),
        (168, 25),
        (169, 191),
        (337, 1),
    ]
    .into_iter()
    .enumerate()
    {
        let args = AeadArgs {
            key: sha3_golden::test_message(k as u64, 16),
            nonce: sha3_golden::test_message(50 + k as u64, 3 * k),
            ad: sha3_golden::test_message(100 + k as u64, alen),
            tag_len: 16,
        };
        let msg = sha3_golden::test_message(200 + k as u64, mlen);
        let want = args.golden(alg, &msg);
        v.push(Vector {
            alg,
            args,
            msg,
            want,
        });
    }
    v
}

fn designs() -> Vec<Design> {
    let dir = root().join("designs");
    let mut names = vec!["rv32-sw", "rv32-v"];
    if dir.join("rv32-v-keccak.toml").is_file() {
        names.push("rv32-v-keccak");
    } else {
        eprintln!("rv32-v-keccak: no design file yet, not tested");
    }
    names
        .into_iter()
        .map(|n| design::find(&dir, n).unwrap_or_else(|e| panic!("{n}: {e}")))
        .collect()
}

#[test]
fn keyak_and_ketje_kat_first_wraps_on_firmware() {
    let mut vectors = Vec::new();
    for (alg, file) in [
        (Aead::KetjeJr, "KetjeJr.txt"),
        (Aead::KetjeSr, "KetjeSr.txt"),
        (Aead::KetjeMinor, "KetjeMn.txt"),
        (Aead::KetjeMajor, "KetjeMj.txt"),
    ] {
        let v = ketje_vectors(alg, file);
        assert!(v.len() >= 13, "{file}: {} instances", v.len());
        vectors.extend(v);
    }
    let river = river_vectors();
    assert_eq!(river.len(), 396, "River Keyak first wraps");
    vectors.extend(river);
    vectors.extend(lake_vectors());
    for d in designs() {
        let elf = asip_flow::firmware::build(&root(), &d).unwrap();
        let mut bad = Vec::new();
        for (n, x) in vectors.iter().enumerate() {
            let argv = x.args.argv(x.alg, &[x.msg.len()], 0, Some(&x.msg));
            let h = run_harness_argv(Engine::Sim, &d, &elf, argv, 0)
                .unwrap_or_else(|e| panic!("{} {} vector {n}: {e}", d.name, x.alg));
            let r = &h.hashes[0];
            if r.digest != x.want || r.verify != Some(true) {
                bad.push(format!("{} vector {n} (msg {} bytes)", x.alg, x.msg.len()));
            }
        }
        assert!(
            bad.is_empty(),
            "{}: {} of {} vectors wrong, first: {:?}",
            d.name,
            bad.len(),
            vectors.len(),
            &bad[..bad.len().min(5)]
        );
        eprintln!("{}: {} vectors ok", d.name, vectors.len());
    }
}
