//! Rewrite every generated block of the tree: each registered extension's files from its
//! declaration (`isa/README.md`), the helper header they share (`crates/extensions/include/asip_insn.h`), and the SHA-3 parameter tables of the C firmware and the
//! Python hardware scripts from the golden model (`sha3_golden::tables`). `--check`: only
//! say which files are stale (exit 1).

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
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let golden = sha3_golden::tables::files(&root);
    let specs = gen::specs();
    let sets = specs
        .iter()
        .map(|spec| gen::files(spec).map_err(|e| e.to_string()))
        .chain(std::iter::once(gen::other_unit_files(&root)))
        .chain(std::iter::once(gen::common_files(&root)))
        .chain(std::iter::once(gen::port_include_files(&root)))
        .chain(std::iter::once(golden));
    for files in sets {
        let files = match files {
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
