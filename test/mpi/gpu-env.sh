# shellcheck shell=bash
# Sourced by test/mpi's GPU checks, which run under scripts/gpu-run.sh
# after scripts/gpu-bundle.sh and scripts/gpu-mpi-bundle.sh: sets $root
# (the repository), $bundle, $sys (the root gpu-run.sh unpacked the
# bundle's .debs into), $bin (the bundle's programs) and $out (the results:
# $OUT, or ./gpu-out), and makes the Open MPI under $sys the one that runs.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bundle=${PROACT_GPU_BUNDLE:-$root/.gpu-bundle}
sys=/tmp/proact-sysroot-$(cat "$bundle/llvm" 2>/dev/null || echo 16)
# shellcheck disable=SC2034 # for the scripts that source this one
bin="$bundle/bin"
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
# Open MPI and PMIx are unpacked under $sys instead of /usr; mpirun itself
# is an alternatives link that only the package's installation makes.
[ -e "$sys/usr/bin/mpirun" ] || [ ! -e "$sys/usr/bin/mpirun.openmpi" ] ||
  ln -s mpirun.openmpi "$sys/usr/bin/mpirun"
[ -x "$sys/usr/bin/mpirun" ] || {
  echo "$(basename "$0"): no $sys/usr/bin/mpirun: run under scripts/gpu-run.sh after scripts/gpu-mpi-bundle.sh" >&2
  exit 1
}
export OPAL_PREFIX="$sys/usr" PMIX_INSTALL_PREFIX="$sys/usr"
export PATH="$sys/usr/bin:$PATH"
export OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1
