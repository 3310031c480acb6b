#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# build.sh host|nvptx [BUILD_DIR]: configures and builds PROACT, the
# examples and the tests for one offload target with LLVM PROACT_LLVM (22,
# the default, or 16). Extra CMake options can be given in PROACT_CMAKE_ARGS
# (e.g. -DPROACT_CUDA_ARCH=sm_80); PROACT_BUILD_TARGETS builds only those
# targets. An LLVM outside Debian's /usr/lib/llvm-N is found as
# scripts/setup.sh finds it (PROACT_LLVM_ROOT, LLVM_DIR, llvm-config or
# clang on PATH) and built with its bin/clang and bin/clang++.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target=${1:-host}
llvm=${PROACT_LLVM:-22}
# LLVM 22 builds in build-TARGET, LLVM 16 in build-TARGET-llvm16.
suffix=; [ "$llvm" = 22 ] || suffix=-llvm$llvm
dir=${2:-$root/build-$target$suffix}
mkdir -p "$dir"
# The OpenMP runtime: the system's, else the private root scripts/setup.sh
# --private made (PROACT_OPENMP_ROOT overrides both).
omp_root=${PROACT_OPENMP_ROOT:-}
if [ -z "$omp_root" ]; then
  omp_root=$("$root/scripts/setup.sh" --print-openmp-root "$llvm")
fi
llvm_root=$("$root/scripts/setup.sh" --print-llvm-root "$llvm")
llvm_root=${llvm_root:-/usr/lib/llvm-$llvm}
cc=clang-$llvm cxx=clang++-$llvm
if ! command -v "$cc" >/dev/null 2>&1 || [ "$llvm_root" != "/usr/lib/llvm-$llvm" ]; then
  cc=$llvm_root/bin/clang cxx=$llvm_root/bin/clang++
fi
# shellcheck disable=SC2086
cmake -S "$root" -B "$dir" -DPROACT_OFFLOAD="$target" -DPROACT_LLVM="$llvm" \
  -DCMAKE_C_COMPILER="${CC:-$cc}" -DCMAKE_CXX_COMPILER="${CXX:-$cxx}" \
  -DLLVM_ROOT="$llvm_root" -DPROACT_OPENMP_ROOT="$omp_root" \
  -DCMAKE_BUILD_TYPE=Release ${PROACT_CMAKE_ARGS:-} >"$dir/cmake.log" 2>&1 || {
  cat "$dir/cmake.log" >&2; exit 1; }
targets=()
for t in ${PROACT_BUILD_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$dir" -j "$(nproc)" "${targets[@]}" >"$dir/build.log" 2>&1 || {
  tail -n 40 "$dir/build.log" >&2; echo "build failed: see $dir/build.log" >&2
  exit 1; }
echo "$dir"
