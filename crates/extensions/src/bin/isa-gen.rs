//! Rewrite the generated blocks of every registered extension's files from its
//! declaration (`isa/README.md`). `--check`: only say which files are stale (exit 1).

use asip_extensions::gen;
use std::process::ExitCode;

fn main() -> ExitCode {
    let check = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--check") => true,
        Some(a) => {
            eprintln!("isa-gen: unknown argument `{a}` (usage: isa-gen [--check])");
            return ExitCode::from(2);
        }
    };
    let mut stale = 0;
    for spec in gen::specs() {
        let files = match gen::files(spec) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("isa-gen: {e}");
                return ExitCode::FAILURE;
            }
        };
        for (path, old, new) in files {
            if old == new {
                continue;
            }
            stale += 1;
            if check {
                println!("stale: {}", path.display());
            } else if let Err(e) = std::fs::write(&path, new) {
                eprintln!("isa-gen: writing {}: {e}", path.display());
                return ExitCode::FAILURE;
            } else {
                println!("wrote {}", path.display());
            }
        }
    }
    if check && stale > 0 {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
