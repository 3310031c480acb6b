#!/usr/bin/env bash
# expect_fault.sh SECONDS REGEX -- MPIRUN_ARGS...: runs mpirun with
# MPIRUN_ARGS and passes if it ends unsuccessfully within SECONDS and its
# output matches REGEX (grep -E): a faulty job must end every rank with a
# clear message, never hang or report success.
set -u
limit=$1 regex=$2
shift 2
[ "${1:-}" = "--" ] && shift
if ! command -v mpirun >/dev/null 2>&1; then
  echo "SKIP: mpirun not found (install openmpi-bin)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Each job its own session directory: two mpiruns starting at once (ctest
# -j) can race creating a shared one ("mkdir ... File exists").
export OMPI_MCA_orte_tmpdir_base="$tmp"
t0=$(date +%s)
out=$(timeout "$((limit + 30))" mpirun --oversubscribe --allow-run-as-root "$@" 2>&1)
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
