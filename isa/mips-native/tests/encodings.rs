//! Encodings, table-driven: every xmipsnative instruction decodes from its canonical word
//! with its operands; nothing MIPS32 defines in SPECIAL2 (or any other major opcode)
//! decodes as xmipsnative; reserved fields must be zero.

use asip_sim::enc;
use isa_mips_native::{MIPS32_SPECIAL2_FUNCTS, SPEC};

/// Our allocation: (function code, mnemonic), from the declaration.
fn ours() -> Vec<(u32, &'static str)> {
    SPEC.ops
        .iter()
        .map(|o| (SPEC.fixed(o.name, "funct").expect("funct"), o.name))
        .collect()
}

#[test]
fn function_codes_are_distinct_and_unused_by_mips32() {
    let ours = ours();
    assert_eq!(ours.len(), 4);
    for (i, (f, n)) in ours.iter().enumerate() {
        assert!(
            !MIPS32_SPECIAL2_FUNCTS.contains(f),
            "{n} uses MIPS32 funct {f:#x}"
        );
        assert!((0x10..=0x1f).contains(f), "{n}: outside the UDI range");
        for (g, m) in &ours[i + 1..] {
            assert_ne!(f, g, "{n} and {m}");
        }
    }
}

#[test]
fn canonical_words_decode_with_their_operands() {
    for (rd, rs, rt) in [(1, 2, 3), (31, 31, 31), (0, 0, 0), (2, 4, 5), (8, 9, 10)] {
        let d = SPEC
            .decode(enc!(SPEC, "andnot", rd, rs, rt))
            .expect("andnot");
        assert_eq!(
            (d.name(), d.rd, d.rs1, d.rs2),
            ("andnot", rd as u8, rs as u8, rt as u8)
        );
        let d = SPEC.decode(enc!(SPEC, "rot1", rs, rt)).expect("rot1");
        assert_eq!(
            (d.name(), d.rd, d.rs1, d.rs2),
            ("rot1", 0, rs as u8, rt as u8)
        );
        let d = SPEC.decode(enc!(SPEC, "rot2", rd, rs, rt)).expect("rot2");
        assert_eq!(
            (d.name(), d.rd, d.rs1, d.rs2),
            ("rot2", rd as u8, rs as u8, rt as u8)
        );
        let d = SPEC.decode(enc!(SPEC, "mfleast", rd)).expect("mfleast");
        assert_eq!((d.name(), d.rd, d.rs1, d.rs2), ("mfleast", rd as u8, 0, 0));
    }
    // the words GNU as produces for udi0..udi3 (see include/mips_native.h)
    assert_eq!(enc!(SPEC, "andnot", 10, 8, 9), 0x7109_5010);
    assert_eq!(enc!(SPEC, "rot1", 8, 9), 0x7109_0011);
    assert_eq!(enc!(SPEC, "rot2", 10, 8, 9), 0x7109_5012);
    assert_eq!(enc!(SPEC, "mfleast", 10), 0x7000_5013);
}

#[test]
fn reserved_fields_must_be_zero() {
    assert!(
        SPEC.decode(enc!(SPEC, "andnot", 1, 2, 3) | (1 << 6))
            .is_none(),
        "sa != 0"
    );
    assert!(
        SPEC.decode(enc!(SPEC, "rot1", 2, 3) | (5 << 11)).is_none(),
        "rot1 rd != 0"
    );
    assert!(
        SPEC.decode(enc!(SPEC, "mfleast", 3) | (4 << 21)).is_none(),
        "mfleast rs != 0"
    );
    assert!(
        SPEC.decode(enc!(SPEC, "mfleast", 3) | (4 << 16)).is_none(),
        "mfleast rt != 0"
    );
}

/// MIPS32 words from every major opcode and every SPECIAL2 function (a table of what the
/// base ISA defines), with assorted register fields: none is ours.
#[test]
fn no_mips32_word_decodes_as_xmipsnative() {
    let mut n = 0;
    for op in 0..64u32 {
        for f in 0..64u32 {
            if op == 0x1c && (0x10..=0x13).contains(&f) {
                continue;
            }
            for fields in [0u32, 0x0109_5000, 0x03ff_f800, 0x0085_1000] {
                let w = (op << 26) | fields | f;
                assert!(SPEC.decode(w).is_none(), "{w:#010x}");
                n += 1;
            }
        }
    }
    for f in MIPS32_SPECIAL2_FUNCTS {
        assert!(SPEC
            .decode((0x1c << 26) | (4 << 21) | (5 << 16) | (2 << 11) | f)
            .is_none());
    }
    assert_eq!(n, 64 * 64 * 4 - 16);
    // the other UDI slots (udi4..udi15) are free
    for f in 0x14..=0x1fu32 {
        assert!(SPEC.decode((0x1c << 26) | f).is_none());
    }
}

/// With the simulator's MIPS32 base decoder: our words are accepted by xmipsnative only,
/// and the MIPS32 SPECIAL2 instructions (mul, madd, clz, ...) by the base only.
#[test]
fn disjoint_from_the_mips32_base_decoder() {
    let mut r = asip_sim::Registry::new();
    r.register(std::sync::Arc::new(isa_mips_native::MipsNative));
    let isa = r.parse_isa("mips32_xmipsnative").expect("isa");
    let who = |w: u32| -> Vec<&'static str> { isa.acceptors(w) };
    for (rd, rs, rt) in [(1, 2, 3), (31, 31, 31), (8, 9, 10)] {
        for w in [
            enc!(SPEC, "andnot", rd, rs, rt),
            enc!(SPEC, "rot1", rs, rt),
            enc!(SPEC, "rot2", rd, rs, rt),
            enc!(SPEC, "mfleast", rd),
        ] {
            assert_eq!(who(w), vec!["xmipsnative"], "{w:#010x}");
        }
    }
    // mul v0,a0,a1; madd a0,a1; clz v0,a0 (rt = rd); clo; msub
    for w in [
        0x7085_1002u32,
        0x7085_0000,
        0x7082_1020,
        0x7082_1021,
        0x7085_0004,
    ] {
        let acc = who(w);
        assert_eq!(acc.len(), 1, "{w:#010x}: {acc:?}");
        assert_ne!(acc[0], "xmipsnative", "{w:#010x}");
    }
}
