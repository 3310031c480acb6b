#!/usr/bin/env bash
# The GPU validation suite (run through scripts/gpu-run.sh): bit-identity of
# every end-to-end program on 1 and 2 GPUs, then the Jacobi example on 1 vs
# 2 GPUs, median of repetitions. Writes a log to $OUT/gpu-suite.log.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
log="$out/gpu-suite.log"
exec > >(tee "$log") 2>&1
echo "== date: $(date -u +%FT%TZ)"
echo "== machine: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | paste -sd';')"
nvidia-smi topo -m 2>/dev/null | head -4
fail=0
echo "== end-to-end bit-identity (PROACT_DEVICES=0 and 0,1)"
run_cmp() {
  "$root/test/e2e/compare.sh" "e2e_$1" "e2e_$1_seq" "0 0,1" -- "$2" | tail -n 1
  [ "${PIPESTATUS[0]}" -eq 0 ] || fail=1
}
run_cmp stencil1d "1000003 40|100003 40|1001 7|3 5|2 2"
run_cmp jacobi2d "2049 20|301 20|67 9|4 3|3 2"
run_cmp chain "1000003 10|50021 10|1001 4|3 3|1 2"
run_cmp affine "4000037|40009|1001|3|2|1|0"
echo "== jacobi2d example, ${JACOBI_N:=8192} x $JACOBI_N floats, ${JACOBI_IT:=20} iterations, 1 vs 2 GPUs, 3 runs each"
for devs in 0 0,1 0 0,1 0 0,1; do
  r=$(PROACT_DEVICES=$devs jacobi2d "$JACOBI_N" "$JACOBI_IT")
  echo "PROACT_DEVICES=$devs | $(echo "$r" | grep -E '^proact:') | $(echo "$r" | grep -E '^result:')"
  echo "$r" | grep -q "bit-identical" || fail=1
done
echo "== statistics of one 2-GPU run (memcpy: transfers between the kernels)"
PROACT_STATS=1 PROACT_DEVICES=0,1 jacobi2d "$JACOBI_N" "$JACOBI_IT" 2>&1 | grep -E '^(devices|proact)'
echo "== timing only, ${BIG_N:=16384} x $BIG_N floats, ${BIG_IT:=100} iterations (no host reference), 1 vs 2 GPUs, 5 runs each"
for k in 1 2 3 4 5; do
  for devs in 0 0,1; do
    r=$(PROACT_DEVICES=$devs jacobi2d "$BIG_N" "$BIG_IT" 0)
    echo "PROACT_DEVICES=$devs | $(echo "$r" | grep -E '^proact:')"
  done
done
PROACT_STATS=1 PROACT_DEVICES=0,1 jacobi2d "$BIG_N" "$BIG_IT" 0 2>&1 | grep -E '^proact: stats'
echo "== suite result: $([ $fail -eq 0 ] && echo PASS || echo FAIL)"
exit $fail
