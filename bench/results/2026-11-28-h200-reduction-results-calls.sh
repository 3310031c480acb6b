#!/usr/bin/env bash
# The GPU call of 2026-11-28-h200-reduction-results.md (one H200), from the
# repository root, with .gpu-bundle-variants/ holding main22 (0563598, the
# result mapped from the device), new22 and new16 (dacb4b1: the results
# in pinned, mapped host memory; LLVM 22 and 16) and common/ (carried in two
# calls to a warm machine: the three with their .debs exceed one call's 64 MiB).
#   bash bench/results/2026-11-28-h200-reduction-results-calls.sh
# 1. proact_norm and proact_kernels, 3 rounds, the order rotating (each
#    output checked against the host's);
# 2. bit-identity of the reduction programs (CTest's arguments) on GPU 0;
# 3. kernel_time.sh with new22.
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
    bash ${GPU_RUN:-scripts/gpu-run.sh} "$@"
}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader -i 0
for v in main22 new22 new16; do echo "$v: $(cat "$B/$v/rev") (LLVM $(cat "$B/$v/llvm"))"; done

echo "######## 1. timing, 3 rounds"
res="$out/timing.tsv"
: >"$res"
set -- main22 new22 new16
for r in 1 2 3; do
  for v in "$@"; do
    for prog in proact_norm proact_kernels; do
      reps=5; [ $prog = proact_norm ] && reps=10
      run_in "$v" $prog --reps $reps --warmup 2 2>&1 | tee -a "$out/timing-$v.log" |
        awk -v v="$v" -v r="$r" '$7 == "PASS" || $7 == "FAIL" {print v "\t" r "\t" $1 "\t" $3 "\t" $7}' >>"$res"
    done
  done
  set -- "${@:2}" "$1"
done
grep -q FAIL "$res" && rc=1
python3 - "$res" <<'PY' | tee "$out/timing.md"
import sys, statistics as st, collections as co
val = co.defaultdict(list)
for l in open(sys.argv[1]):
    v, r, k, ms, ok = l.split()
    val[(v, k)].append(float(ms))
ks = ["copy", "scale", "clamp", "triad", "jacobi2d", "stencil3d", "jacobi2d-norm"]
vs = ["main22", "new22", "new16"]
print("| kernel (ms per loop, median of 3 rounds) | " + " | ".join(vs) + " | main22/new22 | new16/new22 |")
print("|---|---|---|---|---|---|---|")
for k in ks:
    m = {v: st.median(val[(v, k)]) for v in vs if val[(v, k)]}
    if len(m) < 3: continue
    print(f"| {k} | " + " | ".join(f"{m[v]:.4f}" for v in vs) +
          f" | {m['main22'] / m['new22']:.3f} | {m['new16'] / m['new22']:.3f} |")
print("\nratios are speed ratios of new22 (above 1: new22 faster)")
PY

echo "######## 2. bit-identity on GPU 0"
cm=test/e2e/CMakeLists.txt
for v in new22 new16; do
  for p in reduce descend histogram ported; do
    args=$(sed -n "s/^set(E2E_${p}_ARGS \"\(.*\)\")$/\1/p" "$cm")
    for env in "PROACT_MECH=memcpy"; do
      r=$(export $env; run_in "$v" test/e2e/compare.sh "e2e_$p" "e2e_${p}_seq" 0 -- "$args" 2>&1)
      st=$?
      echo "$v $p [$env]: $(tail -n 1 <<<"$r")"
      [ $st -eq 0 ] || { rc=1; grep -m3 -E 'MISMATCH|rror' <<<"$r"; }
    done
  done
  r=$(run_in "$v" jacobi2d 2048 50 1 2>&1)
  echo "$v jacobi2d 2048^2: $(grep -E '^result:' <<<"$r")"
  grep -q 'bit-identical' <<<"$r" || rc=1
done

echo "######## 3. kernel against loop, new22"
kt=$(mktemp -d)
OUT=$kt run_in new22 bash bench/kernels/kernel_time.sh --reps 5 --warmup 2 || rc=1
tar -C "$kt" -czf "$out/kernel-time.tgz" .
exit $rc
