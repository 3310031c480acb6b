#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The main job: sets everything up and runs the Jacobi example on the GPUs
# when there are NVIDIA GPUs and CUDA, else on the 4 host-offload devices.
# Arguments go to the example: demo.sh [n] [iterations].
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

target=host
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q GPU; then
  if [ -x "${PROACT_CUDA_PATH:-/usr/local/cuda}/bin/ptxas" ]; then
    target=nvptx
  else
    echo "demo: GPUs found but no CUDA at ${PROACT_CUDA_PATH:-/usr/local/cuda}; using host-offload devices"
  fi
fi
if [ "$target" = nvptx ]; then
  "$root/scripts/setup.sh" --nvptx
else
  "$root/scripts/setup.sh"
fi
echo "demo: building for $target (a few minutes the first time)"
export PROACT_CMAKE_ARGS="-DPROACT_CUDA_PATH=${PROACT_CUDA_PATH:-/usr/local/cuda} ${PROACT_CMAKE_ARGS:-}"
dir=$("$root/scripts/build.sh" "$target")
if [ "$target" = host ]; then
  echo "demo: running on the x86_64 host-offload devices (no GPU used)"
  "$dir/bin/jacobi2d" "${1:-1024}" "${2:-50}"
else
  echo "demo: running on the NVIDIA GPUs"
  "$dir/bin/jacobi2d" "${1:-8192}" "${2:-100}"
fi
