//! Keyak v2 and Ketje v2 on the designs' firmware (firmware/aead/ on the bench harness, on
//! the simulator) against the Keccak team's known-answer files (testdata/kat/keyak-ketje/):
//! every session of KetjeJr/Sr/Mn/Mj.txt and RiverKeyak.txt as the file describes it (Ketje:
//! every wrap of every instance, the state carried from wrap to wrap, the files' tag lengths;
//! River Keyak: every StartEngine with its tagFlag (start tag checked) and forgetFlag, then
//! every Wrap with its forgetFlag), each wrap also unwrapped on a second session by the
//! firmware; and River Keyak's global tag from a firmware session fed every start tag,
//! ciphertext and tag as metadata. The harness's `kat` mode runs many sessions per simulator
//! run. Not on the firmware: the Ketje global tags (their associated data, every C||T of a
//! file, exceeds the harness's 512-byte parameters; the golden model checks them,
//! crates/golden/tests/keyak_ketje_kat.rs). Lake Keyak has no file in the repository: it is
//! checked against the golden model (itself checked against XKCP's global tag) on messages
//! around its rate. Designs: rv32-sw (Keccak-p[1600] kernel, other widths portable C),
//! rv32-v (vector Keccak-p[200..1600]), rv32-v-keccak when present.

mod common;

use asip_flow::bench::{run_harness_argv, AeadArgs, Engine};
use asip_flow::design::{self, Design};
use common::{assert_none_wrong, elf_of, root};
use sha3_golden::aead::Aead;
use sha3_golden::encoding::hex;
use sha3_golden::kat::{unhex, KatFile, KETJE_FILES};

/// One vector: the session's arguments, the plaintext, the expected ciphertext || tag.
struct Vector {
    alg: Aead,
    args: AeadArgs,
    msg: Vec<u8>,
    want: Vec<u8>,
}

/// What one `kat` item prints: a start (its start tag, empty without tagFlag), a wrap
/// (C || T), or a wrap of the global-tag session whose tag is internal (only its verify=).
#[derive(Debug, PartialEq)]
enum Out {
    Start(Vec<u8>),
    Wrap(Vec<u8>),
    Feed,
}

/// A known-answer file as `kat` items for the harness, one group per session, with the
/// lines each session must print.
struct Script {
    alg: Aead,
    file: &'static str,
    sessions: Vec<(Vec<String>, Vec<Out>)>,
    wraps: usize,
}

fn read(file: &str) -> KatFile {
    let text = std::fs::read_to_string(root().join("testdata/kat/keyak-ketje").join(file))
        .expect("KAT file");
    if file.starts_with("Ketje") {
        KatFile::ketje(&text)
    } else {
        KatFile::keyak(&text)
    }
}

/// Every session of a Ketje file, every wrap.
fn ketje_script(alg: Aead, file: &'static str) -> Script {
    let kat = read(file);
    let sessions = kat
        .sessions
        .iter()
        .map(|s| {
            let mut items = vec![
                format!("k={}", hex(&s.key)),
                format!("n={}", hex(&s.nonce)),
                "s=0".to_string(),
            ];
            let mut want = vec![Out::Start(vec![])];
            for w in &s.wraps {
                items.push(format!("a={}", hex(&w.ad)));
                items.push(format!("m={}", hex(&w.plain)));
                items.push(format!("w={}", w.tag.len()));
                want.push(Out::Wrap([w.cipher.clone(), w.tag.clone()].concat()));
            }
            (items, want)
        })
        .collect();
    Script {
        alg,
        file,
        sessions,
        wraps: kat.wraps(),
    }
}

/// Every StartEngine and Wrap of RiverKeyak.txt; then, as a last session, the global tag:
/// empty key and nonce, one empty Wrap per start tag, ciphertext and tag (as metadata, in
/// file order), and a final empty Wrap whose tag is the file's global tag.
fn river_script() -> Script {
    let file = "RiverKeyak.txt";
    let kat = read(file);
    let mut global = (
        vec!["k=".into(), "n=".into(), "s=0".into()],
        vec![Out::Start(vec![])],
    );
    let feed = |x: &[u8], g: &mut (Vec<String>, Vec<Out>)| {
        g.0.push(format!("a={}", hex(x)));
        g.0.push("w=16".into());
        g.1.push(Out::Feed);
    };
    let mut sessions = Vec::new();
    for s in &kat.sessions {
        let flags = match (s.tag_flag, s.forget) {
            (false, false) => "0",
            (true, false) => "t",
            (false, true) => "f",
            (true, true) => "tf",
        };
        let mut items = vec![
            format!("k={}", hex(&s.key)),
            format!("n={}", hex(&s.nonce)),
            format!("s={flags}"),
        ];
        let mut want = vec![Out::Start(s.start_tag.clone().unwrap_or_default())];
        if let Some(t) = &s.start_tag {
            feed(t, &mut global);
        }
        for w in &s.wraps {
            items.push(format!("a={}", hex(&w.ad)));
            items.push(format!("m={}", hex(&w.plain)));
            items.push(format!("{}=16", if w.forget { "wf" } else { "w" }));
            want.push(Out::Wrap([w.cipher.clone(), w.tag.clone()].concat()));
            feed(&w.cipher, &mut global);
            feed(&w.tag, &mut global);
        }
        sessions.push((items, want));
    }
    let global_tag = kat
        .global_tag
        .clone()
        .expect("RiverKeyak.txt: no global tag");
    assert_eq!(global_tag.len(), 16, "RiverKeyak.txt: global tag");
    global.0.push("w=16".into());
    global.1.push(Out::Wrap(global_tag));
    sessions.push(global);
    Script {
        alg: Aead::RiverKeyak,
        file,
        sessions,
        wraps: kat.wraps(),
    }
}

/// Run a script on a design, sessions batched into simulator runs of at most `MAX_ARGV`
/// bytes of arguments; the list of mismatches (session index, what was printed, wanted).
fn run_script(d: &Design, elf: &std::path::Path, sc: &Script) -> Vec<String> {
    const MAX_ARGV: usize = 256 << 10;
    let mut bad = Vec::new();
    let mut k = 0;
    while k < sc.sessions.len() {
        let mut argv = vec!["bench.elf".to_string(), sc.alg.name().into(), "kat".into()];
        let (mut size, k0) = (0, k);
        while k < sc.sessions.len() && (k == k0 || size < MAX_ARGV) {
            size += sc.sessions[k].0.iter().map(|x| x.len() + 1).sum::<usize>();
            argv.extend(sc.sessions[k].0.iter().cloned());
            k += 1;
        }
        let out = asip_flow::exec::run_design(
            d,
            elf,
            asip_flow::exec::ExecOptions {
                argv,
                ..Default::default()
            },
        )
        .unwrap_or_else(|e| panic!("{} {}: {e}", d.name, sc.file));
        assert_eq!(
            out.exit_code, 0,
            "{} {}: exit {}: {}",
            d.name, sc.file, out.exit_code, out.stderr
        );
        let mut lines = out.stdout.lines().filter(|l| l.starts_with("kat "));
        for (s, (_, want)) in sc.sessions[k0..k].iter().enumerate() {
            for w in want {
                let line = lines.next().unwrap_or("(nothing)");
                let val = |key: &str| {
                    line.split_whitespace()
                        .find_map(|t| t.strip_prefix(key))
                        .map(unhex)
                };
                let got = match w {
                    Out::Start(_) => val("tag=").map(Out::Start),
                    Out::Wrap(_) => val("out=").map(Out::Wrap),
                    Out::Feed => line.starts_with("kat wrap ").then_some(Out::Feed),
                };
                let verified = matches!(w, Out::Start(_)) || line.ends_with(" verify=ok");
                if got.as_ref() != Some(w) || !verified {
                    bad.push(format!("session {}: {line:?}, want {w:02x?}", k0 + s));
                }
            }
        }
        assert!(
            lines.next().is_none(),
            "{} {}: extra output",
            d.name,
            sc.file
        );
    }
    bad
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
    names.push("rv32-v-keccakr");
    names
        .into_iter()
        .map(|n| design::find(&dir, n).unwrap_or_else(|e| panic!("{n}: {e}")))
        .collect()
}

#[test]
fn keyak_and_ketje_kat_sessions_on_firmware() {
    let mut scripts: Vec<Script> = KETJE_FILES
        .into_iter()
        .map(|(alg, file)| ketje_script(alg, file))
        .collect();
    scripts.push(river_script());
    // the counts the files' README gives: 6,574 Ketje wraps; 1,432 River Keyak starts (and
    // the global-tag session), 2,816 wraps
    assert_eq!(scripts[..4].iter().map(|s| s.wraps).sum::<usize>(), 6574);
    assert_eq!((scripts[4].sessions.len(), scripts[4].wraps), (1433, 2816));
    let lake = lake_vectors();
    for d in designs() {
        let elf = elf_of(&d);
        for sc in &scripts {
            let bad = run_script(&d, &elf, sc);
            assert_none_wrong(&format!("{} {}", d.name, sc.file), &bad);
        }
        let mut bad = Vec::new();
        for (n, x) in lake.iter().enumerate() {
            let argv = x.args.argv(x.alg, &[x.msg.len()], 0, Some(&x.msg));
            let h = run_harness_argv(Engine::Sim, &d, &elf, argv, 0)
                .unwrap_or_else(|e| panic!("{} {} vector {n}: {e}", d.name, x.alg));
            let r = &h.hashes[0];
            if r.digest != x.want || r.verify != Some(true) {
                bad.push(format!("{} vector {n} (msg {} bytes)", x.alg, x.msg.len()));
            }
        }
        assert_none_wrong(&format!("{}: Lake Keyak", d.name), &bad);
        eprintln!(
            "{}: every session of {} ok; Lake Keyak: {} vectors ok",
            d.name,
            scripts
                .iter()
                .map(|s| format!("{} ({} wraps)", s.file, s.wraps))
                .collect::<Vec<_>>()
                .join(", "),
            lake.len()
        );
    }
}
