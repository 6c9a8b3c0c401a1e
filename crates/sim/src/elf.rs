//! ELF32 little-endian executable loader (RISC-V and MIPS) and symbol table.

use crate::isa::Base;
use std::collections::HashMap;

message_error!(
    /// Why an ELF file was refused.
    ElfError,
    "bad ELF: "
);

/// A loadable segment.
#[derive(Clone, Debug)]
pub struct Segment {
    /// Virtual address.
    pub vaddr: u32,
    /// File bytes (`filesz`); the rest up to `memsz` is zero.
    pub data: Vec<u8>,
    /// Size in memory.
    pub memsz: u32,
    /// Executable (PF_X, or no flags at all).
    pub exec: bool,
    /// Writable (PF_W, or no flags at all).
    pub write: bool,
    /// The segment had no permission flags (p_flags = 0): loaded readable, writable and
    /// executable, as Spike and qemu do (the riscv-tests linker script writes such
    /// segments).
    pub no_flags: bool,
}

/// A symbol from `.symtab`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// Name.
    pub name: String,
    /// Value (address).
    pub addr: u32,
    /// Size in bytes (0 if unknown).
    pub size: u32,
    /// STT_FUNC.
    pub is_func: bool,
}

/// Symbols, searchable by name and by address.
#[derive(Clone, Debug, Default)]
pub struct SymbolTable {
    syms: Vec<Symbol>, // sorted by address
    by_name: HashMap<String, usize>,
}

impl SymbolTable {
    /// Build from a list of symbols.
    pub fn new(mut syms: Vec<Symbol>) -> Self {
        syms.sort_by(|a, b| {
            a.addr
                .cmp(&b.addr)
                .then(b.is_func.cmp(&a.is_func))
                .then(a.name.cmp(&b.name))
        });
        let mut by_name = HashMap::new();
        for (i, s) in syms.iter().enumerate() {
            by_name.entry(s.name.clone()).or_insert(i);
        }
        SymbolTable { syms, by_name }
    }

    /// Symbol by exact name.
    pub fn get(&self, name: &str) -> Option<&Symbol> {
        self.by_name.get(name).map(|&i| &self.syms[i])
    }

    /// Address of a symbol by name.
    pub fn addr(&self, name: &str) -> Option<u32> {
        self.get(name).map(|s| s.addr)
    }

    /// The function containing `addr`: the closest function symbol at or below it
    /// (within its size when the size is known).
    pub fn function_at(&self, addr: u32) -> Option<&Symbol> {
        let idx = self.syms.partition_point(|s| s.addr <= addr);
        self.syms[..idx]
            .iter()
            .rev()
            .find(|s| s.is_func)
            .filter(|s| s.size == 0 || addr < s.addr.wrapping_add(s.size))
    }

    /// The closest symbol of any type at or below `addr`.
    pub fn nearest(&self, addr: u32) -> Option<&Symbol> {
        let idx = self.syms.partition_point(|s| s.addr <= addr);
        idx.checked_sub(1).map(|i| &self.syms[i])
    }

    /// All symbols, sorted by address.
    pub fn iter(&self) -> impl Iterator<Item = &Symbol> {
        self.syms.iter()
    }

    /// Number of symbols.
    pub fn len(&self) -> usize {
        self.syms.len()
    }

    /// No symbols.
    pub fn is_empty(&self) -> bool {
        self.syms.is_empty()
    }
}

/// A loaded ELF executable.
#[derive(Clone, Debug)]
pub struct Program {
    /// Target machine.
    pub machine: Base,
    /// Entry point.
    pub entry: u32,
    /// `e_flags`.
    pub flags: u32,
    /// PT_LOAD segments.
    pub segments: Vec<Segment>,
    /// Symbols (empty if stripped).
    pub symbols: SymbolTable,
}

struct Rd<'a>(&'a [u8]);

impl Rd<'_> {
    fn u16(&self, o: usize) -> Result<u16, ElfError> {
        self.0
            .get(o..o + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .ok_or_else(|| ElfError(format!("truncated file (need byte {})", o + 2)))
    }
    fn u32(&self, o: usize) -> Result<u32, ElfError> {
        self.0
            .get(o..o + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .ok_or_else(|| ElfError(format!("truncated file (need byte {})", o + 4)))
    }
    fn bytes(&self, o: u32, n: u32, what: &str) -> Result<&[u8], ElfError> {
        let (o, n) = (o as usize, n as usize);
        o.checked_add(n)
            .and_then(|e| self.0.get(o..e))
            .ok_or_else(|| {
                ElfError(format!(
                    "{what} at file offset {o:#x} size {n:#x} lies outside the {}-byte file",
                    self.0.len()
                ))
            })
    }
}

impl Program {
    /// Parse an ELF32 little-endian executable.
    pub fn load_elf(bytes: &[u8]) -> Result<Program, ElfError> {
        if bytes.len() < 4 || &bytes[..4] != b"\x7fELF" {
            return Err(ElfError("not an ELF file (missing \\x7fELF magic)".into()));
        }
        if bytes.len() < 52 {
            return Err(ElfError(format!(
                "truncated file: {} bytes, an ELF32 header needs 52",
                bytes.len()
            )));
        }
        match bytes[4] {
            1 => {}
            2 => {
                return Err(ElfError(
                    "ELF64 file; only ELF32 (rv32) is supported".into(),
                ))
            }
            c => return Err(ElfError(format!("invalid ELF class {c}"))),
        }
        match bytes[5] {
            1 => {}
            2 => {
                let mips = bytes.get(18..20) == Some(&[0, 8]);
                return Err(ElfError(if mips {
                    "big-endian MIPS ELF; only little-endian MIPS is supported (build with \
                     mipsel-linux-gnu-gcc / -EL)"
                        .into()
                } else {
                    "big-endian ELF; only little-endian is supported".into()
                }));
            }
            d => return Err(ElfError(format!("invalid ELF data encoding {d}"))),
        }
        let r = Rd(bytes);
        let e_type = r.u16(16)?;
        let e_machine = r.u16(18)?;
        let Some(machine) = Base::ALL
            .into_iter()
            .find(|b| b.info().e_machine == e_machine)
        else {
            let known: Vec<String> = Base::ALL
                .iter()
                .map(|b| format!("{} ({})", b.info().elf_name, b.info().e_machine))
                .collect();
            return Err(ElfError(format!(
                "machine {e_machine} is not {}",
                known.join(" or ")
            )));
        };
        match e_type {
            2 => {}
            1 => return Err(ElfError("relocatable object (ET_REL), not an executable; link it first".into())),
            3 => return Err(ElfError("shared object / PIE (ET_DYN), not a static executable (ET_EXEC); link with -static -no-pie".into())),
            t => return Err(ElfError(format!("ELF type {t} is not an executable (ET_EXEC)"))),
        }
        let entry = r.u32(24)?;
        let phoff = r.u32(28)?;
        let shoff = r.u32(32)?;
        let flags = r.u32(36)?;
        let phentsize = r.u16(42)? as u32;
        let phnum = r.u16(44)? as u32;
        let shentsize = r.u16(46)? as u32;
        let shnum = r.u16(48)? as u32;
        if phnum == 0 {
            return Err(ElfError("no program headers (nothing to load)".into()));
        }
        if phentsize < 32 {
            return Err(ElfError(format!("program header size {phentsize} < 32")));
        }
        let mut segments = Vec::new();
        for i in 0..phnum {
            let o = phoff as u64 + (i * phentsize) as u64;
            if o + 32 > bytes.len() as u64 {
                return Err(ElfError(format!(
                    "truncated file: program header {i} at {o:#x} is past the end"
                )));
            }
            let o = o as usize;
            if r.u32(o)? != 1 {
                continue; // not PT_LOAD
            }
            let offset = r.u32(o + 4)?;
            let vaddr = r.u32(o + 8)?;
            let filesz = r.u32(o + 16)?;
            let memsz = r.u32(o + 20)?;
            let pflags = r.u32(o + 24)?;
            if filesz > memsz {
                return Err(ElfError(format!(
                    "segment {i}: file size {filesz:#x} > memory size {memsz:#x}"
                )));
            }
            if vaddr as u64 + memsz as u64 > 1 << 32 {
                return Err(ElfError(format!(
                    "segment {i} at {vaddr:#x} size {memsz:#x} wraps past 4 GiB"
                )));
            }
            let data = r.bytes(offset, filesz, &format!("segment {i}"))?.to_vec();
            if memsz > 0 {
                segments.push(Segment {
                    vaddr,
                    data,
                    memsz,
                    // PF_X = 1, PF_W = 2, PF_R = 4; no flags at all = RWX
                    exec: pflags & 7 == 0 || pflags & 1 != 0,
                    write: pflags & 7 == 0 || pflags & 2 != 0,
                    no_flags: pflags & 7 == 0,
                });
            }
        }
        if segments.is_empty() {
            return Err(ElfError("no PT_LOAD segments".into()));
        }
        if !segments
            .iter()
            .any(|s| s.exec && entry >= s.vaddr && (entry as u64) < s.vaddr as u64 + s.memsz as u64)
        {
            return Err(ElfError(format!(
                "entry point {entry:#x} is not inside an executable segment"
            )));
        }
        let symbols = if shoff != 0 && shnum != 0 && shentsize >= 40 {
            read_symbols(&r, shoff, shnum, shentsize).unwrap_or_default()
        } else {
            SymbolTable::default()
        };
        Ok(Program {
            machine,
            entry,
            flags,
            segments,
            symbols,
        })
    }

    /// A program made of raw instruction words at `base` (entry = `base`), in one
    /// readable/writable/executable segment followed by `data_bytes` zeroed bytes.
    /// For tests and benchmarks that do not need an ELF file.
    pub fn from_words(base: u32, words: &[u32], data_bytes: u32) -> Program {
        Self::from_words_for(Base::Rv32, base, words, data_bytes)
    }

    /// [`Program::from_words`] for a given machine (e.g. [`Base::Mips32`]).
    pub fn from_words_for(machine: Base, base: u32, words: &[u32], data_bytes: u32) -> Program {
        let data: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let memsz = data.len() as u32 + data_bytes;
        Program {
            machine,
            entry: base,
            flags: 0,
            segments: vec![Segment {
                vaddr: base,
                data,
                memsz,
                exec: true,
                write: true,
                no_flags: true,
            }],
            symbols: SymbolTable::default(),
        }
    }

    /// The program with every segment readable, writable and executable, whatever its
    /// flags: memory as the riscv-tests `p` environment means it (an M-mode hart without
    /// PMP executes from and writes to any RAM; Spike loads its images so). For the
    /// official tests only: images linked without PHDRS (the env that riscv-tests pins) get
    /// an R-X and an RW segment, and `rv32ui-p-fence_i` runs code it keeps in `.data`. The
    /// project's firmware keeps its flags, so a stray fetch or a store into its text is
    /// still caught.
    pub fn with_rwx_memory(mut self) -> Program {
        for s in &mut self.segments {
            s.exec = true;
            s.write = true;
        }
        self
    }

    /// Symbols.
    pub fn symbols(&self) -> &SymbolTable {
        &self.symbols
    }

    /// Bytes of executable segments (code size as loaded).
    pub fn text_size(&self) -> u32 {
        self.segments
            .iter()
            .filter(|s| s.exec)
            .map(|s| s.memsz)
            .sum()
    }

    /// Size of `[start, end)` given two symbol names, e.g.
    /// `("__kernel_text_start", "__kernel_text_end")`.
    pub fn symbol_span(&self, start: &str, end: &str) -> Option<u32> {
        let (a, b) = (self.symbols.addr(start)?, self.symbols.addr(end)?);
        b.checked_sub(a)
    }
}

fn read_symbols(r: &Rd, shoff: u32, shnum: u32, shentsize: u32) -> Result<SymbolTable, ElfError> {
    let sh = |i: u32, f: usize| r.u32(shoff as usize + (i * shentsize) as usize + f);
    for i in 0..shnum.min(4096) {
        if sh(i, 4)? != 2 {
            continue; // SHT_SYMTAB
        }
        let (off, size, link, entsize) = (sh(i, 16)?, sh(i, 20)?, sh(i, 24)?, sh(i, 36)?);
        if link >= shnum || entsize < 16 {
            return Err(ElfError("bad symtab".into()));
        }
        let (stroff, strsize) = (sh(link, 16)?, sh(link, 20)?);
        let strtab = r.bytes(stroff, strsize, "string table")?;
        let tab = r.bytes(off, size, "symbol table")?;
        let mut syms = Vec::new();
        for e in tab.chunks_exact(entsize as usize) {
            let name_off = u32::from_le_bytes([e[0], e[1], e[2], e[3]]) as usize;
            let value = u32::from_le_bytes([e[4], e[5], e[6], e[7]]);
            let size = u32::from_le_bytes([e[8], e[9], e[10], e[11]]);
            let typ = e[12] & 0xf;
            let shndx = u16::from_le_bytes([e[14], e[15]]);
            // skip section / file symbols and undefined ones
            if typ == 3 || typ == 4 || shndx == 0 || name_off == 0 {
                continue;
            }
            let Some(rest) = strtab.get(name_off..) else {
                continue;
            };
            let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
            let name = String::from_utf8_lossy(&rest[..end]).into_owned();
            if name.is_empty() || name.starts_with("$") {
                continue;
            }
            syms.push(Symbol {
                name,
                addr: value,
                size,
                is_func: typ == 2,
            });
        }
        return Ok(SymbolTable::new(syms));
    }
    Ok(SymbolTable::default())
}
