//! The registry: every extension compiled in ([`builtin_extensions`]), the [`Registry`]
//! ISA strings are parsed from and the parsed [`Isa`]; and each base's facts
//! ([`Base::info`]). The one module that names every extension; imported from the top
//! (machine, timing binding, ELF loader), never by an instruction file. The vocabulary
//! (`crate::insn`) and the [`Extension`] trait are re-exported here for the paths other
//! crates use (`asip_sim::isa::DecodedInsn`).

pub use crate::extension::Extension;
pub use crate::insn::*;
use std::fmt;
use std::sync::Arc;

impl Base {
    /// What the machine, the trace and the profiler need to know about this base,
    /// declared by the base's own module. The one place that maps the enum to a module.
    pub fn info(self) -> &'static BaseInfo {
        match self {
            Base::Rv32 => &crate::rv32::BASE_INFO,
            Base::Mips32 => &crate::mips::BASE_INFO,
        }
    }

    /// Register name used by the disassembler and the trace (ABI names).
    pub fn reg_name(self, r: u8) -> &'static str {
        (self.info().reg_name)(r)
    }
}

/// The extensions compiled into this crate. Adding an extension = one line here.
pub fn builtin_extensions() -> Vec<Arc<dyn Extension>> {
    vec![
        Arc::new(crate::rv32::base::Rv32i),
        Arc::new(crate::rv32::zicsr::Zicsr),
        Arc::new(crate::rv32::m::M),
        Arc::new(crate::rv32::bitmanip::Zbb),
        Arc::new(crate::rv32::bitmanip::Zbkb),
        Arc::new(crate::rv32::vector::Zve64x),
        Arc::new(crate::rv32::vector::Zvkb),
        Arc::new(crate::mips::base::Mips32),
    ]
}

message_error!(
    /// Error from parsing an ISA string.
    IsaError,
    ""
);

/// A set of known extensions from which ISA strings are parsed.
#[derive(Clone)]
pub struct Registry {
    exts: Vec<Arc<dyn Extension>>,
}

impl Default for Registry {
    fn default() -> Self {
        Registry {
            exts: builtin_extensions(),
        }
    }
}

impl Registry {
    /// The built-in extensions.
    pub fn new() -> Self {
        Self::default()
    }

    /// Add an extension (e.g. from another crate). A later registration with the same
    /// name replaces the earlier one.
    pub fn register(&mut self, ext: Arc<dyn Extension>) -> &mut Self {
        self.exts.retain(|e| e.name() != ext.name());
        self.exts.push(ext);
        self
    }

    /// Names of all registered extensions.
    pub fn names(&self) -> Vec<&'static str> {
        self.exts.iter().map(|e| e.name()).collect()
    }

    /// Every registered extension.
    pub fn extensions(&self) -> &[Arc<dyn Extension>] {
        &self.exts
    }

    fn get(&self, name: &str) -> Option<Arc<dyn Extension>> {
        self.exts.iter().find(|e| e.name() == name).cloned()
    }

    /// Parse an ISA string. RISC-V, Spike style: `rv32i`, then single-letter extensions
    /// (`m`), then `_`-separated multi-letter extensions (`_zbkb_zbb`); `zicsr` and
    /// `zifencei` are always on and may be named. MIPS: `mips32`, then `_`-separated
    /// extensions (`mips32_xmipsnative`). Case-insensitive. Every extension must belong to
    /// the string's base ([`Extension::base`]).
    pub fn parse_isa(&self, s: &str) -> Result<Isa, IsaError> {
        let lower = s.trim().to_ascii_lowercase();
        let mut parts = lower.split('_');
        let head = parts.next().unwrap_or("");
        let (base, mut names) = if let Some(rest) = head.strip_prefix("mips32") {
            if !rest.is_empty() {
                return Err(IsaError(format!(
                    "ISA string {s:?}: MIPS extensions are `_`-separated after \"mips32\" \
                     (e.g. mips32_xmipsnative); \"{rest}\" is not understood"
                )));
            }
            (Base::Mips32, vec!["mips32".to_string()])
        } else if let Some(rest) = head.strip_prefix("rv32") {
            let mut letters = rest.chars();
            match letters.next() {
                Some('i') => {}
                Some('g') => {
                    return Err(IsaError(format!(
                        "ISA string {s:?}: G (IMAFD) is not supported; use rv32i/rv32im"
                    )))
                }
                _ => {
                    return Err(IsaError(format!(
                        "ISA string {s:?}: base must be rv32i (e.g. rv32im_zbkb)"
                    )))
                }
            }
            let mut names: Vec<String> = vec!["i".into(), "zicsr".into()];
            for c in letters {
                names.push(c.to_string());
            }
            (Base::Rv32, names)
        } else {
            return Err(IsaError(format!(
                "ISA string {s:?} must start with \"rv32\" (e.g. rv32im_zbkb) or \"mips32\" \
                 (e.g. mips32_xmipsnative)"
            )));
        };
        for p in parts {
            if p.is_empty() {
                continue;
            }
            names.push(p.to_string());
        }
        let mut exts: Vec<Arc<dyn Extension>> = Vec::new();
        for n in &names {
            if n == "zifencei" && base == Base::Rv32 {
                continue; // fence.i is part of the base decoder
            }
            match self.get(n) {
                Some(e) if e.base() != base => {
                    return Err(IsaError(format!(
                        "ISA string {s:?}: extension {n:?} extends {}, not {}; known {} \
                         extensions: {}",
                        e.base(),
                        base,
                        base,
                        self.names_for(base).join(", ")
                    )));
                }
                Some(e) => {
                    if !exts.iter().any(|x| x.name() == e.name()) {
                        exts.push(e);
                    }
                }
                None => {
                    let always = match base {
                        Base::Rv32 => " (zicsr, zifencei always on)",
                        Base::Mips32 => "",
                    };
                    return Err(IsaError(format!(
                        "ISA string {s:?}: unknown extension {n:?}; known extensions: \
                         {}{always}",
                        self.names_for(base).join(", ")
                    )));
                }
            }
        }
        let name = canonical_name(base, &exts);
        let others = self
            .exts
            .iter()
            .filter(|e| e.base() == base && !exts.iter().any(|x| x.name() == e.name()))
            .cloned()
            .collect();
        Ok(Isa {
            name,
            base,
            exts,
            others,
        })
    }

    /// Names of the registered extensions of `base` that may be named in an ISA string
    /// (the always-on base decoders excluded).
    pub fn names_for(&self, base: Base) -> Vec<&'static str> {
        self.exts
            .iter()
            .filter(|e| e.base() == base)
            .map(|e| e.name())
            .filter(|k| !matches!(*k, "i" | "zicsr" | "mips32"))
            .collect()
    }
}

fn canonical_name(base: Base, exts: &[Arc<dyn Extension>]) -> String {
    if base == Base::Mips32 {
        let mut s = String::from("mips32");
        for e in exts {
            if e.name() != "mips32" {
                s.push('_');
                s.push_str(e.name());
            }
        }
        return s;
    }
    let mut s = String::from("rv32i");
    for e in exts {
        let n = e.name();
        if n.len() == 1 && n != "i" {
            s.push_str(n);
        }
    }
    for e in exts {
        let n = e.name();
        if n.len() > 1 && n != "zicsr" {
            s.push('_');
            s.push_str(n);
        }
    }
    s
}

/// A parsed instruction set: the ordered list of enabled extensions. Decoding tries
/// them in order; the first that accepts a word wins.
#[derive(Clone)]
pub struct Isa {
    name: String,
    base: Base,
    exts: Vec<Arc<dyn Extension>>,
    /// Extensions of the same base known to the registry but not enabled: only used to
    /// explain an illegal instruction ("that is `rori` of zbkb, not enabled").
    others: Vec<Arc<dyn Extension>>,
}

impl fmt::Debug for Isa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Isa({})", self.name)
    }
}

impl std::str::FromStr for Isa {
    type Err = IsaError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Registry::default().parse_isa(s)
    }
}

impl Isa {
    /// Parse with the built-in registry (see [`Registry::parse_isa`]).
    pub fn parse(s: &str) -> Result<Isa, IsaError> {
        s.parse()
    }

    /// Canonical name, e.g. `rv32im_zbkb`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The base ISA (`rv32` or `mips32`).
    pub fn base(&self) -> Base {
        self.base
    }

    /// The extensions of the same base that the registry knows but this ISA does not
    /// enable.
    pub fn others(&self) -> &[Arc<dyn Extension>] {
        &self.others
    }

    /// Enabled extensions, in decode order.
    pub fn extensions(&self) -> &[Arc<dyn Extension>] {
        &self.exts
    }

    /// Whether the named extension is enabled.
    pub fn has(&self, name: &str) -> bool {
        self.exts.iter().any(|e| e.name() == name)
    }

    /// If `word` is an instruction of a known extension that this ISA does not enable:
    /// that extension's name and the instruction's disassembly at `pc`.
    pub fn decode_disabled(&self, word: u32, pc: u32) -> Option<(&'static str, String)> {
        self.others
            .iter()
            .find_map(|e| e.decode(word).map(|d| (e.name(), d.disasm(pc))))
    }

    /// Decode one word (the single decoder used everywhere).
    pub fn decode(&self, word: u32) -> Option<DecodedInsn> {
        self.exts.iter().find_map(|e| e.decode(word))
    }

    /// Names of the enabled extensions whose decoder accepts `word` (at most one for a
    /// well-formed ISA: encoding tests check that).
    pub fn acceptors(&self, word: u32) -> Vec<&'static str> {
        self.exts
            .iter()
            .filter(|e| e.decode(word).is_some())
            .map(|e| e.name())
            .collect()
    }

    /// Disassemble one word at `pc` (`.word 0x...` / `unknown` if it does not decode).
    pub fn disasm(&self, word: u32, pc: u32) -> String {
        match self.decode(word) {
            Some(d) => d.disasm(pc),
            None => format!(".word {word:#010x}"),
        }
    }

    /// All operations of all enabled extensions.
    pub fn ops(&self) -> impl Iterator<Item = &'static OpInfo> + '_ {
        self.exts.iter().flat_map(|e| e.ops().iter())
    }
}
