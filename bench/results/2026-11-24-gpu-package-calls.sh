#!/usr/bin/env bash
# The one-GPU call of 2026-11-24 (issue: PROACT as an installable package):
# run on the device machine from the repository root with .gpu-bundle/
# carried (scripts/gpu-bundle.sh), plus .gpu-bundle/old/{bin,lib}: loop_cost,
# jacobi2d and libproact of commit 40197fd, built for sm_90 the same way.
# 1. proact-info and PROACT_INFO=1 on the GPU;
# 2. the bundle's validation suite (scripts/gpu-suite.sh: every e2e program
#    under every mechanism bit-identical to its sequential build, the
#    Jacobi example's timings);
# 3. the per-loop fixed cost before (40197fd) and after, alternated, and the
#    Jacobi example's per-loop time before and after, alternated.
set -uo pipefail
root=$(pwd)
old=$root/.gpu-bundle/old
bash scripts/gpu-run.sh bash -c '
  set -uo pipefail
  old='"$old"'
  echo "== proact-info"; proact-info
  echo "== PROACT_INFO=1"; PROACT_INFO=1 jacobi2d 1026 2 2>&1 | head -40
  echo "== suite"; bash scripts/gpu-suite.sh; echo "suite rc=$?"
  echo "== loop_cost 1024 2000, PROACT_DEVICES=0, before (40197fd) / after, 5 rounds"
  for r in 1 2 3 4 5; do
    for mech in memcpy poll trigger dma inline; do
      b=$(PROACT_MECH=$mech LD_LIBRARY_PATH=$old/lib:$LD_LIBRARY_PATH $old/bin/loop_cost 1024 2000 | grep "^proact loop")
      a=$(PROACT_MECH=$mech loop_cost 1024 2000 | grep "^proact loop")
      echo "round $r $mech | before: $b | after: $a"
    done
  done
  echo "== jacobi2d 8192 100 0 (timing only), before / after, 5 rounds"
  for r in 1 2 3 4 5; do
    b=$(LD_LIBRARY_PATH=$old/lib:$LD_LIBRARY_PATH $old/bin/jacobi2d 8192 100 0 | grep "^proact:")
    a=$(jacobi2d 8192 100 0 | grep "^proact:")
    echo "round $r | before: $b | after: $a"
  done
' 2>&1 | tee "${OUT:-.}/gpu-package.log"
