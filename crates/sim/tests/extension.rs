//! A toy custom extension registered at run time: extra state (a counter), a custom-0
//! instruction, a per-op latency from TOML, and a fetch hook (a one-level hardware loop).
mod common;
use asip_sim::cpu::{Cpu, Trap};
use asip_sim::isa::{DecodedInsn, Extension, OpInfo};
use asip_sim::rv32::fields;
use asip_sim::{
    define_ops, ExitKind, InstrClass, Machine, Program, Registry, RunOptions, TimingParams,
};
use common::*;
use std::sync::Arc;

#[derive(Default)]
struct ToyState {
    acc: u32,
    loop_start: u32,
    loop_end: u32,
    count: u32,
}

// acc rd, rs1: acc += rs1; rd = acc
fn exec_acc(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let v = c.reg(d.rs1);
    let st = c.state_mut::<ToyState>();
    st.acc = st.acc.wrapping_add(v);
    let a = st.acc;
    c.set_reg(d.rd, a);
    Ok(())
}

// loop rs1, imm: repeat the next instructions up to pc+imm (exclusive) x[rs1] times
fn exec_loop(c: &mut Cpu, d: &DecodedInsn) -> Result<(), Trap> {
    let n = c.reg(d.rs1);
    let pc = c.pc;
    let st = c.state_mut::<ToyState>();
    st.loop_start = pc + 4;
    st.loop_end = pc.wrapping_add(d.imm as u32);
    st.count = n;
    c.attention = n > 1;
    Ok(())
}

fn hook(c: &mut Cpu, next: u32) -> u32 {
    let st = c.state_mut::<ToyState>();
    if st.count > 1 && next == st.loop_end {
        st.count -= 1;
        let s = st.loop_start;
        c.attention = true;
        return s;
    }
    c.attention = st.count > 1;
    next
}

define_ops! { OPS, Id;
    ACC = "toy.acc", exec_acc, Unary, Custom, Custom;
    LOOP = "toy.loop", exec_loop, I, Custom, Custom;
}

struct Toy;
impl Extension for Toy {
    fn name(&self) -> &'static str {
        "xtoy"
    }
    fn ops(&self) -> &'static [OpInfo] {
        OPS
    }
    fn decode(&self, w: u32) -> Option<DecodedInsn> {
        if fields::opcode(w) != 0x0b {
            return None;
        }
        match fields::funct3(w) {
            0 => Some(DecodedInsn::new(
                &OPS[Id::ACC as usize],
                w,
                fields::rd(w),
                fields::rs1(w),
                0,
                0,
            )),
            1 => Some(DecodedInsn::new(
                &OPS[Id::LOOP as usize],
                w,
                0,
                fields::rs1(w),
                0,
                fields::imm_i(w),
            )),
            _ => None,
        }
    }
    fn init(&self, cpu: &mut Cpu) {
        cpu.add_fetch_hook(hook);
    }
}

#[test]
fn toy_extension_with_state_and_hardware_loop() {
    let mut reg = Registry::new();
    reg.register(Arc::new(Toy));
    let isa = reg.parse_isa("rv32im_xtoy").unwrap();
    assert_eq!(isa.name(), "rv32im_xtoy");
    assert!(asip_sim::Isa::parse("rv32im_xtoy")
        .unwrap_err()
        .to_string()
        .contains("known extensions"));
    let acc = |rd: u32, rs1: u32| (rs1 << 15) | (rd << 7) | 0x0b;
    let lp = |rs1: u32, off: i32| i(off, rs1, 1, 0, 0x0b);
    let words = vec![
        addi(5, 0, 10), // t0 = 10 iterations
        addi(6, 0, 3),  // t1 = 3
        lp(5, 12),      // loop body: the next 2 instructions
        acc(10, 6),     //   a0 = acc += 3
        addi(7, 7, 1),  //   t2++
        addi(17, 0, 93),
        ECALL,
    ];
    assert_eq!(isa.disasm(acc(10, 6), 0), "toy.acc a0, t1");
    let mut t = TimingParams::preset("zscale").unwrap();
    t.ops.insert("toy.acc".into(), 3);
    let p = Program::from_words(BASE, &words, 64);
    let opts = RunOptions {
        profile: true,
        ..Default::default()
    };
    let mut m = Machine::new(&p, isa, t, opts).unwrap();
    let r = m.run().unwrap();
    assert_eq!(r.exit, ExitKind::Exit(30));
    assert_eq!(m.cpu().x[7], 10);
    assert_eq!(m.cpu().state::<ToyState>().unwrap().acc, 30);
    // 3 setup + 20 body + 2 exit = 25 insns; acc costs 3 -> +2*10; loop-back is free
    assert_eq!(r.instret, 25);
    assert_eq!(r.cycles, 25 + 20 + 2);
    let prof = r.profile.unwrap();
    let custom = prof
        .classes
        .iter()
        .find(|c| c.class == InstrClass::Custom)
        .unwrap();
    assert_eq!((custom.count, custom.cycles), (11, 1 + 30));
}
