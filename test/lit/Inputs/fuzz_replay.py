"""Compiles each input of test/fuzz/regressions/ as the fuzz target does
(the text after '#pragma proact ' in a small function: fuzz_directives.cpp's
Prelude) with the plugin, and fails if clang crashes. Usage:
fuzz_replay.py REGRESSION_DIR OUTDIR -- COMPILER ARGS..."""
import glob
import os
import subprocess
import sys

PRELUDE = ("#include <proact.h>\n"
           "struct pt { int n; };\n"
           "double g(const double *);\n"
           "void f(int n, long m, double *a, double *b, float *u, float *v,\n"
           "       int *idx, struct pt *p) {\n"
           "  double s = 0; long k = 0; int j;\n"
           "#pragma proact ")
inputs, outdir = sys.argv[1], sys.argv[2]
cmd = sys.argv[sys.argv.index("--") + 1:]
paths = sorted(glob.glob(os.path.join(inputs, "*")))
bad = 0
for path in paths:
    src = os.path.join(outdir, os.path.basename(path) + ".c")
    with open(path, "rb") as f, open(src, "wb") as out:
        out.write(PRELUDE.encode() + f.read() + b"\n}\n")
    r = subprocess.run(cmd + ["-fsyntax-only", src], capture_output=True)
    if r.returncode not in (0, 1) or b"Stack dump" in r.stderr:
        bad += 1
        print(f"CRASH (exit {r.returncode}): {path}")
print(f"{len(paths) - bad} of {len(paths)} fuzz regressions compiled or were "
      f"rejected without a crash")
sys.exit(1 if bad else 0)
