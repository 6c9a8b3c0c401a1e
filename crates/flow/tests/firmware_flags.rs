//! Item 7 of issue 16: no design field reaches a shell. The firmware build runs the cross
//! compiler as argument vectors (no make, no shell); `cflags`, `march`, `kernel` and `name`
//! are checked before anything runs, and anything the flow does not support is refused with
//! an error naming the field and the design file.

use asip_flow::design::Design;
use asip_flow::firmware;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn design(name: &str, arch: &str, fields: &str) -> Design {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.toml"));
    let isa = if arch == "rv32" { "rv32im" } else { "mips32" };
    let timing = if arch == "rv32" { "zscale" } else { "mips5" };
    let text = format!(
        "name = {name:?}\ntitle = \"t\"\nfamily = \"own\"\narch = \"{arch}\"\nisa = \"{isa}\"\n\
         timing = \"{timing}\"\n{fields}\n"
    );
    Design::parse(&text, &path).unwrap_or_else(|e| panic!("{e}"))
}

fn refused(d: &Design) -> String {
    match firmware::plan(&root(), d) {
        Ok(p) => panic!("accepted: {:?}", p.steps),
        Err(e) => e.to_string(),
    }
}

#[test]
fn shell_and_make_syntax_in_cflags_is_refused_before_anything_runs() {
    let marker = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("injected");
    let _ = std::fs::remove_file(&marker);
    // (when the build went through make, whose recipes run in bash, this touch ran)
    let evil = format!("-O2; touch {} #", marker.display());
    let d = design(
        "evil",
        "rv32",
        &format!("kernel = \"rv32-ref\"\ncflags = {evil:?}"),
    );
    let path = d.path.display().to_string();
    // build() itself refuses (before the compiler check, so this holds without one).
    let e = firmware::build(&root(), &d).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "invalid design file {path}: cflags: '-O2;' is not a compiler flag the firmware \
             flow supports (supported: -O<level>, -I<dir>, -D<name>[=<value>], -U<name>, \
             -f[no-]<option>[=<number>], -m<option>[=<value>] (not -march: use the march \
             field), -g[<level>], -W<warning>, -w, -std=<standard>)"
        )
    );
    assert!(!marker.exists(), "the shell ran the design's cflags");
    assert!(
        !firmware::build_dir(&root(), &d).exists(),
        "nothing may be built for a refused design"
    );
    for (cflags, word) in [
        (&format!("$(touch {})", marker.display()) as &str, "$(touch"),
        ("-O2 $(shell id)", "$(shell"),
        ("-O2 `id`", "`id`"),
        ("-DX=$$HOME", "-DX=$$HOME"),
        ("-O2 -o/tmp/x", "-o/tmp/x"),
        ("-fplugin=/tmp/p.so", "-fplugin=/tmp/p.so"),
        ("-Wl,-T,/etc/passwd", "-Wl,-T,/etc/passwd"),
        ("-march=rv32gc", "-march=rv32gc"),
        ("-O2 '-DX=1'", "'-DX=1'"),
        ("-I\"a b\"", "-I\"a"),
    ] {
        let d = design(
            "evil",
            "rv32",
            &format!("kernel = \"rv32-ref\"\ncflags = {cflags:?}"),
        );
        let e = refused(&d);
        assert!(
            e.starts_with(&format!(
                "invalid design file {path}: cflags: '{word}' is not"
            )),
            "{cflags}: {e}"
        );
    }
}

#[test]
fn march_kernel_and_name_are_checked() {
    let d = design(
        "evil",
        "rv32",
        "kernel = \"rv32-ref\"\nmarch = \"rv32im;id\"",
    );
    assert_eq!(
        refused(&d),
        format!(
            "invalid design file {}: march: 'rv32im;id' is not a rv32... -march value \
             (letters, digits and '_')",
            d.path.display()
        )
    );
    let d = design(
        "evil",
        "mips32",
        "kernel = \"mips-ref\"\nmarch = \"rv32im\"",
    );
    assert!(refused(&d).contains("march: 'rv32im' is not a mips... -march value"));
    let d = design("evil", "rv32", "kernel = \"rv32-ref;id\"");
    assert_eq!(
        refused(&d),
        format!(
            "invalid design file {}: kernel: 'rv32-ref;id' is not a valid kernel (letters, \
             digits, '_', '.', '-'; not starting with '.' or '-')",
            d.path.display()
        )
    );
    let d = design("evil", "rv32", "kernel = \"common\"");
    assert!(refused(&d).contains("kernel: 'common' is not a firmware kernel"));
    let d = design("a$(id)", "rv32", "kernel = \"rv32-ref\"");
    assert!(refused(&d).contains("name: 'a$(id)' is not a valid name"));
}

#[test]
fn every_shipped_design_and_common_flags_are_accepted() {
    let designs = asip_flow::design::load_all(&root().join("designs")).unwrap();
    assert!(designs.len() >= 10);
    for d in &designs {
        let p = firmware::plan(&root(), d).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.elf, firmware::build_dir(&root(), d).join("bench.elf"));
    }
    let d = design(
        "ok",
        "rv32",
        "kernel = \"rv32-ref\"\nmarch = \"rv32im_zbkb\"\n\
         cflags = \"-O3  -I../isa/dasip/include -DN=4 -UNDEBUG -funroll-loops -fno-inline \
         -falign-functions=16 -mabi=ilp32 -mno-relax -g -Wno-unused -w -std=c11\"",
    );
    let p = firmware::plan(Path::new(&root()), &d).unwrap();
    // every kernel compile gets -march, the arch's flags, then the design's cflags, one
    // argument per word (no shell ever splits or reads them)
    let kernel = p
        .steps
        .iter()
        .find(|s| s.args.last().map(String::as_str) == Some("kernels/common/ref.c"))
        .expect("the kernel's ref.c is compiled");
    assert_eq!(kernel.program, "riscv64-unknown-elf-gcc");
    assert_eq!(
        kernel.args[..15],
        [
            "-march=rv32im_zbkb",
            "-mabi=ilp32",
            "-O3",
            "-I../isa/dasip/include",
            "-DN=4",
            "-UNDEBUG",
            "-funroll-loops",
            "-fno-inline",
            "-falign-functions=16",
            "-mabi=ilp32",
            "-mno-relax",
            "-g",
            "-Wno-unused",
            "-w",
            "-std=c11"
        ]
    );
    // the harness records the kernel's flags as one -D argument
    let info = p
        .steps
        .iter()
        .find(|s| s.args.last().map(String::as_str) == Some("harness/kernel_info.c"))
        .expect("kernel_info.c is compiled");
    assert!(info
        .args
        .contains(&"-DKERNEL_NAME=\"rv32-ref\"".to_string()));
    assert!(info.args.contains(
        &"-DKERNEL_CFLAGS=\"-march=rv32im_zbkb -mabi=ilp32 -O3 -I../isa/dasip/include -DN=4 \
          -UNDEBUG -funroll-loops -fno-inline -falign-functions=16 -mabi=ilp32 -mno-relax -g \
          -Wno-unused -w -std=c11\""
            .to_string()
    ));
}

#[test]
fn a_kernel_of_the_other_architecture_is_refused() {
    let d = design("evil", "mips32", "kernel = \"rv32-ref\"");
    assert_eq!(
        refused(&d),
        format!(
            "invalid design file {}: kernel: 'rv32-ref' is a rv32 kernel, the design's arch is mips",
            d.path.display()
        )
    );
}
