#!/usr/bin/env bash
# The GPU calls of 2026-11-29-h200-llvm22-final.md (one H200), from the
# repository root, with .gpu-bundle/ (scripts/gpu-bundle.sh, LLVM 22) and
# .gpu-bundle-variants/ holding $V22 and $V16 (default fin22, fin16: this
# tree, LLVM 22 and 16; scripts/gpu-bundle-variants.sh) and common/. They
# exceed one call's 64 MiB, so three calls to a warm machine:
#   s: carry .gpu-bundle:         bash bench/results/2026-11-29-h200-llvm22-final-calls.sh s
#   a: carry common and $V22:     bash bench/results/2026-11-29-h200-llvm22-final-calls.sh a
#   b: carry $V16:                bash bench/results/2026-11-29-h200-llvm22-final-calls.sh b
# s. the one-GPU suite (scripts/gpu-suite.sh through scripts/gpu-run.sh);
# a. bit-identity of e2e programs on GPU 0 against their sequential runs;
#    bench/kernels/kernel_time.sh (kernel time under ncu against loop time,
#    beside the CUDA twins); a PROACT_TRACE timeline and PROACT_STATS of
#    proact_kernels (where a loop's time outside its kernel goes);
# b. scripts/gpu-compare.sh: $V22 and $V16 side by side, 3 rounds, then
#    bit-identity with $V16.
# Everything lands in $OUT/final-<s|a|b>.tgz (one file back per call).
set -uo pipefail
B=${PAIR:-.gpu-bundle-variants}
V22=${V22:-fin22}
V16=${V16:-fin16}
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
same() { # same VARIANT PROG ARGS...: GPU 0 against the sequential build
  local v=$1 p=$2 a b
  shift 2
  a=$(run_in "$v" "$p" "$@" 2>"$w/same.err") ||
    { echo "$v $p $*: FAILED to run"; tail -n 3 "$w/same.err"; rc=1; return; }
  b=$("$B/$v/bin/${p}_seq" "$@")
  if [ "$a" = "$b" ]; then echo "$v $p $*: bit-identical"; else echo "$v $p $*: DIFFERENT"; rc=1; fi
}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader -i 0
for v in $V22 $V16; do [ -f "$B/$v/rev" ] && echo "$v: $(cat "$B/$v/rev") (LLVM $(cat "$B/$v/llvm"))"; done
case ${1:-} in
s)
  echo "######## s. the one-GPU suite (.gpu-bundle: $(cat .gpu-bundle/llvm 2>/dev/null))"
  bash scripts/gpu-run.sh >"$w/suite.log" 2>&1 || rc=1
  grep -E '^== suite result|FAIL|DIFFER' "$w/suite.log" | head -20
  ;;
a)
  echo "######## a1. bit-identity ($V22)"
  for args in "41 3" "23 2" "8 2" "3 1"; do same $V22 e2e_rows $args; done
  for pts in 256 768; do PROACT_BLOCK_POINTS=$pts same $V22 e2e_rows 41 3; done
  for args in "37 4" "9 2"; do same $V22 e2e_nests $args; done
  for args in "20011 6" "1001 4" "7 3"; do same $V22 e2e_reduce $args; done
  echo "######## a2. kernel time against loop time ($V22)"
  mkdir -p "$w/kt"
  OUT=$w/kt run_in $V22 bash bench/kernels/kernel_time.sh --reps 5 --warmup 2 || rc=1
  echo "######## a3. trace and statistics of proact_kernels ($V22)"
  PROACT_TRACE=$w/trace.json PROACT_STATS=1 run_in $V22 proact_kernels --reps 5 --warmup 2 >"$w/stats.log" 2>&1 || rc=1
  grep -E 'PASS|FAIL' "$w/stats.log"
  ;;
b)
  echo "######## b1. $V22 and $V16"
  VARIANTS="$V22 $V16" REPS=5 OUT=$w/compare bash scripts/gpu-compare.sh 3 || rc=1
  echo "######## b2. bit-identity ($V16)"
  for args in "41 3" "8 2"; do same $V16 e2e_rows $args; done
  for args in "1001 4" "7 3"; do same $V16 e2e_reduce $args; done
  ;;
*) echo "usage: $0 a|b" >&2; exit 2 ;;
esac
mkdir -p "$out"
tar -C "$w" -czf "$out/final-${1}.tgz" .
exit $rc
