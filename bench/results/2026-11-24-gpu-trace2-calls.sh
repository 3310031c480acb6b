#!/usr/bin/env bash
# The one-GPU call of 2026-11-24 (second) for the device-side times: run on
# the device machine from the repository root with .gpu-bundle/ carried
# (scripts/gpu-bundle.sh, plus build-nvptx/lib/libproact_nvtx_tool.so copied
# into .gpu-bundle/lib).
# 1. clock_map: a target region's global-timer reading, put on the host's
#    clock with the probe kernel's offset, falls inside the host's bracket;
# 2. PROACT_TRACE of the Jacobi example: every copy carries its CUDA event
#    times, and the region's entry and exit copies lie inside those phases;
# 3. the NVTX tool test's checks on one GPU (ranges nest, one PROACT domain);
# 4. tracing on vs off, jacobi2d per loop, 7 alternated rounds;
# 5. the bundle suite: every end-to-end program under every mechanism
#    bit-identical to its sequential build.
set -uo pipefail
root=$(pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
bash scripts/gpu-run.sh bash -c '
  set -uo pipefail
  out='"$out"' root='"$root"'
  echo "== 1. clock_map"
  for r in 1 2 3; do clock_map; done
  echo "== 2. copies timed by CUDA events"
  PROACT_TRACE=$out/gpu-trace2-jacobi2d.json jacobi2d 4096 20 | tail -1
  python3 - $out/gpu-trace2-jacobi2d.json <<"PY"
import json, sys
ev = [e for e in json.load(open(sys.argv[1]))["traceEvents"] if e["ph"] != "M"]
copies = [e for e in ev if e["cat"] == "copy"]
phases = {}
for e in ev:
    if e["cat"] == "loop" and e["ph"] == "X":
        phases.setdefault(e["name"], []).append((e["ts"], e["ts"] + e["dur"]))
bad = [e for e in copies if not e["args"]["times"].startswith("run:")]
print("copies:", len(copies), "without event times:", len(bad))
for label in ("region entry", "region exit"):
    cs = [e for e in copies if e["name"] == label]
    outside = [e for e in cs if not any(lo - 5 <= e["ts"] and
               e["ts"] + e["dur"] <= hi + 5 for lo, hi in phases.get(label, []))]
    gbs = [e["args"]["bytes"] / e["dur"] / 1e3 for e in cs if e["dur"] > 0]
    print("%s: %d copies, %d outside the phase, %.1f-%.1f GB/s" % (
        label, len(cs), len(outside), min(gbs or [0]), max(gbs or [0])))
    for e in outside[:3]:
        print("  outside:", e["ts"], e["dur"], phases.get(label))
PY
  echo "== 3. NVTX tool on one GPU"
  NVTX_INJECTION64_PATH=$root/.gpu-bundle/lib/libproact_nvtx_tool.so NVTX_TEST_TOOL_OUT=$out/nvtx.txt jacobi2d 4096 20 | tail -1
  python3 - $out/nvtx.txt <<"PY"
import collections, sys
lines = open(sys.argv[1]).read().splitlines()
push = [l for l in lines if l.startswith("push ")]
pops = [int(l.split()[2]) for l in lines if l.startswith("pop ")]
print("domains:", [l for l in lines if l.startswith("domain")])
print("ranges pushed %d, popped %d, pops with none open %d" % (len(push), len(pops), sum(d < 1 for d in pops)))
print(collections.Counter(l.split(" ")[2] for l in push))
PY
  for n in 8192; do
    echo "== 4. jacobi2d $n 100 0, ms per loop: tracing off / on, 7 rounds"
    for r in 1 2 3 4 5 6 7; do
      o=$(jacobi2d $n 100 0 | grep -o "([0-9.]* ms per loop)")
      t=$(PROACT_TRACE=/tmp/t.json jacobi2d $n 100 0 | grep -o "([0-9.]* ms per loop)")
      echo "round $r | off $o | on $t"
    done
  done
  echo "== 5. suite"
  BIG_N=8192 BIG_IT=20 OUT=$out bash scripts/gpu-suite.sh 2>&1 | grep -E "^(==|[a-z0-9]+ [a-z]+: )" | grep -v "^== (date|machine)" 
' 2>&1 | tee "$out/gpu-trace2.log"
