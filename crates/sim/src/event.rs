//! Named timing events: what an instruction's semantics raise with `Cpu::charge` when a
//! data-dependent condition costs cycles (vocabulary of the simulator: imports nothing).

/// How an [`Event`] is charged by the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The instruction waits before it issues (an interlock): its own retire cycle moves
    /// (`stall_cycles` in the engine's formula).
    Stall,
    /// Cycles after the instruction (a fetch redirect, an annulled slot): the next
    /// instruction moves (`extra_cycles`).
    Extra,
}

/// A named timing event that an instruction's semantics raise with
/// [`crate::cpu::Cpu::charge`] when a data-dependent condition costs cycles (an
/// extension's interlock or redirect). Its cycles are not in the semantics: they are the
/// timing model's `[timing.events]` value for [`Event::key`], so a design can see and
/// override them. Extensions list their events in
/// [`crate::isa::Extension::timing_events`].
#[derive(Debug)]
pub struct Event {
    /// The extension's ISA-string name (`xoasip`, `mips32`).
    pub ext: &'static str,
    /// The event's name within the extension (`doloop_skip`).
    pub name: &'static str,
    /// Stall (before issue) or extra (after the instruction).
    pub kind: EventKind,
    /// What happens, for listings and errors.
    pub doc: &'static str,
}

impl Event {
    /// `<ext>.<name>`, the key in `[timing.events]`.
    pub fn key(&self) -> String {
        format!("{}.{}", self.ext, self.name)
    }
}
