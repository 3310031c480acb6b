#!/usr/bin/env bash
# The GPU calls of 2026-11-29-h200-row-reuse.md (one H200), from the
# repository root, with .gpu-bundle-variants/ holding main22 (0563598, before
# row reuse), reuse22 and reuse16 (row reuse, LLVM 22 and 16), base16
# (3003c5f, before row reuse, LLVM 16) and common/. The variants with their
# .debs exceed one call's 64 MiB, so two calls to a warm machine:
#   a: carry common, main22, reuse22:  bash bench/results/2026-11-29-h200-row-reuse-calls.sh a
#   b: carry base16, reuse16:          bash bench/results/2026-11-29-h200-row-reuse-calls.sh b
# a. kernel time against loop time (bench/kernels/kernel_time.sh) for main22
#    and reuse22; ncu's registers, occupancy, L1 hits and long-scoreboard
#    stalls of the column kernels of both; rows.c and nests.c against their
#    sequential runs (bit-identity) with reuse22;
# b. scripts/gpu-compare.sh: the four variants side by side, 3 rounds
#    (bench/kernels/run.sh against the CUDA twins, jacobi2d 8192^2 and
#    16384^2 per loop), then rows.c with reuse16.
set -uo pipefail
B=${PAIR:-.gpu-bundle-variants}
out=${OUT:-gpu-out}
mkdir -p "$out"
rc=0
run_in() { # run_in VARIANT COMMAND...
  local v=$1
  shift
  PROACT_GPU_BUNDLE=$B/$v PROACT_GPU_DEBS_EXTRA=$B/common/debs \
    CUDA_KERNELS=$B/common/bin/cuda_kernels PROACT_DEVICES=0 \
    bash scripts/gpu-run.sh "$@"
}
# same VARIANT PROG ARGS...: the program's output on GPU 0 against its
# sequential build's (both in the variant's bin/).
same() {
  local v=$1 p=$2
  shift 2
  local a b
  a=$(run_in "$v" "$p" "$@" 2>"$out/same.err") ||
    { echo "$v $p $*: FAILED to run"; tail -n 3 "$out/same.err"; rc=1; return; }
  b=$("$B/$v/bin/${p}_seq" "$@")
  if [ "$a" = "$b" ]; then echo "$v $p $*: bit-identical"; else echo "$v $p $*: DIFFERENT"; rc=1; fi
}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader -i 0
for v in main22 reuse22 base16 reuse16; do
  [ -f "$B/$v/rev" ] && echo "$v: $(cat "$B/$v/rev") (LLVM $(cat "$B/$v/llvm"))"
done

case ${1:-} in
a)
  [ -d "$B/reuse22/debs" ] && [ ! -e "$B/main22/debs" ] && ln -s ../reuse22/debs "$B/main22/debs"
  echo "######## a1. bit-identity (reuse22)"
  for args in "41 3" "23 2" "8 2" "3 1"; do same reuse22 e2e_rows $args; done
  for args in "37 4" "9 2"; do same reuse22 e2e_nests $args; done
  PROACT_BLOCK_POINTS=768 same reuse22 e2e_rows 41 3
  echo "######## a2. kernel time against loop time"
  for v in main22 reuse22; do
    echo "== $v"
    mkdir -p "$out/kt-$v"
    OUT=$out/kt-$v run_in "$v" bash bench/kernels/kernel_time.sh --reps 5 --warmup 2 || rc=1
  done
  echo "######## a3. ncu: the column kernels"
  ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -n 1)
  m=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,l1tex__t_sector_hit_rate.pct,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct,dram__throughput.avg.pct_of_peak_sustained_elapsed
  for v in main22 reuse22; do
    echo "== $v"
    run_in "$v" "$ncu" --clock-control none --metrics $m -k 'regex:stencil3d_sweep_l14_2|main_l136_2|main_l47_2' \
      --launch-count 6 proact_kernels --reps 2 --warmup 2 2>&1 | grep -E '^  [a-z_]|_l[0-9]+_2' || rc=1
    run_in "$v" "$ncu" --clock-control none --metrics $m -k 'regex:main_l47_2' \
      --launch-count 3 proact_norm --reps 2 --warmup 2 2>&1 | grep -E '^  [a-z_]|_l[0-9]+_2' || rc=1
  done
  ;;
b)
  [ -d "$B/reuse22/debs" ] && [ ! -e "$B/main22/debs" ] && ln -s ../reuse22/debs "$B/main22/debs"
  echo "######## b1. the four variants"
  VARIANTS="main22 reuse22 base16 reuse16" REPS=5 OUT=$out bash scripts/gpu-compare.sh 3 || rc=1
  echo "######## b2. bit-identity (reuse16)"
  for args in "41 3" "8 2"; do same reuse16 e2e_rows $args; done
  ;;
*)
  echo "usage: $0 a|b" >&2
  exit 2
  ;;
esac
exit $rc
