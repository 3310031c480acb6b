#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# gpu-logical.sh PART...: the multi-device checks on one GPU through logical
# devices (PROACT_DEVICES=0*K; docs/user/gpu.md), run through
# scripts/gpu-run.sh. Parts, each into $OUT:
#   checks  compute-sanitizer memcheck, racecheck and synccheck on the stress
#           program with 0*2 under every mechanism (scripts/gpu-mechs.sh),
#           the agent watchdog and the clock map with 2 logical devices
#   traces  PROACT_TRACE of the microbenchmark and of the 2-D Jacobi on 0*2
#           under poll, trigger and dma (trace-*.json; bench/trace_plot.py
#           draws them), and whether the two devices' kernels ran at the
#           same time (bench/trace_overlap.py)
#   cost    the per-loop fixed cost on 1, 2, 4 and 8 logical devices
#           (bench/kernels/loop_cost_devices.sh)
#   apps    the application suite on 0*2, one run of each variant, as a
#           functional check (every checksum equal to the one-device run)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
fail=0
for part in "$@"; do
  case $part in
    checks)
      echo "== sanitizer, PROACT_DEVICES=0*2, every mechanism"
      OUT=$out SKIP_E2E=1 SKIP_OVERLAP=1 MECHS_DEVICES='0*2' \
        bash "$root/scripts/gpu-mechs.sh" | grep -v '^== date' || fail=1
      for prog in agent_watchdog clock_map; do
        echo "== $prog, PROACT_DEVICES=0*2"
        PROACT_DEVICES='0*2' "$prog" || fail=1
      done
      ;;
    traces)
      for mech in poll trigger dma; do
        echo "== traces, PROACT_DEVICES=0*2, PROACT_MECH=$mech"
        PROACT_DEVICES='0*2' PROACT_MECH=$mech PROACT_CHUNK=1M \
          PROACT_TRACE="$out/trace-micro-$mech.json" micro 16777216 32 6 |
          tail -n 2 || fail=1
        PROACT_DEVICES='0*2' PROACT_MECH=$mech PROACT_CHUNK=256K \
          PROACT_TRACE="$out/trace-jacobi2d-$mech.json" jacobi2d 4096 10 |
          grep -E '^(proact|result):' || fail=1
      done
      python3 "$root/bench/trace_overlap.py" "$out"/trace-*.json || fail=1
      ;;
    cost)
      echo "== per-loop cost against logical devices, medians of 5"
      N_LOOPS=500 bash "$root/bench/kernels/loop_cost_devices.sh" \
        "$(command -v loop_cost)" "0 0*2 0*4 0*8" 5 2>"$out/loop-cost-raw.txt" ||
        fail=1
      ;;
    apps)
      echo "== application suite, PROACT_DEVICES=0*2, one run per variant"
      bash "$root/bench/run" --devices '0*2' --reps 1 \
        --out "$out/apps-logical.md" || fail=1
      cat "$out/apps-logical.md"
      ;;
    *) echo "gpu-logical.sh: unknown part '$part'" >&2; exit 2 ;;
  esac
done
echo "== gpu-logical result: $([ $fail -eq 0 ] && echo PASS || echo FAIL)"
exit $fail
