"""Compiles every prefix of a C file that ends at a token boundary with the
PROACT plugin and fails if clang crashes (exit status other than 0 or 1)
or prints a stack dump. Usage: truncate.py FILE OUTDIR -- COMPILER ARGS..."""
import re
import subprocess
import sys

src, outdir = sys.argv[1], sys.argv[2]
cmd = sys.argv[sys.argv.index("--") + 1:]
text = open(src).read()
cuts = sorted({m.end() for m in re.finditer(r"\w+|[^\w\s]", text)})
bad = 0
for n, cut in enumerate(cuts):
    path = f"{outdir}/prefix{n}.c"
    with open(path, "w") as f:
        f.write(text[:cut])
    r = subprocess.run(cmd + ["-fsyntax-only", path], capture_output=True,
                       text=True)
    if r.returncode not in (0, 1) or "Stack dump" in r.stderr:
        bad += 1
        print(f"CRASH at byte {cut} (exit {r.returncode}): {path}")
print(f"{len(cuts) - bad} of {len(cuts)} prefixes compiled or were "
      f"rejected without a crash")
sys.exit(1 if bad else 0)
