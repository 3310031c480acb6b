#!/usr/bin/env bash
# A short run of mpi_chunks on 2 ranks of this host, then the model from
# its output: the benchmark must run every case, exit 0 and print the
# parameters that model.py --mpi-results reads.
# Usage: check_run.sh MPIEXEC MPI_CHUNKS PYTHON
set -euo pipefail
mpiexec=$1 bin=$2 python=$3
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp) tables=$(mktemp)
trap 'rm -f "$out" "$tables"' EXIT
"$mpiexec" -np 2 --oversubscribe --allow-run-as-root "$bin" --quick --polite \
  > "$out"
for kind in pingpong oneway stream split overlap; do
  grep -q "^$kind " "$out" || { echo "check_run: no '$kind' lines" >&2; exit 1; }
done
grep -Eq '^param msg_cost_us [0-9]+\.[0-9]+$' "$out" ||
  { echo "check_run: no msg_cost_us parameter" >&2; cat "$out" >&2; exit 1; }
"$python" "$here/model.py" "$here/params.json" --mpi-results "$out" > "$tables"
grep -q '16 nodes' "$tables" ||
  { echo "check_run: model.py printed no tables" >&2; exit 1; }
echo "check_run: ok"
