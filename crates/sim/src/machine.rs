//! The machine: memory layout, stack set-up, the run loop (decode cache + timing +
//! optional trace and profile), syscalls and traps.

use crate::cpu::{Cpu, Memory, Trap};
use crate::elf::{ElfError, Program};
use crate::isa::{Base, DecodedInsn, Format, InstrClass, Isa, IsaError, OpInfo, TimingClass};
use crate::profile::{Profile, Profiler};
use crate::timing::{Dynamic, TimingError, TimingParams};
use std::fmt;
use std::io::Write;

/// Everything that can stop a simulation abnormally.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimError {
    /// The ELF file was refused.
    Elf(ElfError),
    /// Bad ISA string.
    Isa(IsaError),
    /// Bad timing parameters.
    Timing(TimingError),
    /// Valid input this simulator cannot run (e.g. MIPS for now).
    Unsupported(String),
    /// Program does not fit the memory model.
    Layout(String),
    /// Illegal instruction (and no trap handler).
    IllegalInstruction {
        /// Address.
        pc: u32,
        /// The instruction word.
        word: u32,
        /// What could be decoded of it.
        detail: String,
    },
    /// Misaligned data access or jump target.
    Misaligned {
        /// Address of the instruction.
        pc: u32,
        /// Offending address.
        addr: u32,
        /// "load", "store" or "jump target".
        kind: &'static str,
        /// Disassembly of the instruction.
        insn: String,
    },
    /// Access outside memory.
    OutOfRange {
        /// Address of the instruction.
        pc: u32,
        /// Offending address.
        addr: u32,
        /// "load", "store" or "instruction fetch".
        kind: &'static str,
    },
    /// A store into a read-only segment or a fetch from a non-executable one (ELF
    /// segment permissions), without a trap handler.
    Protection {
        /// Address of the instruction.
        pc: u32,
        /// Offending address.
        addr: u32,
        /// "store to read-only" or "instruction fetch from non-executable".
        kind: &'static str,
        /// The segment's range and flags, e.g. `0x10000..0x113bd (R-X)`.
        segment: String,
    },
    /// Breakpoint (ebreak) without a trap handler.
    Breakpoint {
        /// Address.
        pc: u32,
    },
    /// Unknown Linux syscall number in a7.
    UnknownSyscall {
        /// Address of the ecall.
        pc: u32,
        /// a7.
        number: u32,
    },
    /// An exception without a handler that has no RISC-V counterpart (MIPS integer
    /// overflow, conditional trap instruction, unknown o32 syscall).
    Exception {
        /// Address of the instruction.
        pc: u32,
        /// What happened.
        cause: String,
        /// Disassembly of the instruction.
        insn: String,
    },
    /// Ran past `max_cycles`.
    Runaway {
        /// Cycle count reached.
        cycles: u64,
        /// PC at that point.
        pc: u32,
    },
    /// Writing the trace failed.
    Io(String),
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Elf(e) => write!(f, "{e}"),
            SimError::Isa(e) => write!(f, "{e}"),
            SimError::Timing(e) => write!(f, "{e}"),
            SimError::Unsupported(s) => write!(f, "unsupported: {s}"),
            SimError::Layout(s) => write!(f, "memory layout: {s}"),
            SimError::IllegalInstruction { pc, word, detail } => write!(
                f,
                "illegal instruction at pc {pc:#010x}: word {word:#010x} ({detail})"
            ),
            SimError::Misaligned {
                pc,
                addr,
                kind,
                insn,
            } => write!(
                f,
                "misaligned {kind} address {addr:#010x} at pc {pc:#010x} ({insn})"
            ),
            SimError::OutOfRange { pc, addr, kind } => write!(
                f,
                "{kind} address {addr:#010x} outside memory at pc {pc:#010x}"
            ),
            SimError::Protection {
                pc,
                addr,
                kind,
                segment,
            } => write!(
                f,
                "{kind} memory: address {addr:#010x} is in ELF segment {segment} at pc {pc:#010x}"
            ),
            SimError::Breakpoint { pc } => write!(f, "ebreak/break at pc {pc:#010x}"),
            SimError::Exception { pc, cause, insn } => {
                write!(f, "{cause} at pc {pc:#010x} ({insn})")
            }
            SimError::UnknownSyscall { pc, number } => write!(
                f,
                "unknown syscall {number} (a7) at pc {pc:#010x}; supported: write (64), exit (93), exit_group (94)"
            ),
            SimError::Runaway { cycles, pc } => write!(
                f,
                "runaway: exceeded max_cycles at cycle {cycles}, pc {pc:#010x}"
            ),
            SimError::Io(s) => write!(f, "I/O error: {s}"),
        }
    }
}

impl std::error::Error for SimError {}

impl SimError {
    /// For an error that stops a running program (a trap without a handler, the cycle
    /// limit): the signal a POSIX system would kill such a process with, as (number,
    /// name). `run` exits with 128 + number, as a shell reports a killed process. `None`
    /// for errors before the program starts (ELF, ISA, timing, layout) and for I/O.
    pub fn signal(&self) -> Option<(u8, &'static str)> {
        Some(match self {
            SimError::IllegalInstruction { .. } => (4, "SIGILL"),
            SimError::Breakpoint { .. } => (5, "SIGTRAP"),
            SimError::Misaligned { .. } => (7, "SIGBUS"),
            SimError::OutOfRange { .. } | SimError::Protection { .. } => (11, "SIGSEGV"),
            SimError::Runaway { .. } => (24, "SIGXCPU"),
            SimError::UnknownSyscall { .. } => (31, "SIGSYS"),
            SimError::Exception { cause, .. } => {
                if cause.contains("overflow") {
                    (8, "SIGFPE")
                } else if cause.contains("syscall") {
                    (31, "SIGSYS")
                } else {
                    (5, "SIGTRAP")
                }
            }
            SimError::Elf(_)
            | SimError::Isa(_)
            | SimError::Timing(_)
            | SimError::Unsupported(_)
            | SimError::Layout(_)
            | SimError::Io(_) => return None,
        })
    }
}

macro_rules! from_error {
    ($($variant:ident($ty:ty)),*) => {
        $(impl From<$ty> for SimError {
            fn from(e: $ty) -> Self {
                SimError::$variant(e)
            }
        })*
    };
}
from_error!(Elf(ElfError), Isa(IsaError), Timing(TimingError));

/// How the program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitKind {
    /// exit / exit_group syscall with this status (a0).
    Exit(i32),
    /// riscv-tests `tohost` protocol: value 1 = pass, otherwise test `value >> 1` failed.
    ToHost {
        /// value == 1
        pass: bool,
        /// Failing test number (0 on pass).
        test: u32,
    },
}

impl ExitKind {
    /// The guest's exit code as it passed it (exit(-1) is -1); 0 for a tohost pass, the
    /// failing test number for a tohost fail.
    pub fn code(&self) -> i32 {
        match *self {
            ExitKind::Exit(c) => c,
            ExitKind::ToHost { pass: true, .. } => 0,
            ExitKind::ToHost { test, .. } => test.max(1).min(i32::MAX as u32) as i32,
        }
    }

    /// The exit status a POSIX parent sees: the low 8 bits of the exit code (exit(-1) is
    /// 255, exit(256) is 0); 0 for a tohost pass and the failing test number (at most
    /// 255, at least 1) for a tohost fail.
    pub fn status(&self) -> u8 {
        match *self {
            ExitKind::Exit(c) => (c as u32 & 0xff) as u8,
            ExitKind::ToHost { pass: true, .. } => 0,
            ExitKind::ToHost { test, .. } => test.clamp(1, 255) as u8,
        }
    }
}

/// The message of a riscv-tests `tohost` value: `tohost = 0x7: test 3 failed`.
pub fn tohost_message(v: u32) -> String {
    if v == 1 {
        "tohost = 0x1: passed".into()
    } else {
        format!("tohost = {v:#x}: test {} failed", v >> 1)
    }
}

/// Options of one run.
pub struct RunOptions {
    /// Stop with [`SimError::Runaway`] when the cycle count reaches this.
    pub max_cycles: u64,
    /// argv (argv\[0\] included); argc = argv.len().
    pub argv: Vec<String>,
    /// Commit-log trace sink (one line per retired instruction).
    pub trace: Option<Box<dyn Write>>,
    /// Collect a [`Profile`].
    pub profile: bool,
    /// Also write the program's stdout/stderr to the host's as it runs.
    pub echo_output: bool,
    /// Bytes of stack below the top of memory.
    pub stack_size: u32,
    /// Bytes of free memory between the end of the loaded segments and the stack.
    pub heap_size: u32,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            max_cycles: 10_000_000_000,
            argv: vec!["prog".into()],
            trace: None,
            profile: false,
            echo_output: false,
            stack_size: 1 << 20,
            heap_size: 1 << 20,
        }
    }
}

impl fmt::Debug for RunOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RunOptions")
            .field("max_cycles", &self.max_cycles)
            .field("argv", &self.argv)
            .field("trace", &self.trace.is_some())
            .field("profile", &self.profile)
            .field("echo_output", &self.echo_output)
            .finish()
    }
}

/// Result of a completed run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunResult {
    /// How it ended.
    pub exit: ExitKind,
    /// Bytes written to fd 1.
    pub stdout: Vec<u8>,
    /// Bytes written to fd 2.
    pub stderr: Vec<u8>,
    /// Cycles (timing model).
    pub cycles: u64,
    /// Retired instructions.
    pub instret: u64,
    /// Profile, if requested.
    pub profile: Option<Profile>,
}

fn exec_illegal(_c: &mut Cpu, _d: &DecodedInsn) -> Result<(), Trap> {
    Err(Trap::Illegal)
}
fn disasm_illegal(d: &DecodedInsn, _pc: u32) -> String {
    format!(".word {:#010x}", d.word)
}
static ILLEGAL: OpInfo = OpInfo {
    name: "illegal",
    exec: exec_illegal,
    format: Format::Custom(disasm_illegal),
    class: InstrClass::Other,
    timing: TimingClass::System,
    enc: None,
};

fn exec_fetch_fault(c: &mut Cpu, _d: &DecodedInsn) -> Result<(), Trap> {
    Err(Trap::FetchFault(c.pc))
}
fn disasm_fetch_fault(_d: &DecodedInsn, _pc: u32) -> String {
    "(fetch from non-executable memory)".into()
}
/// What the decode cache holds for an address in a segment without execute permission.
static FETCH_FAULT: OpInfo = OpInfo {
    name: "fetch-fault",
    exec: exec_fetch_fault,
    format: Format::Custom(disasm_fetch_fault),
    class: InstrClass::Other,
    timing: TimingClass::System,
    enc: None,
};

fn exec_fetch_outside(c: &mut Cpu, _d: &DecodedInsn) -> Result<(), Trap> {
    Err(Trap::FetchOutside(c.pc))
}
fn disasm_fetch_outside(_d: &DecodedInsn, _pc: u32) -> String {
    "(fetch outside memory)".into()
}
/// What a fetch outside memory executes: an instruction access fault (a trap the RV32
/// handler can take, as the RTL's), word 0.
static FETCH_OUTSIDE: OpInfo = OpInfo {
    name: "fetch-outside",
    exec: exec_fetch_outside,
    format: Format::Custom(disasm_fetch_outside),
    class: InstrClass::Other,
    timing: TimingClass::System,
    enc: None,
};

/// A machine ready to run one program.
pub struct Machine {
    cpu: Cpu,
    isa: Isa,
    timing: TimingParams,
    cache: Vec<DecodedInsn>,
    text_base: u32,
    ready: [u64; 64],
    /// Delayed branches (MIPS): the run loop applies `Cpu::delayed_target` after the slot.
    delay: bool,
    /// The timing model has operand-dependent latencies ([`TimingParams::has_dynamic`]).
    dynamic: bool,
    max_cycles: u64,
    trace: Option<Box<dyn Write>>,
    /// With a trace: the vector registers before the instruction being traced (its line
    /// shows the ones it changed, [`trace_vregs`]).
    vsnap: Option<Box<[u8; 32 * crate::rv32::vector::VLENB as usize]>>,
    profiler: Option<Profiler>,
    echo: bool,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    symbols: crate::elf::SymbolTable,
    /// ELF segments with flags: (lo, hi, "R-X"-style flags), for messages and fetch checks.
    segments: Vec<(u32, u64, String)>,
    /// Non-executable ranges `[lo, hi)`.
    no_exec: Vec<(u32, u64)>,
}

fn align_up(v: u64, a: u64) -> u64 {
    v.div_ceil(a) * a
}

/// A byte range `[lo, hi)` of memory (`hi` may be 2^32).
pub type Span = (u32, u64);

/// Largest memory image the flat memory model accepts.
pub const MAX_MEMORY: u64 = 512 << 20;

impl Machine {
    /// Set up memory, stack, decode cache and timing for `prog`.
    pub fn new(
        prog: &Program,
        isa: Isa,
        timing: TimingParams,
        opts: RunOptions,
    ) -> Result<Machine, SimError> {
        if prog.machine != isa.base() {
            let b = prog.machine.info();
            return Err(SimError::Unsupported(format!(
                "{} ELF cannot run with ISA {} ({}); use an ISA string starting with \"{}\" \
                 (e.g. {})",
                b.elf_name,
                isa.name(),
                isa.base(),
                b.name,
                b.example_isa
            )));
        }
        timing.validate()?;
        timing.check_ops(&isa)?;
        if prog.entry & 3 != 0 {
            return Err(SimError::Layout(format!(
                "entry point {:#x} is not 4-byte aligned (compressed code is not supported)",
                prog.entry
            )));
        }
        let lo = prog.segments.iter().map(|s| s.vaddr).min().unwrap_or(0) as u64 & !0xfff;
        let hi = prog
            .segments
            .iter()
            .map(|s| s.vaddr as u64 + s.memsz as u64)
            .max()
            .unwrap_or(0);
        let top = align_up(
            align_up(hi, 16) + opts.heap_size as u64 + opts.stack_size as u64,
            16,
        );
        if top > 1 << 32 {
            return Err(SimError::Layout(format!(
                "segments end at {hi:#x}: no room for heap and stack below 4 GiB"
            )));
        }
        if top - lo > MAX_MEMORY {
            return Err(SimError::Layout(format!(
                "memory image {lo:#x}..{top:#x} is larger than {} MiB (segments too far apart?)",
                MAX_MEMORY >> 20
            )));
        }
        let mut mem = Memory::new(lo as u32, (top - lo) as usize);
        for s in &prog.segments {
            if let Some(dst) = mem.slice_mut(s.vaddr, s.data.len()) {
                dst.copy_from_slice(&s.data);
            }
        }
        // decoded text: span of the executable segments
        let tlo = prog
            .segments
            .iter()
            .filter(|s| s.exec)
            .map(|s| s.vaddr)
            .min()
            .unwrap_or(0)
            & !3;
        let thi = prog
            .segments
            .iter()
            .filter(|s| s.exec)
            .map(|s| s.vaddr as u64 + s.data.len() as u64)
            .max()
            .unwrap_or(0);
        // decode cache covers the file-backed text; zero-filled tails decode on the fly
        let thi = align_up(thi, 4).min(top).max(tlo as u64) as u32;
        let mut cpu = Cpu::new(mem);
        cpu.events = timing.event_cycles(&isa);
        let span = |s: &crate::elf::Segment| (s.vaddr, s.vaddr as u64 + s.memsz as u64);
        cpu.read_only = prog
            .segments
            .iter()
            .filter(|s| !s.write)
            .map(span)
            .collect();
        cpu.ro_lo = cpu.read_only.iter().map(|r| r.0 as u64).min().unwrap_or(0);
        cpu.ro_hi = cpu.read_only.iter().map(|r| r.1).max().unwrap_or(0);
        cpu.misaligned_ok = timing.misaligned == crate::timing::Misaligned::Perform;
        let no_exec: Vec<(u32, u64)> = prog.segments.iter().filter(|s| !s.exec).map(span).collect();
        let segments = prog
            .segments
            .iter()
            .map(|s| {
                let f = if s.no_flags {
                    "no flags: RWX".to_string()
                } else {
                    format!(
                        "R{}{}",
                        if s.write { 'W' } else { '-' },
                        if s.exec { 'X' } else { '-' }
                    )
                };
                let (lo, hi) = span(s);
                (lo, hi, f)
            })
            .collect();
        cpu.text_lo = tlo;
        cpu.text_hi = thi;
        cpu.tohost = prog.symbols.addr("tohost");
        let names: Vec<&'static str> = isa.extensions().iter().map(|e| e.name()).collect();
        (isa.base().info().init)(&mut cpu, &names);
        cpu.pc = prog.entry;
        cpu.cycle = timing.fill_cycles();
        let n = ((thi - tlo) / 4) as usize;
        let isa_base = isa.base();
        let dynamic = timing.has_dynamic();
        let mut m = Machine {
            cpu,
            isa,
            timing,
            cache: Vec::with_capacity(n),
            text_base: tlo,
            ready: [0; 64],
            delay: isa_base.info().delay_slot,
            dynamic,
            max_cycles: opts.max_cycles,
            trace: opts.trace,
            vsnap: None,
            profiler: if opts.profile {
                Some(Profiler::new(n))
            } else {
                None
            },
            echo: opts.echo_output,
            stdout: Vec::new(),
            stderr: Vec::new(),
            symbols: prog.symbols.clone(),
            segments,
            no_exec,
        };
        for i in 0..n {
            let d = m.decode_at(tlo + 4 * i as u32);
            m.cache.push(d);
        }
        m.setup_stack(&opts.argv, top as u32)?;
        for e in m.isa.extensions().to_vec() {
            e.init(&mut m.cpu);
        }
        Ok(m)
    }

    fn decode_word(&self, w: u32) -> DecodedInsn {
        let mut d = self
            .isa
            .decode(w)
            .unwrap_or_else(|| DecodedInsn::new(&ILLEGAL, w, 0, 0, 0, 0));
        self.timing.bind(&mut d);
        d
    }

    fn executable(&self, pc: u32) -> bool {
        !self
            .no_exec
            .iter()
            .any(|&(lo, hi)| pc >= lo && (pc as u64) < hi)
    }

    fn decode_at(&self, pc: u32) -> DecodedInsn {
        let w = self.cpu.mem.load32(pc).unwrap_or(0);
        if !self.executable(pc) {
            return DecodedInsn::new(&FETCH_FAULT, w, 0, 0, 0, 0);
        }
        self.decode_word(w)
    }

    fn segment_text(&self, addr: u32) -> String {
        self.segments
            .iter()
            .find(|s| addr >= s.0 && (addr as u64) < s.1)
            .map(|s| format!("{:#x}..{:#x} ({})", s.0, s.1, s.2))
            .unwrap_or_else(|| "(none)".into())
    }

    fn setup_stack(&mut self, argv: &[String], top: u32) -> Result<(), SimError> {
        // strings at the top, then (16-byte aligned) argc, argv[], NULL, envp NULL, auxv
        let mut p = top;
        let mut ptrs = Vec::new();
        for a in argv.iter().rev() {
            let b = a.as_bytes();
            p = p
                .checked_sub(b.len() as u32 + 1)
                .ok_or_else(|| SimError::Layout("argv too large".into()))?;
            let dst = self
                .cpu
                .mem
                .slice_mut(p, b.len() + 1)
                .ok_or_else(|| SimError::Layout("argv does not fit the stack".into()))?;
            dst[..b.len()].copy_from_slice(b);
            dst[b.len()] = 0;
            ptrs.push(p);
        }
        ptrs.reverse();
        let words = 1 + ptrs.len() + 1 + 1 + 2;
        let sp = (p - 4 * words as u32) & !15;
        let mut v = vec![ptrs.len() as u32];
        v.extend(&ptrs);
        v.extend([0, 0, 0, 0]); // argv NULL, envp NULL, AT_NULL, 0
        for (i, w) in v.iter().enumerate() {
            self.cpu
                .mem
                .store32(sp + 4 * i as u32, *w)
                .map_err(|_| SimError::Layout("stack set-up outside memory".into()))?;
        }
        self.cpu.x[self.isa.base().info().sp as usize] = sp;
        Ok(())
    }

    /// The CPU state (registers, memory, CSRs, extension state).
    pub fn cpu(&self) -> &Cpu {
        &self.cpu
    }

    /// Mutable CPU state (e.g. to preset registers in tests).
    pub fn cpu_mut(&mut self) -> &mut Cpu {
        &mut self.cpu
    }

    /// The program's symbols.
    pub fn symbols(&self) -> &crate::elf::SymbolTable {
        &self.symbols
    }

    /// The memory's permissions as the loader set them from the ELF segment flags:
    /// `(read_only, no_exec)`, byte ranges `[lo, hi)` where a store traps
    /// ([`Trap::StoreReadOnly`]) and where a fetch traps ([`Trap::FetchFault`]). The rest of
    /// [`Memory::base`]..[`Memory::end`] is readable, writable and executable (heap and
    /// stack included); outside it every access traps. The RTL processors' memory takes the
    /// same map (`asip_flow::rtl`).
    pub fn permissions(&self) -> (&[Span], &[Span]) {
        (&self.cpu.read_only, &self.no_exec)
    }

    /// [`Machine::decode_word_for_trace`] for the word `w` fetched at `pc`: a word in a
    /// segment without execute permission is the fetch-fault pseudo-instruction, as the
    /// run loop shows it.
    pub fn decode_at_for_trace(&self, pc: u32, w: u32) -> DecodedInsn {
        if self.cpu.mem.load32(pc).is_err() {
            return DecodedInsn::new(&FETCH_OUTSIDE, w, 0, 0, 0, 0);
        }
        if !self.executable(pc) {
            return DecodedInsn::new(&FETCH_FAULT, w, 0, 0, 0, 0);
        }
        self.decode_word(w)
    }

    /// The timing parameters in use.
    pub fn timing(&self) -> &TimingParams {
        &self.timing
    }

    /// The ISA.
    pub fn isa(&self) -> &Isa {
        &self.isa
    }

    /// Cycles so far.
    pub fn cycles(&self) -> u64 {
        self.cpu.cycle
    }

    /// Retired instructions so far.
    pub fn instret(&self) -> u64 {
        self.cpu.instret
    }

    /// Run to completion.
    pub fn run(&mut self) -> Result<RunResult, SimError> {
        let exit = match (self.trace.is_some(), self.profiler.is_some()) {
            (false, false) => self.run_inner::<false, false>(),
            (false, true) => self.run_inner::<false, true>(),
            (true, false) => self.run_inner::<true, false>(),
            (true, true) => self.run_inner::<true, true>(),
        };
        if let Some(t) = self.trace.as_mut() {
            let _ = t.flush();
        }
        let exit = exit?;
        let profile = self.profiler.as_ref().map(|p| {
            p.finish(
                self.isa.base(),
                self.text_base,
                &self.cache,
                &self.symbols,
                self.cpu.cycle,
                self.cpu.instret,
            )
        });
        Ok(RunResult {
            exit,
            stdout: std::mem::take(&mut self.stdout),
            stderr: std::mem::take(&mut self.stderr),
            cycles: self.cpu.cycle,
            instret: self.cpu.instret,
            profile,
        })
    }

    #[inline(never)]
    fn fetch_slow(&self, pc: u32) -> DecodedInsn {
        match self.cpu.mem.load32(pc) {
            Ok(_) => self.decode_at(pc),
            Err(_) => DecodedInsn::new(&FETCH_OUTSIDE, 0, 0, 0, 0, 0),
        }
    }

    /// General path: one instruction at a time (used with a trace, and by the fast
    /// loop for anything unusual).
    fn run_inner<const TRACE: bool, const PROF: bool>(&mut self) -> Result<ExitKind, SimError> {
        loop {
            if !TRACE {
                macro_rules! hot {
                    ($m:ident, $delay:literal, $dyn:literal) => {
                        hot_loop::<PROF, $delay, $dyn>(
                            &mut $m.cpu,
                            &$m.cache,
                            $m.text_base,
                            &mut $m.ready,
                            $m.max_cycles,
                            $m.profiler.as_mut(),
                        )
                    };
                }
                // one instance of the fast loop per (delay slots, dynamic timing)
                let stop = match (self.delay, self.dynamic) {
                    (true, _) => hot!(self, true, false),
                    (false, true) => hot!(self, false, true),
                    (false, false) => hot!(self, false, false),
                };
                match stop {
                    Stop::Miss => {}
                    Stop::Trap(t, insn) => {
                        if let Some(e) = self.after_exec::<TRACE, PROF>(Err(t), &insn)? {
                            return Ok(e);
                        }
                        continue;
                    }
                    Stop::Attention(done) => {
                        self.slow_path()?;
                        self.cpu.pc = self.cpu.npc;
                        self.check_max(done)?;
                        continue;
                    }
                    Stop::Max(done) => {
                        return Err(SimError::Runaway {
                            cycles: done,
                            pc: self.cpu.pc,
                        })
                    }
                }
            }
            if let Some(e) = self.step::<TRACE, PROF>()? {
                return Ok(e);
            }
        }
    }

    /// The cycle limit: the run stops after the first instruction that completes at or
    /// after `max_cycles` (`done`: its retire cycle + 1, its own redirect penalty not
    /// included), naming that cycle and the next pc. The RTL harness stops at the same
    /// instruction's commit record (docs/rv32-core.md, "Faults").
    fn check_max(&self, done: u64) -> Result<(), SimError> {
        if done >= self.max_cycles {
            return Err(SimError::Runaway {
                cycles: done,
                pc: self.cpu.pc,
            });
        }
        Ok(())
    }

    /// Execute one instruction (any PC) through the general path.
    fn step<const TRACE: bool, const PROF: bool>(&mut self) -> Result<Option<ExitKind>, SimError> {
        let pc = self.cpu.pc;
        let idx = (pc.wrapping_sub(self.text_base) >> 2) as usize;
        let insn = match self.cache.get(idx) {
            Some(d) => *d,
            None => self.fetch_slow(pc),
        };
        self.cpu.npc = pc.wrapping_add(4);
        self.cpu.redirected = false;
        if TRACE {
            self.cpu.last_store = None;
            self.cpu.no_write = false;
            if let Some(v) = self.cpu.state::<crate::rv32::vector::VState>() {
                self.vsnap
                    .get_or_insert_with(|| Box::new(v.v))
                    .copy_from_slice(&v.v);
            }
        }
        let timed = timed(&self.cpu, &insn);
        let r = (insn.exec)(&mut self.cpu, &insn);
        self.after_exec::<TRACE, PROF>(r, &timed)
    }

    /// Everything after the semantics of the instruction at `cpu.pc` ran: trap
    /// handling, timing, trace, profile, hooks, PC update, cycle limit.
    fn after_exec<const TRACE: bool, const PROF: bool>(
        &mut self,
        r: Result<(), Trap>,
        insn: &DecodedInsn,
    ) -> Result<Option<ExitKind>, SimError> {
        let pc = self.cpu.pc;
        let mut exit = None;
        let mut trapped = r.is_err() && !matches!(r, Err(Trap::ToHost(_)) | Err(Trap::Ecall));
        // a trap (or a failing host call) that ends the run: the instruction still gets its
        // commit-log line, shown as trapped, as RVFI records it (rvfi_trap); then the error
        let mut fail = None;
        if let Err(t) = r {
            match self.handle_trap(t, pc, insn) {
                Ok(e) => exit = e,
                Err(e) if TRACE => {
                    trapped = true;
                    fail = Some(e);
                }
                Err(e) => return Err(e),
            }
        }
        let taken = self.cpu.npc != pc.wrapping_add(4)
            || self.cpu.redirected
            || self.cpu.delayed_target.is_some();
        // a trapping instruction (or an ecall) neither jumps nor falls through: its only
        // redirect is the trap's (or none), so no jump/branch penalty of its own; the RTL
        // resolves a misaligned jump target in X as any trap (docs/timing-models.md)
        let untaken;
        let insn = if r.is_err() && (insn.pen_taken | insn.pen_seq) != 0 {
            untaken = DecodedInsn {
                pen_taken: 0,
                pen_seq: 0,
                ..*insn
            };
            &untaken
        } else {
            insn
        };
        let (before, retire) = account(&mut self.cpu, &mut self.ready, insn, taken);
        if self.delay {
            apply_delay(&mut self.cpu);
        }
        if TRACE {
            self.trace_line(retire, pc, insn, trapped)?;
        }
        if let Some(e) = fail {
            return Err(e);
        }
        if PROF {
            if let Some(p) = self.profiler.as_mut() {
                let idx = (pc.wrapping_sub(self.text_base) >> 2) as usize;
                p.record(idx, pc, self.cpu.cycle - before, insn);
            }
        }
        if self.cpu.attention {
            self.slow_path()?;
        }
        self.cpu.pc = self.cpu.npc;
        if exit.is_some() {
            return Ok(exit);
        }
        self.check_max(retire + 1)?;
        Ok(None)
    }

    #[inline(never)]
    fn slow_path(&mut self) -> Result<(), SimError> {
        self.cpu.attention = false;
        let dirty = std::mem::take(&mut self.cpu.dirty_code);
        for a in dirty {
            let i = (a.wrapping_sub(self.text_base) >> 2) as usize;
            if i < self.cache.len() {
                self.cache[i] = self.decode_at(a);
            }
        }
        let hooks = self.cpu.fetch_hooks.clone();
        for h in hooks {
            let npc = self.cpu.npc;
            let n = h(&mut self.cpu, npc);
            if n & 3 != 0 {
                return Err(SimError::Misaligned {
                    pc: self.cpu.pc,
                    addr: n,
                    kind: "jump target",
                    insn: "fetch hook".into(),
                });
            }
            self.cpu.npc = n;
        }
        Ok(())
    }

    #[inline(never)]
    fn trace_line(
        &mut self,
        cycle: u64,
        pc: u32,
        d: &DecodedInsn,
        trapped: bool,
    ) -> Result<(), SimError> {
        let base = self.isa.base();
        let wb = if trapped || std::mem::take(&mut self.cpu.no_write) {
            TraceWrite::None
        } else if base.info().hilo == Some(d.rd) {
            TraceWrite::HiLo(self.cpu.hi, self.cpu.lo)
        } else if d.rd != 0 && d.rd < 32 {
            TraceWrite::Reg(d.rd, self.cpu.reg(d.rd))
        } else {
            TraceWrite::None
        };
        let mem = if trapped { None } else { self.cpu.last_store };
        let mut line = trace_text(base, cycle, pc, d, wb, mem);
        if let (Some(old), Some(v)) = (
            self.vsnap.as_ref(),
            self.cpu.state::<crate::rv32::vector::VState>(),
        ) {
            let changed: Vec<(u32, u128)> = (0..32u32)
                .filter(|&r| {
                    let o = (r * 16) as usize;
                    old[o..o + 16] != v.v[o..o + 16]
                })
                .map(|r| (r, v.reg128(r)))
                .collect();
            trace_vregs(&mut line, &changed);
        }
        if let Some(t) = self.trace.as_mut() {
            writeln!(t, "{line}").map_err(|e| SimError::Io(e.to_string()))?;
        }
        Ok(())
    }

    /// Decode one word as the run loop does (an undecodable word becomes the `illegal`
    /// pseudo-instruction), with the timing fields bound. For tools that format commit
    /// logs of other engines (the RTL processors) exactly like [`RunOptions::trace`].
    pub fn decode_word_for_trace(&self, w: u32) -> DecodedInsn {
        self.decode_word(w)
    }

    /// The detail text of an illegal-instruction error at `pc` for word `w` (what the
    /// run loop reports), with the cycle given by the caller.
    pub fn illegal_detail_at(&self, pc: u32, w: u32, cycle: u64) -> String {
        let mut s = format!(
            "{}; not an instruction of {}",
            (self.isa.base().info().illegal_fields)(w),
            self.isa.name()
        );
        if let Some((ext, text)) = self.isa.decode_disabled(w, pc) {
            s.push_str(&format!(
                "; it is `{text}` of extension {ext}, which is not enabled"
            ));
        }
        if let Some(f) = self.symbols.function_at(pc) {
            s.push_str(&format!(", in {}+{:#x}", f.name, pc - f.addr));
        }
        s.push_str(&format!(", at cycle {cycle}"));
        s
    }

    #[inline(never)]
    fn handle_trap(
        &mut self,
        t: Trap,
        pc: u32,
        d: &DecodedInsn,
    ) -> Result<Option<ExitKind>, SimError> {
        if let Trap::ToHost(v) = t {
            return Ok(Some(ExitKind::ToHost {
                pass: v == 1,
                test: if v == 1 { 0 } else { v >> 1 },
            }));
        }
        if let Some(enter) = self.isa.base().info().trap_entry {
            let tval = match t {
                Trap::Illegal => d.word,
                _ => t.addr().unwrap_or(0),
            };
            if enter(&mut self.cpu, pc, t, tval) {
                self.cpu.extra_cycles += self.timing.branch_taken_penalty as u64;
                return Ok(None);
            }
        }
        if t == Trap::Ecall {
            return self.syscall(pc);
        }
        Err(self.trap_error(t, pc, d, self.cpu.cycle))
    }

    /// The error a trap `t` of instruction `d` at `pc` ends a run with when no handler
    /// takes it (the run loop's, for tools that report other engines' traps the same
    /// way); `cycle` is the cycle an illegal-instruction error names.
    pub fn trap_error(&self, t: Trap, pc: u32, d: &DecodedInsn, cycle: u64) -> SimError {
        let insn = d.disasm(pc);
        match t {
            Trap::Illegal => SimError::IllegalInstruction {
                pc,
                word: d.word,
                detail: if std::ptr::eq(d.info, &ILLEGAL) {
                    self.illegal_detail_at(pc, d.word, cycle)
                } else {
                    format!("{insn}: operands rejected")
                },
            },
            Trap::Ebreak => SimError::Breakpoint { pc },
            Trap::LoadMisaligned(addr)
            | Trap::StoreMisaligned(addr)
            | Trap::FetchMisaligned(addr) => SimError::Misaligned {
                pc,
                addr,
                kind: t.what(),
                insn,
            },
            Trap::LoadFault(addr) | Trap::StoreFault(addr) | Trap::FetchOutside(addr) => {
                SimError::OutOfRange {
                    pc,
                    addr,
                    kind: t.what(),
                }
            }
            Trap::StoreReadOnly(addr) | Trap::FetchFault(addr) => SimError::Protection {
                pc,
                addr,
                kind: t.what(),
                segment: self.segment_text(addr),
            },
            Trap::Overflow | Trap::TrapInstr => SimError::Exception {
                pc,
                cause: t.what().into(),
                insn,
            },
            Trap::Ecall | Trap::ToHost(_) => SimError::Unsupported("unreachable trap".into()),
        }
    }

    fn syscall(&mut self, pc: u32) -> Result<Option<ExitKind>, SimError> {
        let info = self.isa.base().info();
        let c = &mut self.cpu;
        let (nr, a0, a1, a2) = (info.syscall_args)(c).map_err(|cause| SimError::Exception {
            pc,
            cause,
            insn: "syscall".into(),
        })?;
        match nr {
            64 => {
                let Some(buf) = c.mem.slice(a1, a2 as usize) else {
                    return Err(SimError::OutOfRange {
                        pc,
                        addr: a1,
                        kind: "write() buffer",
                    });
                };
                let ret = match a0 {
                    1 => {
                        self.stdout.extend_from_slice(buf);
                        if self.echo {
                            let mut o = std::io::stdout();
                            let _ = o.write_all(buf);
                            let _ = o.flush();
                        }
                        a2
                    }
                    2 => {
                        self.stderr.extend_from_slice(buf);
                        if self.echo {
                            let _ = std::io::stderr().write_all(buf);
                        }
                        a2
                    }
                    _ => (-9i32) as u32, // EBADF
                };
                (info.syscall_return)(c, ret);
                Ok(None)
            }
            93 | 94 => Ok(Some(ExitKind::Exit(a0 as i32))),
            n => Err(SimError::UnknownSyscall { pc, number: n }),
        }
    }
}

/// The register write shown on a commit-log line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceWrite {
    /// No register written (or the instruction trapped).
    None,
    /// GPR and its new value.
    Reg(u8, u32),
    /// MIPS HI and LO.
    HiLo(u32, u32),
}

/// A cloneable in-memory writer (every clone appends to the same bytes): a trace sink for
/// [`RunOptions::trace`] that the caller reads back after the run.
#[derive(Clone, Default)]
pub struct SharedBuf(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl SharedBuf {
    fn bytes(&self) -> std::sync::MutexGuard<'_, Vec<u8>> {
        // a writer that panicked mid-write leaves whole bytes: keep them
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What was written so far, as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes()).into_owned()
    }
}

impl Write for SharedBuf {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.bytes().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// One commit-log line (`run --trace`): retire cycle, pc, word, disassembly, the register
/// written and its value, the memory written (address, width in bytes, value). Every
/// engine (simulator, RTL processors) formats its log with this function, so logs can be
/// compared line by line.
pub fn trace_text(
    base: Base,
    cycle: u64,
    pc: u32,
    d: &DecodedInsn,
    wb: TraceWrite,
    mem: Option<(u32, u32, u32)>,
) -> String {
    let dis = d.disasm(pc);
    let mut s = format!("{cycle:>10} {pc:#010x} ({:#010x}) {dis:<32}", d.word);
    match wb {
        TraceWrite::None => {}
        TraceWrite::Reg(r, v) => s.push_str(&format!(" {}={v:#010x}", base.reg_name(r))),
        TraceWrite::HiLo(h, l) => s.push_str(&format!(" hi={h:#010x} lo={l:#010x}")),
    }
    if let Some((a, w, v)) = mem {
        let digits = 2 * w as usize + 2;
        s.push_str(&format!(" mem[{a:#010x}]={v:#0digits$x}"));
    }
    s
}

/// The vector registers an instruction changed, appended to its commit-log line: ` vN=`
/// and the register's 128 bits as 32 hex digits (element 0 in the low bits), in register
/// order; the RTL harness shows the same (docs/vector.md, "Commit log").
pub fn trace_vregs(line: &mut String, regs: &[(u32, u128)]) {
    for (r, v) in regs {
        line.push_str(&format!(" v{r}={v:#034x}"));
    }
}

/// Why the fast loop returned.
enum Stop {
    /// PC outside the decoded text.
    Miss,
    /// The semantics raised a trap (state before accounting).
    Trap(Trap, DecodedInsn),
    /// Accounted, `cpu.attention` set; hooks and PC update pending. The instruction's
    /// retire cycle + 1.
    Attention(u64),
    /// Accounted and PC updated; cycle limit reached by an instruction completing at this
    /// cycle (retire + 1).
    Max(u64),
}

/// Timing of one retired instruction (in-order scoreboard, see [`crate::timing`]).
/// Returns the cycle count before the instruction and its retire cycle (the last cycle
/// it occupies the execute stage: issue + occupancy - 1).
/// `taken`: control does not fall through (jump, taken branch, delayed or not).
#[inline(always)]
fn account(cpu: &mut Cpu, ready: &mut [u64; 64], insn: &DecodedInsn, taken: bool) -> (u64, u64) {
    let before = cpu.cycle;
    let r = ready[(insn.rs1 & 63) as usize]
        .max(ready[(insn.rs2 & 63) as usize])
        .max(ready[(insn.rs3 & 63) as usize]);
    let issue = before.max(r + insn.lead as u64) + cpu.stall_cycles;
    let done = issue + insn.occ as u64;
    let pen = if taken { insn.pen_taken } else { insn.pen_seq };
    ready[(insn.rd & 63) as usize] = done + insn.res_extra as u64;
    ready[0] = 0;
    cpu.cycle = done + pen as u64 + cpu.extra_cycles;
    cpu.extra_cycles = 0;
    cpu.stall_cycles = 0;
    cpu.instret += 1;
    (before, done.saturating_sub(1))
}

/// `insn` with its operand-dependent timing resolved from the source registers as they are
/// before it executes (the semantics may overwrite them when `rd` is a source).
#[inline(always)]
fn timed(cpu: &Cpu, insn: &DecodedInsn) -> DecodedInsn {
    if insn.dynamic == Dynamic::None {
        *insn
    } else {
        insn.with_operands(
            cpu.x[(insn.rs1 & 31) as usize],
            cpu.x[(insn.rs2 & 31) as usize],
        )
    }
}

/// Delayed branches: a target set by the instruction that just retired waits one
/// instruction (the delay slot); a pending one takes effect now.
#[inline(always)]
fn apply_delay(cpu: &mut Cpu) {
    if let Some(t) = cpu.pending_target.take() {
        cpu.npc = t;
    }
    cpu.pending_target = cpu.delayed_target.take();
}

/// The fast loop: decoded-text fetch, semantics, timing, optional profile counters.
/// `DELAY`: the ISA has branch delay slots (MIPS). `DYN`: the timing model has
/// operand-dependent latencies (resolved before the semantics run).
fn hot_loop<const PROF: bool, const DELAY: bool, const DYN: bool>(
    cpu: &mut Cpu,
    cache: &[DecodedInsn],
    base: u32,
    ready: &mut [u64; 64],
    max: u64,
    mut prof: Option<&mut Profiler>,
) -> Stop {
    loop {
        let pc = cpu.pc;
        let idx = (pc.wrapping_sub(base) >> 2) as usize;
        let Some(insn) = cache.get(idx) else {
            return Stop::Miss;
        };
        let seq = pc.wrapping_add(4);
        cpu.npc = seq;
        cpu.redirected = false;
        let resolved;
        let tinsn = if DYN && insn.dynamic != Dynamic::None {
            resolved = timed(cpu, insn);
            &resolved
        } else {
            insn
        };
        if let Err(t) = (insn.exec)(cpu, insn) {
            return Stop::Trap(t, *tinsn);
        }
        let taken = cpu.npc != seq || cpu.redirected || (DELAY && cpu.delayed_target.is_some());
        let (before, retire) = account(cpu, ready, tinsn, taken);
        if DELAY {
            apply_delay(cpu);
        }
        if PROF {
            if let Some(p) = prof.as_deref_mut() {
                p.record(idx, pc, cpu.cycle - before, insn);
            }
        }
        if cpu.attention {
            return Stop::Attention(retire + 1);
        }
        cpu.pc = cpu.npc;
        if retire + 1 >= max {
            return Stop::Max(retire + 1);
        }
    }
}

/// Convenience: load an ELF image, parse the ISA string, take a timing preset or TOML,
/// and run. Returns the result of [`Machine::run`].
pub fn run_elf(
    elf: &[u8],
    isa: &str,
    timing: &TimingParams,
    opts: RunOptions,
) -> Result<RunResult, SimError> {
    let prog = Program::load_elf(elf)?;
    let isa = Isa::parse(isa)?;
    Machine::new(&prog, isa, timing.clone(), opts)?.run()
}
