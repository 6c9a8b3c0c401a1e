//! A minimal ELF32 little-endian executable writer: a [`Program`]'s segments as PT_LOAD
//! entries (no sections), so that a generated program runs on qemu-user, the simulator's
//! loader and `rtl run` from the same file.

use asip_sim::Program;

const PAGE: u32 = 0x1000;

/// The executable file of `p`. Each segment's file offset is congruent to its address
/// modulo the page size, as Linux and qemu-user require; segment flags are R plus W/X as
/// the segment says.
pub fn write(p: &Program) -> Vec<u8> {
    let phnum = p.segments.len();
    let mut out = vec![0u8; 52 + 32 * phnum];
    let put16 =
        |o: &mut Vec<u8>, at: usize, v: u16| o[at..at + 2].copy_from_slice(&v.to_le_bytes());
    let put32 =
        |o: &mut Vec<u8>, at: usize, v: u32| o[at..at + 4].copy_from_slice(&v.to_le_bytes());
    out[..7].copy_from_slice(&[0x7f, b'E', b'L', b'F', 1, 1, 1]);
    put16(&mut out, 16, 2); // ET_EXEC
    put16(&mut out, 18, p.machine.info().e_machine);
    put32(&mut out, 20, 1);
    put32(&mut out, 24, p.entry);
    put32(&mut out, 28, 52); // e_phoff
    put32(&mut out, 36, p.flags);
    put16(&mut out, 40, 52); // e_ehsize
    put16(&mut out, 42, 32); // e_phentsize
    put16(&mut out, 44, phnum as u16);
    put16(&mut out, 46, 40); // e_shentsize
    for (k, s) in p.segments.iter().enumerate() {
        // the next offset at or after the end of the file with offset = vaddr (mod PAGE)
        let end = out.len() as u32;
        let off = (end & !(PAGE - 1)) + (s.vaddr & (PAGE - 1));
        let off = if off < end { off + PAGE } else { off };
        out.resize(off as usize, 0);
        out.extend_from_slice(&s.data);
        let h = 52 + 32 * k;
        let flags = 4 | if s.write { 2 } else { 0 } | if s.exec { 1 } else { 0 };
        put32(&mut out, h, 1); // PT_LOAD
        put32(&mut out, h + 4, off);
        put32(&mut out, h + 8, s.vaddr);
        put32(&mut out, h + 12, s.vaddr);
        put32(&mut out, h + 16, s.data.len() as u32);
        put32(&mut out, h + 20, s.memsz);
        put32(&mut out, h + 24, flags);
        put32(&mut out, h + 28, PAGE);
    }
    out
}

/// Write the executable of `p` to `path`, mode 0755 (qemu-user, like the kernel, refuses
/// to load a file without execute permission).
pub fn write_file(path: &std::path::Path, p: &Program) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, write(p))?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
}

#[cfg(test)]
mod tests {
    use super::*;
    use asip_sim::Base;

    #[test]
    fn the_loader_reads_back_what_was_written() {
        for base in Base::ALL {
            let mut p = Program::from_words_for(base, 0x1_0010, &[1, 2, 3], 100);
            p.segments[0].write = false;
            p.flags = 0x1234;
            let back = Program::load_elf(&write(&p)).expect("loads");
            assert_eq!(back.machine, base);
            assert_eq!(back.entry, 0x1_0010);
            assert_eq!(back.flags, 0x1234);
            assert_eq!(back.segments.len(), 1);
            let s = &back.segments[0];
            assert_eq!(
                (s.vaddr, s.memsz, s.exec, s.write),
                (0x1_0010, 112, true, false)
            );
            assert_eq!(s.data, [1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]);
        }
    }
}
