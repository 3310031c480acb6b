#!/usr/bin/env bash
# A short run of mpi_chunks on 2 ranks of this host: the benchmark must
# run every case, exit 0 and print its parameters.
# Usage: check_run.sh MPIEXEC MPI_CHUNKS
set -euo pipefail
mpiexec=$1 bin=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$mpiexec" -np 2 --oversubscribe --allow-run-as-root "$bin" --quick --polite \
  > "$out"
for kind in pingpong oneway stream split overlap; do
  grep -q "^$kind " "$out" || { echo "check_run: no '$kind' lines" >&2; exit 1; }
done
grep -Eq '^param msg_cost_us [0-9]+\.[0-9]+$' "$out" ||
  { echo "check_run: no msg_cost_us parameter" >&2; cat "$out" >&2; exit 1; }
echo "check_run: ok"
