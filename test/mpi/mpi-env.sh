# shellcheck shell=bash
# Sourced by test/mpi's scripts that start jobs: skips the test (status 77)
# where mpirun is not installed, sets $here (this directory) and $tmp (a
# directory removed on exit), and defines mpi_run. $tmp also holds Open
# MPI's session directory, so that each job has its own: two mpiruns
# starting at once (ctest -j) can race creating a shared one ("mkdir ...
# File exists").
if ! command -v mpirun >/dev/null 2>&1; then
  echo "SKIP: mpirun not found (install openmpi-bin)"
  exit 77
fi
# shellcheck disable=SC2034 # for the scripts that source this one
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OMPI_MCA_orte_tmpdir_base="$tmp"

# mpi_run SECONDS MPIRUN_ARGS...: mpirun, ended after SECONDS (status 124
# then). More ranks than cores, and root, as test machines have them.
mpi_run() {
  local limit=$1
  shift
  timeout "$limit" mpirun --oversubscribe --allow-run-as-root "$@"
}
