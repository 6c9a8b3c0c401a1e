//! Architectural state: registers, memory, CSRs, extension state, fetch hooks.

use std::any::{Any, TypeId};

/// The public byte, halfword and word accesses of an impl that has `fn load<const N>` and
/// `fn store<const N>` (N bytes, little-endian, in a u32); the notes say what a misaligned
/// address does.
macro_rules! sized_accesses {
    ($load_note:literal, $store_note:literal) => {
        /// Load a byte.
        #[inline(always)]
        pub fn load8(&self, addr: u32) -> Result<u8, Trap> {
            self.load::<1>(addr).map(|v| v as u8)
        }
        #[doc = concat!("Load a halfword (", $load_note, ").")]
        #[inline(always)]
        pub fn load16(&self, addr: u32) -> Result<u16, Trap> {
            self.load::<2>(addr).map(|v| v as u16)
        }
        #[doc = concat!("Load a word (", $load_note, ").")]
        #[inline(always)]
        pub fn load32(&self, addr: u32) -> Result<u32, Trap> {
            self.load::<4>(addr)
        }
        #[doc = concat!("Store a byte (", $store_note, ").")]
        #[inline(always)]
        pub fn store8(&mut self, addr: u32, v: u8) -> Result<(), Trap> {
            self.store::<1>(addr, v as u32)
        }
        #[doc = concat!("Store a halfword (", $store_note, ").")]
        #[inline(always)]
        pub fn store16(&mut self, addr: u32, v: u16) -> Result<(), Trap> {
            self.store::<2>(addr, v as u32)
        }
        #[doc = concat!("Store a word (", $store_note, ").")]
        #[inline(always)]
        pub fn store32(&mut self, addr: u32, v: u32) -> Result<(), Trap> {
            self.store::<4>(addr, v)
        }
    };
}

/// A synchronous event raised by an instruction's semantics. The machine turns it into
/// a trap to `mtvec`, a syscall, the end of the run, or a [`crate::SimError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trap {
    /// Environment call.
    Ecall,
    /// Breakpoint.
    Ebreak,
    /// Illegal instruction (also: semantics that reject an operand).
    Illegal,
    /// Misaligned load at this address.
    LoadMisaligned(u32),
    /// Misaligned store at this address.
    StoreMisaligned(u32),
    /// Load outside memory.
    LoadFault(u32),
    /// Store outside memory.
    StoreFault(u32),
    /// Jump or branch to a misaligned target.
    FetchMisaligned(u32),
    /// Instruction fetch from a segment without execute permission (this address).
    FetchFault(u32),
    /// Instruction fetch outside memory (this address).
    FetchOutside(u32),
    /// Store into a segment without write permission (this address).
    StoreReadOnly(u32),
    /// The program wrote this (non-zero) value to `tohost`.
    ToHost(u32),
    /// Signed overflow of a trapping add/subtract (MIPS `add`, `addi`, `sub`).
    Overflow,
    /// A conditional trap instruction fired (MIPS `teq`, `tne`, `tge`, ...).
    TrapInstr,
}

impl Trap {
    /// RISC-V `mcause` value of the exception (None for ToHost).
    pub fn mcause(self) -> Option<u32> {
        Some(match self {
            Trap::FetchMisaligned(_) => 0,
            Trap::FetchFault(_) | Trap::FetchOutside(_) => 1,
            Trap::Illegal => 2,
            Trap::Ebreak => 3,
            Trap::LoadMisaligned(_) => 4,
            Trap::LoadFault(_) => 5,
            Trap::StoreMisaligned(_) => 6,
            Trap::StoreFault(_) | Trap::StoreReadOnly(_) => 7,
            Trap::Ecall => 11,
            Trap::ToHost(_) | Trap::Overflow | Trap::TrapInstr => return None,
        })
    }

    /// The faulting address of a memory access or fetch (None for the others).
    pub fn addr(self) -> Option<u32> {
        match self {
            Trap::LoadMisaligned(a)
            | Trap::StoreMisaligned(a)
            | Trap::LoadFault(a)
            | Trap::StoreFault(a)
            | Trap::StoreReadOnly(a)
            | Trap::FetchFault(a)
            | Trap::FetchOutside(a)
            | Trap::FetchMisaligned(a) => Some(a),
            _ => None,
        }
    }

    /// How an error message names what trapped: the `kind` of a misaligned, out-of-range
    /// or protection error ("load", "jump target", ...) or the cause of an exception.
    pub fn what(self) -> &'static str {
        match self {
            Trap::LoadMisaligned(_) | Trap::LoadFault(_) => "load",
            Trap::StoreMisaligned(_) | Trap::StoreFault(_) => "store",
            Trap::FetchMisaligned(_) => "jump target",
            Trap::StoreReadOnly(_) => "store to read-only",
            Trap::FetchFault(_) => "instruction fetch from non-executable",
            Trap::FetchOutside(_) => "instruction fetch",
            Trap::Overflow => "integer overflow (trapping add/sub)",
            Trap::TrapInstr => "trap instruction",
            Trap::Ecall => "environment call",
            Trap::Ebreak => "breakpoint",
            Trap::Illegal => "illegal instruction",
            Trap::ToHost(_) => "tohost write",
        }
    }
}

/// Flat little-endian memory covering `[base, base + len)`.
#[derive(Clone)]
pub struct Memory {
    base: u32,
    data: Vec<u8>,
}

impl Memory {
    /// Zeroed memory of `len` bytes at `base`.
    pub fn new(base: u32, len: usize) -> Self {
        Memory {
            base,
            data: vec![0; len],
        }
    }

    /// Lowest address.
    pub fn base(&self) -> u32 {
        self.base
    }

    /// One past the highest address (as u64: may be 2^32).
    pub fn end(&self) -> u64 {
        self.base as u64 + self.data.len() as u64
    }

    #[inline(always)]
    fn off(&self, addr: u32, n: usize) -> Option<usize> {
        let o = addr.wrapping_sub(self.base) as usize;
        if o.checked_add(n)? <= self.data.len() {
            Some(o)
        } else {
            None
        }
    }

    /// Byte slice `[addr, addr+len)`, if inside memory.
    #[inline(always)]
    pub fn slice(&self, addr: u32, len: usize) -> Option<&[u8]> {
        let o = self.off(addr, len)?;
        self.data.get(o..o + len)
    }

    /// Mutable byte slice `[addr, addr+len)`, if inside memory.
    #[inline(always)]
    pub fn slice_mut(&mut self, addr: u32, len: usize) -> Option<&mut [u8]> {
        let o = self.off(addr, len)?;
        self.data.get_mut(o..o + len)
    }

    /// The `N` bytes at the naturally aligned `addr` (N = 1, 2 or 4), little-endian,
    /// zero-extended.
    #[inline(always)]
    pub(crate) fn load<const N: usize>(&self, addr: u32) -> Result<u32, Trap> {
        if addr as usize & (N - 1) != 0 {
            return Err(Trap::LoadMisaligned(addr));
        }
        let b = self.slice(addr, N).ok_or(Trap::LoadFault(addr))?;
        let mut w = [0u8; 4];
        w[..N].copy_from_slice(b);
        Ok(u32::from_le_bytes(w))
    }

    /// Store the `N` low-order bytes of `v` at the naturally aligned `addr` (N = 1, 2 or 4).
    #[inline(always)]
    pub(crate) fn store<const N: usize>(&mut self, addr: u32, v: u32) -> Result<(), Trap> {
        if addr as usize & (N - 1) != 0 {
            return Err(Trap::StoreMisaligned(addr));
        }
        self.slice_mut(addr, N)
            .ok_or(Trap::StoreFault(addr))?
            .copy_from_slice(&v.to_le_bytes()[..N]);
        Ok(())
    }

    sized_accesses!("a misaligned address traps", "a misaligned address traps");
}

/// Called after an instruction retires while [`Cpu::attention`] is set: given the next
/// PC, returns the PC to fetch next (e.g. a zero-overhead loop controller).
pub type FetchHook = fn(&mut Cpu, u32) -> u32;

/// The architectural state seen by instruction semantics.
pub struct Cpu {
    /// General-purpose registers; `x[0]` is always 0 after every instruction.
    pub x: [u32; 32],
    /// Address of the executing instruction.
    pub pc: u32,
    /// Address of the next instruction (pc + 4 unless the semantics change it).
    pub npc: u32,
    /// The executing instruction redirected fetch ([`Cpu::jump`]), even if to pc + 4: a
    /// taken branch to the next instruction pays the taken penalty, as on the RTL.
    pub redirected: bool,
    /// Memory.
    pub mem: Memory,
    /// Cycle counter (maintained by the timing engine; read by `rdcycle`).
    pub cycle: u64,
    /// Retired-instruction counter.
    pub instret: u64,
    /// MIPS multiply/divide result registers HI and LO.
    pub hi: u32,
    /// See `hi`.
    pub lo: u32,
    /// Set by delayed-branch semantics (MIPS): control goes to this address after the
    /// next instruction (the delay slot) retires; `npc` is left at the delay slot. The
    /// run loop moves it aside after the branch and applies it after the delay slot.
    pub delayed_target: Option<u32>,
    pub(crate) pending_target: Option<u32>,
    /// Extra cycles an instruction's semantics may charge dynamically (added to the
    /// timing of the current instruction and reset by the machine).
    pub extra_cycles: u64,
    /// Cycles the current instruction waits in execute before it issues, charged by its
    /// semantics (a unit's own interlocks, e.g. an operand the previous instruction loads
    /// into a unit register): unlike `extra_cycles` they delay the instruction's own
    /// retire cycle, as an interlock in hardware does. Reset by the machine.
    pub stall_cycles: u64,
    /// The cycles of each timing event the ISA's extensions raise (from the timing
    /// model's `[timing.events]`, set by the machine); see [`Cpu::charge`].
    pub events: Vec<(&'static crate::event::Event, u32)>,
    /// Set by semantics to request the slow path after this instruction (fetch hooks,
    /// code invalidation). Cleared by the machine before running hooks.
    pub attention: bool,
    pub(crate) fetch_hooks: Vec<FetchHook>,
    /// The last memory write of the current instruction: (address, width in bytes,
    /// value). The machine clears it before each traced instruction and reports it in
    /// the commit log.
    pub last_store: Option<(u32, u32, u32)>,
    /// Set by semantics whose destination register is not written this time (MIPS
    /// `movz`/`movn` whose condition fails: the processor suppresses the write, so the
    /// commit log shows none). Cleared with `last_store`.
    pub no_write: bool,
    pub(crate) tohost: Option<u32>,
    pub(crate) text_lo: u32,
    pub(crate) text_hi: u32,
    pub(crate) dirty_code: Vec<u32>,
    /// Read-only address ranges `[lo, hi)` (ELF segments without PF_W) and their hull.
    pub(crate) read_only: Vec<(u32, u64)>,
    pub(crate) ro_lo: u64,
    pub(crate) ro_hi: u64,
    /// Misaligned loads and stores are performed instead of trapping
    /// ([`crate::timing::Misaligned::Perform`]).
    pub misaligned_ok: bool,
    states: Vec<(TypeId, Box<dyn Any>)>,
}

impl Cpu {
    /// Charge timing event `e`: its cycles from the timing model are added to
    /// `stall_cycles` or `extra_cycles` by its kind. An event the machine was not given
    /// (a bare `Cpu` in a unit test) costs nothing.
    #[inline]
    pub fn charge(&mut self, e: &'static crate::event::Event) {
        let n = self
            .events
            .iter()
            .find(|(k, _)| std::ptr::eq(*k, e))
            .map_or(0, |&(_, n)| n as u64);
        match e.kind {
            crate::event::EventKind::Stall => self.stall_cycles += n,
            crate::event::EventKind::Extra => self.extra_cycles += n,
        }
    }

    /// A CPU with zeroed registers over `mem`.
    pub fn new(mem: Memory) -> Self {
        Cpu {
            x: [0; 32],
            pc: 0,
            npc: 0,
            redirected: false,
            mem,
            cycle: 0,
            instret: 0,
            hi: 0,
            lo: 0,
            delayed_target: None,
            pending_target: None,
            extra_cycles: 0,
            stall_cycles: 0,
            events: Vec::new(),
            attention: false,
            fetch_hooks: Vec::new(),
            last_store: None,
            no_write: false,
            tohost: None,
            text_lo: 0,
            text_hi: 0,
            dirty_code: Vec::new(),
            read_only: Vec::new(),
            ro_lo: 0,
            ro_hi: 0,
            misaligned_ok: false,
            states: Vec::new(),
        }
    }

    /// Read a GPR.
    #[inline(always)]
    pub fn reg(&self, r: u8) -> u32 {
        self.x[(r & 31) as usize]
    }

    /// Write a GPR (writes to x0 are ignored).
    #[inline(always)]
    pub fn set_reg(&mut self, r: u8, v: u32) {
        self.x[(r & 31) as usize] = v;
        self.x[0] = 0;
    }

    /// Extension state of type `T`, created with `T::default()` on first use.
    pub fn state_mut<T: Any + Default>(&mut self) -> &mut T {
        let id = TypeId::of::<T>();
        let pos = match self.states.iter().position(|(t, _)| *t == id) {
            Some(p) => p,
            None => {
                self.states.push((id, Box::new(T::default())));
                self.states.len() - 1
            }
        };
        // The entry at `pos` has TypeId of T, so the downcast succeeds; fall back to
        // replacing it if it somehow does not.
        if !self.states[pos].1.is::<T>() {
            self.states[pos].1 = Box::new(T::default());
        }
        match self.states[pos].1.downcast_mut::<T>() {
            Some(s) => s,
            None => unreachable!("state type checked above"),
        }
    }

    /// Extension state of type `T`, if it exists.
    pub fn state<T: Any>(&self) -> Option<&T> {
        let id = TypeId::of::<T>();
        self.states
            .iter()
            .find(|(t, _)| *t == id)
            .and_then(|(_, b)| b.downcast_ref::<T>())
    }

    /// Install a fetch hook (called after each instruction while `attention` is set).
    pub fn add_fetch_hook(&mut self, hook: FetchHook) {
        self.fetch_hooks.push(hook);
    }

    /// Load `N` bytes (misaligned: trap, or performed when [`Cpu::misaligned_ok`]).
    #[inline(always)]
    fn load<const N: usize>(&self, addr: u32) -> Result<u32, Trap> {
        match self.mem.load::<N>(addr) {
            Err(Trap::LoadMisaligned(_)) if self.misaligned_ok => self.load_bytes(addr, N as u32),
            r => r,
        }
    }

    sized_accesses!(
        "misaligned: trap, or performed when [`Cpu::misaligned_ok`]",
        "watches `tohost` and the decoded text; misaligned: trap, or performed when \
         [`Cpu::misaligned_ok`]"
    );

    #[inline(never)]
    fn load_bytes(&self, addr: u32, n: u32) -> Result<u32, Trap> {
        let mut v = 0u32;
        for i in 0..n {
            let b = self
                .mem
                .load8(addr.wrapping_add(i))
                .map_err(|_| Trap::LoadFault(addr))?;
            v |= (b as u32) << (8 * i);
        }
        Ok(v)
    }

    /// Traps a store that touches a read-only segment.
    #[inline(always)]
    fn check_writable(&self, addr: u32, width: u32) -> Result<(), Trap> {
        if (addr as u64) < self.ro_hi && addr as u64 + width as u64 > self.ro_lo {
            let (a, e) = (addr as u64, addr as u64 + width as u64);
            if self
                .read_only
                .iter()
                .any(|&(lo, hi)| a < hi && e > lo as u64)
            {
                return Err(Trap::StoreReadOnly(addr));
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn after_store(&mut self, addr: u32, width: u32, v: u32) -> Result<(), Trap> {
        self.last_store = Some((addr, width, v));
        if addr < self.text_hi && addr.wrapping_add(width) > self.text_lo {
            self.dirty_code.push(addr & !3);
            if (addr.wrapping_add(width - 1)) & !3 != addr & !3 {
                self.dirty_code.push(addr.wrapping_add(width - 1) & !3);
            }
            self.attention = true;
        }
        if let Some(t) = self.tohost {
            if addr >= t && addr < t.wrapping_add(4) && v != 0 {
                return Err(Trap::ToHost(v));
            }
        }
        Ok(())
    }

    /// Store the `N` low-order bytes of `v` (watches `tohost` and the decoded text;
    /// misaligned: trap, or performed when [`Cpu::misaligned_ok`]).
    #[inline(always)]
    fn store<const N: usize>(&mut self, addr: u32, v: u32) -> Result<(), Trap> {
        if addr as usize & (N - 1) != 0 {
            if !self.misaligned_ok {
                return Err(Trap::StoreMisaligned(addr));
            }
            return self.store_bytes(addr, N as u32, v);
        }
        self.check_writable(addr, N as u32)?;
        self.mem.store::<N>(addr, v)?;
        self.after_store(addr, N as u32, v)
    }

    /// Store the `n` low-order bytes of `v` at `addr` .. `addr + n - 1`, any alignment
    /// (MIPS swl/swr; misaligned stores where allowed).
    #[inline(never)]
    pub fn store_bytes(&mut self, addr: u32, n: u32, v: u32) -> Result<(), Trap> {
        self.check_writable(addr, n)?;
        if self.mem.slice(addr, n as usize).is_none() {
            return Err(Trap::StoreFault(addr));
        }
        for i in 0..n {
            self.mem
                .store8(addr.wrapping_add(i), (v >> (8 * i)) as u8)?;
        }
        self.after_store(addr, n, v)
    }

    /// Delayed jump (MIPS): check 4-byte alignment and set [`Cpu::delayed_target`].
    #[inline(always)]
    pub fn delayed_jump(&mut self, target: u32) -> Result<(), Trap> {
        if target & 3 != 0 {
            return Err(Trap::FetchMisaligned(target));
        }
        self.delayed_target = Some(target);
        Ok(())
    }

    /// Whether the current instruction executes in a delay slot (a delayed jump is
    /// pending).
    pub fn in_delay_slot(&self) -> bool {
        self.pending_target.is_some()
    }

    /// Set the next PC, checking 4-byte alignment.
    #[inline(always)]
    pub fn jump(&mut self, target: u32) -> Result<(), Trap> {
        if target & 3 != 0 {
            return Err(Trap::FetchMisaligned(target));
        }
        self.npc = target;
        self.redirected = true;
        Ok(())
    }
}
