#!/usr/bin/env bash
# Kernel benchmark on one GPU: hand-written CUDA (cuda_kernels) and PROACT's
# generated kernels (proact_kernels, PROACT_DEVICES=0), then one table.
# On the GPU machine, from the repository root:
#   bash scripts/gpu-run.sh bash bench/kernels/run.sh [options for both]
# Options (e.g. --reps 5, --stream-n N) go to both programs unchanged.
# The programs are found on PATH (gpu-run.sh puts .gpu-bundle/bin there), or
# named by CUDA_KERNELS / PROACT_KERNELS. Without cuda_kernels (a host-offload
# build), the CUDA columns read n/a. Logs and kernels.md go to $OUT if set.
set -uo pipefail

# shellcheck source=bench/kernels/find_prog.sh
. "$(dirname "$0")/find_prog.sh"
cuda_bin=$(find_prog CUDA_KERNELS cuda_kernels)
proact_bin=$(find_prog PROACT_KERNELS proact_kernels)
norm_bin=$(find_prog PROACT_NORM proact_norm)
[ -n "$proact_bin" ] || { echo "run.sh: proact_kernels not found (PATH or PROACT_KERNELS)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== machine"
echo "host: $(hostname), $(nproc) CPUs"
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi --query-gpu=index,name,memory.total,driver_version,clocks.max.sm,clocks.max.mem \
    --format=csv,noheader
else
  echo "nvidia-smi: not available"
fi
echo "args: ${*:-(defaults)}"

rc=0
if [ -n "$cuda_bin" ]; then
  echo "== CUDA ($cuda_bin)"
  "$cuda_bin" "$@" 2>&1 | tee "$tmp/cuda.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "run.sh: cuda_kernels failed" >&2; rc=1; }
else
  echo "== CUDA: cuda_kernels not found, skipped"
  : >"$tmp/cuda.log"
fi

echo "== PROACT ($proact_bin, PROACT_DEVICES=0)"
PROACT_DEVICES=0 "$proact_bin" "$@" 2>&1 | tee "$tmp/proact.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "run.sh: proact_kernels failed" >&2; rc=1; }
if [ -n "$norm_bin" ]; then
  echo "== PROACT ($norm_bin, PROACT_DEVICES=0)"
  PROACT_DEVICES=0 "$norm_bin" "$@" 2>&1 | tee -a "$tmp/proact.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "run.sh: proact_norm failed" >&2; rc=1; }
fi

# Table lines: kernel size median_ms GB/s min_ms max_ms check.
gpu=""
command -v nvidia-smi >/dev/null 2>&1 &&
  gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 2>/dev/null | head -1)
awk -v gpu="$gpu" -v cudaf="$tmp/cuda.log" '
  $1 ~ /^(copy|scale|clamp|triad|jacobi2d|jacobi2d-walk|jacobi2d-norm|stencil3d|memcpy)$/ && NF == 7 {
    if (FILENAME == cudaf) { cg[$1] = $4; cc[$1] = $7 }
    else { pg[$1] = $4; pc[$1] = $7; sz[$1] = $2 }
  }
  function r(x, y) { return (x != "" && y != "" && y + 0 > 0) ? sprintf("%.2f", x / y) : "n/a" }
  function v(x) { return x == "" ? "n/a" : x }
  END {
    printf "## Kernel bandwidth, one device%s\n\n", gpu == "" ? "" : " (" gpu ")"
    printf "GB/s = bytes (each input read once + each output written once) / median time"
    printf " (1 GB = 1e9 B). PROACT: PROACT_DEVICES=0, omp_get_wtime around each loop;"
    printf " CUDA: cudaEvents around each launch.\n"
    printf "cudaMemcpy device to device: %s GB/s (read + write).\n\n", v(cg["memcpy"])
    printf "| kernel | size | PROACT GB/s | CUDA GB/s | PROACT/CUDA | PROACT/cudaMemcpy | check (PROACT, CUDA) |\n"
    printf "|---|---|---:|---:|---:|---:|---|\n"
    n = split("copy scale clamp triad jacobi2d jacobi2d-norm stencil3d", ks, " ")
    for (i = 1; i <= n; i++) {
      k = ks[i]
      printf "| %s | %s | %s | %s | %s | %s | %s, %s |\n", k, v(sz[k]), v(pg[k]), v(cg[k]),
             r(pg[k], cg[k]), r(pg[k], cg["memcpy"]), v(pc[k]), v(cc[k])
    }
    # The same PROACT sweep against the CUDA kernel tuned by hand (each
    # thread marching down a column with its rows in registers).
    k = "jacobi2d"
    printf "| jacobi2d vs CUDA column walk | %s | %s | %s | %s | %s | %s, %s |\n", v(sz[k]), v(pg[k]),
           v(cg["jacobi2d-walk"]), r(pg[k], cg["jacobi2d-walk"]), r(pg[k], cg["memcpy"]), v(pc[k]),
           v(cc["jacobi2d-walk"])
  }' "$tmp/cuda.log" "$tmp/proact.log" >"$tmp/kernels.md"
grep -q FAIL "$tmp/cuda.log" "$tmp/proact.log" && rc=1

echo "== combined"
cat "$tmp/kernels.md"
if [ -n "${OUT:-}" ]; then
  mkdir -p "$OUT"
  cp "$tmp/kernels.md" "$OUT/kernels.md"
  cp "$tmp/cuda.log" "$OUT/cuda_kernels.log"
  cp "$tmp/proact.log" "$OUT/proact_kernels.log"
fi
exit $rc
