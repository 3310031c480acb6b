#!/usr/bin/env bash
# The last one-GPU call of 2026-11-24, on the tree with every change of
# the session merged (the read checks included): run on the device machine
# from the repository root with .gpu-bundle/ carried.
# 1. the read checks' errors and the halo program on the GPU;
# 2. agent_watchdog and clock_map;
# 3. jacobi2d 8192 100 0, 5 runs;
# 4. the bundle suite.
set -uo pipefail
root=$(pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
bash scripts/gpu-run.sh bash -c '
  set -uo pipefail
  out='"$out"'
  echo "== 1. read checks"
  for m in read_below read_above data_short reads_narrow; do
    e2e_errors $m > /dev/null 2> /tmp/err.txt; echo "$m: exit $? | $(grep "^proact: error" /tmp/err.txt | head -1)"
  done
  PROACT_MECH=poll test/e2e/compare.sh e2e_halo e2e_halo_seq "0" -- "1001 5|7 3|4 2|3 2" | tail -1
  echo "== 2. agent_watchdog, clock_map"
  agent_watchdog | tail -1; clock_map | tail -1
  echo "== 3. jacobi2d 8192 100 0"
  for r in 1 2 3 4 5; do jacobi2d 8192 100 0 | grep -o "([0-9.]* ms per loop)"; done
  echo "== 4. suite"
  BIG_N=8192 BIG_IT=20 OUT=$out bash scripts/gpu-suite.sh 2>&1 | grep -E "^(==|[a-z0-9]+ [a-z]+: )" | grep -vE "^== (date|machine)"
' 2>&1 | tee "$out/gpu-final.log"
