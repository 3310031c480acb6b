#!/usr/bin/env bash
# The GPU calls of 2026-11-29-h200-norm.md (one H200), from the repository
# root, with .gpu-bundle-variants/ as for 2026-11-29-h200-llvm22-final-calls.sh
# (new22, new16, common), in two calls to a warm machine:
#   a: carry common, new22:  bash bench/results/2026-11-29-h200-norm-calls.sh a
#   b: carry new16:          bash bench/results/2026-11-29-h200-norm-calls.sh b
# a. kernel durations under ncu with the caches left as the previous kernel
#    left them (--cache-control none) against flushed ones (all), for
#    proact_kernels and cuda_kernels: is a loop's time outside its kernel
#    spent on the GPU?; then, for new22:
# a/b. jacobi2d-norm's kernel (main_l47_2) under ncu (duration, registers,
#    occupancy, stall reasons, memory), a PROACT_TRACE timeline of
#    proact_norm, and proact_norm's wall time, 3 runs.
# Everything lands in $OUT/norm-<a|b>.tgz.
set -uo pipefail
B=${PAIR:-.gpu-bundle-variants}
out=${OUT:-gpu-out}
w=$(mktemp -d)
rc=0
run_in() { # run_in VARIANT COMMAND...
  local v=$1
  shift
  PROACT_GPU_BUNDLE=$B/$v PROACT_GPU_DEBS_EXTRA=$B/common/debs \
    CUDA_KERNELS=$B/common/bin/cuda_kernels PROACT_DEVICES=0 \
    bash scripts/gpu-run.sh "$@"
}
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -n 1)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader -i 0
norm() { # norm VARIANT
  local v=$1
  echo "== $v: $(cat "$B/$v/rev") (LLVM $(cat "$B/$v/llvm"))"
  run_in "$v" "$ncu" --clock-control none -k regex:main_l47_2 --launch-skip 2 --launch-count 3 \
    --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
    --section MemoryWorkloadAnalysis --section SchedulerStats --section InstructionStats \
    proact_norm --reps 3 --warmup 2 >"$w/ncu-norm-$v.log" 2>&1 || rc=1
  grep -E 'Duration|Registers Per|Achieved Occupancy|Warp Cycles Per Issued|DRAM Throughput|L1/TEX Hit|L2 Hit|Executed Ipc A|Issue Slots Busy|Block Limit Reg' \
    "$w/ncu-norm-$v.log" | awk '{$1=$1; print}' | sort | uniq -c
  PROACT_TRACE=$w/trace-norm-$v.json PROACT_STATS=1 run_in "$v" proact_norm --reps 10 --warmup 2 \
    >"$w/stats-norm-$v.log" 2>&1 || rc=1
  for r in 1 2 3; do
    run_in "$v" proact_norm --reps 10 --warmup 2 2>&1 | awk -v v="$v" '$1 == "jacobi2d-norm" {print v, $3 " ms", $4 " GB/s", $7}'
  done
}
case ${1:-} in
a)
  echo "######## a1. kernel durations, caches flushed or not (new22, CUDA)"
  for cc in all none; do
    for p in proact_kernels cuda_kernels; do
      bin=$p; [ $p = cuda_kernels ] && bin=$B/common/bin/cuda_kernels
      run_in new22 "$ncu" --clock-control none --cache-control $cc --metrics gpu__time_duration.sum \
        --csv --page raw --print-units base --log-file "$w/dur-$p-$cc.csv" "$bin" --reps 3 --warmup 1 \
        >"$w/dur-$p-$cc.out" 2>&1 || rc=1
      python3 - "$w/dur-$p-$cc.csv" "$p" "$cc" <<'PY'
import csv, sys, statistics as st, collections as co
d = co.defaultdict(list)
for row in csv.DictReader(l for l in open(sys.argv[1]) if l.startswith('"')):
    try: d[row["Kernel Name"][:60]].append(float(row["gpu__time_duration.sum"].replace(",", "")) / 1e3)
    except (KeyError, ValueError): pass
for k, v in d.items():
    print(f"{sys.argv[2]:15s} cache={sys.argv[3]:4s} {k:60s} n={len(v):2d} median {st.median(v):9.1f} us")
PY
    done
  done
  echo "######## a2. jacobi2d-norm"
  norm new22
  ;;
b)
  echo "######## b1. jacobi2d-norm"
  norm new16
  norm new22
  ;;
*) echo "usage: $0 a|b" >&2; exit 2 ;;
esac
mkdir -p "$out"
tar -C "$w" -czf "$out/norm-${1}.tgz" .
exit $rc
