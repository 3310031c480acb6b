#!/usr/bin/env bash
# On the one-GPU machine, under scripts/gpu-run.sh (after
# scripts/gpu-bundle.sh and scripts/gpu-mpi-bundle.sh here): two ranks
# share GPU 0 through the MPI path, each rank's output compared bit for
# bit with the sequential build's, under each mechanism, with the pushes
# between ranks on and off (PROACT_RANK_PUSH: on, each part's writes are
# staged from device memory to the host and sent as its kernel ends);
# then the statistics must show pushed bytes with them on and none off.
# Results to $OUT (or ./gpu-out). MECHS names the mechanisms (default: all
# five), RANK_PUSHES the PROACT_RANK_PUSH values (default: 1 0), PROGS
# the programs (default: jacobi2d stencil1d reduce update), so that the
# check can be split over several calls.
set -uo pipefail
# shellcheck source=SCRIPTDIR/gpu-env.sh
. "$(dirname "$0")/gpu-env.sh"
log="$out/mpi-gpu-check.log"
{
  nvidia-smi -L
  mpirun --version | head -1
  fail=0
  for mech in ${MECHS:-memcpy poll trigger dma inline}; do
   for push in ${RANK_PUSHES:-1 0}; do
    # memcpy plans no pushes: one run is enough.
    [ "$mech" = memcpy ] && [ "$push" = 0 ] && continue
    for prog in ${PROGS:-jacobi2d stencil1d reduce update}; do
      case $prog in
        jacobi2d) args="1025 20|301 20|67 9" ;;
        stencil1d) args="1000003 20|100003 40" ;;
        reduce) args="200011 6|20011 6" ;;
        update) args="20011 12|1001 9" ;;
      esac
      echo "== PROACT_MECH=$mech PROACT_RANK_PUSH=$push $prog"
      PROACT_MECH=$mech PROACT_RANK_PUSH=$push PROACT_STATS=1 \
        bash "$root/test/mpi/compare.sh" \
        "$bin/e2e_$prog" "$bin/e2e_${prog}_seq" "2" "0" -- "$args" || fail=1
    done
   done
  done
  echo "== pushes between ranks counted"
  for mech in ${MECHS:-poll trigger dma inline}; do
    [ "$mech" = memcpy ] && continue
    PROACT_MECH=$mech bash "$root/test/mpi/push_stats.sh" \
      "$bin/e2e_jacobi2d" "$bin/e2e_jacobi2d_seq" 301 20 || fail=1
  done
  echo "== faults"
  bash "$root/test/mpi/expect_fault.sh" 30 "PROACT_MPI_TIMEOUT" -- -np 2 \
    -x PROACT_MPI_TIMEOUT=3 "$bin/mpi_faults" stall || fail=1
  bash "$root/test/mpi/expect_fault.sh" 30 "PROACT_MPI_TIMEOUT" -- -np 2 \
    -x PROACT_MPI_TIMEOUT=3 -x PROACT_MECH=dma -x PROACT_RANK_PUSH=1 \
    "$bin/mpi_faults" stall || fail=1
  echo "== one rank's view"
  mpirun --allow-run-as-root --oversubscribe -np 2 -x PROACT_INFO=1 \
    "$bin/e2e_jacobi2d" 67 2 2>&1 | grep -E "^(ranks|backend|  [0-9])" || true
  echo "overall: $([ $fail -eq 0 ] && echo PASS || echo FAIL)"
} 2>&1 | tee "$log"
