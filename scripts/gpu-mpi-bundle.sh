#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# After scripts/gpu-bundle.sh: adds what the multi-rank GPU check needs on
# a GPU machine without MPI to .gpu-bundle/: libproact-mpi.so and the .debs
# of Debian's Open MPI and its libraries, which scripts/gpu-run.sh unpacks
# with the others (docs/user/cluster.md; run it there with
# `bash scripts/gpu-run.sh bash test/mpi/gpu-check.sh`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/.gpu-bundle"
# The build scripts/gpu-bundle.sh packed (build.sh's directory for its LLVM).
dir="$root/build-nvptx"
[ "$(cat "$out/llvm" 2>/dev/null)" = 16 ] && dir="$root/build-nvptx-llvm16"
[ -d "$out/debs" ] || { echo "gpu-mpi-bundle: run scripts/gpu-bundle.sh first" >&2; exit 1; }
[ -f "$dir/lib/libproact-mpi.so" ] || {
  echo "gpu-mpi-bundle: no $dir/lib/libproact-mpi.so: build with libopenmpi-dev installed" >&2; exit 1; }
cp "$dir/lib/libproact-mpi.so" "$out/lib/"
cp "$dir"/bin/mpi_faults* "$out/bin/" 2>/dev/null || true
# openmpi-bin's dependency closure, less what any Linux system has.
DEBS=(openmpi-bin openmpi-common libopenmpi3 libpmix2 libhwloc15
      libevent-core-2.1-7 libevent-pthreads-2.1-7 libfabric1 libucx0
      libibverbs1 librdmacm1 libpsm2-2 libpsm-infinipath1 libnl-3-200
      libnl-route-3-200 libmunge2 libxnvctrl0 libnuma1 libpciaccess0
      ocl-icd-libopencl1 libxml2 libicu72)
need=()
for p in "${DEBS[@]}"; do
  ls "$out/debs/${p}_"*.deb >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  (cd "$out/debs" && apt-get download -qq -o APT::Sandbox::User=root "${need[@]}")
fi
du -sh "$out" | awk '{print "gpu-mpi-bundle: " $1 " in .gpu-bundle"}'
