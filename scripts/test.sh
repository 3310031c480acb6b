#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sets everything up, builds for the host-offload devices and runs all tests
# (unit, lit + FileCheck, end-to-end bit-identity on 1-4 devices).
#
#   test.sh [--llvm 22|16] [--private] [--subset]
#     --llvm N    the LLVM to test with (default: PROACT_LLVM, else 22)
#     --private   its OpenMP runtime in a private root (scripts/setup.sh)
#     --subset    the second LLVM's CI share: the unit and lit tests and the
#                 end-to-end programs below under every mechanism, building
#                 only what they need
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
llvm=${PROACT_LLVM:-22}
setup_args=()
subset=0
while [ $# -gt 0 ]; do
  case "$1" in
    --llvm) llvm=${2:?--llvm needs 16 or 22}; shift ;;
    --private) setup_args+=(--private) ;;
    --subset) subset=1 ;;
    *) echo "test: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
export PROACT_LLVM=$llvm
"$root/scripts/setup.sh" "${setup_args[@]}" || exit 1

filter=()
if [ $subset -eq 1 ]; then
  # A stencil, a reduction, indirect stores and update-in-place, in their
  # configurations of the end-to-end table (test/e2e/pairwise.py); and
  # that the host plugin's image files go.
  progs="jacobi2d reduce scatter update"
  targets="proact_clang proact proact_unit_tests e2e_image_files"
  for p in $progs; do targets="$targets e2e_$p e2e_${p}_seq"; done
  build_targets=$targets
  re="^(lit|unit_[a-z0-9_]+|header_alone_[a-z0-9_]+|e2e_image_files|e2e_(${progs// /|})_(default|memcpy|poll|trigger|dma|inline|auto|unified)_[a-z0-9_]+)$"
  filter=(-R "$re")
fi
dir=$(PROACT_BUILD_TARGETS=${build_targets:-} "$root/scripts/build.sh" host) || exit 1
cd "$dir" || exit 1
# LLVM 16's libomptarget finds its plugins through the library search path
# only (not its own directory): a private root must be on it.
omp_lib=$("$root/scripts/setup.sh" --print-openmp-root "$llvm")/lib
if [ "$llvm" = 16 ] && [ "$omp_lib" != /usr/lib/llvm-16/lib ]; then
  export LD_LIBRARY_PATH="$omp_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
echo "== LLVM $llvm, $dir"
ctest --output-on-failure -j "$(nproc)" "${filter[@]}" | tee ctest.out
rc=${PIPESTATUS[0]}
# The inner runners' own summaries (ctest shows them only on failure).
echo "== lit:"
grep -E '^ *(Passed|Failed|Unsupported|Expectedly)' Testing/Temporary/LastTest.log | sed 's/^/   /'
echo "== unit: $(grep -E '^[0-9]+ passed, [0-9]+ failed' Testing/Temporary/LastTest.log | head -1)"
echo "== end-to-end:"
grep -E 'runs bit-identical' Testing/Temporary/LastTest.log | sed 's/^/   /'
grep -E 'tests passed, [0-9]+ tests failed' ctest.out
exit "$rc"
