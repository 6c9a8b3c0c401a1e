#!/usr/bin/env python3
"""Print a kernel's code size from the __kernel_* symbols of a bench.elf (ELF32 LE/BE).

size = text + rodata + data, where each part is __kernel_<part>_end - __kernel_<part>_start
(see docs/firmware.md). Output: one line
  size kernel=<name> text=<n> rodata=<n> data=<n> total=<n> elf=<path>
"""
import os
import struct
import sys

PARTS = ("text", "rodata", "data")


def elf32_symbols(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 1:
        raise SystemExit(f"{path}: not an ELF32 file")
    end = "<" if data[5] == 1 else ">"
    (shoff,) = struct.unpack_from(end + "I", data, 0x20)
    shentsize, shnum = struct.unpack_from(end + "HH", data, 0x2E)
    sections = [struct.unpack_from(end + "IIIIIIIIII", data, shoff + i * shentsize)
                for i in range(shnum)]
    syms = {}
    for sh in sections:
        if sh[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[sh[6]]
        for off in range(sh[4], sh[4] + sh[5], 16):
            name_off, value, _size, _info, _other, _shndx = struct.unpack_from(
                end + "IIIBBH", data, off)
            s = strtab[4] + name_off
            name = data[s:data.index(b"\0", s)].decode()
            syms[name] = value
    return syms


def kernel_size(path):
    syms = elf32_symbols(path)
    sizes = {}
    for part in PARTS:
        try:
            sizes[part] = syms[f"__kernel_{part}_end"] - syms[f"__kernel_{part}_start"]
        except KeyError as e:
            raise SystemExit(f"{path}: missing symbol {e}")
    return sizes


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: kernel_size.py bench.elf...")
    for path in sys.argv[1:]:
        sizes = kernel_size(path)
        name = os.path.basename(os.path.dirname(os.path.abspath(path)))
        total = sum(sizes.values())
        print(f"size kernel={name} " + " ".join(f"{p}={sizes[p]}" for p in PARTS)
              + f" total={total} elf={path}")


if __name__ == "__main__":
    main()
