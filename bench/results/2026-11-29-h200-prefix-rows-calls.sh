#!/usr/bin/env bash
# The GPU calls of 2026-11-29-h200-prefix-rows.md (one H200), from the
# repository root: row groups of 4 (new22, new16: 65ed78b) against 2
# (newp22, newp16: columnFactor's prefix case set to 2) in the plain column
# kernel of a body with statements before its store (jacobi2d-norm), in two
# calls to a warm machine (.debs of both LLVMs exceed 64 MiB):
#   a: carry common, new22, newp22:  bash bench/results/2026-11-29-h200-prefix-rows-calls.sh "new22 newp22"
#   b: carry new16, newp16:          bash bench/results/2026-11-29-h200-prefix-rows-calls.sh "new16 newp16"
# Per pair: e2e bit-identity of the second; proact_norm 3 rounds, the order
# alternating (--reps 10); the kernel's duration, registers and occupancy
# under ncu.
set -uo pipefail
B=${PAIR:-.gpu-bundle-variants}
rc=0
run_in() { # run_in VARIANT COMMAND...
  local v=$1
  shift
  PROACT_GPU_BUNDLE=$B/$v PROACT_GPU_DEBS_EXTRA=$B/common/debs PROACT_DEVICES=0 \
    bash scripts/gpu-run.sh "$@"
}
same() { # same VARIANT PROG ARGS...: GPU 0 against the sequential build
  local v=$1 p=$2 a b
  shift 2
  a=$(run_in "$v" "$p" "$@" 2>/dev/null) || { echo "$v $p $*: FAILED to run"; rc=1; return; }
  b=$("$B/$v/bin/${p}_seq" "$@")
  if [ "$a" = "$b" ]; then echo "$v $p $*: bit-identical"; else echo "$v $p $*: DIFFERENT"; rc=1; fi
}
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -n 1)
set -- $1
for v in "$@"; do echo "$v: $(cat "$B/$v/rev") (LLVM $(cat "$B/$v/llvm"))"; done
for args in "30011 6" "1001 3" "7 2"; do same "$2" e2e_ported $args; done
for args in "41 3" "8 2"; do same "$2" e2e_rows $args; done
for r in 1 2 3; do
  for v in "$@"; do
    run_in "$v" proact_norm --reps 10 --warmup 2 2>&1 | awk -v v="$v" -v r="$r" '$1 == "jacobi2d-norm" {print "round " r, v, $3 " ms", $4 " GB/s", $7}'
  done
  set -- "$2" "$1"
done
for v in "$@"; do
  run_in "$v" "$ncu" --clock-control none -k regex:main_l47_2 --launch-skip 2 --launch-count 3 \
    --metrics gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sectors.avg.pct_of_peak_sustained_elapsed \
    proact_norm --reps 3 --warmup 2 2>/dev/null | grep -E '^ +(gpu__|launch__|sm__|lts__)' | awk -v v="$v" '{print v, $1, $3}'
done
exit $rc
