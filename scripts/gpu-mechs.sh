#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The GPU suite of the proactive mechanisms (run through scripts/gpu-run.sh
# on 2 GPUs): bit-identity of every end-to-end program (the stress test
# included) under each mechanism on 1 and 2 GPUs, compute-sanitizer
# memcheck and racecheck on a small case, then the overlap benchmark
# (256 MB produced per iteration, read entirely by the other GPU). Writes
# $OUT/gpu-mechs.log. MECHS_DEVICES: the two devices (PROACT_DEVICES, default
# 0,1; 0*2 for two logical devices of one GPU).
set -uo pipefail
devs=${MECHS_DEVICES:-0,1}
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
exec > >(tee "$out/gpu-mechs.log") 2>&1
echo "== date: $(date -u +%FT%TZ)"
echo "== machine: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | paste -sd';')"
fail=0
if [ "${SKIP_E2E:-0}" != 1 ]; then
  # One GPU pushes nothing: 2 GPUs only; 64 KB chunks for every program,
  # 256-byte chunks (thousands per loop) for the stress test.
  for mech in poll trigger dma inline auto; do
    echo "== PROACT_MECH=$mech: end-to-end bit-identity on $devs"
    for spec in "65536|stencil1d|1000003 20|1001 7|3 5" \
                "65536|jacobi2d|2049 10|67 9|3 2" \
                "65536|chain|1000003 6|1001 4|1 2" \
                "65536|affine|4000037|1001|2|0" \
                "65536|scatter|1000003 6|1001 3|2 2" \
                "65536|grouped|1000003|1001|7" \
                "65536|stress|1000003 20|20011 30|257 9|5 3" \
                "256|stress|1000003 20|20011 30|257 9"; do
      chunk=${spec%%|*} rest=${spec#*|}
      prog=${rest%%|*} args=${rest#*|}
      r=$(PROACT_MECH=$mech PROACT_CHUNK=$chunk "$root/test/e2e/compare.sh" \
          "e2e_$prog" "e2e_${prog}_seq" "$devs" -- "$args")
      rc=$?
      echo "$prog (chunk $chunk): $(echo "$r" | tail -n 1)"
      [ $rc -eq 0 ] || { fail=1; echo "$r" | grep -A3 MISMATCH | head -8; }
    done
  done
  echo "== distributed arrays, PROACT_MECH=poll and dma"
  for mech in poll dma; do
    r=$(PROACT_DISTRIBUTE=1 PROACT_MECH=$mech PROACT_CHUNK=4096 \
        "$root/test/e2e/compare.sh" e2e_jacobi2d e2e_jacobi2d_seq "$devs" -- "2049 10|67 9")
    echo "jacobi2d distributed $mech: $(echo "$r" | tail -n 1)"
    echo "$r" | tail -n 1 | grep -q "^2 of 2" || fail=1
  done
fi
san=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
if [ -n "$san" ] && [ "${SKIP_SAN:-0}" != 1 ]; then
  echo "== compute-sanitizer positive control: a target region storing out of bounds"
  "$root/scripts/gpu-sanitize.sh" memcheck sanitizer_control > "$out/san-control.txt" 2>&1
  rc=$?
  echo "exit $rc: $(grep -E 'Invalid|ERROR SUMMARY' "$out/san-control.txt" | head -2 | paste -sd'|')"
  [ $rc -ne 0 ] && grep -q "Invalid __global__ write" "$out/san-control.txt" \
    || { echo "the sanitizer did not see the control's error: its reports below check nothing"; fail=1; }
  for tool in memcheck racecheck synccheck; do
    for mech in memcpy poll trigger dma inline; do
      echo "== compute-sanitizer --tool $tool, stress 4099 4, PROACT_MECH=$mech, PROACT_DEVICES=$devs"
      PROACT_MECH=$mech PROACT_CHUNK=1024 PROACT_DEVICES=$devs \
        "$root/scripts/gpu-sanitize.sh" $tool e2e_stress 4099 4 \
        > "$out/san-$tool-$mech.txt" 2>&1
      rc=$?
      echo "exit $rc: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|Error|error' "$out/san-$tool-$mech.txt" | head -3 | paste -sd'|')"
      [ $rc -eq 0 ] || fail=1
      cmp -s <(grep -E '^[uv]: ' "$out/san-$tool-$mech.txt") <(e2e_stress_seq 4099 4 | grep -E '^[uv]: ') \
        && echo "output bit-identical" || echo "output differs"
    done
  done
else
  echo "== compute-sanitizer not available here"
fi
if [ "${SKIP_OVERLAP:-0}" != 1 ]; then
  echo "== overlap benchmark: 64M floats (256 MB), 2 GPUs, 3 interleaved reps"
  "$root/bench/overlap/run.sh" "$(command -v overlap)" "$devs" 67108864 "${ROUNDS:-160}" 12 3 | grep -v "stats: loop " || fail=1
  if [ "${SKIP_SWEEP:-0}" != 1 ]; then
    echo "== overlap sweep: mechanism x chunk x threads"
    "$root/bench/overlap/sweep.sh" "$(command -v overlap)" "$devs" 67108864 "${ROUNDS:-160}" 12
  fi
fi
echo "== suite result: $([ $fail -eq 0 ] && echo PASS || echo FAIL)"
exit $fail
