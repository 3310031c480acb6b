#!/usr/bin/env python3
"""Registers per kernel of a CUDA cubin (an ELF file), read from the
EIATTR_REGCOUNT attributes of its .nv.info section, so that register counts
of the kernels clang generates can be checked on a machine without GPU tools
(build with -save-temps; the linked image is <output>-nvptx64-*.cubin).
Usage: kernel-regs.py FILE.cubin [NAME_SUBSTRING]"""
import struct
import sys

EIATTR_REGCOUNT = 0x2F


def sections(data):
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    out = []
    for i in range(shnum):
        name, typ, _, _, off, size, link, _, _, entsize = struct.unpack_from(
            "<IIQQQQIIQQ", data, shoff + i * shentsize)
        out.append(dict(name=name, type=typ, off=off, size=size, link=link,
                        entsize=entsize))
    strtab = out[shstrndx]
    for s in out:
        end = data.index(b"\0", strtab["off"] + s["name"])
        s["name"] = data[strtab["off"] + s["name"]:end].decode()
    return out


def symbols(data, secs):
    symtab = next(s for s in secs if s["type"] == 2)
    strtab = secs[symtab["link"]]
    names = []
    for i in range(symtab["size"] // 24):
        name, = struct.unpack_from("<I", data, symtab["off"] + i * 24)
        end = data.index(b"\0", strtab["off"] + name)
        names.append(data[strtab["off"] + name:end].decode())
    return names


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    data = open(sys.argv[1], "rb").read()
    want = sys.argv[2] if len(sys.argv) > 2 else ""
    secs = symbols_secs = sections(data)
    names = symbols(data, secs)
    info = next(s for s in symbols_secs if s["name"] == ".nv.info")
    pos, end = info["off"], info["off"] + info["size"]
    while pos < end:
        fmt, attr = data[pos], data[pos + 1]
        if fmt == 0x04:
            size, = struct.unpack_from("<H", data, pos + 2)
            if attr == EIATTR_REGCOUNT:
                sym, regs = struct.unpack_from("<II", data, pos + 4)
                if want in names[sym]:
                    print(f"{regs:4d} {names[sym]}")
            pos += 4 + size
        elif fmt == 0x03:
            pos += 4
        elif fmt == 0x02:
            pos += 3
        else:
            pos += 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
