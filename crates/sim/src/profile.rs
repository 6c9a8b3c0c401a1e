//! Profiler: cycles per instruction class, per function and per basic block.
//!
//! The hot loop only adds to two per-PC counters (`count`, `cycles`); everything else is
//! computed once at the end from the decoded program and the symbol table. The cycles
//! of an instruction are the cycles the timing engine charged while it retired
//! (issue + stalls + penalties); the pipeline-fill cycles belong to no instruction.

use crate::elf::SymbolTable;
use crate::isa::{Base, DecodedInsn, InstrClass, TimingClass};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Totals of one instruction class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassStat {
    /// The class.
    pub class: InstrClass,
    /// Retired instructions.
    pub count: u64,
    /// Cycles.
    pub cycles: u64,
}

/// Totals of one mnemonic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpStat {
    /// Mnemonic.
    pub name: &'static str,
    /// Class.
    pub class: InstrClass,
    /// Retired instructions.
    pub count: u64,
    /// Cycles.
    pub cycles: u64,
}

/// Totals of one function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuncStat {
    /// Symbol name (`?` when no symbol covers the code).
    pub name: String,
    /// Start address.
    pub addr: u32,
    /// Retired instructions.
    pub count: u64,
    /// Cycles.
    pub cycles: u64,
}

/// Totals of one basic block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockStat {
    /// Address of the leader.
    pub start: u32,
    /// Address of the last instruction.
    pub end: u32,
    /// Enclosing function.
    pub function: String,
    /// Times the block was entered (executions of its leader).
    pub entries: u64,
    /// Retired instructions.
    pub count: u64,
    /// Cycles.
    pub cycles: u64,
}

/// Totals of one executed instruction address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PcStat {
    /// Address.
    pub pc: u32,
    /// Class of the instruction there.
    pub class: InstrClass,
    /// Retired instructions.
    pub count: u64,
    /// Cycles.
    pub cycles: u64,
}

/// Profiling results, each list sorted by cycles (descending), ties by address/name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    /// Total cycles of the run (including pipeline fill).
    pub total_cycles: u64,
    /// Total retired instructions.
    pub total_instret: u64,
    /// Per class (all eight classes, including empty ones).
    pub classes: Vec<ClassStat>,
    /// Per mnemonic.
    pub ops: Vec<OpStat>,
    /// Per function.
    pub functions: Vec<FuncStat>,
    /// Per basic block (executed blocks of the decoded text only).
    pub blocks: Vec<BlockStat>,
    /// Per executed address, in address order (for scoped views, e.g. one function).
    pub pcs: Vec<PcStat>,
}

#[derive(Default)]
pub(crate) struct Profiler {
    pub count: Vec<u64>,
    pub cycles: Vec<u64>,
    pub other: HashMap<u32, (u64, u64, Option<DecodedInsn>)>,
}

impl Profiler {
    pub fn new(n: usize) -> Self {
        Profiler {
            count: vec![0; n],
            cycles: vec![0; n],
            other: HashMap::new(),
        }
    }

    #[inline(always)]
    pub fn record(&mut self, idx: usize, pc: u32, cyc: u64, d: &DecodedInsn) {
        if idx < self.count.len() {
            self.count[idx] += 1;
            self.cycles[idx] += cyc;
        } else {
            let e = self.other.entry(pc).or_insert((0, 0, Some(*d)));
            e.0 += 1;
            e.1 += cyc;
        }
    }

    pub fn finish(
        &self,
        isa_base: Base,
        base: u32,
        cache: &[DecodedInsn],
        syms: &SymbolTable,
        total_cycles: u64,
        total_instret: u64,
    ) -> Profile {
        let func_of = |pc: u32| -> (String, u32) {
            match syms.function_at(pc).or_else(|| syms.nearest(pc)) {
                Some(s) => (s.name.clone(), s.addr),
                None => ("?".into(), 0),
            }
        };
        let mut classes: Vec<ClassStat> = InstrClass::ALL
            .iter()
            .map(|&class| ClassStat {
                class,
                count: 0,
                cycles: 0,
            })
            .collect();
        let mut ops: BTreeMap<&'static str, OpStat> = BTreeMap::new();
        let mut funcs: BTreeMap<(u32, String), (u64, u64)> = BTreeMap::new();
        let mut pcs: Vec<PcStat> = Vec::new();
        let mut add = |pc: u32, d: &DecodedInsn, n: u64, c: u64| {
            pcs.push(PcStat {
                pc,
                class: d.info.class,
                count: n,
                cycles: c,
            });
            let cs = &mut classes[d.info.class.index()];
            cs.count += n;
            cs.cycles += c;
            let o = ops.entry(d.info.name).or_insert(OpStat {
                name: d.info.name,
                class: d.info.class,
                count: 0,
                cycles: 0,
            });
            o.count += n;
            o.cycles += c;
            let (name, addr) = func_of(pc);
            let f = funcs.entry((addr, name)).or_insert((0, 0));
            f.0 += n;
            f.1 += c;
        };
        for (i, d) in cache.iter().enumerate() {
            if self.count[i] > 0 {
                add(base + 4 * i as u32, d, self.count[i], self.cycles[i]);
            }
        }
        for (&pc, (n, c, d)) in &self.other {
            if let Some(d) = d {
                add(pc, d, *n, *c);
            }
        }
        pcs.sort_by_key(|p| p.pc);
        classes.sort_by(|a, b| b.cycles.cmp(&a.cycles).then(a.class.cmp(&b.class)));
        let mut ops: Vec<OpStat> = ops.into_values().collect();
        ops.sort_by(|a, b| b.cycles.cmp(&a.cycles).then(a.name.cmp(b.name)));
        let mut functions: Vec<FuncStat> = funcs
            .into_iter()
            .map(|((addr, name), (count, cycles))| FuncStat {
                name,
                addr,
                count,
                cycles,
            })
            .collect();
        functions.sort_by(|a, b| b.cycles.cmp(&a.cycles).then(a.addr.cmp(&b.addr)));

        // basic blocks over the decoded text
        let end = base as u64 + 4 * cache.len() as u64;
        let mut leaders = BTreeSet::new();
        leaders.insert(base);
        for s in syms.iter() {
            if s.addr >= base && (s.addr as u64) < end {
                leaders.insert(s.addr & !3);
            }
        }
        // MIPS: a block ends after the delay slot; j/jal targets are region-absolute
        let info = isa_base.info();
        let after = if info.delay_slot { 8 } else { 4 };
        for (i, d) in cache.iter().enumerate() {
            let pc = base + 4 * i as u32;
            match d.info.timing {
                TimingClass::Branch | TimingClass::Jal => {
                    let target = if d.info.timing == TimingClass::Jal {
                        (info.jump_target)(pc, d.imm)
                    } else {
                        pc.wrapping_add(d.imm as u32)
                    };
                    leaders.insert(target);
                    leaders.insert(pc.wrapping_add(after));
                }
                TimingClass::Jalr => {
                    leaders.insert(pc.wrapping_add(after));
                }
                TimingClass::System | TimingClass::FenceI => {
                    leaders.insert(pc.wrapping_add(4));
                }
                _ => {}
            }
        }
        let mut blocks = Vec::new();
        let mut cur: Option<BlockStat> = None;
        for i in 0..cache.len() {
            let pc = base + 4 * i as u32;
            if leaders.contains(&pc) {
                if let Some(b) = cur.take() {
                    if b.count > 0 {
                        blocks.push(b);
                    }
                }
                cur = Some(BlockStat {
                    start: pc,
                    end: pc,
                    function: func_of(pc).0,
                    entries: self.count[i],
                    count: 0,
                    cycles: 0,
                });
            }
            if let Some(b) = cur.as_mut() {
                b.end = pc;
                b.count += self.count[i];
                b.cycles += self.cycles[i];
            }
        }
        if let Some(b) = cur.take() {
            if b.count > 0 {
                blocks.push(b);
            }
        }
        blocks.sort_by(|a, b| b.cycles.cmp(&a.cycles).then(a.start.cmp(&b.start)));
        Profile {
            total_cycles,
            total_instret,
            classes,
            ops,
            functions,
            blocks,
            pcs,
        }
    }
}

impl Profile {
    /// Human-readable report (top `n` functions and blocks).
    pub fn report(&self, n: usize) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let pct = |c: u64| {
            if self.total_cycles == 0 {
                0.0
            } else {
                100.0 * c as f64 / self.total_cycles as f64
            }
        };
        let _ = writeln!(
            s,
            "total: {} cycles, {} instructions",
            self.total_cycles, self.total_instret
        );
        // one row: what, its cycles and their share of the total, a count
        let row = |s: &mut String, what: String, cycles: u64, count: String| {
            let _ = writeln!(
                s,
                "  {what} {cycles:>12} cycles {:>6.2}%  {count}",
                pct(cycles)
            );
        };
        let _ = writeln!(s, "\nby instruction class:");
        for c in &self.classes {
            let what = format!("{:<22}", c.class.name());
            row(&mut s, what, c.cycles, format!("{:>12} insns", c.count));
        }
        let _ = writeln!(s, "\nby function:");
        for f in self.functions.iter().take(n) {
            let what = format!("{:<30}", f.name);
            row(&mut s, what, f.cycles, format!("{:>12} insns", f.count));
        }
        let _ = writeln!(s, "\nby basic block:");
        for b in self.blocks.iter().take(n) {
            let what = format!("{:#010x}-{:#010x} {:<20}", b.start, b.end, b.function);
            row(&mut s, what, b.cycles, format!("{:>10} entries", b.entries));
        }
        s
    }
}
