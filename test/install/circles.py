#!/usr/bin/env python3
"""circles.py BUILD_DIR: fails when two source files of libproact call each
other, directly or through others (a file circle), judged from the symbols
their object files define and use."""
import os
import subprocess
import sys

build = sys.argv[1]
objs = []
for layer in ("support", "transport", "libomptarget-plugin", "runtime"):
    for root, _, files in os.walk(os.path.join(build, layer)):
        objs += [os.path.join(root, f) for f in files if f.endswith(".c.o")]
if not objs:
    sys.exit("circles: no object files under " + build)

defines, uses = {}, {}
for o in objs:
    name = os.path.relpath(o, build).replace("CMakeFiles/", "")
    out = subprocess.run(["nm", "-g", o], capture_output=True, text=True,
                         check=True).stdout
    d, u = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            u.add(parts[1])
        elif len(parts) == 3:
            d.add(parts[2])
    defines[name], uses[name] = d, u

owner = {s: n for n, d in defines.items() for s in d}
graph = {n: {owner[s] for s in uses[n] if s in owner and owner[s] != n}
         for n in defines}

# Tarjan's strongly connected components.
index, low, stack, on, comps = {}, {}, [], set(), []
def visit(v):
    index[v] = low[v] = len(index)
    stack.append(v)
    on.add(v)
    for w in graph[v]:
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            comps.append(sorted(comp))
sys.setrecursionlimit(10000)
for v in graph:
    if v not in index:
        visit(v)
for c in comps:
    print("file circle:", " <-> ".join(c))
if comps:
    sys.exit(1)
print(f"circles: none among {len(graph)} object files")
