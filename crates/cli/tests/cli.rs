//! Tests that run the built `sha3-asip` binary.

use sha3_golden::kat::unhex;
use sha3_golden::Algorithm;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sha3-asip"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("run sha3-asip")
}

fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut c = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    c.stdin.take().unwrap().write_all(input).unwrap();
    c.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh scratch directory under the target dir.
fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn kat(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/kat")
        .join(name);
    std::fs::read_to_string(p).unwrap()
}

const ABC_SHA3_256: &str = "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532";

#[test]
fn hash_file_matches_known_digest() {
    let d = scratch("hash_file");
    let f = d.join("abc.txt");
    std::fs::write(&f, b"abc").unwrap();
    let o = run(&["hash", "-a", "sha3-256", f.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        format!("{ABC_SHA3_256}  {}\n", f.display())
    );
    // FIPS 202 example: SHA3-512("abc")
    let o = run(&["hash", "-a", "sha3-512", f.to_str().unwrap()]);
    assert!(text(&o.stdout).starts_with(
        "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"
    ));
}

#[test]
fn hash_stdin_is_dash() {
    let o = run_stdin(&["hash", "-a", "sha3-256"], b"abc");
    assert_eq!(text(&o.stdout), format!("{ABC_SHA3_256}  -\n"));
    // SHAKE128("", 32 bytes) from ShortMsgKAT_SHAKE128.txt, Len = 0
    let o = run_stdin(&["hash", "-a", "shake128"], b"");
    assert_eq!(
        text(&o.stdout),
        "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26  -\n"
    );
    let o = run_stdin(&["hash", "-a", "shake256", "-l", "4"], b"");
    assert_eq!(text(&o.stdout), "46b9dd2b  -\n");
}

#[test]
fn missing_file_exit_1_other_files_still_hashed() {
    let d = scratch("missing");
    let f = d.join("abc.txt");
    std::fs::write(&f, b"abc").unwrap();
    let missing = d.join("does-not-exist");
    let o = run(&[
        "hash",
        "-a",
        "sha3-256",
        missing.to_str().unwrap(),
        f.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stdout).contains(ABC_SHA3_256));
    let err = text(&o.stderr);
    assert!(err.starts_with("sha3-asip: "), "{err}");
    assert!(err.contains("does-not-exist"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn unknown_algorithm_lists_names() {
    let o = run(&["hash", "-a", "md5"]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.starts_with("sha3-asip: unknown algorithm 'md5'"),
        "{err}"
    );
    for name in [
        "sha3-256",
        "shake128",
        "kmacxof256",
        "parallelhash128",
        "turboshake256",
        "kt128",
    ] {
        assert!(err.contains(name), "{name} missing from: {err}");
    }
    assert!(!err.contains("panicked"));
}

#[test]
fn bad_options_are_clear_errors() {
    for (args, needle) in [
        (vec!["hash", "-a", "kmac128"], "requires a key"),
        (
            vec!["hash", "-a", "sha3-256", "-l", "20"],
            "fixed output length",
        ),
        (
            vec!["hash", "-a", "sha3-256", "--key", "00"],
            "--key does not apply",
        ),
        (vec!["hash", "-a", "kmac128", "--key", "xyz"], "hex"),
        (vec!["trace", "-b", "1234"], "width must be"),
        (vec!["trace", "-b", "200", "--rounds", "19"], "at most 18"),
        (
            vec!["bench", "--design", "rv32-v", "--alg", "sea-keyak"],
            "not on the firmware",
        ),
        (
            vec![
                "bench", "--design", "rv32-v", "--alg", "sha3-256", "--nonce", "00",
            ],
            "apply to the AEADs",
        ),
        (
            vec![
                "bench",
                "--design",
                "rv32-v",
                "--alg",
                "lake-keyak",
                "-l",
                "8",
            ],
            "fixed tag length",
        ),
        (
            vec![
                "bench",
                "--design",
                "rv32-v",
                "--alg",
                "ketje-jr",
                "--key",
                &"00".repeat(23),
            ],
            "at most 22",
        ),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn check_ok_and_failed() {
    let d = scratch("check");
    let a = d.join("a.bin");
    let b = d.join("b.bin");
    std::fs::write(&a, b"abc").unwrap();
    std::fs::write(&b, vec![7u8; 100_000]).unwrap();
    let o = run(&[
        "hash",
        "-a",
        "shake256",
        "-l",
        "40",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let sums = d.join("sums.txt");
    std::fs::write(&sums, &o.stdout).unwrap();
    let o = run(&["hash", "-a", "shake256", "--check", sums.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        format!("{}: OK\n{}: OK\n", a.display(), b.display())
    );
    // Corrupt one file: FAILED, exit 1.
    std::fs::write(&b, vec![8u8; 100_000]).unwrap();
    let o = run(&["hash", "-a", "shake256", "--check", sums.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stdout),
        format!("{}: OK\n{}: FAILED\n", a.display(), b.display())
    );
    assert!(text(&o.stderr).contains("did NOT match"));
}

#[test]
fn check_empty_messages_and_empty_digests() {
    let d = scratch("check_empty");
    let e = d.join("empty.bin");
    std::fs::write(&e, b"").unwrap();
    let e = e.to_str().unwrap();
    // Every family on an empty file: hash, then --check from a file and from stdin.
    for args in [
        vec!["-a", "sha3-224"],
        vec!["-a", "shake128"],
        vec!["-a", "kmac128", "--key", "00"],
        vec!["-a", "tuplehash256"],
        vec!["-a", "parallelhashxof128"],
        vec!["-a", "kt128"],
        // an empty digest: '  <name>'
        vec!["-a", "shake256", "-l", "0"],
        vec!["-a", "kmacxof256", "--key", "", "-l", "0"],
    ] {
        let o = run(&[&["hash"], &args[..], &[e]].concat());
        assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
        let sums = d.join("sums.txt");
        std::fs::write(&sums, &o.stdout).unwrap();
        let o = run(&[&["hash"], &args[..], &["--check", sums.to_str().unwrap()]].concat());
        assert_eq!(
            text(&o.stdout),
            format!("{e}: OK\n"),
            "{args:?}: {}",
            text(&o.stderr)
        );
        assert_eq!(o.status.code(), Some(0), "{args:?}");
    }
    // SHAKE256 of the empty message, 0 bytes: the line is '  <name>'.
    let o = run(&["hash", "-a", "shake256", "-l", "0", e]);
    assert_eq!(text(&o.stdout), format!("  {e}\n"));
    // An empty digest against a non-empty expected one still fails.
    let sums = d.join("bad.txt");
    std::fs::write(&sums, format!("00  {e}\n")).unwrap();
    let o = run(&["hash", "-a", "shake256", "--check", sums.to_str().unwrap()]);
    assert_eq!(text(&o.stdout), format!("{e}: FAILED\n"));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn kmac_accepts_an_empty_key() {
    // KMAC128(K = "", X = "", L = 256, S = ""): cSHAKE128(bytepad(encode_string(""), 168)
    // || right_encode(256), N = "KMAC"); the golden test checks the construction.
    let o = run_stdin(&["hash", "-a", "kmac128", "--key", ""], b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let mut m = vec![0x01, 0xa8, 0x01, 0x00];
    m.resize(168, 0);
    m.extend_from_slice(&[0x01, 0x00, 0x02]);
    let c = run_stdin(&["hash", "-a", "cshake128", "--function-name", "KMAC"], &m);
    assert!(c.status.success(), "{}", text(&c.stderr));
    assert_eq!(text(&o.stdout), text(&c.stdout));
    let with_key_00 = run_stdin(&["hash", "-a", "kmac128", "--key", "00"], b"");
    assert_ne!(text(&o.stdout), text(&with_key_00.stdout));
    // No --key at all is still a usage error that says how to give the empty key.
    let o = run(&["hash", "-a", "kmac256"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "sha3-asip: kmac256 requires a key: --key HEX (--key '' for the empty key)\n"
    );
}

#[test]
fn sizes_a_user_types_are_bounded() {
    for (args, msg) in [
        (
            vec!["hash", "-a", "shake128", "-l", "99999999999"],
            "-l/--length: 99999999999 bytes is more than the limit of 1048576 bytes (1 MiB)",
        ),
        (
            vec!["vectors", "-a", "shake256", "-l", "1048577"],
            "-l/--length: 1048577 bytes is more than the limit of 1048576 bytes (1 MiB)",
        ),
        (
            vec!["vectors", "-a", "sha3-256", "--lens", "0,2000000000"],
            "--lens: 2000000000 bytes is more than the limit of 1073741824 bytes (1 GiB)",
        ),
        (
            vec!["vectors", "-a", "sha3-256", "--max-len", "1073741825"],
            "--max-len: 1073741825 bytes is more than the limit of 1073741824 bytes (1 GiB)",
        ),
    ] {
        let o = run(&args);
        assert_eq!(text(&o.stderr), format!("sha3-asip: {msg}\n"), "{args:?}");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
    // At the limit it works.
    let o = run_stdin(&["hash", "-a", "shake128", "-l", "1048576"], b"");
    assert!(o.status.success());
    assert_eq!(o.stdout.len(), 2 * 1048576 + 4);
    // -n is streamed: a huge count starts at once (the reader stops after 3 lines).
    let mut c = bin()
        .args(["vectors", "-a", "sha3-256", "-n", "18446744073709551615"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    use std::io::BufRead;
    let mut r = std::io::BufReader::new(c.stdout.take().unwrap());
    for _ in 0..3 {
        r.read_line(&mut first).unwrap();
    }
    drop(r);
    c.wait().unwrap();
    assert!(first.contains("count=18446744073709551621"), "{first}");
    assert!(
        first.contains("\n0 - a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a\n")
    );
}

#[test]
fn tuplehash_and_parallelhash_stream_files_and_pipes_alike() {
    // SP 800-185 TupleHash sample 1 is a 2-tuple; here the 1-tuple of a file, its pipe and
    // the golden one-shot agree (the file's size comes from the file system, the pipe is
    // spooled), and ParallelHash with a block larger than the input equals the library's.
    let d = scratch("tuple_stream");
    let f = d.join("m.bin");
    let msg: Vec<u8> = (0..200_003u32).map(|i| (i * 7 + 3) as u8).collect();
    std::fs::write(&f, &msg).unwrap();
    for args in [
        vec!["-a", "tuplehash128", "--customization", "My Tuple App"],
        vec!["-a", "tuplehashxof256", "-l", "100"],
        vec!["-a", "parallelhash256", "--block-size", "1000000000000"],
        vec!["-a", "parallelhashxof128", "--block-size", "7"],
    ] {
        let by_file = run(&[&["hash"], &args[..], &[f.to_str().unwrap()]].concat());
        let by_pipe = run_stdin(&[&["hash"], &args[..]].concat(), &msg);
        assert!(by_file.status.success(), "{}", text(&by_file.stderr));
        let hex_file = text(&by_file.stdout).split(' ').next().unwrap().to_string();
        let hex_pipe = text(&by_pipe.stdout).split(' ').next().unwrap().to_string();
        assert_eq!(hex_file, hex_pipe, "{args:?}");
        let golden = match args[1] {
            "tuplehash128" => {
                sha3_golden::tuple_hash(Algorithm::TupleHash128, b"My Tuple App", &[&msg], 32)
                    .unwrap()
            }
            "tuplehashxof256" => {
                sha3_golden::tuple_hash(Algorithm::TupleHashXof256, b"", &[&msg], 100).unwrap()
            }
            name => {
                let alg = Algorithm::from_name(name).unwrap();
                let p = sha3_golden::Params {
                    block_size: args[3].parse().unwrap(),
                    ..Default::default()
                };
                sha3_golden::hash(alg, &p, &msg, alg.default_output_len()).unwrap()
            }
        };
        let golden: String = golden.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex_file, golden, "{args:?}");
    }
}

#[test]
fn trace_first_lines_equal_kat_file() {
    for (b, file) in [
        ("1600", "KeccakF-1600-IntermediateValues.txt"),
        ("200", "KeccakF-200-IntermediateValues.txt"),
    ] {
        let o = run(&["trace", "-b", b]);
        assert!(o.status.success());
        let ours = text(&o.stdout);
        let kat = kat(file);
        let start = kat.find("Input of permutation:").unwrap();
        let expected: Vec<&str> = kat[start..].lines().take(200).collect();
        let got: Vec<&str> = ours.lines().take(200).collect();
        assert_eq!(got, expected, "trace -b {b}");
    }
}

#[test]
fn vectors_are_deterministic_and_correct() {
    let args = [
        "vectors", "--alg", "sha3-256", "--count", "5", "--seed", "42",
    ];
    let a = run(&args);
    let b = run(&args);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let t = text(&a.stdout);
    let lines: Vec<&str> = t.lines().collect();
    assert!(lines[0].starts_with('#'));
    assert_eq!(lines.len(), 1 + 6 + 5);
    let lens: Vec<usize> = lines[1..7]
        .iter()
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(lens, [0, 1, 135, 136, 137, 272]);
    assert_eq!(
        lines[1],
        "0 - a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"
    );
    // Every line verifies with the hash command.
    for l in &lines[1..] {
        let f: Vec<&str> = l.split(' ').collect();
        let msg: Vec<u8> = if f[1] == "-" { vec![] } else { unhex(f[1]) };
        assert_eq!(msg.len(), f[0].parse::<usize>().unwrap());
        let o = run_stdin(&["hash", "-a", "sha3-256"], &msg);
        assert_eq!(text(&o.stdout), format!("{}  -\n", f[2]));
    }
    let other = run(&[
        "vectors", "--alg", "sha3-256", "--count", "5", "--seed", "43",
    ]);
    assert_ne!(other.stdout, a.stdout);
    let custom = run(&[
        "vectors", "--alg", "shake128", "--lens", "3,5", "--count", "0",
    ]);
    let t = text(&custom.stdout);
    assert_eq!(t.lines().count(), 3);
    assert!(t.lines().nth(2).unwrap().starts_with("5 "));
}

#[test]
fn help_has_examples() {
    for sub in ["hash", "trace", "vectors", "bench-host"] {
        let o = run(&[sub, "--help"]);
        assert!(o.status.success());
        assert!(text(&o.stdout).contains("Example"), "{sub} --help");
    }
}

/// The `--alg` help of the RTL and hardware commands lists what they accept, from the golden
/// model: every function for the processors (`rtl bench`, `rtl lockstep`), the plain sponge
/// functions the Keccak hardware cases implement for `hw sim` and `hw synth`.
#[test]
fn alg_help_lists_what_each_command_accepts() {
    for (args, sponge_only) in [
        (&["rtl", "bench", "--help"][..], false),
        (&["rtl", "lockstep", "--help"], false),
        (&["hw", "sim", "--help"], true),
        (&["hw", "synth", "--help"], true),
    ] {
        let o = run(args);
        assert!(o.status.success(), "{args:?}");
        let t = text(&o.stdout);
        let alg = t
            .lines()
            .skip_while(|l| !l.contains("--alg"))
            .take_while(|l| !l.contains("--len") && !l.contains("--sim") && !l.contains("--json"))
            .collect::<Vec<_>>()
            .join(" ");
        for a in Algorithm::ALL {
            let sponge = a.family() == sha3_golden::Family::Sponge;
            let listed = alg
                .split(|c: char| c == ',' || c == ':' || c == ';' || c.is_whitespace())
                .any(|w| w == a.name());
            assert_eq!(
                listed,
                sponge || !sponge_only,
                "{args:?}: {} in {alg:?}",
                a.name()
            );
        }
    }
}

/// `openssl dgst` agrees with `sha3-asip hash` for every SHA-3 and SHAKE function on a few
/// random files.
#[test]
fn matches_openssl_dgst() {
    if Command::new("openssl").arg("version").output().is_err() {
        panic!("openssl is not installed: this test compares against `openssl dgst`; install openssl (scripts/setup does)");
    }
    let d = scratch("openssl");
    let mut files = Vec::new();
    for (i, len) in [0usize, 1, 135, 136, 168, 1000, 70_000].iter().enumerate() {
        let f = d.join(format!("f{i}.bin"));
        std::fs::write(&f, sha3_golden::test_message(i as u64 + 100, *len)).unwrap();
        files.push(f);
    }
    for (ours, theirs, xoflen) in [
        ("sha3-224", "-sha3-224", None),
        ("sha3-256", "-sha3-256", None),
        ("sha3-384", "-sha3-384", None),
        ("sha3-512", "-sha3-512", None),
        ("shake128", "-shake128", Some(16)),
        ("shake256", "-shake256", Some(32)),
    ] {
        for f in &files {
            let fs = f.to_str().unwrap();
            let mut args = vec!["hash", "-a", ours];
            let l;
            if let Some(n) = xoflen {
                l = n.to_string();
                args.extend(["-l", &l]);
            }
            args.push(fs);
            let o = run(&args);
            let our_hex = text(&o.stdout)
                .split_whitespace()
                .next()
                .unwrap()
                .to_string();
            let so = Command::new("openssl")
                .args(["dgst", theirs, "-r", fs])
                .output()
                .unwrap();
            assert!(
                so.status.success(),
                "openssl dgst {theirs}: {}",
                text(&so.stderr)
            );
            let their_hex = text(&so.stdout)
                .split_whitespace()
                .next()
                .unwrap()
                .to_string();
            assert_eq!(our_hex, their_hex, "{ours} of {fs}");
        }
    }
}

/// The value after the first ':' of the first line of `text` starting with `prefix`, as hex.
fn kat_field(text: &str, prefix: &str) -> String {
    let line = text.lines().find(|l| l.starts_with(prefix)).unwrap();
    line.split_once(':').unwrap().1.replace(' ', "")
}

#[test]
fn aead_encrypt_matches_kat_and_decrypt_round_trips() {
    // The first River Keyak entry is a fresh session (tagFlag, forgetFlag false) with one wrap.
    let kat = kat("keyak-ketje/RiverKeyak.txt");
    let (k, a, i) = (
        kat_field(&kat, "> K:"),
        kat_field(&kat, "> A "),
        kat_field(&kat, "> I "),
    );
    let expected = kat_field(&kat, "< O ") + &kat_field(&kat, "< T ");
    let o = run_stdin(
        &["hash", "-a", "river-keyak", "--key", &k, "--ad", &a],
        &unhex(&i),
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), format!("{expected}  -\n"));

    let d = scratch("aead");
    for alg in ["lake-keyak", "ketje-minor"] {
        let m = d.join("m.bin");
        std::fs::write(&m, b"attack at dawn").unwrap();
        let args = [
            "hash",
            "-a",
            alg,
            "--key",
            "00112233445566778899aabbccddeeff",
        ];
        let args = [&args[..], &["--nonce", "0102", "--ad", "aa"]].concat();
        let o = run(&[&args[..], &[m.to_str().unwrap()]].concat());
        assert!(o.status.success(), "{}", text(&o.stderr));
        let line = text(&o.stdout);
        let ct = d.join("ct.bin");
        std::fs::write(&ct, unhex(line.split(' ').next().unwrap())).unwrap();
        let o = run(&[&args[..], &["--decrypt", ct.to_str().unwrap()]].concat());
        assert!(o.status.success(), "{alg}: {}", text(&o.stderr));
        assert_eq!(o.stdout, b"attack at dawn");
        // a changed byte of the ciphertext or the tag: error, no plaintext, exit 1
        let mut bad = std::fs::read(&ct).unwrap();
        for pos in [0, bad.len() - 1] {
            bad[pos] ^= 0x20;
            std::fs::write(&ct, &bad).unwrap();
            let o = run(&[&args[..], &["--decrypt", ct.to_str().unwrap()]].concat());
            assert_eq!(o.status.code(), Some(1), "{alg}");
            assert!(o.stdout.is_empty());
            assert!(
                text(&o.stderr).contains("tag does not verify"),
                "{}",
                text(&o.stderr)
            );
            bad[pos] ^= 0x20;
        }
        // the wrong associated data fails too
        let mut wrong = args.clone();
        *wrong.last_mut().unwrap() = "ab";
        let o = run(&[&wrong[..], &["--decrypt", ct.to_str().unwrap()]].concat());
        assert_eq!(o.status.code(), Some(1), "{alg}");
    }
}

#[test]
fn aead_bad_options_are_usage_errors() {
    for args in [
        &["hash", "-a", "lake-keyak"][..],
        &["hash", "-a", "lake-keyak", "--key", "00", "-l", "8"],
        &[
            "hash",
            "-a",
            "ketje-jr",
            "--key",
            "00",
            "--nonce",
            &"00".repeat(30),
        ],
        &["hash", "-a", "ketje-sr", "--key", "0g"],
        &[
            "hash",
            "-a",
            "river-keyak",
            "--key",
            "00",
            "--customization",
            "x",
        ],
        &["hash", "-a", "sha3-256", "--nonce", "00"],
        &["hash", "-a", "sha3-256", "--decrypt"],
    ] {
        let o = run_stdin(args, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stderr));
        assert!(o.stdout.is_empty());
        assert!(!text(&o.stderr).contains("panicked"));
    }
}

/// `report --from` reads at most a bounded results file: /dev/zero (endless) and a file over
/// the limit fail at once with exit 2 and a line saying why, not by filling memory.
#[test]
fn report_from_an_endless_or_huge_file_is_a_clear_error() {
    let d = scratch("report-huge");
    let big = d.join("big.json");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(asip_flow::results::MAX_RESULTS_BYTES + 1)
        .unwrap();
    for from in [PathBuf::from("/dev/zero"), big] {
        let o = run(&[
            "report",
            "--from",
            from.to_str().unwrap(),
            "--out",
            d.join("out").to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{from:?}");
        let e = text(&o.stderr);
        assert!(e.contains("larger than 64 MiB"), "{e}");
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(!d.join("out").exists());
    }
}

/// Every output path is checked before the run: a `--trace`, `--vcd` or `--out` that cannot be
/// written (here: below a plain file, which fails even for root) is exit 2 with a line naming
/// the option, and nothing runs.
#[test]
fn unwritable_output_paths_fail_before_the_run() {
    let d = scratch("unwritable-out");
    let plain = d.join("plain");
    std::fs::write(&plain, "x").unwrap();
    let bad = plain.join("sub").join("f");
    let bad = bad.to_str().unwrap();
    let elf = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/riscv-tests/elf/rv32ui-p-add");
    let elf = elf.to_str().unwrap();
    let results = d.join("results.json");
    std::fs::write(
        &results,
        r#"{"schema":"sha3-asip/results/v1","metadata":{"generated_unix":0,"tools":[],"quick":true},"records":[]}"#,
    )
    .unwrap();
    let results = results.to_str().unwrap();
    for (flag, args) in [
        ("--trace", vec!["run", "--trace", bad, elf]),
        (
            "--trace",
            vec!["rtl", "run", "--design", "rv32-ref", "--trace", bad, elf],
        ),
        (
            "--vcd",
            vec!["rtl", "run", "--design", "rv32-ref", "--vcd", bad, elf],
        ),
        ("--out", vec!["report", "--from", results, "--out", bad]),
        (
            "--out",
            vec![
                "reproduce",
                "--out",
                bad,
                "--no-readme",
                "--designs",
                "rv32-ref",
            ],
        ),
    ] {
        let o = run(&args);
        let e = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
        assert!(
            e.starts_with(&format!("sha3-asip: {flag} {bad}: cannot write")),
            "{args:?}: {e}"
        );
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(o.stdout.is_empty(), "{args:?} ran");
    }
}

/// `--define` takes a Verilog define name: anything else is a usage error (exit 2) naming
/// the value, before anything is built; `rtl files --define SHA3ASIP_FPGA` adds the FPGA
/// form's sources of a vector design and nothing to a scalar one.
#[test]
fn rtl_define_names_are_checked_and_select_the_fpga_sources() {
    for bad in ["a-b", "1x", ""] {
        let o = run(&["rtl", "lockstep", "--design", "rv32-v", "--define", bad]);
        let e = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {e}");
        assert!(e.contains("is not a Verilog define name"), "{bad:?}: {e}");
        assert!(o.stdout.is_empty());
    }
    let files = |design: &str, define: bool| {
        let mut a = vec!["rtl", "files", "--design", design];
        if define {
            a.extend(["--define", "SHA3ASIP_FPGA"]);
        }
        let o = run(&a);
        assert!(o.status.success(), "{}", text(&o.stderr));
        text(&o.stdout)
    };
    assert!(!files("rv32-v", false).contains("zve64x_vrf_lvt.v"));
    assert!(files("rv32-v", true).contains("zve64x_vrf_lvt.v"));
    assert_eq!(files("rv32-ref", false), files("rv32-ref", true));
}
