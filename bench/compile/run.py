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
            # clang-$llvm, llvm=${PROACT_LLVM:-N}: the default version
            v = re.search(r"llvm=\$\{PROACT_LLVM:-([0-9]+)\}", text)
            return m.group(1).replace("$llvm", v.group(1) if v else "22")
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


if __name__ == "__main__":
    main()
