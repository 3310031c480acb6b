#!/usr/bin/env bash
# expect_fault.sh SECONDS REGEX -- MPIRUN_ARGS...: runs mpirun with
# MPIRUN_ARGS and passes if it ends unsuccessfully within SECONDS and its
# output matches REGEX (grep -E): a faulty job must end every rank with a
# clear message, never hang or report success.
set -u
limit=$1 regex=$2
shift 2
[ "${1:-}" = "--" ] && shift
# shellcheck source=SCRIPTDIR/mpi-env.sh
. "$(dirname "$0")/mpi-env.sh"
t0=$(date +%s)
out=$(mpi_run "$((limit + 30))" "$@" 2>&1)
rc=$?
t1=$(date +%s)
echo "$out" | head -40
echo "exit status $rc after $((t1 - t0)) s"
if [ $rc -eq 0 ] || [ $rc -eq 124 ]; then
  echo "FAIL: the job should end with an error (status $rc)"
  exit 1
fi
if [ $((t1 - t0)) -gt "$limit" ]; then
  echo "FAIL: it took more than $limit s to end"
  exit 1
fi
if ! grep -Eq -- "$regex" <<< "$out"; then
  echo "FAIL: output does not match: $regex"
  exit 1
fi
echo "ok: ended with the expected message"
