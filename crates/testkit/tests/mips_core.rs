//! The MIPS processor RTL (hw/cores/mips) against the simulator's mips5 model: hazard
//! programs with hand-checked cycle counts give the same commit log (retire cycle of every
//! instruction, register, HI/LO and memory writes) on both engines, and the benchmark
//! firmware of mips-ref runs in lockstep. Skipped with a loud line without verilator.

fn have_verilator() -> bool {
    if asip_testkit::have("verilator") {
        return true;
    }
    eprintln!("SKIPPED: verilator not installed (apt-get install verilator): MIPS RTL tests");
    false
}

const T0: u32 = 8;
const T1: u32 = 9;
const T2: u32 = 10;
const T3: u32 = 11;
const T4: u32 = 12;
const SP: u32 = 29;
const RA: u32 = 31;
const NOP: u32 = 0;

fn rtype(rs: u32, rt: u32, rd: u32, sa: u32, f: u32) -> u32 {
    rs << 21 | rt << 16 | rd << 11 | sa << 6 | f
}
fn itype(op: u32, rs: u32, rt: u32, imm: i32) -> u32 {
    op << 26 | rs << 21 | rt << 16 | (imm as u32 & 0xffff)
}
fn addiu(rt: u32, rs: u32, imm: i32) -> u32 {
    itype(9, rs, rt, imm)
}
fn addu(rd: u32, rs: u32, rt: u32) -> u32 {
    rtype(rs, rt, rd, 0, 0x21)
}
fn lw(rt: u32, base: u32, off: i32) -> u32 {
    itype(0x23, base, rt, off)
}
fn sw(rt: u32, base: u32, off: i32) -> u32 {
    itype(0x2b, base, rt, off)
}
/// Branch offsets in instructions, relative to the delay slot.
fn beq(rs: u32, rt: u32, off: i32) -> u32 {
    itype(4, rs, rt, off)
}
fn bne(rs: u32, rt: u32, off: i32) -> u32 {
    itype(5, rs, rt, off)
}
fn beql(rs: u32, rt: u32, off: i32) -> u32 {
    itype(0x14, rs, rt, off)
}

/// `words` + exit (2 instructions) on both engines; returns the cycles. mips5: 4 fill
/// cycles, 1 per instruction, +1 load-use, branch/jr operand one cycle earlier (+1 behind
/// an ALU producer, +2 behind a load), mflo 34 cycles after a div, annulled slot +1.
fn cycles(words: &[u32]) -> u64 {
    asip_testkit::rtl::lockstep_words("mips-ref", words, &[])
        .expect("verilator present")
        .0
}

#[test]
fn alu_forwarding_and_load_use() {
    if !have_verilator() {
        return;
    }
    assert_eq!(
        cycles(&[addiu(T0, 0, 1), addu(T1, T0, T0), addu(T2, T1, T0)]),
        3 + 2 + 4
    );
    // lw; use -> +1; lw; independent; use -> 0; lw; sw of it -> +1
    assert_eq!(
        cycles(&[
            lw(T0, SP, 0),
            addiu(T1, T0, 1),
            lw(T2, SP, 4),
            addiu(T3, 0, 3),
            addu(T4, T2, T3),
            lw(T4, SP, 0),
            sw(T4, SP, -4),
        ]),
        7 + 2 + 4 + 2
    );
}

#[test]
fn branches_in_decode_and_delay_slots() {
    if !have_verilator() {
        return;
    }
    // bne right behind its ALU producer: +1; taken, slot executes, one skipped
    assert_eq!(
        cycles(&[
            addiu(T0, 0, 1),
            bne(T0, 0, 2),
            NOP,
            addiu(T1, 0, 7),
            addiu(T2, 0, 2),
        ]),
        4 + 2 + 4 + 1
    );
    // beq right behind a load: +2; one instruction between: +1 (the target is the word after the slot)
    assert_eq!(
        cycles(&[lw(T0, SP, 0), beq(T0, T0, 1), NOP, NOP]),
        4 + 2 + 4 + 2
    );
    assert_eq!(
        cycles(&[lw(T0, SP, 0), NOP, beq(T0, T0, 1), NOP, NOP]),
        5 + 2 + 4 + 1
    );
    // beql not taken: the slot is annulled (+1, not executed)
    assert_eq!(
        cycles(&[
            addiu(T0, 0, 1),
            NOP,
            beql(T0, 0, 2),
            addiu(T1, 0, 5),
            addiu(T2, 0, 2),
        ]),
        4 + 2 + 4 + 1
    );
    // jal + jr ra (jal 0 cycles; jr reads ra written by jal three instructions earlier)
    let base = asip_testkit::words::BASE;
    let jal = 3 << 26 | ((base + 16) >> 2 & 0x03ff_ffff);
    assert_eq!(
        cycles(&[
            jal,
            NOP,
            itype(0x0f, 0, 0, 0), // lui zero, 0 (nop) on return
            beq(0, 0, 3),
            NOP,
            rtype(RA, 0, 0, 0, 8), // 16: jr ra
            NOP,
        ]),
        // jal, slot, nop (target), jr, slot, lui, beq, slot, exit (2): no stalls
        10 + 4
    );
}

#[test]
fn hi_lo_unit() {
    if !have_verilator() {
        return;
    }
    let divu = rtype(T0, T1, 0, 0, 0x1b);
    let div = rtype(T0, T1, 0, 0, 0x1a);
    let multu = rtype(T0, T1, 0, 0, 0x19);
    let mflo = rtype(0, 0, T2, 0, 0x12);
    let mfhi = rtype(0, 0, T3, 0, 0x10);
    // mflo right behind divu waits 33 cycles; HI/LO = 2, 14
    assert_eq!(
        cycles(&[addiu(T0, 0, 100), addiu(T1, 0, 7), divu, mflo, mfhi]),
        5 + 2 + 4 + 33
    );
    // independent work hides it; signed division by zero and INT_MIN / -1
    assert_eq!(
        cycles(&[
            addiu(T0, 0, -100),
            addiu(T1, 0, 0),
            div,
            addiu(T4, 0, 1),
            mflo,
            lui(T0, 0x8000),
            addiu(T1, 0, -1),
            div,
            mfhi,
        ]),
        // mflo issues 34 after the first div (2 between: +32), mfhi right behind the
        // second: +33
        9 + 2 + 4 + 32 + 33
    );
    // multu then mflo: no wait
    assert_eq!(
        cycles(&[addiu(T0, 0, -3), addiu(T1, 0, 5), multu, mflo, mfhi]),
        5 + 2 + 4
    );
}

fn lui(rt: u32, imm: u32) -> u32 {
    itype(0x0f, 0, rt, imm as i32)
}

#[test]
fn benchmark_firmware_lockstep() {
    if !have_verilator() {
        return;
    }
    let root = asip_testkit::root();
    for name in ["mips-ref", "mips-sw", "mips-native", "mips-coproc"] {
        let d = asip_flow::design::find(&root.join("designs"), name).expect("design");
        let r = asip_flow::lockstep::check(&root, &d, "sha3-256", &[0, 136], 1)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(r.instructions > 100_000, "{name}: {r:?}");
    }
}
