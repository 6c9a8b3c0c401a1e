//! Table-driven encoding checks: no two instructions of the enabled set decode the same
//! word. Every xdasip word pattern is enumerated over its fields, and every such word
//! must be rejected by every other enabled extension (rv32im, zicsr, zbkb, zbb, xoasip).

/// The major opcode of an op, from the declaration.
fn opcode(op: &str) -> u32 {
    isa_dasip::SPEC.fixed(op, "opcode").expect("opcode")
}

fn xdasip_words() -> Vec<u32> {
    // every custom-1 and custom-2 word, sampled over all fixed fields with the operand
    // fields walked exhaustively where they select (funct3, funct7, opcode-level bits)
    let mut v = Vec::new();
    for f3 in 0..8u32 {
        for f7 in 0..128u32 {
            for (rd, rs1, rs2) in [(0, 0, 0), (5, 5, 5), (1, 31, 17), (6, 0, 0), (31, 31, 31)] {
                v.push(opcode("xor64") | rd << 7 | f3 << 12 | rs1 << 15 | rs2 << 20 | f7 << 25);
            }
        }
    }
    for hi in 0..(1u32 << 16) {
        // bits 31:16 exhaustive, bits 15:7 two samples
        for lo in [0u32, 0x1ff] {
            v.push(opcode("ldhw32s5i.xor64") | lo << 7 | hi << 16);
        }
    }
    v
}

#[test]
fn no_word_decodes_in_two_extensions() {
    for isa_s in [
        "rv32im_xdasip",
        "rv32im_zbkb_xdasip",
        "rv32im_zbb_xoasip_xdasip",
    ] {
        let isa = asip_testkit::words::isa(isa_s);
        let mut hits = 0;
        for w in xdasip_words() {
            let claims: Vec<&str> = isa.acceptors(w);
            assert!(
                claims.len() <= 1,
                "{isa_s}: {w:#010x} decoded by {claims:?}"
            );
            if claims == ["xdasip"] {
                hits += 1;
            }
        }
        assert!(hits > 10_000, "{isa_s}: only {hits} xdasip words");
    }
}

#[test]
fn every_op_has_a_distinct_encoding() {
    // one canonical word per op, decoded back to that op, all names distinct
    use isa_dasip::*;
    let mut words = vec![
        encode_logic(LogicOp::Xor, 1, 2, 3),
        encode_logic(LogicOp::Rotl, 1, 2, 3),
        encode_logic(LogicOp::NandXor, 1, 2, 3),
        encode_logic(LogicOp::Mvar, 1, 2, 0),
    ];
    for mode in [Mode::S5, Mode::M5] {
        for mem in [Mem::Ldl, Mem::Ldh, Mem::Stl, Mem::Sth] {
            words.push(encode_mem(mem, mode, 1, 10, 11, -1));
        }
        for store in [false, true] {
            for op in [LogicOp::Xor, LogicOp::Rotl, LogicOp::Mvar, LogicOp::NandXor] {
                let s1 = if op == LogicOp::Mvar { 0 } else { 4 };
                words.push(encode_pair(&Pair {
                    mode,
                    rs1f: 3,
                    ..Pair::on_a0(store, 1, 4, op, 2, 3, s1)
                }));
            }
        }
    }
    let names: Vec<&str> = words
        .iter()
        .map(|&w| SPEC.decode(w).unwrap_or_else(|| panic!("{w:#010x}")).name())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), OPS.len(), "{names:?}");
}
