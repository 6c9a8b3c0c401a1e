//! Rewrite the parameter tables generated from the golden model into the C firmware and
//! the Python hardware scripts (`sha3_golden::tables`). `--check`: list the stale files and
//! exit 1.

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let check = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--check") => true,
        Some(a) => {
            eprintln!("golden-gen: unknown argument `{a}` (usage: golden-gen [--check])");
            return ExitCode::from(2);
        }
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().unwrap_or(root);
    let files = match sha3_golden::tables::files(&root) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("golden-gen: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut stale = 0;
    for (path, old, new) in files {
        if old == new {
            continue;
        }
        stale += 1;
        if check {
            println!("stale: {}", path.display());
        } else if let Err(e) = std::fs::write(&path, new) {
            eprintln!("golden-gen: writing {}: {e}", path.display());
            return ExitCode::FAILURE;
        } else {
            println!("wrote {}", path.display());
        }
    }
    if check && stale > 0 {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
