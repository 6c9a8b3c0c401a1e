//! Every generated block (README tables, C header blocks, Verilog decode blocks, the port
//! include files of hw/units) equals what the declarations give, and every declaration is
//! consistent.

use asip_extensions::gen;

#[test]
fn generated_files_are_current() {
    let mut stale = Vec::new();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let sets = gen::specs()
        .into_iter()
        .map(gen::files)
        .chain(std::iter::once(gen::other_unit_files(&root)))
        .chain(std::iter::once(gen::common_files(&root)))
        .chain(std::iter::once(gen::port_include_files(&root)));
    for set in sets {
        for (path, old, new) in set.expect("generated files") {
            if old != new {
                stale.push(path.display().to_string());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "generated files are stale: {stale:?}; regenerate them with `{}`",
        gen::REGEN
    );
}

#[test]
fn declarations_are_consistent() {
    let specs = gen::specs();
    assert!(specs.iter().any(|s| s.name == "xoasip"), "xoasip declared");
    for spec in specs {
        assert_eq!(
            asip_sim::spec::check(spec),
            Vec::<String>::new(),
            "{}",
            spec.name
        );
    }
}

#[test]
fn keyed_blocks_belong_to_their_extension() {
    let zbb = gen::specs()
        .into_iter()
        .find(|s| s.name == "zbb")
        .expect("zbb declared");
    let text = "<!-- isa-gen:begin table zbkb -->\nkept\n<!-- isa-gen:end -->\n\
                <!-- isa-gen:begin table zbb -->\nreplaced\n<!-- isa-gen:end -->\n";
    let out = gen::render(zbb, text).expect("renders");
    assert!(out.contains("\nkept\n"), "{out}");
    assert!(!out.contains("replaced"), "{out}");
    assert!(out.contains(&gen::table(zbb)), "{out}");
    // a file with only other extensions' blocks has none of this one's
    let other = "<!-- isa-gen:begin table zbkb -->\n<!-- isa-gen:end -->\n";
    assert!(gen::render(zbb, other).is_err());
}
