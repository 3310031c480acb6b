#!/usr/bin/env bash
# One-GPU call of 2026-11-24 (second session), on the tree with issue 30's
# shapes, array reductions, the update directive, OpenMP lines, _Pragma and
# the kernels' read checks merged; run from the repository root with
# .gpu-bundle/ carried.
# 1. the new end-to-end programs and two old ones under every mechanism,
#    bit-identical to their sequential builds on GPU 0;
# 2. the kernels' read checks: the three error modes under every mechanism;
# 3. bench/read_check: checked / plain kernel time, 16M gathers, 3 reps;
# 4. jacobi2d 8192 100 0, 5 runs (per-loop time against earlier calls).
set -uo pipefail
root=$(pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
bash scripts/gpu-run.sh bash -c '
  set -uo pipefail
  echo "== date: $(date -u +%FT%TZ)"
  echo "== machine: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader)"
  echo "== 1. bit-identity on GPU 0"
  run() { for mech in memcpy poll trigger dma inline; do
      r=$(PROACT_MECH=$mech test/e2e/compare.sh e2e_$1 e2e_$1_seq "0" -- "$2")
      echo "$1 $mech: $(tail -n 1 <<<"$r")"; grep MISMATCH <<<"$r" | head -2; done; }
  run colstore "1024 3|61 3|17 2|1 1"
  run descend "1000003 20|1001 7|2 2|1 1"
  run tiled "1031 32 3|131 16 3|33 5 2|2 4 1"
  run redblack "1031 8|131 8|5 2"
  run subscripts "515 3|61 3|2 1"
  run ported "1000003 6|30011 6|3 2"
  run gather "200003 4|20011 4|1 1"
  run histogram "1000003 64|30011 64|7 3|0 5"
  run update "200003 12|20011 12|3 5"
  run stencil1d "1000003 40|1001 7"
  run jacobi2d "2049 20|67 9"
  echo "== 2. read-check errors"
  for m in guarded_read indirect_read reads_promise; do for mech in memcpy poll dma inline; do
    PROACT_MECH=$mech PROACT_DEVICES=0 e2e_errors $m > /dev/null 2> /tmp/err.txt
    echo "$m $mech: exit $? | $(grep "^proact: error" /tmp/err.txt | head -1)"; done; done
  PROACT_READ_CHECK=0 PROACT_DEVICES=0 e2e_errors guarded_read 2>&1 | tail -1
  echo "== 3. read_check benchmark"
  bash bench/read_check/run.sh read_check 0 16777216 16 12 3
  echo "== 4. jacobi2d 8192 100 0"
  for r in 1 2 3 4 5; do jacobi2d 8192 100 0 | grep -o "([0-9.]* ms per loop)"; done
' 2>&1 | tee "$out/gpu-shapes.log"
