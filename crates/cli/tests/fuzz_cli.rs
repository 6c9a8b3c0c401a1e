//! Random numbers on the command line (issue 16 item 11): every size, count and limit a
//! user types, drawn from edge values and random ones. Never a panic or an abort, exit 0, 1
//! or 2 (or the guest's status for `run`), an error message on stderr when it fails, and no
//! unbounded work: output is read up to 64 KiB and the pipe closed, which ends a command
//! that would stream on. `SHA3_ASIP_FUZZ_SCALE` multiplies the cases.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use asip_testkit::{fuzz_scale as scale, Rng};

/// A number as a user might type it: an edge value, a small one or any u64.
fn number(rng: &mut Rng) -> String {
    const EDGE: &[&str] = &[
        "0",
        "1",
        "-1",
        "65536",
        "65537",
        "1048576",
        "1048577",
        "1073741824",
        "1073741825",
        "4294967295",
        "4294967296",
        "18446744073709551615",
        "18446744073709551616",
        "99999999999999999999999",
        "1e3",
        "0x10",
        "",
        " 1",
        "+2",
    ];
    match rng.below(3) {
        0 => EDGE[rng.index(EDGE.len())].to_string(),
        1 => rng.below(300).to_string(),
        _ => rng.next().to_string(),
    }
}

#[test]
fn random_numbers_on_the_command_line_are_clear_errors_or_work() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let hello = root.join("crates/sim/tests/data/hello.elf");
    let hello = hello.to_str().unwrap().to_string();
    let mut rng = Rng(0x0c11_0ff0_22aa);
    for case in 0..150 * scale() {
        let (a, b, c) = (number(&mut rng), number(&mut rng), number(&mut rng));
        let ab = format!("{a},{b}");
        let args: Vec<String> = match case % 6 {
            0 => vec!["hash", "-a", "shake128", "-l", &a],
            1 => vec![
                "hash",
                "-a",
                "parallelhash128",
                "--block-size",
                &a,
                "-l",
                &b,
            ],
            2 => vec!["vectors", "-a", "sha3-256", "-n", &a, "--max-len", &b],
            3 => vec!["vectors", "-a", "shake256", "--lens", &ab, "-l", &c],
            4 => vec!["run", "--max-cycles", &a, &hello],
            _ => vec!["trace", "-b", &a, "--rounds", &b],
        }
        .into_iter()
        .map(String::from)
        .collect();
        let mut child = Command::new(env!("CARGO_BIN_EXE_sha3-asip"))
            .args(&args)
            .env("SHA3_ASIP_ROOT", &root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let _ = child.stdin.take().unwrap().write_all(b"abc"); // it may not read stdin
        let mut out = vec![];
        child
            .stdout
            .take()
            .unwrap()
            .take(64 * 1024)
            .read_to_end(&mut out)
            .unwrap();
        // stdout is closed here: a command still writing ends with SIGPIPE
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let st = child.wait().unwrap();
        assert!(
            !err.contains("panicked") && !err.contains("memory allocation"),
            "{args:?}: {err}"
        );
        match st.code() {
            Some(0) => {}
            Some(1 | 2) => assert!(
                err.starts_with("sha3-asip: ") || err.starts_with("error: "),
                "{args:?}: {err}"
            ),
            // run: the guest's exit status (hello exits 3) or 152 at --max-cycles
            Some(3 | 152) if args[0] == "run" => {}
            Some(x) => panic!("{args:?}: exit {x}: {err}"),
            None => {
                use std::os::unix::process::ExitStatusExt;
                assert_eq!(st.signal(), Some(libc_sigpipe()), "{args:?}: {err}");
                assert_eq!(out.len(), 64 * 1024, "{args:?}");
            }
        }
    }
}

fn libc_sigpipe() -> i32 {
    13
}
