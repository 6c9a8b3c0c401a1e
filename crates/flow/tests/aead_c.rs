//! The portable Keyak / Ketje firmware layer (firmware/aead/, C) against the golden model,
//! compiled for the host with `cc` (skipped with a message when there is none): every
//! instance the layer offers, message and associated-data lengths around each rate and block
//! boundary, Ketje tags shorter and longer than a block, decryption round trips and a flipped
//! tag bit rejected.

use sha3_golden::aead::{encrypt, Aead};
use sha3_golden::test_message;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The layer's test program's argument for bytes: hex, or "-" for none.
fn hex(b: &[u8]) -> String {
    if b.is_empty() {
        return "-".into();
    }
    sha3_golden::encoding::hex(b)
}

#[test]
fn c_layer_matches_golden_model() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../firmware/aead");
    let exe = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("aead_host_driver");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let built = Command::new(&cc)
        .args(["-O2", "-Wall", "-Wextra", "-Werror", "-I"])
        .arg(&root)
        .arg("-o")
        .arg(&exe)
        .args(["aead.c", "keccakp.c", "test/host_driver.c"].map(|f| root.join(f)))
        .status();
    match built {
        Err(e) => {
            eprintln!("SKIPPED: no host C compiler ({cc}: {e})");
            return;
        }
        Ok(s) => assert!(s.success(), "{cc} failed to build the host driver"),
    }
    let algs = [
        Aead::RiverKeyak,
        Aead::LakeKeyak,
        Aead::KetjeJr,
        Aead::KetjeSr,
        Aead::KetjeMinor,
        Aead::KetjeMajor,
    ];
    let mut cases = Vec::new();
    for (ai, alg) in algs.into_iter().enumerate() {
        let (edges, tag_lens): (Vec<usize>, Vec<usize>) = match alg.ketje_block() {
            Some(r) => (vec![r - 1, r, r + 1, 3 * r], vec![0, 8, 16, 2 * r + 3]),
            // Rs and Ra for b = 800 and 1600
            None if alg.width() == 800 => (vec![67, 68, 69, 95, 96, 97, 137], vec![16]),
            None => (vec![167, 168, 169, 191, 192, 193, 337], vec![16]),
        };
        let key = test_message(ai as u64, 16);
        let nonce = test_message(100 + ai as u64, alg.max_nonce_len(16).min(12));
        for &mlen in [0, 1].iter().chain(&edges) {
            for &alen in [0, 1].iter().chain(&edges) {
                for &t in &tag_lens {
                    let seed = (mlen * 1000 + alen) as u64;
                    cases.push((
                        alg,
                        key.clone(),
                        nonce.clone(),
                        test_message(seed, alen),
                        test_message(seed + 7, mlen),
                        t,
                    ));
                }
            }
        }
    }
    let input: String = cases
        .iter()
        .map(|(a, k, n, ad, m, t)| {
            format!(
                "{} {} {} {} {} {t}\n",
                a.name(),
                hex(k),
                hex(n),
                hex(ad),
                hex(m)
            )
        })
        .collect();
    let mut child = Command::new(&exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run the host driver");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), cases.len());
    for ((alg, k, n, ad, m, t), line) in cases.iter().zip(&lines) {
        let (c, tag) = encrypt(*alg, k, n, ad, m, *t).unwrap();
        let flipped = if *t > 0 { "-2" } else { "-3" };
        let expected = format!("{} {} 0 {flipped}", hex(&c), hex(&tag));
        assert_eq!(
            *line,
            expected,
            "{alg}: message {} bytes, AD {} bytes, tag {t}",
            m.len(),
            ad.len()
        );
    }
    eprintln!("{} cases over {} instances", cases.len(), algs.len());
}
