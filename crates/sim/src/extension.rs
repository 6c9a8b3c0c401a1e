//! The [`Extension`] trait and the [`extension!`](crate::extension) macro that declares one:
//! what an instruction-set extension gives the simulator (name, base, operations, decoder,
//! state, timing events). Above the vocabulary (`insn`, `spec`), below every extension and
//! the registry (`isa`).

use crate::cpu::Cpu;
use crate::insn::{Base, DecodedInsn, OpInfo};

/// An instruction-set extension: a decoder plus its operations and optional extra
/// architectural state / fetch hooks.
///
/// To add one: declare `static` [`OpInfo`]s for its operations, write its type and this
/// trait's impl with [`crate::extension!`] (from its declaration as data,
/// [`crate::spec::ExtSpec`], or from its name, ops and decoder, as the built-ins do), and
/// list it in [`builtin_extensions`] (or pass it to [`Registry::register`] at run time).
/// See `crates/sim/README.md`.
pub trait Extension: Send + Sync {
    /// Name used in ISA strings (`m`, `zbkb`, `xoasip`, `xmipsnative`, ...), lower case.
    /// (Default: the declaration's name; an extension without [`Extension::spec`] must
    /// implement it.)
    fn name(&self) -> &'static str {
        self.spec()
            .map(|s| s.name)
            .expect("an extension without a declaration (spec) implements name()")
    }
    /// The base ISA this extension extends ([`Base::Rv32`] unless overridden). An ISA
    /// string of the other base that names it is refused.
    fn base(&self) -> Base {
        self.spec().map_or(Base::Rv32, |s| s.base)
    }
    /// Every operation the extension can decode to.
    /// (Default: the declaration's operations.)
    fn ops(&self) -> &'static [OpInfo] {
        self.spec().map_or(&[], |s| s.ops)
    }
    /// Decode `word`, or `None` if it is not one of this extension's instructions.
    /// (Default: the declaration's decoder, [`crate::spec::ExtSpec::decode`].)
    fn decode(&self, word: u32) -> Option<DecodedInsn> {
        self.spec().and_then(|s| s.decode(word))
    }
    /// Called once when a machine is created: install extra state with
    /// [`Cpu::state_mut`], fetch hooks with [`Cpu::add_fetch_hook`].
    fn init(&self, _cpu: &mut Cpu) {}
    /// The extension's declaration as data ([`crate::spec::ExtSpec`]), if it has one:
    /// the generator and the stale-file test of `asip-extensions` use it.
    fn spec(&self) -> Option<&'static crate::spec::ExtSpec> {
        None
    }
    /// The named timing events its semantics raise with [`Cpu::charge`]; their cycles
    /// are timing-model data (`[timing.events]`), never constants in the semantics.
    fn timing_events(&self) -> &'static [&'static crate::event::Event] {
        &[]
    }
}

/// Declare an extension type. An extension crate declares itself in one block: its
/// declaration, a `static` [`crate::spec::ExtSpec`] (every field but `dir`, which is the
/// crate's folder, `CARGO_MANIFEST_DIR`), and the type, whose name, base, operations and
/// decoder come from the declaration; the type adds the
/// extension state `S` it installs (`S::default()`) when a machine is created, optionally
/// more set-up (`init: fn(&mut Cpu)`, e.g. a fetch hook) and the timing events its
/// semantics charge. A hand-written extension (no declaration) names
/// instead its ISA-string name, optionally its base, its operations and its decoder
/// (`fn(u32) -> Option<DecodedInsn>`); its state is optional.
///
/// ```ignore
/// asip_sim::extension! {
///     /// The declaration of xoasip.
///     pub static SPEC = {
///         name: "xoasip",
///         base: Base::Rv32,
///         prefix: "OASIP",
///         ops: OPS,
///         columns: rv::COLUMNS,
///         asm_macros: false,
///         generated: &["README.md", "include/oasip.h"],
///     }
///     /// The `xoasip` extension.
///     pub struct Oasip {
///         state: OasipState,
///         init: |cpu| cpu.add_fetch_hook(loop_hook),
///         events: &[&DOLOOP_SKIP],
///     }
/// }
/// asip_sim::extension! {
///     /// The M extension (`m`).
///     pub struct M {
///         name: "m",
///         ops: OPS,
///         decode: decode,
///     }
/// }
/// ```
#[macro_export]
macro_rules! extension {
    (
        $(#[$spec_doc:meta])*
        $spec_vis:vis static $spec:ident = { $($field:ident: $value:expr),* $(,)? }
        $(#[$doc:meta])*
        $vis:vis struct $ty:ident {
            $(state: $state:ty,)?
            $(init: $init:expr,)?
            $(events: $events:expr,)?
        }
    ) => {
        $(#[$spec_doc])*
        $spec_vis static $spec: $crate::spec::ExtSpec = $crate::spec::ExtSpec {
            dir: env!("CARGO_MANIFEST_DIR"),
            $($field: $value,)*
        };

        $crate::extension! { @type $(#[$doc])* $vis $ty {
            fn spec(&self) -> Option<&'static $crate::spec::ExtSpec> {
                Some(&$spec)
            }
        } [$($state)?], [$($init)?], [$($events)?] }
    };
    (
        $(#[$doc:meta])*
        $vis:vis struct $ty:ident {
            name: $name:literal,
            $(base: $base:expr,)?
            ops: $ops:expr,
            decode: $decode:path,
            $(state: $state:ty,)?
            $(init: $init:expr,)?
            $(events: $events:expr,)?
        }
    ) => {
        $crate::extension! { @type $(#[$doc])* $vis $ty {
            fn name(&self) -> &'static str {
                $name
            }
            $(fn base(&self) -> $crate::insn::Base {
                $base
            })?
            fn ops(&self) -> &'static [$crate::insn::OpInfo] {
                $ops
            }
            fn decode(&self, w: u32) -> Option<$crate::insn::DecodedInsn> {
                $decode(w)
            }
        } [$($state)?], [$($init)?], [$($events)?] }
    };
    // the type and what both kinds share: set-up, timing events
    (
        @type $(#[$doc:meta])* $vis:vis $ty:ident { $($source:item)* }
        [$($state:ty)?], [$($init:expr)?], [$($events:expr)?]
    ) => {
        $(#[$doc])*
        $vis struct $ty;

        impl $crate::extension::Extension for $ty {
            $($source)*
            #[allow(unused_variables)]
            fn init(&self, cpu: &mut $crate::cpu::Cpu) {
                $(cpu.state_mut::<$state>();)?
                $(
                    let init: fn(&mut $crate::cpu::Cpu) = $init;
                    init(cpu);
                )?
            }
            $(fn timing_events(&self) -> &'static [&'static $crate::event::Event] {
                static EXTENSION_EVENTS: &[&$crate::event::Event] = $events;
                EXTENSION_EVENTS
            })?
        }
    };
}
