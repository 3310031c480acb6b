#!/usr/bin/env python3
"""Writes the fuzz target's seed corpus: every '#pragma proact' directive of
the lit tests with the lines of its statement, as the text that follows
'#pragma proact ' in the target's file (fuzz_directives.cpp), plus the
regression inputs. Usage: seeds.py OUTDIR"""
import glob
import os
import sys

root = os.path.dirname(os.path.abspath(__file__))
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
sources = sorted(glob.glob(os.path.join(root, "..", "lit", "*.c")) +
                 glob.glob(os.path.join(root, "..", "lit", "Inputs", "*.c")))
seen = set()
for path in sources:
    lines = open(path, errors="replace").read().split("\n")
    for n, line in enumerate(lines):
        text = line.strip()
        if not text.startswith("#pragma proact ") or "__contract" in text:
            continue
        seed = [text[len("#pragma proact "):].split("//")[0].rstrip()]
        # The statement: the lines up to a blank line, a comment line or the
        # next directive, at most 12.
        for follow in lines[n + 1:n + 13]:
            s = follow.strip()
            if not s or s.startswith("//") or s.startswith("#"):
                break
            seed.append(follow.split("// expected-")[0].rstrip())
        body = "\n".join(seed) + "\n"
        if body in seen:
            continue
        seen.add(body)
        with open(os.path.join(out, f"seed-{len(seen):04d}"), "w") as f:
            f.write(body)
for path in sorted(glob.glob(os.path.join(root, "regressions", "*"))):
    with open(path, "rb") as src, \
         open(os.path.join(out, "regression-" + os.path.basename(path)),
              "wb") as dst:
        dst.write(src.read())
print(f"{len(seen)} seeds from {len(sources)} files in {out}")
