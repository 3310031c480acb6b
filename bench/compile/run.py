#!/usr/bin/env python3
"""Compile-time and object-size benchmark of PROACT loops.

Each shape in shapes/*.inc is one function with one loop, written three
ways behind #if: WAY_PROACT (#pragma proact), WAY_OMP (a hand-written
`omp target teams distribute parallel for` with the same maps) and the
sequential loop (no macro). A translation unit holds COPIES functions of one
shape, so that per-file fixed costs (headers, the offload set-up) weigh as
in a real code with many loops. Each unit is compiled with -c REPS times;
the CPU time (user + system of clang and every process it starts, ptxas
included) is the median, the object size that of the last compile.

  bench/compile/run.py --plugin build-host/lib/proact-clang.so [--target host|nvptx ...]

The compiler is --cc, else $CC, else the one scripts/build.sh defaults to
(the plugin must come from a build with the same clang).
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHAPES = ["stream", "stencil2d", "stencil3d", "reduction", "csr", "body30"]
WAYS = ["proact", "omp", "seq"]


def build_sh_cc():
    """The C compiler scripts/build.sh uses when CC is unset."""
    try:
        with open(os.path.join(ROOT, "scripts", "build.sh")) as f:
            text = f.read()
        m = re.search(r"\$\{CC:-([^}]+)\}", text)
        if m:
            cc = m.group(1)
            # ${CC:-$cc}, cc=clang-$llvm: the variable's first value
            a = re.search(r"\bcc=(\S+)", text) if cc == "$cc" else None
            if a:
                cc = a.group(1)
            # clang-$llvm, llvm=${PROACT_LLVM:-N}: the default version
            v = re.search(r"llvm=\$\{PROACT_LLVM:-([0-9]+)\}", text)
            return cc.replace("$llvm", v.group(1) if v else "22")
    except OSError:
        pass
    return "clang-16"


def default_bc_path(cc, arch):
    """The LLVM library directory of cc when it holds the nvptx device
    runtime as bitcode (libomptarget-nvptx-ARCH.bc, as LLVM 16 ships it);
    else None, and clang finds its own device runtime."""
    try:
        res = subprocess.run([cc, "-print-resource-dir"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True).stdout.strip()
    except OSError:
        return None
    lib = os.path.normpath(os.path.join(res, "..", ".."))
    if res and os.path.exists(os.path.join(lib, "libomptarget-nvptx-%s.bc" % arch)):
        return lib
    return None


def target_flags(target, cuda, arch, bc_path):
    if target == "host":
        return ["-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu"]
    flags = ["-fopenmp", "--offload-arch=" + arch, "-Wno-unknown-cuda-version",
             "--cuda-path=" + cuda]
    if bc_path:
        flags.append("--libomptarget-nvptx-bc-path=" + bc_path)
    return flags


def unit(shape, copies):
    text = ["#include <proact.h>"]
    for k in range(copies):
        text += ["#define FN %s_%d" % (shape, k),
                 '#include "%s/shapes/%s.inc"' % (HERE, shape), "#undef FN"]
    return "\n".join(text) + "\n"


def compile_once(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit("compile failed: %s\n%s" % (" ".join(cmd), proc.stderr[-4000:]))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", required=True, help="proact-clang.so")
    ap.add_argument("--plugin-arg", action="append", default=[],
                    help="a plugin argument for the PROACT way, e.g. "
                    "mechanisms=memcpy,dma (-fplugin-arg-proact-...)")
    ap.add_argument("--cc", default=os.environ.get("CC") or build_sh_cc(),
                    help="C compiler (default: $CC, else scripts/build.sh's)")
    ap.add_argument("--target", action="append", choices=["host", "nvptx"])
    ap.add_argument("--copies", type=int, default=8)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--shape", action="append", choices=SHAPES)
    ap.add_argument("--cuda", default=os.environ.get("PROACT_CUDA_PATH", "/usr/local/cuda"))
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--bc-path", help="directory of libomptarget-nvptx-ARCH.bc "
                    "(default: the compiler's LLVM lib directory, if it has one)")
    ap.add_argument("--breakdown", action="store_true",
                    help="also split each compile: host and device passes, "
                    "the front end alone, the kernels each mechanism set adds, "
                    "and the generated code per loop")
    args = ap.parse_args()
    if args.bc_path is None:
        args.bc_path = default_bc_path(args.cc, args.arch)
    targets = args.target or ["host"]
    shapes = args.shape or SHAPES
    base = [args.cc, "-O3", "-ffp-contract=off", "-std=gnu11",
            "-I" + os.path.join(ROOT, "include"), "-c"]

    ver = subprocess.run([args.cc, "--version"], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True).stdout
    print("compiler: %s (%s)" % (args.cc, ver.splitlines()[0] if ver else "?"))
    print("plugin arguments: %s\n" % (" ".join(args.plugin_arg) or "none"))
    print("| target | shape | PROACT s | OpenMP s | seq s | PROACT/OpenMP time "
          "| PROACT KB | OpenMP KB | seq KB | PROACT/OpenMP size |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for target in targets:
            for shape in shapes:
                src = os.path.join(tmp, shape + ".c")
                with open(src, "w") as f:
                    f.write(unit(shape, args.copies))
                cmds, times, objs = {}, {w: [] for w in WAYS}, {}
                for way in WAYS:
                    objs[way] = os.path.join(tmp, "%s-%s-%s.o" % (shape, way, target))
                    cmd = base + ["-o", objs[way], src]
                    if way == "proact":
                        cmd += ["-DWAY_PROACT", "-fplugin=" + args.plugin]
                        cmd += ["-fplugin-arg-proact-" + a for a in args.plugin_arg]
                    elif way == "omp":
                        cmd += ["-DWAY_OMP"]
                    if way != "seq":
                        cmd += target_flags(target, args.cuda, args.arch, args.bc_path)
                    cmds[way] = cmd
                # The ways alternate, so that a busy machine slows each alike.
                for _ in range(args.reps):
                    for way in WAYS:
                        times[way].append(compile_once(cmds[way]))
                res = {w: (statistics.median(times[w]), os.path.getsize(objs[w]) / 1024)
                       for w in WAYS}
                p, o, s = res["proact"], res["omp"], res["seq"]
                print("| %s | %s | %.2f | %.2f | %.2f | %.1fx | %.0f | %.0f | %.0f | %.1fx |"
                      % (target, shape, p[0], o[0], s[0], p[0] / o[0], p[1], o[1],
                         s[1], p[1] / o[1]), flush=True)
                if args.breakdown:
                    rows.append(breakdown(args, target, shape, src, cmds, res, tmp))
    if rows:
        print_breakdown(rows)


# What each part of a compile costs: (label, way, extra flags). The passes
# are clang's own (--offload-host-only: the host code, with each kernel's
# host fallback; --offload-device-only: the device code, ptxas included for
# nvptx); -fsyntax-only stops after the front end (the plugin's lowering,
# parsing and checking the generated code, on every pass); the mechanism
# sets leave kernels out (docs/user/building.md, plugin arguments).
PARTS = [("host pass", "proact", ["--offload-host-only"]),
         ("host pass", "omp", ["--offload-host-only"]),
         ("device pass", "proact", ["--offload-device-only"]),
         ("device pass", "omp", ["--offload-device-only"]),
         ("front end", "proact", ["-fsyntax-only"]),
         ("front end", "omp", ["-fsyntax-only"]),
         ("memcpy", "proact", ["-fplugin-arg-proact-mechanisms=memcpy"]),
         ("memcpy,dma", "proact", ["-fplugin-arg-proact-mechanisms=memcpy,dma"])]


def breakdown(args, target, shape, src, cmds, res, tmp):
    row = {"target": target, "shape": shape, "proact": res["proact"][0],
           "omp": res["omp"][0]}
    for label, way, extra in PARTS:
        cmd = [c for c in cmds[way]]
        if "-fsyntax-only" in extra:
            i = cmd.index("-o")
            del cmd[i:i + 2]
            cmd.remove("-c")
        cmd += extra
        times = [compile_once(cmd) for _ in range(args.reps)]
        row[(label, way)] = statistics.median(times)
    # The generated code: kernels and bytes per loop in the lowered unit
    # (clang -E), against the sequential unit's bytes.
    def pre(way):
        cmd = [c for c in cmds[way] if c != "-c"]
        i = cmd.index("-o")
        cmd[i + 1] = os.path.join(tmp, "%s-%s.i" % (shape, way))
        extra = ["--offload-host-only"] if way != "seq" else []
        subprocess.run(cmd + extra + ["-E"], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        with open(cmd[i + 1]) as f:
            return f.read()
    lowered, seq = pre("proact"), pre("seq")
    row["kernels"] = lowered.count("#pragma omp target teams") / args.copies
    row["kb"] = (len(lowered) - len(seq)) / 1024.0 / args.copies
    return row


def print_breakdown(rows):
    print("\nWhere the PROACT compile goes (CPU seconds, median; ratios to the "
          "OpenMP way's same part):\n")
    print("| target | shape | PROACT / OpenMP | host pass | device pass | "
          "front end | memcpy only | memcpy,dma | all | kernels per loop | "
          "generated KB per loop |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        def part(label):
            p, o = r[(label, "proact")], r[(label, "omp")]
            return "%.2f / %.2f (%.1fx)" % (p, o, p / o if o else 0)
        print("| %s | %s | %.2f / %.2f (%.1fx) | %s | %s | %s | %.2f (%.1fx) | "
              "%.2f (%.1fx) | %.2f (%.1fx) | %.0f | %.1f |"
              % (r["target"], r["shape"], r["proact"], r["omp"],
                 r["proact"] / r["omp"], part("host pass"), part("device pass"),
                 part("front end"), r[("memcpy", "proact")],
                 r[("memcpy", "proact")] / r["omp"], r[("memcpy,dma", "proact")],
                 r[("memcpy,dma", "proact")] / r["omp"], r["proact"],
                 r["proact"] / r["omp"], r["kernels"], r["kb"]), flush=True)


if __name__ == "__main__":
    main()
