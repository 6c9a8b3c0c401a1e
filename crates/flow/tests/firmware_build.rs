//! The firmware build as data (firmware/firmware.toml, kernels/*/kernel.toml): every
//! design's kernel exists for its architecture, a build is redone only when an input
//! changes, and the checked-in generated kernel sources are what their generators write.

use asip_flow::{design, firmware, project};
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn every_kernel_toml_parses_and_every_source_exists() {
    let ks = firmware::kernels(&root());
    assert!(
        ks.contains(&"rv32-ref".to_string()) && ks.len() >= 10,
        "{ks:?}"
    );
    for k in &ks {
        let spec = firmware::kernel_spec(&root(), k).unwrap_or_else(|e| panic!("{k}: {e}"));
        assert!(["rv32", "mips"].contains(&spec.arch.as_str()), "{k}");
        for s in &spec.sources {
            assert!(root().join("firmware").join(s).is_file(), "{k}: {s}");
        }
    }
}

/// Nothing changed: not rebuilt (the ELF is not touched); the stamp holds every file the
/// compiler read (headers too, from its dependency files) with its hash; another command
/// (a new cflags value): rebuilt.
#[test]
fn a_build_is_redone_only_when_an_input_changes() {
    let d = design::find(&root().join("designs"), "mips-ref").unwrap();
    if project::require(firmware::compiler_for(d.arch)).is_err() {
        eprintln!("SKIPPED: no {}", firmware::compiler_for(d.arch).program);
        return;
    }
    // a private copy of the design, so other tests' builds of mips-ref are not disturbed
    let mut d = d;
    d.name = "mips-ref-incremental-test".into();
    let elf = firmware::build(&root(), &d).unwrap();
    let mtime = || std::fs::metadata(&elf).unwrap().modified().unwrap();
    let first = mtime();
    std::thread::sleep(std::time::Duration::from_millis(20));
    firmware::build(&root(), &d).unwrap();
    assert_eq!(mtime(), first, "rebuilt although nothing changed");
    // the stamp names the headers the compiler read (kernel.h reached through the sources)
    let stamp = std::fs::read_to_string(firmware::build_dir(&root(), &d).join("inputs")).unwrap();
    assert!(
        stamp.lines().any(|l| l.ends_with(" include/kernel.h")),
        "{stamp}"
    );
    assert!(
        stamp
            .lines()
            .any(|l| l.ends_with(" kernels/common/lanes.c")),
        "{stamp}"
    );
    // another cflags value is another command: rebuilt
    d.cflags = Some("-O1".into());
    firmware::build(&root(), &d).unwrap();
    assert_ne!(mtime(), first, "not rebuilt after cflags changed");
    let _ = std::fs::remove_dir_all(firmware::build_dir(&root(), &d));
    let _ = std::fs::remove_file(firmware::build_dir(&root(), &d).with_extension("lock"));
}

/// A copy of `from` at `to` (files and folders; `build/` left out).
fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if e.file_type().unwrap().is_dir() {
            if e.file_name() != "build" {
                copy_tree(&src, &dst);
            }
        } else {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}

/// The ELF does not depend on where the checkout is: `firmware/` copied to two folders of
/// different path lengths builds byte-identical ELFs (the debug information records the
/// compile's folder as `.`), so the power flow's cache key, which hashes the ELF, is the
/// same in every checkout.
#[test]
fn the_elf_is_the_same_in_every_checkout() {
    let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("elf_position");
    for name in ["rv32-ref", "mips-ref"] {
        let d = design::find(&root().join("designs"), name).unwrap();
        if project::require(firmware::compiler_for(d.arch)).is_err() {
            eprintln!("SKIPPED: no {}", firmware::compiler_for(d.arch).program);
            continue;
        }
        let mut elfs = vec![];
        for sub in ["a", "a-much-longer-folder-name/b"] {
            let r = base.join(name).join(sub);
            let _ = std::fs::remove_dir_all(&r);
            copy_tree(&root().join("firmware"), &r.join("firmware"));
            let elf = firmware::build(&r, &d).unwrap_or_else(|e| panic!("{e}"));
            let bytes = std::fs::read(&elf).unwrap();
            // the folder's path is nowhere in the ELF
            let path = r.canonicalize().unwrap().display().to_string();
            assert!(
                !bytes.windows(path.len()).any(|w| w == path.as_bytes()),
                "{name}: {} holds {path}",
                elf.display()
            );
            elfs.push(bytes);
        }
        assert!(
            elfs[0] == elfs[1],
            "{name}: the ELFs built in two folders differ"
        );
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn generated_kernel_sources_are_current() {
    if project::require(project::PYTHON3).is_err() {
        eprintln!("SKIPPED: no python3");
        return;
    }
    let fw = root().join("firmware");
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("generated_kernel_sources");
    std::fs::create_dir_all(&tmp).unwrap();
    let mut checked = 0;
    for k in firmware::kernels(&root()) {
        for g in firmware::kernel_spec(&root(), &k).unwrap().generated {
            let out = tmp.join(g.output.replace('/', "_"));
            let args: Vec<String> = g
                .command
                .iter()
                .map(|a| {
                    if *a == g.output {
                        out.display().to_string()
                    } else {
                        a.clone()
                    }
                })
                .collect();
            let st = Command::new("python3")
                .args(&args)
                .current_dir(&fw)
                .output()
                .unwrap();
            assert!(
                st.status.success(),
                "{k}: {}",
                String::from_utf8_lossy(&st.stderr)
            );
            assert!(
                std::fs::read(&out).unwrap() == std::fs::read(fw.join(&g.output)).unwrap(),
                "firmware/{} is stale: run `python3 {}` in firmware/",
                g.output,
                g.command.join(" ")
            );
            checked += 1;
        }
    }
    assert_eq!(
        checked, 5,
        "rv32-sw's two, rv32-zbkb's two and rv32-v's one generated sources"
    );
}
