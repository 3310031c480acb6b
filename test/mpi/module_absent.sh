#!/usr/bin/env bash
# module_absent.sh LIBPROACT PROGRAM ARGS...: runs PROGRAM as 2 ranks with
# a copy of LIBPROACT that has no libproact-mpi.so beside it, and passes
# if every rank stops with the error that names the missing module.
set -u
lib=$1
shift
if ! command -v mpirun >/dev/null 2>&1; then
  echo "SKIP: mpirun not found (install openmpi-bin)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Each job its own session directory: two mpiruns starting at once (ctest
# -j) can race creating a shared one ("mkdir ... File exists").
export OMPI_MCA_orte_tmpdir_base="$tmp"
cp "$lib" "$tmp/$(basename "$lib")"
out=$(timeout 60 mpirun --oversubscribe --allow-run-as-root -np 2 \
  -x LD_LIBRARY_PATH="$tmp" "$@" 2>&1)
rc=$?
echo "$out" | head -20
n=$(grep -c "one of 2 ranks (OMPI_COMM_WORLD_SIZE=2) but libproact-mpi.so cannot be loaded" <<< "$out")
if [ $rc -eq 0 ] || [ "$n" -lt 1 ]; then
  echo "FAIL: expected the missing-module error (status $rc, $n messages)"
  exit 1
fi
# Alone, the same program needs no module.
if ! LD_LIBRARY_PATH="$tmp" "$@" >/dev/null; then
  echo "FAIL: the program does not run alone without the module"
  exit 1
fi
echo "ok: the missing module is a clear error under mpirun, no matter alone"
