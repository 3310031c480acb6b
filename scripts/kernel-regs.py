#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""kernel-regs.py FILE [NAME_SUBSTRING]: the registers per thread of each
GPU kernel in FILE, a linked PROACT program (as the GPU will launch it) or a
CUDA image (a .cubin, e.g. from -save-temps).

`-Xcuda-ptxas -v` at compile time reports each kernel alone; when a kernel
calls a function that was not inlined, the device link gives the kernel the
callee's count when that is larger. This reads the count the link wrote: the embedded CUDA images' .nv.info records (EIATTR_REGCOUNT).
Needs no CUDA tools. Kernel names lose their __omp_offloading_DEV_FILE_
prefix; with NAME_SUBSTRING only the names that contain it are printed."""
import re
import struct
import sys

EM_CUDA = 190
EIATTR_REGCOUNT = 0x2F
# .nv.info attribute formats: no value, a byte, a 16-bit value, a 16-bit
# size and that many bytes.
EIFMT_NVAL, EIFMT_BVAL, EIFMT_HVAL, EIFMT_SVAL = 1, 2, 3, 4


def cuda_images(data):
    """The CUDA ELF images in data (a host binary's embedded ones, or data
    itself when it is one), each as bytes."""
    at = data.find(b"\x7fELF")
    while at >= 0:
        machine = struct.unpack_from("<H", data, at + 0x12)[0]
        if data[at + 4] == 2 and machine == EM_CUDA:  # 64-bit CUDA ELF
            shoff = struct.unpack_from("<Q", data, at + 0x28)[0]
            shentsize, shnum = struct.unpack_from("<HH", data, at + 0x3A)
            yield data[at:at + shoff + shentsize * shnum]
        at = data.find(b"\x7fELF", at + 1)


def register_counts(img):
    """(function name, registers) from one image's .nv.info section."""
    shoff = struct.unpack_from("<Q", img, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", img, 0x3A)
    secs = [struct.unpack_from("<IIQQQQIIQQ", img, shoff + i * shentsize)
            for i in range(shnum)]

    def cstr(base, off):
        return img[base + off:img.index(b"\0", base + off)].decode()

    names = [cstr(secs[shstrndx][4], s[0]) for s in secs]
    symtab = next(s for s in secs if s[1] == 2)  # SHT_SYMTAB
    strtab = secs[symtab[6]][4]
    syms = [cstr(strtab, struct.unpack_from("<I", img, symtab[4] + j * 24)[0])
            for j in range(symtab[5] // 24)]
    for sec, name in zip(secs, names):
        if name != ".nv.info":
            continue
        o, end = sec[4], sec[4] + sec[5]
        while o < end:
            fmt, attr = img[o], img[o + 1]
            if fmt == EIFMT_SVAL:
                size = struct.unpack_from("<H", img, o + 2)[0]
                if attr == EIATTR_REGCOUNT:
                    sym, regs = struct.unpack_from("<II", img, o + 4)
                    yield syms[sym], regs
                o += 4 + size
            elif fmt == EIFMT_HVAL:
                o += 4
            elif fmt == EIFMT_BVAL:
                o += 3
            else:  # EIFMT_NVAL
                o += 2


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    want = sys.argv[2] if len(sys.argv) == 3 else ""
    with open(sys.argv[1], "rb") as f:
        data = f.read()
    found = False
    for img in cuda_images(data):
        for name, regs in register_counts(img):
            short = re.sub(r"^__omp_offloading_[0-9a-f]+_[0-9a-f]+_", "", name)
            if want in short:
                print(f"{regs:4d} {short}")
                found = True
    if not found:
        sys.exit(f"kernel-regs: no CUDA kernel{' named *' + want + '*' if want else ''} "
                 f"in {sys.argv[1]} (a host-offload build has none)")


if __name__ == "__main__":
    main()
