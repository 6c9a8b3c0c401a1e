//! ELF32 little-endian executable loader (RISC-V and MIPS) and symbol table.

use crate::isa::Base;
use object::elf::{self, FileHeader32};
use object::read::elf::{FileHeader, ProgramHeader, SectionTable, Sym};
use object::read::{Error, StringTable};
use object::{LittleEndian, ReadRef};
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

/// The byte order of every file we load (ELF32 little-endian, checked up front).
const LE: LittleEndian = LittleEndian;

impl Program {
    /// Parse an ELF32 little-endian executable.
    ///
    /// The file is read through the `object` crate (its ELF32 structures and bounds-checked
    /// reads: header, program headers, section headers, symbol and string tables). Checks of
    /// our own come first, for messages that say what is wrong and what to do: magic, size,
    /// class, byte order, machine, type, program header size, and the segments' ranges.
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
        let header: &FileHeader32<LittleEndian> = bytes
            .read_at(0)
            .map_err(|()| ElfError("truncated file: no room for the ELF32 header".into()))?;
        let e_machine = header.e_machine(LE).0;
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
        match header.e_type(LE) {
            elf::ET_EXEC => {}
            elf::ET_REL => return Err(ElfError("relocatable object (ET_REL), not an executable; link it first".into())),
            elf::ET_DYN => return Err(ElfError("shared object / PIE (ET_DYN), not a static executable (ET_EXEC); link with -static -no-pie".into())),
            t => return Err(ElfError(format!("ELF type {t} is not an executable (ET_EXEC)"))),
        }
        let entry = header.e_entry(LE);
        let phoff = header.e_phoff(LE) as u64;
        let phentsize = header.e_phentsize(LE);
        let phnum = header
            .phnum(LE, bytes)
            .map_err(|e| ElfError(format!("program header count: {e}")))?;
        if phnum == 0 || phoff == 0 {
            return Err(ElfError("no program headers (nothing to load)".into()));
        }
        // e_phentsize must be the size of an ELF32 program header, as object and qemu-user
        // insist (the loader before object stepped by any size >= 32)
        if phentsize != 32 {
            return Err(ElfError(format!(
                "program header size {phentsize}, an ELF32 program header is 32 bytes"
            )));
        }
        if let Some(i) = (0..phnum).find(|&i| phoff + 32 * (i as u64 + 1) > bytes.len() as u64) {
            return Err(ElfError(format!(
                "truncated file: program header {i} at {:#x} is past the end",
                phoff + 32 * i as u64
            )));
        }
        let headers = header
            .program_headers(LE, bytes)
            .map_err(|e| ElfError(format!("program headers: {e}")))?;
        let mut segments = Vec::new();
        for (i, ph) in headers.iter().enumerate() {
            if ph.p_type(LE) != elf::PT_LOAD {
                continue;
            }
            let (vaddr, filesz, memsz) = (ph.p_vaddr(LE), ph.p_filesz(LE), ph.p_memsz(LE));
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
            // also an empty segment's offset must lie in the file (object reads no bytes for it)
            let offset = ph.p_offset(LE);
            let outside = || {
                ElfError(format!(
                    "segment {i} at file offset {offset:#x} size {filesz:#x} lies outside the {}-byte file",
                    bytes.len()
                ))
            };
            if offset as u64 + filesz as u64 > bytes.len() as u64 {
                return Err(outside());
            }
            let data = ph.data(LE, bytes).map_err(|()| outside())?;
            if memsz > 0 {
                let pflags = ph.p_flags(LE).0;
                let (x, w, r) = (elf::PF_X.0, elf::PF_W.0, elf::PF_R.0);
                let rwx = r | w | x;
                segments.push(Segment {
                    vaddr,
                    data: data.to_vec(),
                    memsz,
                    // no flags at all = RWX
                    exec: pflags & rwx == 0 || pflags & x != 0,
                    write: pflags & rwx == 0 || pflags & w != 0,
                    no_flags: pflags & rwx == 0,
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
        Ok(Program {
            machine,
            entry,
            flags: header.e_flags(LE).0,
            segments,
            // symbols are a convenience (names in traces, code sizes): a file whose section
            // headers or symbol table do not parse still loads, without them
            symbols: read_symbols(header, bytes).unwrap_or_default(),
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

/// The `.symtab` symbols that name something: not section, file or undefined symbols, not
/// the `$x`/`$d` mapping symbols.
fn read_symbols(header: &FileHeader32<LittleEndian>, bytes: &[u8]) -> Result<SymbolTable, Error> {
    let sections: SectionTable<FileHeader32<LittleEndian>, &[u8]> =
        SectionTable::new(header.section_headers(LE, bytes)?, StringTable::default());
    let table = sections.symbols(LE, bytes, elf::SHT_SYMTAB)?;
    let mut syms = Vec::new();
    for sym in table.iter() {
        let typ = sym.st_type();
        if typ == elf::STT_SECTION
            || typ == elf::STT_FILE
            || sym.st_shndx(LE) == elf::SHN_UNDEF
            || sym.st_name(LE) == 0
        {
            continue;
        }
        let Ok(name) = sym.name(LE, table.strings()) else {
            continue;
        };
        let name = String::from_utf8_lossy(name).into_owned();
        if name.is_empty() || name.starts_with('$') {
            continue;
        }
        syms.push(Symbol {
            name,
            addr: sym.st_value(LE),
            size: sym.st_size(LE),
            is_func: typ == elf::STT_FUNC,
        });
    }
    Ok(SymbolTable::new(syms))
}
