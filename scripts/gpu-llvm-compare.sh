#!/usr/bin/env bash
# gpu-llvm-compare.sh [ROUNDS]: on the GPU machine, in the repository root,
# with .gpu-bundle-pair/ carried there (scripts/gpu-bundle-pair.sh). Runs
# the LLVM 22 and the LLVM 16 builds side by side on GPU 0, interleaved
# (the order alternates each round), ROUNDS rounds (default 3) of:
#   bench/kernels/run.sh (PROACT and hand-written CUDA kernels, --reps REPS)
#   jacobi2d 8192^2 and 16384^2 (PROACT_DEVICES=0, ms per loop, no check)
# and prints one table: medians over the rounds, 22/16 ratios, and
# PROACT/CUDA bandwidth ratios for each LLVM. Logs and the table go to $OUT
# (or ./gpu-out). REPS (default 5) and JACOBI_IT (default 100) are read
# from the environment.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pair=${PROACT_GPU_PAIR:-$root/.gpu-bundle-pair}
rounds=${1:-3}
reps=${REPS:-5}
iters=${JACOBI_IT:-100}
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
for llvm in 22 16; do
  [ -f "$pair/llvm$llvm/llvm" ] || { echo "gpu-llvm-compare: no $pair/llvm$llvm (scripts/gpu-bundle-pair.sh)" >&2; exit 1; }
done
[ -x "$pair/common/bin/cuda_kernels" ] || { echo "gpu-llvm-compare: no $pair/common/bin/cuda_kernels" >&2; exit 1; }

run_in() { # run_in LLVM COMMAND...: COMMAND with that LLVM's bundle
  local llvm=$1
  shift
  PROACT_GPU_BUNDLE="$pair/llvm$llvm" PROACT_GPU_DEBS_EXTRA="$pair/common/debs" \
    CUDA_KERNELS="$pair/common/bin/cuda_kernels" PROACT_DEVICES=0 \
    bash "$root/scripts/gpu-run.sh" "$@"
}

rc=0
res="$out/llvm-compare.tsv" # llvm round what value
: >"$res"
for r in $(seq 1 "$rounds"); do
  order="22 16"
  [ $((r % 2)) -eq 0 ] && order="16 22"
  for llvm in $order; do
    log="$out/kernels-llvm$llvm-round$r.log"
    echo "== round $r, LLVM $llvm: bench/kernels/run.sh --reps $reps"
    OUT= run_in "$llvm" bash "$root/bench/kernels/run.sh" --reps "$reps" >"$log" 2>&1 ||
      { echo "gpu-llvm-compare: kernels failed (LLVM $llvm, $log)" >&2; rc=1; }
    # The table rows of run.sh: | kernel | size | PROACT GB/s | CUDA GB/s | ...
    awk -F'|' -v l="$llvm" -v r="$r" 'NF > 6 && $4 ~ /[0-9]/ {
        k = $2; gsub(/^ +| +$/, "", k); p = $4 + 0; c = $5 + 0
        gsub(/ /, "_", k)
        print l "\t" r "\tgbs:" k "\t" p
        if (c > 0) print l "\t" r "\tcuda:" k "\t" c
      }' "$log" >>"$res"
    for n in 8192 16384; do
      jl="$out/jacobi2d-$n-llvm$llvm-round$r.log"
      run_in "$llvm" jacobi2d "$n" "$iters" 0 >"$jl" 2>&1 ||
        { echo "gpu-llvm-compare: jacobi2d $n failed (LLVM $llvm, $jl)" >&2; rc=1; }
      # "proact: 0.021 s in 100 loops (0.213 ms per loop), ..."
      sed -n 's/^proact: .*(\([0-9.]*\) ms per loop).*/\1/p' "$jl" |
        awk -v l="$llvm" -v r="$r" -v n="$n" '{print l "\t" r "\tms:jacobi2d_" n "\t" $1}' >>"$res"
    done
  done
done

# Medians over the rounds, then one table.
awk -F'\t' '
  { v[$1 SUBSEP $3] = v[$1 SUBSEP $3] " " $4; seen[$3] = 1 }
  function median(s,   a, n, i, j, t) {
    n = split(s, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    if (n == 0) return ""
    return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  function ratio(x, y) { return (x != "" && y != "" && y + 0 > 0) ? sprintf("%.3f", x / y) : "n/a" }
  function f(x) { return x == "" ? "n/a" : x }
  END {
    for (w in seen) {
      split(w, kw, ":"); if (kw[1] == "cuda") continue
      a = median(v["22" SUBSEP w]); b = median(v["16" SUBSEP w])
      c22 = median(v["22" SUBSEP "cuda:" kw[2]]); c16 = median(v["16" SUBSEP "cuda:" kw[2]])
      unit = kw[1] == "ms" ? "ms per loop (lower is better)" : "GB/s (higher is better)"
      printf "| %s | %s | %s | %s | %s | %s | %s |\n", kw[2], unit, f(a), f(b), ratio(a, b),
             kw[1] == "gbs" ? ratio(a, c22) : "", kw[1] == "gbs" ? ratio(b, c16) : ""
    }
  }' "$res" | sort >"$out/llvm-compare.rows"
{
  echo "| what | unit | LLVM 22 | LLVM 16 | 22/16 | 22: PROACT/CUDA | 16: PROACT/CUDA |"
  echo "|---|---|---:|---:|---:|---:|---:|"
  cat "$out/llvm-compare.rows"
} >"$out/llvm-compare.md"
{
  echo "## LLVM 22 vs LLVM 16 on GPU 0: medians of $rounds interleaved rounds"
  echo "(kernels: bench/kernels/run.sh --reps $reps each round; jacobi2d: $iters iterations, PROACT_DEVICES=0)"
  command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader -i 0
  echo
  cat "$out/llvm-compare.md"
} | tee "$out/llvm-compare-table.md"
exit $rc
