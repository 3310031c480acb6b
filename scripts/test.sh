#!/usr/bin/env bash
# Sets everything up, builds for the host-offload devices and runs all tests
# (unit, lit + FileCheck, end-to-end bit-identity on 1-4 devices).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
dir=$("$root/scripts/build.sh" host)
cd "$dir"
ctest --output-on-failure -j "$(nproc)"
