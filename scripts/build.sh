#!/usr/bin/env bash
# build.sh host|nvptx [BUILD_DIR]: configures and builds PROACT, the
# examples and the tests for one offload target. Extra CMake options can be
# given in PROACT_CMAKE_ARGS (e.g. -DPROACT_CUDA_ARCH=sm_80).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target=${1:-host}
dir=${2:-$root/build-$target}
mkdir -p "$dir"
# shellcheck disable=SC2086
cmake -S "$root" -B "$dir" -DPROACT_OFFLOAD="$target" \
  -DCMAKE_C_COMPILER="${CC:-clang-16}" -DCMAKE_CXX_COMPILER="${CXX:-clang++-16}" \
  -DCMAKE_BUILD_TYPE=Release ${PROACT_CMAKE_ARGS:-} >"$dir/cmake.log" 2>&1 || {
  cat "$dir/cmake.log" >&2; exit 1; }
cmake --build "$dir" -j "$(nproc)" >"$dir/build.log" 2>&1 || {
  tail -n 40 "$dir/build.log" >&2; echo "build failed: see $dir/build.log" >&2
  exit 1; }
echo "$dir"
