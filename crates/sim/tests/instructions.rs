//! Per-instruction semantics with edge cases.
mod common;
use asip_sim::rv32::bitmanip::{brev8, unzip, zip};
use common::*;

const I: &str = "rv32im";
const BK: &str = "rv32im_zbb_zbkb";

#[test]
fn add_sub_logic_compare() {
    assert_eq!(rop(I, 0, 0, 0xffff_ffff, 2), 1); // add wraps
    assert_eq!(rop(I, 0x20, 0, 0, 1), 0xffff_ffff); // sub
    assert_eq!(rop(I, 0, 4, 0xf0f0, 0xff00), 0x0ff0); // xor
    assert_eq!(rop(I, 0, 6, 0xf0f0, 0x0f00), 0xfff0); // or
    assert_eq!(rop(I, 0, 7, 0xf0f0, 0xff00), 0xf000); // and
    assert_eq!(rop(I, 0, 2, (-1i32) as u32, 0), 1); // slt signed
    assert_eq!(rop(I, 0, 3, (-1i32) as u32, 0), 0); // sltu
    assert_eq!(rop(I, 0, 3, 0, 1), 1);
}

#[test]
fn shifts_by_0_and_31() {
    assert_eq!(rop(I, 0, 1, 0x8000_0001, 0), 0x8000_0001); // sll 0
    assert_eq!(rop(I, 0, 1, 1, 31), 0x8000_0000);
    assert_eq!(rop(I, 0, 1, 1, 32 + 3), 8); // only low 5 bits
    assert_eq!(rop(I, 0, 5, 0x8000_0000, 31), 1); // srl
    assert_eq!(rop(I, 0x20, 5, 0x8000_0000, 31), 0xffff_ffff); // sra
    assert_eq!(rop(I, 0x20, 5, 0x8000_0000, 0), 0x8000_0000);
    assert_eq!(iop(I, 31, 1, 1), 0x8000_0000); // slli 31
    assert_eq!(iop(I, 0, 5, 0x8000_0000), 0x8000_0000); // srli 0
    assert_eq!(iop(I, 0x400 | 31, 5, 0x8000_0000), 0xffff_ffff); // srai 31
}

#[test]
fn immediates_sign_extend() {
    assert_eq!(exec1(I, addi(5, 6, -1), &[(6, 0)])[5], 0xffff_ffff);
    assert_eq!(exec1(I, addi(5, 6, 2047), &[(6, 1)])[5], 2048);
    assert_eq!(exec1(I, addi(5, 6, -2048), &[(6, 0)])[5], (-2048i32) as u32);
    // sltiu with -1 immediate compares against 0xffffffff
    assert_eq!(exec1(I, i(-1, 6, 3, 5, 0x13), &[(6, 5)])[5], 1);
    assert_eq!(exec1(I, u(0xfffff, 5, 0x37), &[])[5], 0xffff_f000); // lui
    assert_eq!(exec1(I, u(1, 5, 0x17), &[])[5], BASE + 0x1000); // auipc
}

#[test]
fn x0_writes_ignored() {
    let x = exec1(I, addi(0, 0, 5), &[]);
    assert_eq!(x[0], 0);
    let x = exec1(I, r(1, 7, 6, 0, 0, 0x33), &[(6, 3), (7, 4)]); // mul x0
    assert_eq!(x[0], 0);
    let x = exec1(I, u(0x12345, 0, 0x37), &[]);
    assert_eq!(x[0], 0);
}

#[test]
fn loads_sign_and_zero_extend() {
    // store 0x8081_f0f1 at data, then load each width
    let data = BASE + 0x100;
    let prog = |load: u32| {
        let mut w = vec![
            u(0x10, 6, 0x37),    // lui t1, 0x10 -> 0x10000
            addi(6, 6, 0x100),   // t1 = data
            u(0x8081f, 7, 0x37), // lui t2, 0x8081f
            addi(7, 7, 0xf1),    // t2 = 0x8081f0f1
            sw(7, 6, 0),
            load,
        ];
        w.extend(exit_seq());
        let mut m = machine(I, "zscale", &w).unwrap();
        m.run().unwrap();
        assert_eq!(m.cpu().mem.load32(data).unwrap(), 0x8081_f0f1);
        m.cpu().x[5]
    };
    assert_eq!(prog(i(0, 6, 0, 5, 3)), 0xffff_fff1); // lb
    assert_eq!(prog(i(0, 6, 4, 5, 3)), 0xf1); // lbu
    assert_eq!(prog(i(0, 6, 1, 5, 3)), 0xffff_f0f1); // lh
    assert_eq!(prog(i(2, 6, 1, 5, 3)), 0xffff_8081); // lh upper
    assert_eq!(prog(i(2, 6, 5, 5, 3)), 0x8081); // lhu
    assert_eq!(prog(i(1, 6, 0, 5, 3)), 0xffff_fff0); // lb byte 1
    assert_eq!(prog(i(0, 6, 2, 5, 3)), 0x8081_f0f1); // lw
}

#[test]
fn stores_sub_word() {
    let mut w = vec![
        u(0x10, 6, 0x37),
        addi(6, 6, 0x100),
        addi(7, 0, -1),
        sw(7, 6, 0),
        addi(7, 0, 0x12),
        s(1, 7, 6, 0), // sb t2, 1(t1)
        addi(7, 0, 0x345),
        s(2, 7, 6, 1), // sh t2, 2(t1)
    ];
    w.extend(exit_seq());
    let mut m = machine(I, "zscale", &w).unwrap();
    m.run().unwrap();
    assert_eq!(m.cpu().mem.load32(BASE + 0x100).unwrap(), 0x0345_12ff);
}

#[test]
fn mul_family() {
    let (a, bb) = (0x8000_0001u32, 0xffff_fffeu32);
    assert_eq!(rop(I, 1, 0, a, bb), a.wrapping_mul(bb));
    assert_eq!(
        rop(I, 1, 1, a, bb),
        ((a as i32 as i64 * bb as i32 as i64) >> 32) as u32
    );
    assert_eq!(
        rop(I, 1, 2, a, bb),
        ((a as i32 as i64 * bb as u64 as i64) >> 32) as u32
    );
    assert_eq!(rop(I, 1, 3, a, bb), ((a as u64 * bb as u64) >> 32) as u32);
    assert_eq!(rop(I, 1, 1, 0x8000_0000, 0x8000_0000), 0x4000_0000);
    assert_eq!(rop(I, 1, 2, 0xffff_ffff, 0xffff_ffff), 0xffff_ffff); // -1 * (2^32-1)
}

#[test]
fn division_edge_cases_per_spec() {
    let min = 0x8000_0000u32;
    // div by zero
    assert_eq!(rop(I, 1, 4, 7, 0), 0xffff_ffff);
    assert_eq!(rop(I, 1, 5, 7, 0), 0xffff_ffff);
    assert_eq!(rop(I, 1, 6, 7, 0), 7);
    assert_eq!(rop(I, 1, 7, 7, 0), 7);
    // overflow
    assert_eq!(rop(I, 1, 4, min, 0xffff_ffff), min);
    assert_eq!(rop(I, 1, 6, min, 0xffff_ffff), 0);
    // rounding toward zero
    assert_eq!(rop(I, 1, 4, (-7i32) as u32, 2), (-3i32) as u32);
    assert_eq!(rop(I, 1, 6, (-7i32) as u32, 2), (-1i32) as u32);
    assert_eq!(rop(I, 1, 5, 0xffff_fff9, 2), 0x7fff_fffc);
    assert_eq!(rop(I, 1, 7, 0xffff_fff9, 2), 1);
}

#[test]
fn branches_and_jumps() {
    // beq taken skips addi a0, 1
    let r = run(
        I,
        "zscale",
        &[
            addi(10, 0, 0),
            b(8, 0, 0, 0),
            addi(10, 10, 1),
            addi(10, 10, 2),
        ],
    )
    .unwrap();
    assert_eq!(r.exit, asip_sim::ExitKind::Exit(2));
    // blt signed vs bltu unsigned with -1 and 1
    let sel = |f3: u32| {
        run(
            I,
            "zscale",
            &[
                addi(5, 0, -1),
                addi(6, 0, 1),
                addi(10, 0, 0),
                b(8, 6, 5, f3),
                addi(10, 0, 9),
            ],
        )
        .unwrap()
        .exit
    };
    use asip_sim::ExitKind::Exit;
    assert_eq!(sel(4), Exit(0)); // blt -1 < 1 taken
    assert_eq!(sel(6), Exit(9)); // bltu 0xffffffff < 1 not taken
    assert_eq!(sel(5), Exit(9)); // bge not taken
    assert_eq!(sel(7), Exit(0)); // bgeu taken
    assert_eq!(sel(1), Exit(0)); // bne taken
                                 // jal links, jalr clears bit 0
    let x = exec1(I, j(4, 1), &[]);
    assert_eq!(x[1], BASE + 4);
    let r = run(
        I,
        "zscale",
        &[
            u(0x10, 5, 0x37),
            i(17, 5, 0, 1, 0x67),
            addi(10, 0, 5),
            addi(10, 0, 6),
        ],
    )
    .unwrap();
    // jalr ra, 17(t0) -> target 0x10011 & !1 = 0x10010: index 4 -> after the two addis is exit seq
    assert_eq!(r.exit, Exit(0));
}

#[test]
fn csr_counters_and_scratch() {
    let mut m = machine(
        I,
        "zscale",
        &[
            csrr(5, 0xc00),
            csrr(6, 0xc02),
            addi(7, 0, 77),
            csrrw(0, 0x340, 7),
            csrr(28, 0x340),
            csrr(29, 0x301),
            csrr(30, 0xc80),
            addi(17, 0, 93),
            ECALL,
        ],
    )
    .unwrap();
    m.run().unwrap();
    let x = m.cpu().x;
    assert_eq!(x[5], 2, "cycle at first instruction = pipeline fill");
    assert_eq!(x[6], 1, "instret before the second instruction");
    assert_eq!(x[28], 77);
    assert_eq!(x[29], (1 << 30) | (1 << 8) | (1 << 12)); // misa: RV32 I M
    assert_eq!(x[30], 0);
}

fn zip_ref(a: u32) -> u32 {
    let mut r = 0;
    for k in 0..32 {
        let src = if k % 2 == 0 { k / 2 } else { 16 + k / 2 };
        r |= ((a >> src) & 1) << k;
    }
    r
}

#[test]
fn zbb_zbkb_against_reference_formulas() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut vals = vec![0u32, 1, 0x8000_0000, 0xffff_ffff, 0x0000_ff00, 0x1234_5678];
    for _ in 0..40 {
        vals.push(rng.u32());
    }
    for &a in &vals {
        let bv = a.rotate_left(7) ^ 0x5a5a_0f0f;
        assert_eq!(rop(BK, 0x20, 7, a, bv), a & !bv, "andn");
        assert_eq!(rop(BK, 0x20, 6, a, bv), a | !bv, "orn");
        assert_eq!(rop(BK, 0x20, 4, a, bv), !(a ^ bv), "xnor");
        assert_eq!(rop(BK, 0x30, 1, a, bv), a.rotate_left(bv & 31), "rol");
        assert_eq!(rop(BK, 0x30, 5, a, bv), a.rotate_right(bv & 31), "ror");
        assert_eq!(rop(BK, 0x04, 4, a, bv), (a & 0xffff) | (bv << 16), "pack");
        assert_eq!(
            rop(BK, 0x04, 7, a, bv),
            (a & 0xff) | ((bv & 0xff) << 8),
            "packh"
        );
        assert_eq!(
            rop(BK, 0x05, 4, a, bv),
            (a as i32).min(bv as i32) as u32,
            "min"
        );
        assert_eq!(rop(BK, 0x05, 5, a, bv), a.min(bv), "minu");
        assert_eq!(
            rop(BK, 0x05, 6, a, bv),
            (a as i32).max(bv as i32) as u32,
            "max"
        );
        assert_eq!(rop(BK, 0x05, 7, a, bv), a.max(bv), "maxu");
        for sh in [0u32, 1, 13, 31] {
            assert_eq!(iop(BK, 0x600 | sh, 5, a), a.rotate_right(sh), "rori {sh}");
        }
        assert_eq!(iop(BK, 0x698, 5, a), a.swap_bytes(), "rev8");
        assert_eq!(iop(BK, 0x687, 5, a), brev8(a), "brev8");
        let bytes = a.to_le_bytes();
        let mut rev = [0u8; 4];
        for k in 0..4 {
            rev[k] = bytes[k].reverse_bits();
        }
        assert_eq!(brev8(a), u32::from_le_bytes(rev));
        assert_eq!(iop(BK, 0x08f, 1, a), zip_ref(a), "zip");
        assert_eq!(iop(BK, 0x08f, 5, a), unzip(a), "unzip");
        assert_eq!(unzip(zip(a)), a);
        assert_eq!(zip(unzip(a)), a);
        assert_eq!(iop(BK, 0x600, 1, a), a.leading_zeros(), "clz");
        assert_eq!(iop(BK, 0x601, 1, a), a.trailing_zeros(), "ctz");
        assert_eq!(iop(BK, 0x602, 1, a), a.count_ones(), "cpop");
        assert_eq!(iop(BK, 0x604, 1, a), a as u8 as i8 as i32 as u32, "sext.b");
        assert_eq!(
            iop(BK, 0x605, 1, a),
            a as u16 as i16 as i32 as u32,
            "sext.h"
        );
        assert_eq!(
            exec1(BK, r(0x04, 0, 6, 4, 5, 0x33), &[(6, a)])[5],
            a & 0xffff,
            "zext.h"
        );
        let orc: u32 = (0..4)
            .map(|k| {
                if (a >> (8 * k)) & 0xff != 0 {
                    0xffu32 << (8 * k)
                } else {
                    0
                }
            })
            .sum();
        assert_eq!(iop(BK, 0x287, 5, a), orc, "orc.b");
    }
    assert_eq!(zip(0x0000_ffff), 0x5555_5555);
    assert_eq!(zip(0xffff_0000), 0xaaaa_aaaa);
    assert_eq!(brev8(0x0102_0380), 0x8040_c001);
}

#[test]
fn extensions_gate_decoding() {
    // pack is not in rv32im -> illegal
    let w = r(0x04, 7, 6, 4, 5, 0x33);
    let mut v = vec![w];
    v.extend(exit_seq());
    let e = machine("rv32im", "zscale", &v).unwrap().run().unwrap_err();
    assert!(
        matches!(e, asip_sim::SimError::IllegalInstruction { .. }),
        "{e}"
    );
    // mul is not in rv32i
    let mut v = vec![r(1, 7, 6, 0, 5, 0x33)];
    v.extend(exit_seq());
    assert!(machine("rv32i", "zscale", &v).unwrap().run().is_err());
    // pack alone in zbkb, zext.h in zbb
    assert_eq!(rop("rv32i_zbkb", 0x04, 4, 0x1234, 0xabcd), 0xabcd_1234);
    let zext_h = r(0x04, 0, 6, 4, 5, 0x33);
    assert_eq!(exec1("rv32i_zbb", zext_h, &[(6, 0x1_1234)])[5], 0x1234);
    assert_eq!(
        asip_sim::Isa::parse("rv32i_zbb").unwrap().disasm(zext_h, 0),
        "zext.h t0, t1"
    );
}

#[test]
fn disassembly_objdump_style() {
    use asip_sim::Isa;
    let isa = Isa::parse("rv32im_zbkb").unwrap();
    assert_eq!(isa.disasm(addi(10, 10, 1), 0), "addi a0, a0, 1");
    assert_eq!(isa.disasm(lw(11, 2, 8), 0), "lw a1, 8(sp)");
    assert_eq!(isa.disasm(sw(11, 2, -4), 0), "sw a1, -4(sp)");
    assert_eq!(isa.disasm(b(0x34, 11, 10, 0), 0x1200), "beq a0, a1, 0x1234");
    assert_eq!(isa.disasm(j(-8, 1), 0x100), "jal ra, 0xf8");
    assert_eq!(isa.disasm(u(0x12345, 5, 0x37), 0), "lui t0, 0x12345");
    assert_eq!(isa.disasm(r(1, 7, 6, 4, 5, 0x33), 0), "div t0, t1, t2");
    assert_eq!(isa.disasm(r(0x04, 7, 6, 4, 5, 0x33), 0), "pack t0, t1, t2");
    assert_eq!(isa.disasm(0xc0002573, 0), "csrrs a0, cycle, zero");
    assert_eq!(isa.disasm(ECALL, 0), "ecall");
    assert_eq!(isa.disasm(0x0000_000b, 0), ".word 0x0000000b");
}
