#!/usr/bin/env bash
# The GPU call of 2026-11-29-h200-column-geometry.md (one H200), from the
# repository root, with .gpu-bundle-variants/main22 (LLVM 22, with its
# .debs) and common/ carried:
#   bash bench/results/2026-11-29-h200-column-geometry-calls.sh
# The column walk's tile (PROACT_TEAM_THREADS: its width and team size;
# PROACT_BLOCK_POINTS / width: its rows), by environment only, 3 rounds
# with the order rotating: proact_kernels and proact_norm (jacobi2d 8192^2,
# jacobi2d-norm, stencil3d 512^3: GB/s, each checked against the host) and
# the Jacobi example at 8192^2 (ms per loop), with the CUDA twins in each
# round. Medians over the rounds and speed ratios to the default.
set -uo pipefail
B=${PAIR:-.gpu-bundle-variants}
V=${V:-main22}
out=${OUT:-gpu-out}
mkdir -p "$out"
rc=0
run_in() {
  PROACT_GPU_BUNDLE=$B/$V PROACT_GPU_DEBS_EXTRA=$B/common/debs PROACT_DEVICES=0 \
    bash scripts/gpu-run.sh "$@"
}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader -i 0
echo "$V: $(cat "$B/$V/rev") (LLVM $(cat "$B/$V/llvm"))"
settings=("default" "PROACT_BLOCK_POINTS=2048" "PROACT_BLOCK_POINTS=3072"
  "PROACT_BLOCK_POINTS=8192" "PROACT_TEAM_THREADS=128 PROACT_BLOCK_POINTS=2048"
  "PROACT_TEAM_THREADS=128 PROACT_BLOCK_POINTS=8192" "cuda")
res="$out/geometry.tsv"
: >"$res"
n=${#settings[@]}
for r in 1 2 3; do
  for i in $(seq 0 $((n - 1))); do
    s=${settings[$(( (i + r - 1) % n ))]}
    log="$out/geometry-r$r-$(echo "$s" | tr ' =' '_-').log"
    (
      if [ "$s" = cuda ]; then
        run_in "$B/common/bin/cuda_kernels" --reps 5 --warmup 2
      else
        [ "$s" = default ] || export $s
        run_in proact_kernels --reps 5 --warmup 2
        run_in proact_norm --reps 10 --warmup 2
        run_in jacobi2d 8192 100 0
      fi
    ) >"$log" 2>&1 || { echo "$s round $r failed ($log)"; rc=1; }
    grep -q FAIL "$log" && { echo "$s round $r: a check FAILED"; rc=1; }
    awk -v s="$s" -v r="$r" '$1 ~ /^(jacobi2d|jacobi2d-walk|jacobi2d-norm|stencil3d)$/ && NF == 7 {
      print s "\t" r "\t" $1 "\t" $4}' "$log" >>"$res"
    sed -n 's/^proact: .*(\([0-9.]*\) ms per loop).*/\1/p' "$log" |
      awk -v s="$s" -v r="$r" '{print s "\t" r "\tjacobi2d_8192_ms\t" $1}' >>"$res"
  done
done
python3 - "$res" "${settings[@]}" <<'PY' | tee "$out/geometry.md"
import sys, statistics as st, collections as co
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
ss = sys.argv[2:]
val = co.defaultdict(list)
for s, r, k, x in rows:
    val[(s, k)].append(float(x))
ks = ["jacobi2d", "jacobi2d-norm", "stencil3d", "jacobi2d_8192_ms"]
print("| setting | " + " | ".join(ks) + " | " + " | ".join(k + " / default" for k in ks) + " |")
print("|---" * (1 + 2 * len(ks)) + "|")
for s in ss:
    if s == "cuda":
        c = {k: val[("cuda", "jacobi2d-walk" if k == "jacobi2d" else k)] for k in ks}
        print("| CUDA twins (jacobi2d: the column walk) | " + " | ".join(
            f"{st.median(c[k]):.1f}" if c[k] else "" for k in ks) + " |" + " |" * len(ks))
        continue
    m = {k: st.median(val[(s, k)]) if val[(s, k)] else None for k in ks}
    d = {k: st.median(val[("default", k)]) if val[("default", k)] else None for k in ks}
    def rat(k):
        if m[k] is None or d[k] is None: return "n/a"
        return f"{(d[k] / m[k]) if k.endswith('_ms') else (m[k] / d[k]):.3f}"
    print(f"| {s} | " + " | ".join(f"{m[k]:.4g}" if m[k] else "n/a" for k in ks) + " | " +
          " | ".join(rat(k) for k in ks) + " |")
print(f"\nGB/s (jacobi2d_8192_ms: ms per loop of the example); medians over 3 rounds; ratios are speed ratios (above 1: faster than the default)")
PY
exit $rc
