//! MIPS32 backend: per-instruction edge cases, delay slots, HI/LO, o32 syscalls, ISA
//! strings and base checks, exact-cycle mips5 timing, a differential run against
//! qemu-mipsel (committed ELF + expected output) and a no-panic fuzz of random words.
mod common;
use asip_sim::{
    Base, Isa, Machine, Program, Registry, RunOptions, RunResult, SimError, TimingParams,
};
use asip_testkit::mips::{addiu, addu, beq, bne, itype, jal, jalr, jr, lui, lw, rtype, sw};
use common::{data_dir, machine_capped, machine_for, run_committed_elf, Rng};
use std::process::Command;

const BASE: u32 = 0x1_0000;

const NOP: u32 = 0;
const SYSCALL: u32 = 0xc;
// registers
const V0: u32 = 2;
const A0: u32 = 4;
const T0: u32 = 8;
const T1: u32 = 9;
const T2: u32 = 10;
const S0: u32 = 16;
const RA: u32 = 31;

/// `li v0, 4001; syscall` (exit with a0).
fn exit_seq() -> Vec<u32> {
    vec![addiu(V0, 0, 4001), SYSCALL]
}

fn machine_t(timing: &str, words: &[u32]) -> Result<Machine, SimError> {
    let prog = Program::from_words_for(Base::Mips32, BASE, words, 4096);
    machine_capped(&prog, "mips32", timing)
}

fn run_t(timing: &str, words: &[u32]) -> Result<RunResult, SimError> {
    let mut w = words.to_vec();
    w.extend(exit_seq());
    machine_t(timing, &w)?.run()
}

/// Run `words` + exit on mips32 / mips5 with `opts` (`data_bytes` of memory past the code).
fn run_with(words: &[u32], data_bytes: u32, opts: RunOptions) -> RunResult {
    let mut w = words.to_vec();
    w.extend(exit_seq());
    let prog = Program::from_words_for(Base::Mips32, BASE, &w, data_bytes);
    machine_for(&prog, "mips32", "mips5", opts)
        .unwrap()
        .run()
        .unwrap()
}

/// Run `words` + exit with preset registers; return the registers (and hi, lo).
fn exec(words: &[u32], regs: &[(usize, u32)]) -> ([u32; 32], u32, u32) {
    let mut w = words.to_vec();
    w.extend(exit_seq());
    let mut m = machine_t("mips5", &w).expect("machine");
    for &(k, v) in regs {
        m.cpu_mut().x[k] = v;
    }
    let r = m.run().expect("run");
    assert!(
        matches!(r.exit, asip_sim::ExitKind::Exit(_)),
        "{:?}",
        r.exit
    );
    (m.cpu().x, m.cpu().hi, m.cpu().lo)
}
fn exec1(word: u32, regs: &[(usize, u32)]) -> [u32; 32] {
    exec(&[word], regs).0
}

// ---- semantics ------------------------------------------------------------------------
#[test]
fn delay_slot_executes_after_taken_and_untaken_branches() {
    // t0 = 1; beq zero,zero,+2 (taken) ; slot: t0 += 10 ; skipped: t0 += 100 ; target
    let x = exec(
        &[
            addiu(T0, 0, 1),
            beq(0, 0, 2),
            addiu(T0, T0, 10),
            addiu(T0, T0, 100),
            addiu(T1, 0, 7),
        ],
        &[],
    )
    .0;
    assert_eq!(x[T0 as usize], 11);
    assert_eq!(x[T1 as usize], 7);
    // untaken: slot and fall-through both run
    let x = exec(
        &[
            addiu(T0, 0, 1),
            bne(0, 0, 2),
            addiu(T0, T0, 10),
            addiu(T0, T0, 100),
        ],
        &[],
    )
    .0;
    assert_eq!(x[T0 as usize], 111);
}

#[test]
fn jal_and_jalr_link_pc_plus_8() {
    // 0: jal 16 ; 4: slot t0=5 ; 8: exit... ; 16: t1 = ra ; jr ra ; slot nop
    let words = [
        jal(BASE + 24),     // 0x00
        addiu(T0, 0, 5),    // 0x04 delay slot
        addiu(V0, 0, 4001), // 0x08 return here: exit
        addiu(A0, T1, 0),   // 0x0c a0 = t1 (link seen in the callee)
        SYSCALL,            // 0x10
        NOP,                // 0x14
        addu(T1, RA, 0),    // 0x18 callee: t1 = ra
        jr(RA),             // 0x1c
        NOP,                // 0x20
    ];
    let mut m = machine_t("mips5", &words).unwrap();
    let r = m.run().unwrap();
    assert_eq!(r.exit, asip_sim::ExitKind::Exit((BASE + 8) as i32));
    assert_eq!(m.cpu().x[T0 as usize], 5);
    // jalr t2, t0 links into t2
    let words = [
        lui(T0, BASE >> 16),
        addiu(T0, T0, 20), // t0 = BASE + 20
        jalr(T2, T0),      // 0x08
        NOP,               // 0x0c
        addiu(S0, 0, 99),  // 0x10 skipped
        addiu(A0, T2, 0),  // 0x14 target
    ];
    let x = exec(&words, &[]).0;
    assert_eq!(x[T2 as usize], BASE + 0x10);
    assert_eq!(x[S0 as usize], 0);
    assert_eq!(x[RA as usize], 0);
}

#[test]
fn hi_lo_multiply_divide() {
    let mult = rtype(T0, T1, 0, 0, 0x18);
    let multu = rtype(T0, T1, 0, 0, 0x19);
    let div = rtype(T0, T1, 0, 0, 0x1a);
    let divu = rtype(T0, T1, 0, 0, 0x1b);
    let (_, hi, lo) = exec(&[mult], &[(8, (-3i32) as u32), (9, 7)]);
    assert_eq!((hi, lo), (0xffff_ffff, (-21i32) as u32));
    let (_, hi, lo) = exec(&[multu], &[(8, 0xffff_ffff), (9, 0xffff_ffff)]);
    assert_eq!((hi, lo), (0xffff_fffe, 1));
    let (_, hi, lo) = exec(&[div], &[(8, (-7i32) as u32), (9, 2)]);
    assert_eq!((hi, lo), ((-1i32) as u32, (-3i32) as u32));
    let (_, hi, lo) = exec(&[divu], &[(8, 7), (9, 2)]);
    assert_eq!((hi, lo), (1, 3));
    // documented choice for the UNPREDICTABLE cases (same as qemu-mipsel): divide by 1
    let (_, hi, lo) = exec(&[div], &[(8, 1234), (9, 0)]);
    assert_eq!((hi, lo), (0, 1234));
    let (_, hi, lo) = exec(&[divu], &[(8, 0xffff_fff0), (9, 0)]);
    assert_eq!((hi, lo), (0, 0xffff_fff0));
    let (_, hi, lo) = exec(&[div], &[(8, 0x8000_0000), (9, 0xffff_ffff)]);
    assert_eq!((hi, lo), (0, 0x8000_0000));
    // mthi/mtlo/mfhi/mflo
    let x = exec(
        &[
            rtype(T0, 0, 0, 0, 0x11), // mthi t0
            rtype(T1, 0, 0, 0, 0x13), // mtlo t1
            rtype(0, 0, S0, 0, 0x10), // mfhi s0
            rtype(0, 0, T2, 0, 0x12), // mflo t2
        ],
        &[(8, 0xaaaa), (9, 0xbbbb)],
    )
    .0;
    assert_eq!((x[S0 as usize], x[T2 as usize]), (0xaaaa, 0xbbbb));
    // mul (SPECIAL2) writes rd, low 32 bits
    let mul = (0x1c << 26) | rtype(T0, T1, T2, 0, 2);
    assert_eq!(
        exec1(mul, &[(8, 0x10001), (9, 0x10001)])[T2 as usize],
        0x20001
    );
}

#[test]
fn sign_extension_of_loads_and_immediates() {
    // data at BASE+0x100 (inside the program segment's zeroed tail)
    let setup = [lui(S0, BASE >> 16), NOP];
    let words = [
        setup[0],
        setup[1],
        lui(T1, 0x8081),
        addiu(T1, T1, -0x7d7e), // t1 = 0x80808282
        sw(T1, S0, 0x200),
        itype(0x20, S0, 10, 0x200), // lb t2
        itype(0x24, S0, 11, 0x200), // lbu t3
        itype(0x21, S0, 12, 0x202), // lh t4 (0x8080)
        itype(0x25, S0, 13, 0x202), // lhu t5
        addiu(14, 0, -1),           // addiu sign-extends
        itype(13, 0, 15, 0xffff),   // ori zero-extends
        itype(11, 0, 24, -1),       // sltiu t8, zero, -1 -> 0 < 0xffffffff = 1
        itype(11, 14, 25, -1),      // sltiu t9, t6(=-1), -1 -> 0
        itype(10, 14, 3, 0),        // slti v1, t6(-1), 0 -> 1
    ];
    let x = exec(&words, &[]).0;
    assert_eq!(x[T1 as usize], 0x8080_8282);
    assert_eq!(x[10], 0xffff_ff82);
    assert_eq!(x[11], 0x82);
    assert_eq!(x[12], 0xffff_8080);
    assert_eq!(x[13], 0x8080);
    assert_eq!(x[14], 0xffff_ffff);
    assert_eq!(x[15], 0xffff);
    assert_eq!(x[24], 1);
    assert_eq!(x[25], 0);
    assert_eq!(x[3], 1);
}

#[test]
fn shifts_by_0_and_31() {
    let sll = |sa| rtype(0, T0, T1, sa, 0);
    let srl = |sa| rtype(0, T0, T1, sa, 2);
    let sra = |sa| rtype(0, T0, T1, sa, 3);
    let v = 0x8000_0001u32;
    assert_eq!(exec1(sll(0), &[(8, v)])[9], v);
    assert_eq!(exec1(sll(31), &[(8, v)])[9], 0x8000_0000);
    assert_eq!(exec1(srl(31), &[(8, v)])[9], 1);
    assert_eq!(exec1(sra(31), &[(8, v)])[9], 0xffff_ffff);
    assert_eq!(exec1(sra(0), &[(8, v)])[9], v);
    // variable shifts use the low 5 bits of rs: sllv t1, t0, t2
    let sllv = rtype(T2, T0, T1, 0, 4);
    assert_eq!(exec1(sllv, &[(8, 1), (10, 33)])[9], 2);
    let srav = rtype(T2, T0, T1, 0, 7);
    assert_eq!(exec1(srav, &[(8, v), (10, 31)])[9], 0xffff_ffff);
}

#[test]
fn unaligned_lwl_lwr_swl_swr() {
    let words = [
        lui(S0, BASE >> 16),
        lui(T0, 0x4433),
        addiu(T0, T0, 0x2211), // 0x44332211 at +0x200
        sw(T0, S0, 0x200),
        lui(T0, 0x8877),
        addiu(T0, T0, 0x6655), // 0x88776655 at +0x204
        sw(T0, S0, 0x204),
        itype(0x22, S0, T1, 0x204), // lwl t1, 0x204 (addr+3 = 0x201+3)
        itype(0x26, S0, T1, 0x201), // lwr t1, 0x201 -> t1 = word at 0x201 = 0x55443322
        lui(T2, 0xaabb),
        itype(13, T2, T2, 0xccdd),  // ori: t2 = 0xaabbccdd
        itype(0x2a, S0, T2, 0x206), // swl t2, 0x206 (ush-style unaligned store)
        itype(0x2e, S0, T2, 0x203), // swr t2, 0x203 -> word 0x203.. = 0xaabbccdd
        lw(12, S0, 0x200),
        lw(13, S0, 0x204),
    ];
    let x = exec(&words, &[]).0;
    assert_eq!(x[T1 as usize], 0x5544_3322);
    assert_eq!(x[T2 as usize], 0xaabb_ccdd);
    assert_eq!(x[12], 0xdd33_2211);
    assert_eq!(x[13], 0x88aa_bbcc);
}

#[test]
fn conditional_moves_clz_clo() {
    let movn = rtype(T0, T1, T2, 0, 0x0b);
    let movz = rtype(T0, T1, T2, 0, 0x0a);
    assert_eq!(exec1(movn, &[(8, 5), (9, 1), (10, 7)])[10], 5);
    assert_eq!(exec1(movn, &[(8, 5), (9, 0), (10, 7)])[10], 7);
    assert_eq!(exec1(movz, &[(8, 5), (9, 0), (10, 7)])[10], 5);
    let clz = (0x1c << 26) | rtype(T0, T2, T2, 0, 0x20);
    let clo = (0x1c << 26) | rtype(T0, T2, T2, 0, 0x21);
    assert_eq!(exec1(clz, &[(8, 0)])[10], 32);
    assert_eq!(exec1(clz, &[(8, 0x0001_0000)])[10], 15);
    assert_eq!(exec1(clo, &[(8, 0xff00_0000)])[10], 8);
}

#[test]
fn traps_and_errors_are_clear() {
    // add with overflow traps
    let add = rtype(T0, T1, T2, 0, 0x20);
    let mut w = vec![add];
    w.extend(exit_seq());
    let mut m = machine_t("mips5", &w).unwrap();
    m.cpu_mut().x[8] = 0x7fff_ffff;
    m.cpu_mut().x[9] = 1;
    let e = m.run().unwrap_err().to_string();
    assert!(e.contains("overflow") && e.contains("add t2,t0,t1"), "{e}");
    // addu does not
    assert_eq!(
        exec1(addu(T2, T0, T1), &[(8, 0x7fff_ffff), (9, 1)])[10],
        0x8000_0000
    );
    // teq fires
    let e = run_t("mips5", &[rtype(0, 0, 0, 0, 0x34)])
        .unwrap_err()
        .to_string();
    assert!(e.contains("trap instruction") && e.contains("teq"), "{e}");
    // break
    let e = run_t("mips5", &[0x0000_000d]).unwrap_err();
    assert!(matches!(e, SimError::Breakpoint { pc: BASE }), "{e}");
    // illegal: PC, word, MIPS fields
    let e = run_t("mips5", &[0x4400_0000]).unwrap_err(); // COP1
    let s = e.to_string();
    assert!(
        matches!(
            e,
            SimError::IllegalInstruction {
                pc: BASE,
                word: 0x4400_0000,
                ..
            }
        ),
        "{s}"
    );
    assert!(s.contains("COP") && s.contains("mips32"), "{s}");
    // unknown syscall
    let e = run_t("mips5", &[addiu(V0, 0, 4999), SYSCALL])
        .unwrap_err()
        .to_string();
    assert!(e.contains("4999") && e.contains("4004"), "{e}");
    // sync is a nop
    assert!(run_t("mips5", &[0x0000_000f]).is_ok());
}

#[test]
fn write_syscall_and_exit_code() {
    // write(1, BASE+0x200, 3) of "hi\n"; v0 = 3, a3 = 0; then exit(v0 + a3)
    let words = [
        lui(S0, BASE >> 16),
        addiu(T0, 0, 0x68),
        itype(0x28, S0, T0, 0x200), // sb 'h'
        addiu(T0, 0, 0x69),
        itype(0x28, S0, T0, 0x201),
        addiu(T0, 0, 0x0a),
        itype(0x28, S0, T0, 0x202),
        addiu(A0, 0, 1),
        addiu(5, S0, 0x200),
        addiu(6, 0, 3),
        addiu(V0, 0, 4004),
        SYSCALL,
        addu(A0, V0, 7),
        addiu(V0, 0, 4246), // exit_group
        SYSCALL,
    ];
    let r = machine_t("mips5", &words).unwrap().run().unwrap();
    assert_eq!(r.stdout, b"hi\n");
    assert_eq!(r.exit, asip_sim::ExitKind::Exit(3));
    // a bad fd sets a3 = 1 and v0 = EBADF (positive)
    let words = [
        addiu(A0, 0, 7),
        addiu(5, 29, 0),
        addiu(6, 0, 0),
        addiu(V0, 0, 4004),
        SYSCALL,
        rtype(7, V0, A0, 0, 0x21), // a0 = a3 + v0 = 1 + 9
        addiu(V0, 0, 4001),
        SYSCALL,
    ];
    let r = machine_t("mips5", &words).unwrap().run().unwrap();
    assert_eq!(r.exit, asip_sim::ExitKind::Exit(10));
}

#[test]
fn rdhwr_cycle_counter() {
    // rdhwr t0, $2 reads the cycle count before the instruction; $3 (CCRes) = 1
    let rdhwr = |rt: u32, hw: u32| (0x1f << 26) | (rt << 16) | (hw << 11) | 0x3b;
    let x = exec(&[NOP, NOP, rdhwr(T0, 2), rdhwr(T1, 3)], &[]).0;
    assert_eq!(x[T0 as usize], 4 + 2); // 4 fill cycles + 2 nops
    assert_eq!(x[T1 as usize], 1);
    let e = run_t("mips5", &[rdhwr(T0, 30)]).unwrap_err();
    assert!(matches!(e, SimError::IllegalInstruction { .. }), "{e}");
}

#[test]
fn stack_is_linux_o32() {
    let words = [
        lw(A0, 29, 0),
        lw(T0, 29, 4),
        itype(0x20, T0, 5, 0),
        addu(A0, A0, 5),
    ];
    let opts = RunOptions {
        argv: vec!["x".into(), "yy".into()],
        ..RunOptions::default()
    };
    let r = run_with(&words, 4096, opts);
    assert_eq!(r.exit, asip_sim::ExitKind::Exit(2 + b'x' as i32));
}

#[test]
fn disassembly_is_objdump_like() {
    let isa = Isa::parse("mips32").unwrap();
    let d = |w: u32, pc: u32| isa.disasm(w, pc);
    assert_eq!(d(addiu(A0, A0, 1), 0), "addiu a0,a0,1");
    assert_eq!(d(lw(V0, 29, 8), 0), "lw v0,8(sp)");
    assert_eq!(d(NOP, 0), "nop");
    assert_eq!(d(addu(A0, V0, 0), 0), "move a0,v0");
    assert_eq!(d(addiu(V0, 0, 4001), 0), "li v0,4001");
    assert_eq!(d(beq(0, 0, -1), 0x100), "b 0x100");
    assert_eq!(d(bne(T0, 0, 3), 0x100), "bnez t0,0x110");
    assert_eq!(d(jal(0x400), 0x100), "jal 0x400");
    assert_eq!(d(jr(RA), 0), "jr ra");
    assert_eq!(d(rtype(0, T0, T1, 31, 3), 0), "sra t1,t0,31");
    assert_eq!(d(rtype(T0, T1, 0, 0, 0x19), 0), "multu t0,t1");
    assert_eq!(d(itype(13, T0, T1, 0x8001), 0), "ori t1,t0,0x8001");
    assert_eq!(d(0x4400_0000, 0), ".word 0x44000000");
}

// ---- ISA strings and base checks ---------------------------------------------------------
#[test]
fn isa_strings_and_bases() {
    let i = Isa::parse("MIPS32").unwrap();
    assert_eq!(i.name(), "mips32");
    assert_eq!(i.base(), asip_sim::Base::Mips32);
    assert_eq!(Isa::parse("rv32im").unwrap().base(), asip_sim::Base::Rv32);
    let e = Isa::parse("mips32_zbkb").unwrap_err().to_string();
    assert!(
        e.contains("zbkb") && e.contains("extends rv32, not mips32"),
        "{e}"
    );
    let e = Isa::parse("rv32im_mips32").unwrap_err().to_string();
    assert!(e.contains("extends mips32, not rv32"), "{e}");
    let e = Isa::parse("mips32r2").unwrap_err().to_string();
    assert!(e.contains("`_`-separated"), "{e}");
    let e = Isa::parse("mips32_xnope").unwrap_err().to_string();
    assert!(e.contains("unknown extension \"xnope\""), "{e}");
    assert!(Registry::new().names_for(asip_sim::Base::Mips32).is_empty());
}

#[test]
fn elf_and_isa_base_must_agree() {
    let w = exit_seq();
    let prog = Program::from_words_for(Base::Mips32, BASE, &w, 64);
    let e = machine_for(&prog, "rv32im", "mips5", RunOptions::default())
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("MIPS ELF") && e.contains("mips32"), "{e}");
    let prog = Program::from_words(BASE, &w, 64);
    let e = machine_for(&prog, "mips32", "mips5", RunOptions::default())
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("RISC-V ELF") && e.contains("rv32"), "{e}");
}

#[test]
fn big_endian_mips_elf_is_refused_clearly() {
    let mut b = vec![0u8; 64];
    b[..4].copy_from_slice(b"\x7fELF");
    b[4] = 1;
    b[5] = 2;
    b[18] = 0;
    b[19] = 8;
    let e = Program::load_elf(&b).unwrap_err().to_string();
    assert!(e.contains("big-endian MIPS") && e.contains("-EL"), "{e}");
}

// ---- mips5 timing (exact cycles) ----------------------------------------------------------
// mips5: 5 stages (4 fill cycles), forwarding, load-use +2, branches compared in ID
// (operand lead 2: +2 after an ALU producer, +4 after a load), delay slot free, jumps free,
// multiplies 5 cycles in EX, div 34 cycles beside the pipe (mfhi/mflo wait), clz/clo 2,
// everything else 1.
fn cyc(words: &[u32]) -> (u64, u64) {
    let r = run_t("mips5", words).unwrap();
    (r.cycles, r.instret)
}

#[test]
fn mips5_straight_line_and_fill() {
    // 3 addiu + li + syscall = 5 insns + 4 fill
    assert_eq!(
        cyc(&[addiu(T0, 0, 1), addiu(T0, T0, 1), addiu(A0, T0, 0)]),
        (9, 5)
    );
}

#[test]
fn mips5_branches_with_delay_slot_cost_nothing_extra() {
    // taken: addiu, beq (operand t0 from 3 insns back: no stall), slot, [skipped], target
    let (c, n) = cyc(&[
        addiu(T0, 0, 1),
        NOP,
        NOP,
        beq(T0, T0, 2),
        NOP,
        addiu(T0, 0, 9),
    ]);
    assert_eq!(n, 7);
    assert_eq!(c, 11);
    // untaken
    let (c, n) = cyc(&[
        addiu(T0, 0, 1),
        NOP,
        NOP,
        bne(T0, T0, 2),
        NOP,
        addiu(T0, 0, 9),
    ]);
    assert_eq!(n, 8);
    assert_eq!(c, 12);
    // operand from 2 insns back: 1 stall (lead 2)
    let (c, n) = cyc(&[addiu(T0, 0, 1), NOP, beq(T0, T0, 2), NOP, addiu(T0, 0, 9)]);
    assert_eq!((c, n), (11, 6));
}

#[test]
fn mips5_branch_after_alu_stalls_2_after_load_stalls_4() {
    let (c, n) = cyc(&[addiu(T0, 0, 1), beq(T0, 0, 2), NOP]);
    assert_eq!((c, n), (4 + 5 + 2, 5));
    let (c, n) = cyc(&[lw(T0, 29, 0), beq(T0, 0, 2), NOP]);
    assert_eq!((c, n), (4 + 5 + 4, 5));
    let (c, n) = cyc(&[lw(T0, 29, 0), NOP, NOP, beq(T0, 0, 2), NOP]);
    assert_eq!((c, n), (4 + 7 + 2, 7));
    // jr right after the instruction producing its register: same rule
    let (c, n) = cyc(&[
        lui(RA, BASE >> 16),
        addiu(RA, RA, 16), // 0x04: ra = BASE + 16
        jr(RA),            // 0x08: stalls 2
        NOP,               // 0x0c
    ]);
    assert_eq!((c, n), (4 + 6 + 2, 6));
}

#[test]
fn mips5_load_use_and_forwarding() {
    // load then dependent ALU: +2; with one independent in between: +1; two: 0
    assert_eq!(cyc(&[lw(T0, 29, 0), addu(A0, T0, T0)]).0, 4 + 4 + 2);
    assert_eq!(cyc(&[lw(T0, 29, 0), NOP, addu(A0, T0, T0)]).0, 4 + 5 + 1);
    assert_eq!(cyc(&[lw(T0, 29, 0), NOP, NOP, addu(A0, T0, T0)]).0, 4 + 6);
    // ALU -> ALU forwarded
    assert_eq!(cyc(&[addiu(T0, 0, 1), addu(A0, T0, T0)]).0, 4 + 4);
    // store after load of its data: load-use applies to the data operand too
    assert_eq!(cyc(&[lw(T0, 29, 0), sw(T0, 29, 4)]).0, 4 + 4 + 2);
    // movz/movn read their rd (kept when they do not write): they wait for a load of it
    let movz = rtype(T1, T2, T0, 0, 0x0a);
    assert_eq!(cyc(&[lw(T0, 29, 0), movz]).0, 4 + 4 + 2);
    // clz/clo take 2 cycles
    let clz = (0x1c << 26) | (T1 << 21) | (A0 << 16) | (A0 << 11) | 0x20;
    assert_eq!(cyc(&[clz]).0, 4 + 3 + 1);
}

#[test]
fn mips5_jal_jr_zero_penalty() {
    let words = [
        jal(BASE + 16),     // 0x00
        NOP,                // 0x04
        addiu(V0, 0, 4001), // 0x08
        SYSCALL,            // 0x0c
        jr(RA),             // 0x10 (ra written by jal 2 instructions earlier: 1 stall)
        NOP,                // 0x14
    ];
    let r = machine_t("mips5", &words).unwrap().run().unwrap();
    assert_eq!(r.instret, 6);
    assert_eq!(r.cycles, 4 + 6 + 1);
}

#[test]
fn mips5_hilo_readiness() {
    // div issues in 1 cycle and runs 34 beside the pipe; mflo right after waits 33 more
    let div = rtype(T0, T1, 0, 0, 0x1a);
    let mflo = rtype(0, 0, A0, 0, 0x12);
    assert_eq!(cyc(&[div, mflo]).0, 4 + 4 + 33);
    // independent work hides the latency: 10 nops between -> 33 - 10
    let mut w = vec![div];
    w.extend([NOP; 10]);
    w.push(mflo);
    assert_eq!(cyc(&w).0, 4 + 14 + 23);
    // mult: five cycles in EX (latency.mul 5), mflo right after does not wait more
    let mult = rtype(T0, T1, 0, 0, 0x18);
    assert_eq!(cyc(&[mult, mflo]).0, 4 + 4 + 4);
    // mul: the same five cycles; its consumer right behind takes the product forwarded
    let mul = (0x1c << 26) | rtype(T0, T1, T2, 0, 2);
    assert_eq!(cyc(&[mul, addiu(A0, T2, 0)]).0, 4 + 4 + 4);
}

#[test]
fn mips5_profile_attributes_delay_slots() {
    // loop: t0 = 3; L: addiu t0,-1 ; bne t0,zero,L ; slot nop -> 3 iterations
    let words = [
        addiu(T0, 0, 3),
        addiu(T0, T0, -1), // L
        bne(T0, 0, -2),
        NOP,
    ];
    let opts = RunOptions {
        profile: true,
        ..RunOptions::default()
    };
    let r = run_with(&words, 64, opts);
    // 1 + 3*3 + 2 = 12 insns; each bne waits 2 for the addiu: 6 stalls
    assert_eq!(r.instret, 12);
    assert_eq!(r.cycles, 4 + 12 + 6);
    let p = r.profile.unwrap();
    let total: u64 = p.pcs.iter().map(|s| s.cycles).sum();
    assert_eq!(total + 4, r.cycles);
    let at = |pc: u32| p.pcs.iter().find(|s| s.pc == pc).unwrap().clone();
    assert_eq!((at(BASE + 8).count, at(BASE + 8).cycles), (3, 9)); // bne + stalls
    assert_eq!((at(BASE + 12).count, at(BASE + 12).cycles), (3, 3)); // slot
                                                                     // the loop block is addiu..slot (ends after the delay slot)
    assert!(p
        .blocks
        .iter()
        .any(|b| b.start == BASE + 4 && b.end == BASE + 12 && b.count == 9));
}

#[test]
fn trace_shows_delay_slot_order() {
    let words = [
        beq(0, 0, 2),
        addiu(T0, 0, 1),
        addiu(T0, 0, 2),
        addiu(A0, T0, 0),
    ];
    let buf = asip_sim::SharedBuf::default();
    let opts = RunOptions {
        trace: Some(Box::new(buf.clone())),
        ..RunOptions::default()
    };
    let r = run_with(&words, 64, opts);
    assert_eq!(r.exit, asip_sim::ExitKind::Exit(1));
    let t = buf.text();
    let pcs: Vec<&str> = t
        .lines()
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(
        pcs,
        [
            "0x00010000",
            "0x00010004",
            "0x0001000c",
            "0x00010010",
            "0x00010014"
        ]
    );
    assert!(t.contains("li t0,1") && t.contains("t0=0x00000001"), "{t}");
}

// ---- differential against qemu-mipsel ----------------------------------------------------
/// `mips_diff.elf` (built from `mips_diff.c`, committed): the simulator's output must
/// equal the committed qemu-mipsel output, and qemu's own output when it is installed.
#[test]
fn differential_against_qemu_mipsel() {
    let r = run_committed_elf("mips_diff.elf", "mips32", "mips5");
    let ours = String::from_utf8(r.stdout).unwrap();
    let expected = std::fs::read_to_string(data_dir().join("mips_diff.expected")).unwrap();
    assert!(ours.lines().count() > 3000);
    for (i, (a, b)) in ours.lines().zip(expected.lines()).enumerate() {
        assert_eq!(a, b, "line {} differs from qemu-mipsel", i + 1);
    }
    assert_eq!(ours, expected);
    match Command::new("qemu-mipsel")
        .arg(data_dir().join("mips_diff.elf"))
        .output()
    {
        Ok(out) => {
            assert!(out.status.success());
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                ours,
                "live qemu-mipsel differs"
            );
        }
        Err(_) => eprintln!(
            "WARNING: qemu-mipsel not installed; compared with the committed \
             mips_diff.expected only"
        ),
    }
}

// ---- fuzz --------------------------------------------------------------------------------
#[test]
fn random_mips_words_never_panic() {
    let mut rng = Rng(0x005e_ed0f_d1ff_u64);
    let isa = Isa::parse("mips32").unwrap();
    let t = TimingParams::preset("mips5").unwrap();
    let ops = [
        0u32, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0x1c, 0x1f, 0x20, 0x21, 0x22,
        0x23, 0x24, 0x25, 0x26, 0x28, 0x29, 0x2a, 0x2b, 0x2e, 0x14, 0x15,
    ];
    for case in 0..3000 {
        let n = 1 + (rng.u32() % 24) as usize;
        let mut words: Vec<u32> = (0..n).map(|_| rng.u32()).collect();
        if case % 2 == 0 {
            for w in &mut words {
                *w = (*w & 0x03ff_ffff) | (ops[(rng.u32() % ops.len() as u32) as usize] << 26);
            }
        }
        words.extend(exit_seq());
        let p = Program::from_words_for(Base::Mips32, BASE, &words, 256);
        let opts = RunOptions {
            max_cycles: 20_000,
            stack_size: 4096,
            heap_size: 0,
            ..Default::default()
        };
        let mut m = Machine::new(&p, isa.clone(), t.clone(), opts).unwrap();
        for k in 1..32 {
            m.cpu_mut().x[k] = if rng.u32() & 1 == 0 {
                BASE + (rng.u32() & 0x1ff)
            } else {
                rng.u32()
            };
        }
        let _ = m.run();
        for w in &words {
            let _ = isa.disasm(*w, BASE);
        }
    }
}
