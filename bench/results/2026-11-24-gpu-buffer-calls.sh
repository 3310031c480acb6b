#!/usr/bin/env bash
# One-GPU re-check after the reductions' device buffers were merged into
# one helper (dev_buffer.c): the programs with scalar and array reductions
# under every mechanism on GPU 0, with the allocations logged once.
set -uo pipefail
root=$(pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
bash scripts/gpu-run.sh bash -c '
  set -uo pipefail
  echo "== date: $(date -u +%FT%TZ)"
  echo "== machine: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
  run() { for mech in memcpy poll trigger dma inline; do
      r=$(PROACT_MECH=$mech test/e2e/compare.sh e2e_$1 e2e_$1_seq "0" -- "$2")
      echo "$1 $mech: $(tail -n 1 <<<"$r")"; grep MISMATCH <<<"$r" | head -2; done; }
  run reduce "200003 6|1001 4|3 2"
  run histogram "1000003 64|30011 64|7 3|0 5"
  run descend "1000003 20|1001 7"
  PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part PROACT_DEVICES=0 e2e_histogram 30011 3 2>&1 | grep -E "copies on|scratch on" | sort | uniq -c
' 2>&1 | tee "$out/gpu-buffer.log"
