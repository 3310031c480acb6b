#!/usr/bin/env bash
# The one-GPU call of 2026-11-24 for the timelines: run on the device
# machine from the repository root with .gpu-bundle/ carried
# (scripts/gpu-bundle.sh), plus .gpu-bundle/pretrace/{bin,lib}: jacobi2d and
# libproact of the commit before the event recorder, built the same way.
# 1. PROACT_TRACE of the Jacobi example on one GPU (and of stencil1d under
#    dma), validated as JSON here and drawn by bench/trace_plot.py later;
# 2. the recorder's cost: jacobi2d per loop before the recorder, with it and
#    tracing off, and tracing on, alternated;
# 3. an nsys capture's NVTX ranges, where nsys is installed.
set -uo pipefail
root=$(pwd)
pre=$root/.gpu-bundle/pretrace
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
bash scripts/gpu-run.sh bash -c '
  set -uo pipefail
  pre='"$pre"' out='"$out"'
  echo "== traces"
  PROACT_TRACE=$out/gpu-trace-jacobi2d.json jacobi2d 4096 20 | tail -2
  PROACT_TRACE=$out/gpu-trace-stencil1d-dma.json PROACT_MECH=dma e2e_stencil1d 1000003 40 | md5sum
  e2e_stencil1d_seq 1000003 40 | md5sum
  for f in $out/gpu-trace-*.json; do
    python3 -c "import json,sys,collections; d=json.load(open(sys.argv[1])); c=collections.Counter(e[\"name\"] for e in d[\"traceEvents\"] if e.get(\"ph\")!=\"M\"); print(sys.argv[1].split(\"/\")[-1], len(d[\"traceEvents\"]), \"events:\", dict(c))" "$f"
  done
  for n in 8192 16384; do
    echo "== jacobi2d $n 100 0, ms per loop: before the recorder / tracing off / tracing on, 7 rounds"
    for r in 1 2 3 4 5 6 7; do
      b=$(LD_LIBRARY_PATH=$pre/lib:$LD_LIBRARY_PATH $pre/bin/jacobi2d $n 100 0 | grep -o "([0-9.]* ms per loop)")
      o=$(jacobi2d $n 100 0 | grep -o "([0-9.]* ms per loop)")
      t=$(PROACT_TRACE=/tmp/t.json jacobi2d $n 100 0 | grep -o "([0-9.]* ms per loop)")
      echo "round $r | before $b | off $o | on $t"
    done
  done
  for d in /usr/local/cuda/bin /opt/nvidia/nsight-systems/*/bin /usr/local/cuda/nsight-systems*/bin; do
    [ -x "$d/nsys" ] && PATH=$PATH:$d && break
  done
  if command -v nsys >/dev/null 2>&1; then
    echo "== nsys $(nsys --version)"
    nsys profile -t cuda,nvtx -o $out/nsys-jacobi2d -f true jacobi2d 4096 20 >/dev/null 2>&1
    nsys stats -r nvtx_sum $out/nsys-jacobi2d.nsys-rep 2>&1 | head -30
    rm -f $out/nsys-jacobi2d.nsys-rep $out/nsys-jacobi2d.sqlite
  else
    echo "== nsys: not installed on this machine"
  fi
' 2>&1 | tee "$out/gpu-trace.log"
