#!/usr/bin/env bash
# One GPU call: bench/kernels and jacobi2d under several builds, interleaved.
# Runs on the GPU machine with the builds unpacked under $PAIR (default
# /tmp/pair): each $PAIR/<variant>/ is a bundle scripts/gpu-run.sh runs
# (bin/, lib/, debs/, llvm), $PAIR/common/ holds cuda_kernels and the shared
# .debs. Variants: before16 (main e8d4be8, LLVM 16), after16 and after22
# (the merged tree, LLVM 16 / 22), after22lto (the same, -DPROACT_OFFLOAD_LTO=ON).
# Prints medians over ROUNDS rounds (order rotating) and ratios.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
pair=${PAIR:-/tmp/pair}
rounds=${1:-3}
reps=${REPS:-5}
variants=${VARIANTS:-before16 after16 after22 after22lto}
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
res="$out/variants.tsv"
: >"$res"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader -i 0
set -- $variants
nv=$#
for r in $(seq 1 "$rounds"); do
  # Rotate the order each round.
  order=$(echo $variants | tr ' ' '\n' | awk -v s=$(( (r - 1) % nv )) -v n=$nv '{a[NR-1]=$0} END {for (i = 0; i < n; i++) print a[(i + s) % n]}')
  for v in $order; do
    b="$pair/$v"
    [ -d "$b/debs" ] || { [ -d "$pair/${v%lto}/debs" ] && cp -a "$pair/${v%lto}/debs" "$b/"; }
    log="$out/kernels-$v-r$r.log"
    echo "== round $r: $v"
    PROACT_GPU_BUNDLE="$b" PROACT_GPU_DEBS_EXTRA="$pair/common/debs" \
      CUDA_KERNELS="$pair/common/bin/cuda_kernels" PROACT_DEVICES=0 \
      bash "$root/scripts/gpu-run.sh" bash "$root/bench/kernels/run.sh" --reps "$reps" >"$log" 2>&1 ||
      echo "   kernels failed ($log)"
    awk -F'|' -v v="$v" -v r="$r" 'NF > 6 && $4 ~ /[0-9]/ {
        k = $2; gsub(/^ +| +$/, "", k); gsub(/ /, "_", k)
        print v "\t" r "\t" k "\t" $4 + 0 "\t" $5 + 0 }' "$log" >>"$res"
    for n in 8192 16384; do
      jl="$out/jacobi2d-$n-$v-r$r.log"
      PROACT_GPU_BUNDLE="$b" PROACT_GPU_DEBS_EXTRA="$pair/common/debs" PROACT_DEVICES=0 \
        bash "$root/scripts/gpu-run.sh" jacobi2d "$n" 100 0 >"$jl" 2>&1 || echo "   jacobi2d failed ($jl)"
      sed -n 's/^proact: .*(\([0-9.]*\) ms per loop).*/\1/p' "$jl" |
        awk -v v="$v" -v r="$r" -v n="$n" '{print v "\t" r "\tjacobi2d_" n "_ms\t" $1 "\t0"}' >>"$res"
    done
  done
done
python3 - "$res" $variants <<'PY' | tee "$out/variants.md"
import sys, statistics as st, collections as co
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
vs = sys.argv[2:]
val = co.defaultdict(list); cuda = co.defaultdict(list)
for v, r, k, p, c in rows:
    val[(v, k)].append(float(p))
    if float(c) > 0: cuda[k].append(float(c))
ks = sorted({k for _, _, k, _, _ in rows})
ref = "after16" if "after16" in vs else vs[0]
print("| what | " + " | ".join(vs) + " | CUDA | " + " | ".join(f"{v}/{ref}" for v in vs if v != ref) + " | " + " | ".join(f"{v}/CUDA" for v in vs) + " |")
print("|---" * (2 + len(vs) + (len(vs) - 1) + len(vs)) + "|")
for k in ks:
    m = {v: st.median(val[(v, k)]) for v in vs if val[(v, k)]}
    c = st.median(cuda[k]) if cuda[k] else None
    ms = k.endswith("_ms")
    def rat(a, b):
        if a is None or b is None or b == 0: return "n/a"
        return f"{(b / a) if ms else (a / b):.3f}"
    cells = [f"{m[v]:.4g}" if v in m else "n/a" for v in vs]
    print(f"| {k} | " + " | ".join(cells) + f" | {c if c else ''} | " +
          " | ".join(rat(m.get(v), m.get(ref)) for v in vs if v != ref) + " | " +
          " | ".join("" if ms else rat(m.get(v), c) for v in vs) + " |")
print(f"\nratios are speed ratios (higher is faster): GB/s over GB/s, or ms of the reference over ms; medians over the rounds")
PY
