//! Encodings, table-driven: every xmipscop instruction decodes from its canonical word with
//! its operands; no MIPS32 base instruction and no xmipsnative instruction decodes as
//! xmipscop and vice versa (the registry's decoders of `mips32_xmipscop` and
//! `mips32_xmipsnative` accept disjoint sets of words); reserved index values.

use asip_sim::enc;
use asip_sim::Registry;
use isa_mips_coproc::SPEC;
use std::sync::Arc;

/// The two major opcodes, from the declaration.
fn lwc2() -> u32 {
    SPEC.fixed("lwau", "opcode").expect("lwau opcode")
}
fn swc2() -> u32 {
    SPEC.fixed("xor5", "opcode").expect("xor5 opcode")
}

fn canonical() -> Vec<(u32, &'static str, u32)> {
    let mut v = Vec::new();
    for base in [0u32, 4, 29, 31] {
        for off in [-32768i32, -4, 0, 4, 200, 32764] {
            for n in 0..5 {
                v.push((enc!(SPEC, "lwau", n, off, base), "lwau", n));
                v.push((enc!(SPEC, "chi", n, off, base), "chi", n));
            }
            v.push((enc!(SPEC, "xor5", off, base), "xor5", 0));
            v.push((enc!(SPEC, "rot", off, base), "rot", 0));
            v.push((enc!(SPEC, "swleast", off, base), "swleast", 0));
        }
    }
    v
}

#[test]
fn canonical_words_decode_with_their_operands() {
    for (w, name, idx) in canonical() {
        let d = SPEC.decode(w).expect("decodes");
        assert_eq!((d.name(), d.aux), (name, idx), "{w:#010x}");
        assert_eq!(d.rs1 as u32, (w >> 21) & 31);
        assert_eq!(d.imm, (w & 0xffff) as u16 as i16 as i32);
        assert_eq!((d.rd, d.rs2), (0, 0), "no GPR destination / data operand");
    }
    // the words GNU as produces (include/mips_coproc.h)
    assert_eq!(enc!(SPEC, "lwau", 2, 8, 4), 0xc882_0008); // lwc2 $2, 8($4)
    assert_eq!(enc!(SPEC, "chi", 1, -4, 29), 0xeba9_fffc); // swc2 $9, -4($29)
    assert_eq!(enc!(SPEC, "swleast", 0, 4), 0xe898_0000); // swc2 $24, 0($4)
}

#[test]
fn reserved_index_values_are_not_instructions() {
    for idx in 5..8u32 {
        assert!(
            SPEC.decode((lwc2() << 26) | (idx << 16)).is_none(),
            "lwau Au{idx}"
        );
        assert!(
            SPEC.decode((swc2() << 26) | ((8 + idx) << 16)).is_none(),
            "chi #{idx}"
        );
    }
    for sel in [0u32, 2, 3] {
        for idx in 1..8u32 {
            assert!(SPEC
                .decode((swc2() << 26) | ((sel << 3 | idx) << 16))
                .is_none());
        }
    }
    for rt in 8..32u32 {
        assert!(
            SPEC.decode((lwc2() << 26) | (rt << 16)).is_none(),
            "lwc2 rt {rt}"
        );
    }
}

/// One word per major opcode and per SPECIAL/SPECIAL2/REGIMM function with assorted
/// register fields, plus our canonical words and those of xmipsnative: no word is
/// accepted by two extensions of `mips32_xmipscop_xmipsnative`.
#[test]
fn no_word_is_accepted_by_two_extensions() {
    let mut r = Registry::new();
    r.register(Arc::new(isa_mips_coproc::MipsCop));
    r.register(Arc::new(isa_mips_native::MipsNative));
    let isa = r.parse_isa("mips32_xmipscop_xmipsnative").expect("isa");
    let mut words: Vec<u32> = canonical().into_iter().map(|c| c.0).collect();
    for op in 0..64u32 {
        for f in 0..64u32 {
            for fields in [0u32, 0x0109_5000, 0x03ff_f800, 0x0085_1000, 0x0002_0000] {
                words.push((op << 26) | fields | f);
            }
        }
    }
    for f in 0x10..=0x13u32 {
        words.push((0x1c << 26) | (4 << 21) | (5 << 16) | (2 << 11) | f);
    }
    let (mut ours, mut base) = (0, 0);
    for w in words {
        let who: Vec<&str> = isa.acceptors(w);
        assert!(who.len() <= 1, "{w:#010x} accepted by {who:?}");
        if who == ["xmipscop"] {
            ours += 1;
            assert!([lwc2(), swc2()].contains(&(w >> 26)), "{w:#010x}");
        } else if !who.is_empty() && who[0] != "xmipsnative" {
            base += 1;
        }
    }
    assert!(ours > 300, "{ours}");
    assert!(base > 1000, "the base decoder took part: {base}");
}
