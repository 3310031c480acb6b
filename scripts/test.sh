#!/usr/bin/env bash
# Sets everything up, builds for the host-offload devices and runs all tests
# (unit, lit + FileCheck, end-to-end bit-identity on 1-4 devices).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" || exit 1
dir=$("$root/scripts/build.sh" host) || exit 1
cd "$dir" || exit 1
ctest --output-on-failure -j "$(nproc)" | tee ctest.out
rc=${PIPESTATUS[0]}
# The inner runners' own summaries (ctest shows them only on failure).
echo "== lit:"
grep -E '^ *(Passed|Failed|Unsupported|Expectedly)' Testing/Temporary/LastTest.log | sed 's/^/   /'
echo "== unit: $(grep -E '^[0-9]+ passed, [0-9]+ failed' Testing/Temporary/LastTest.log | head -1)"
echo "== end-to-end:"
grep -E 'runs bit-identical' Testing/Temporary/LastTest.log | sed 's/^/   /'
grep -E 'tests passed, [0-9]+ tests failed' ctest.out
exit "$rc"
