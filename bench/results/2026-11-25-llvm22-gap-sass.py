#!/usr/bin/env python3
"""The hot loops of kernels' SASS (nvdisasm -c output, one kernel per file):
for each innermost loop that stores (a backward branch's span), its
instructions, per stored element (STG) all / integer-and-address / float
instructions and loads, the load and store forms, and the loads' batches: runs
of LDGs between uses of an earlier LDG's result, so each batch after the first
waits for memory once. Used by 2026-11-25-llvm22-gap.md.
Usage: 2026-11-25-llvm22-gap-sass.py KERNEL.sass..."""
import re
import sys

FLOAT_OPS = ('FADD', 'FMUL', 'FFMA', 'FMNMX', 'FSETP', 'FSEL')


def parse(path):
    ins, labels = [], {}
    for line in open(path):
        m = re.match(r'^(\.L_x_\d+):', line.strip())
        if m:
            labels[m.group(1)] = len(ins)
            continue
        m = re.match(r'^\s+/\*[0-9a-f]+\*/\s+(.*?)\s*;', line)
        if m:
            ins.append(re.sub(r'^@!?U?P\w+\s+', '', m.group(1)))
    return ins, labels


def regs(text):
    return {int(r) for r in re.findall(r'\bR(\d+)\b', text)}


def batches(body):
    pending, out, cur = set(), [], 0
    for s in body:
        op, _, args = s.partition(' ')
        if op.startswith('LDG'):
            dst, _, src = args.partition(',')
            if pending & regs(src):
                out.append(cur)
                cur, pending = 0, set()
            d = min(regs(dst))
            width = 4 if '.128' in op else 2 if '.64' in op else 1
            cur += 1
            pending |= set(range(d, d + width))
        else:
            srcs = args if op.startswith('STG') else args.partition(',')[2]
            if pending and pending & regs(srcs):
                if cur:
                    out.append(cur)
                cur, pending = 0, set()
    if cur:
        out.append(cur)
    return out


for path in sys.argv[1:]:
    ins, labels = parse(path)
    loops = [(labels[m.group(1)], i) for i, s in enumerate(ins)
             for m in [re.search(r'BRA\s+`\((\.L_x_\d+)\)', s)]
             if m and m.group(1) in labels and labels[m.group(1)] <= i]
    inner = [l for l in loops
             if not any(o != l and l[0] <= o[0] and o[1] <= l[1] for o in loops)]
    name = path.split('/')[-1].rsplit('.', 1)[0]
    for a, b in inner:
        body = ins[a:b + 1]
        ops = [s.split()[0] for s in body]
        ld = [o for o in ops if o.startswith('LDG')]
        st = [o for o in ops if o.startswith('STG')]
        if not st:
            continue
        fl = sum(1 for o in ops if o.startswith(FLOAT_OPS))
        n = len(st)
        forms = {}
        for o in ld + st:
            forms[o] = forms.get(o, 0) + 1
        print(f"{name} loop@{a} instructions {len(body)} stores {n}: per store "
              f"{len(body) / n:.1f} (int/address {(len(body) - len(ld) - len(st) - fl) / n:.1f}, "
              f"float {fl / n:.1f}, loads {len(ld) / n:.1f}); "
              f"{' '.join(f'{k} x{v}' for k, v in sorted(forms.items()))}; "
              f"load batches {batches(body)}")
