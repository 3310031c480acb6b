#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# gpu-compare.sh [ROUNDS]: on the GPU machine, in the repository root, with
# the variants of scripts/gpu-bundle-variants.sh carried under $PAIR
# (default .gpu-bundle-variants). Runs them side by side on GPU 0 in one
# call, builds nothing: first jacobi2d 2048^2 x 50 against its sequential
# run in each variant, then ROUNDS rounds (default 3; the order rotates
# each round) of bench/kernels/run.sh (PROACT against the hand-written
# CUDA twins, --reps REPS, default 5) and jacobi2d 8192^2 and 16384^2 ms
# per loop; then one table: medians over the rounds, speed ratios to the
# reference variant and to CUDA. VARIANTS (default: every variant, in name
# order) chooses and orders them; REF names the reference (default: the
# first of them). Logs, variants.tsv and variants.md go to $OUT (or
# ./gpu-out).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pair=${PAIR:-$root/.gpu-bundle-variants}
rounds=${1:-3}
reps=${REPS:-5}
variants=${VARIANTS:-$(cd "$pair" && for d in */; do [ -f "$d/llvm" ] && echo "${d%/}"; done | tr '\n' ' ')}
read -r first _ <<<"$variants"
ref=${REF:-$first}
[[ " $variants " == *" $ref "* ]] || { echo "gpu-compare: REF=$ref is not one of: $variants" >&2; exit 2; }
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
res="$out/variants.tsv"
: >"$res"
rc=0
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader -i 0

# A bundle without debs/ shares those of the first bundle of its LLVM.
for v in $variants; do
  b="$pair/$v"
  [ -f "$b/llvm" ] || { echo "calls: no $b/llvm" >&2; exit 1; }
  [ -d "$b/debs" ] && continue
  for w in $variants; do
    if [ -d "$pair/$w/debs" ] && [ "$(cat "$pair/$w/llvm")" = "$(cat "$b/llvm")" ]; then
      ln -s "../$w/debs" "$b/debs"
      break
    fi
  done
  [ -d "$b/debs" ] || { echo "calls: no debs for $v (LLVM $(cat "$b/llvm"))" >&2; exit 1; }
done

run_in() { # run_in VARIANT COMMAND...
  local v=$1
  shift
  PROACT_GPU_BUNDLE="$pair/$v" PROACT_GPU_DEBS_EXTRA="$pair/common/debs" \
    CUDA_KERNELS="$pair/common/bin/cuda_kernels" PROACT_DEVICES=0 \
    bash "$root/scripts/gpu-run.sh" "$@"
}

# Bit-identity first: jacobi2d against its sequential run, and the kernel
# benchmark's own checks (every line PASS) in the timed rounds below.
for v in $variants; do
  log="$out/check-$v.log"
  run_in "$v" jacobi2d 2048 50 1 >"$log" 2>&1
  if grep -q 'result: bit-identical to the sequential run' "$log"; then
    echo "check $v: jacobi2d 2048^2 bit-identical to the sequential run"
  else
    echo "check $v: jacobi2d FAILED ($log)"; rc=1
  fi
done

set -- $variants
nv=$#
for r in $(seq 1 "$rounds"); do
  order=$(echo $variants | tr ' ' '\n' | awk -v s=$(( (r - 1) % nv )) -v n=$nv '{a[NR-1]=$0} END {for (i = 0; i < n; i++) print a[(i + s) % n]}')
  for v in $order; do
    log="$out/kernels-$v-r$r.log"
    echo "== round $r: $v"
    run_in "$v" bash "$root/bench/kernels/run.sh" --reps "$reps" >"$log" 2>&1 ||
      { echo "   kernels failed ($log)"; rc=1; }
    if grep -q 'FAIL' "$log"; then echo "   a kernel FAILED its check ($log)"; rc=1; fi
    awk -F'|' -v v="$v" -v r="$r" 'NF > 6 && $4 ~ /[0-9]/ {
        k = $2; gsub(/^ +| +$/, "", k); gsub(/ /, "_", k)
        print v "\t" r "\t" k "\t" $4 + 0 "\t" $5 + 0 }' "$log" >>"$res"
    for n in 8192 16384; do
      jl="$out/jacobi2d-$n-$v-r$r.log"
      run_in "$v" jacobi2d "$n" 100 0 >"$jl" 2>&1 || { echo "   jacobi2d failed ($jl)"; rc=1; }
      sed -n 's/^proact: .*(\([0-9.]*\) ms per loop).*/\1/p' "$jl" |
        awk -v v="$v" -v r="$r" -v n="$n" '{print v "\t" r "\tjacobi2d_" n "_ms\t" $1 "\t0"}' >>"$res"
    done
  done
done

# The same sums of u from every build (the timed runs are not checked
# against a sequential run: 16384^2 would take minutes on the host).
for n in 8192 16384; do
  sums=$(cat "$out"/jacobi2d-$n-*.log | sed -n 's/^sum of u = //p' | sort -u)
  if [ "$(echo "$sums" | wc -l)" -eq 1 ] && [ -n "$sums" ]; then
    echo "check: jacobi2d $n^2 sum of u $sums in every build and round"
  else
    echo "check: jacobi2d $n^2 sums DIFFER: $(echo $sums)"; rc=1
  fi
done

python3 - "$res" "$ref" $variants <<'PY' | tee "$out/variants.md"
import sys, statistics as st, collections as co
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
ref, vs = sys.argv[2], sys.argv[3:]
val = co.defaultdict(list); cuda = co.defaultdict(list)
for v, r, k, p, c in rows:
    val[(v, k)].append(float(p))
    if float(c) > 0: cuda[k].append(float(c))
ks = sorted({k for _, _, k, _, _ in rows})
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
print(f"\nratios are speed ratios (higher is faster): GB/s over GB/s, or ms of the reference over ms; medians over {len(set(r for _, r, *_ in rows))} rounds")
PY
exit $rc
