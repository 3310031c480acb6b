#!/usr/bin/env bash
# The one-GPU call of 2026-11-24 (third) after the watchdog, statistics and
# plugin-hardening changes: run on the device machine from the repository
# root with .gpu-bundle/ carried (scripts/gpu-bundle.sh).
# 1. agent_watchdog: the GPU poll kernel waits past a 50 ms watchdog until
#    kernel_done is set (200 ms), then reports the stalled chunk;
# 2. clock_map, with the offset measured again after a second;
# 3. jacobi2d 8192 100 0, ms per loop, 5 runs (against this session's
#    earlier call: 0.257 median, tracing off);
# 4. the bundle suite: every end-to-end program under every mechanism
#    bit-identical to its sequential build.
set -uo pipefail
root=$(pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
bash scripts/gpu-run.sh bash -c '
  set -uo pipefail
  out='"$out"'
  echo "== 1. agent_watchdog"
  for r in 1 2 3; do agent_watchdog; done
  echo "== 2. clock_map"
  clock_map
  echo "== 3. jacobi2d 8192 100 0"
  for r in 1 2 3 4 5; do jacobi2d 8192 100 0 | grep -o "([0-9.]* ms per loop)"; done
  echo "== 4. suite"
  BIG_N=8192 BIG_IT=20 OUT=$out bash scripts/gpu-suite.sh 2>&1 | grep -E "^(==|[a-z0-9]+ [a-z]+: )" | grep -vE "^== (date|machine)"
' 2>&1 | tee "$out/gpu-watchdog.log"
