#!/usr/bin/env python3
"""Compile time and memory of large files: N annotated loops in one function
and spread over functions, against the same loops as plain OpenMP offload.

Each file is generated: loops cycle through four shapes as in examples/ and
bench/apps (an axpy, a five-point stencil nest, a row accumulation over an
inner loop, a seven-point 3-D stencil), written either with
`#pragma proact region(...)` or as its twin, `#pragma omp target teams
distribute parallel for` with the same maps (`collapse` where PROACT
collapses the nest). Each file is compiled with -c at -O2 for the
host-offload target (x86_64) and nvptx64 (--target; nvptx needs ptxas from
--cuda), REPS times, the ways alternating, under /usr/bin/time -v (wall
seconds, CPU seconds of clang and its children, peak RSS of the largest
process) and a timeout, so that a blow-up is reported, not waited for. The
ratio PROACT / OpenMP is per row, both measured in the same run.

  bench/compile/large.py --plugin build-host/lib/proact-clang.so \\
      [--target host --target nvptx] [--sizes 100,500,2000] [--reps 3]

Exits 1 when the bar fails: 500 loops in one function at -O2 must compile
within BAR (3) times their OpenMP twin's CPU time (--bar-on wall: wall
time), on every target run.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from run import build_sh_cc, default_bc_path, target_flags  # noqa: E402

# Each shape: (PROACT pragma, OpenMP pragma, loop). Every loop reads and
# writes the function's parameters, so that nothing is dead.
SHAPES = [
    ("region(a[0:n], b[0:n], c[0:n])",
     "map(to: b[0:n], c[0:n]) map(tofrom: a[0:n])",
     "for (long i = 0; i < n; i++)\n    a[i] = b[i] + s * c[i];"),
    ("region(u[0:cells], v[0:cells])",
     "collapse(2) map(to: u[0:cells]) map(tofrom: v[0:cells])",
     "for (long i = 1; i < m - 1; i++)\n"
     "    for (long j = 1; j < m - 1; j++)\n"
     "      v[i * m + j] = 0.25f * (u[(i - 1) * m + j] + u[(i + 1) * m + j] +\n"
     "                              u[i * m + j - 1] + u[i * m + j + 1]);"),
    ("region(x[0:m], u[0:cells], y[0:m])",
     "map(to: x[0:m], u[0:cells]) map(tofrom: y[0:m])",
     "for (long i = 0; i < m; i++) {\n"
     "    double acc = 0;\n"
     "    for (long j = 0; j < m; j++)\n"
     "      acc += u[i * m + j] * x[j];\n"
     "    y[i] = s * acc + y[i];\n"
     "  }"),
    ("region(w[0:vol], z[0:vol])",
     "collapse(3) map(to: w[0:vol]) map(tofrom: z[0:vol])",
     "for (long i = 1; i < k - 1; i++)\n"
     "    for (long j = 1; j < k - 1; j++)\n"
     "      for (long l = 1; l < k - 1; l++)\n"
     "        z[(i * k + j) * k + l] = (w[((i - 1) * k + j) * k + l] +\n"
     "            w[((i + 1) * k + j) * k + l] + w[(i * k + j - 1) * k + l] +\n"
     "            w[(i * k + j + 1) * k + l] + w[(i * k + j) * k + l - 1] +\n"
     "            w[(i * k + j) * k + l + 1]) * (1.0 / 6.0);"),
]
WAYS = ("proact", "omp")
PARAMS = ("long n, long m, long k, double s, double *restrict a, "
          "const double *restrict b, const double *restrict c, "
          "const float *restrict u, float *restrict v, const double *restrict x, "
          "double *restrict y, const double *restrict w, double *restrict z")


def source(way, loops, per_function):
    """A translation unit of `loops` loops, `per_function` to a function."""
    out = ["#include <proact.h>", ""]
    fn = 0
    for first in range(0, loops, per_function):
        out.append("void step%d(%s) {" % (fn, PARAMS))
        out.append("  long cells = m * m, vol = k * k * k;")
        for q in range(first, min(loops, first + per_function)):
            pro, omp, body = SHAPES[q % len(SHAPES)]
            if way == "proact":
                out.append("#pragma proact " + pro)
            else:
                out.append("#pragma omp target teams distribute parallel for " + omp)
            out.append("  " + body)
        out.append("}")
        out.append("")
        fn += 1
    return "\n".join(out) + "\n"


def measure(cmd, timeout):
    """(wall seconds, CPU seconds, peak RSS MiB, status) of one compile under
    /usr/bin/time -v: CPU is user + system of clang and every process it
    starts, the RSS that of the largest; status is 'ok', 'timeout' or
    'failed'."""
    tv = ["/usr/bin/time", "-v"] if os.path.exists("/usr/bin/time") else []
    start = time.monotonic()
    try:
        proc = subprocess.run(["timeout", "-k", "5", str(timeout)] + tv + cmd,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    except OSError as e:
        sys.exit("cannot run %s: %s" % (cmd[0], e))
    wall = time.monotonic() - start
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    rss = int(m.group(1)) / 1024.0 if m else float("nan")
    cpu = sum(float(x) for x in re.findall(
        r"(?:User|System) time \(seconds\): ([0-9.]+)", proc.stderr)) or float("nan")
    if proc.returncode == 124 or proc.returncode == 137:
        return wall, cpu, rss, "timeout"
    if proc.returncode != 0:
        sys.stderr.write("compile failed: %s\n%s\n" % (" ".join(cmd), proc.stderr[-3000:]))
        return wall, cpu, rss, "failed"
    return wall, cpu, rss, "ok"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", required=True, help="proact-clang.so")
    ap.add_argument("--plugin-arg", action="append", default=[],
                    help="a plugin argument for the PROACT way (-fplugin-arg-proact-...)")
    ap.add_argument("--cc", default=os.environ.get("CC") or build_sh_cc())
    ap.add_argument("--target", action="append", choices=["host", "nvptx"])
    ap.add_argument("--sizes", default="100,500,2000",
                    help="loops per file (comma-separated)")
    ap.add_argument("--layout", action="append", choices=["function", "file"],
                    help="function: every loop in one function; file: "
                    "--per-function loops to a function (default: both)")
    ap.add_argument("--per-function", type=int, default=20)
    ap.add_argument("--opt", default="-O2")
    ap.add_argument("--reps", type=int, default=3,
                    help="compiles per way (the median is reported)")
    ap.add_argument("--max-reps-loops", type=int, default=500,
                    help="files with more loops are compiled once per way")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per compile")
    ap.add_argument("--bar", type=float, default=3.0)
    ap.add_argument("--bar-loops", type=int, default=500)
    ap.add_argument("--bar-on", choices=["cpu", "wall"], default="cpu",
                    help="the time the bar compares: CPU seconds (default; on a "
                    "shared machine they vary less than wall time) or wall seconds")
    ap.add_argument("--cuda", default=os.environ.get("PROACT_CUDA_PATH", "/usr/local/cuda"))
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--bc-path")
    ap.add_argument("--keep", help="directory to keep the generated sources in")
    args = ap.parse_args()
    if args.bc_path is None:
        args.bc_path = default_bc_path(args.cc, args.arch)
    targets = args.target or ["host"]
    layouts = args.layout or ["function", "file"]
    sizes = [int(s) for s in args.sizes.split(",")]
    base = [args.cc, args.opt, "-std=gnu11", "-I" + os.path.join(ROOT, "include"), "-c"]

    ver = subprocess.run([args.cc, "--version"], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True).stdout
    print("compiler: %s (%s), %s, plugin arguments: %s, %d reps (%d above %d loops), "
          "timeout %d s\n" % (args.cc, ver.splitlines()[0] if ver else "?", args.opt,
                               " ".join(args.plugin_arg) or "none", args.reps, 1,
                               args.max_reps_loops, args.timeout))
    print("| target | loops | layout | PROACT wall s | OpenMP wall s | wall ratio "
          "| PROACT CPU s | OpenMP CPU s | CPU ratio | PROACT MiB | OpenMP MiB "
          "| memory ratio | bar |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    failed = []
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        tmp = args.keep
    else:
        tmpdir = tempfile.TemporaryDirectory(prefix="proact-large-")
        tmp = tmpdir.name
    for target in targets:
        for layout in layouts:
            for loops in sizes:
                per = loops if layout == "function" else args.per_function
                cmds = {}
                for way in WAYS:
                    src = os.path.join(tmp, "%s-%d-%s.c" % (layout, loops, way))
                    with open(src, "w") as f:
                        f.write(source(way, loops, per))
                    obj = os.path.join(tmp, "%s-%d-%s-%s.o" % (layout, loops, way, target))
                    cmd = base + target_flags(target, args.cuda, args.arch, args.bc_path)
                    cmd += ["-o", obj, src]
                    if way == "proact":
                        cmd += ["-fplugin=" + args.plugin]
                        cmd += ["-fplugin-arg-proact-" + a for a in args.plugin_arg]
                    cmds[way] = cmd
                reps = args.reps if loops <= args.max_reps_loops else 1
                runs = {w: [] for w in WAYS}
                status = {w: "ok" for w in WAYS}
                # The ways alternate, so that a busy machine slows each alike.
                for _ in range(reps):
                    for way in WAYS:
                        if status[way] == "ok":
                            *m, status[way] = measure(cmds[way], args.timeout)
                            runs[way].append(m)
                # Per way: the medians of wall, CPU and RSS, or None.
                med = {w: [statistics.median(r[i] for r in runs[w]) for i in range(3)]
                       if status[w] == "ok" else None for w in WAYS}

                def cells(i, fmt):
                    out = []
                    for w in WAYS:
                        if med[w] is not None:
                            out.append(fmt % med[w][i])
                        elif i == 0:
                            out.append("%s (%d s)" % (status[w], args.timeout)
                                       if status[w] == "timeout" else status[w])
                        else:
                            out.append("-")
                    if med["proact"] and med["omp"]:
                        out.append("%.1fx" % (med["proact"][i] / med["omp"][i]))
                    else:
                        out.append("-")
                    return out
                bar = ""
                if layout == "function" and loops == args.bar_loops:
                    i = 1 if args.bar_on == "cpu" else 0
                    ok = (med["proact"] is not None and med["omp"] is not None and
                          med["proact"][i] <= args.bar * med["omp"][i])
                    bar = ("ok" if ok else "**FAIL**") + " (%s <= %gx)" % (args.bar_on, args.bar)
                    if not ok:
                        failed.append(target)
                print("| " + " | ".join(
                    [target, str(loops), "one function" if layout == "function"
                     else "%d per function" % per] + cells(0, "%.1f") +
                    cells(1, "%.1f") + cells(2, "%.0f") + [bar]) + " |", flush=True)
    if failed:
        print("\nbar failed (%d loops in one function within %.0fx of OpenMP): %s"
              % (args.bar_loops, args.bar, ", ".join(failed)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
