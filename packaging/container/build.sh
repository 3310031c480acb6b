#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The container's build steps (packaging/container/Containerfile), run as
# root on a Debian 12 base: CUDA from NVIDIA's repository, LLVM 22 and its
# NVPTX device runtime with scripts/setup.sh --nvptx, PROACT built for
# nvptx and installed into PROACT_PREFIX. PROACT_DRY_RUN=1 prints the
# commands instead (CI checks them that way; test/install/container.sh).
#
#   CUDA_VERSION=13.0 PROACT_CUDA_ARCH=sm_90 PROACT_PREFIX=/opt/proact \
#     PROACT_COMMIT=<the commit, for proact-info> build.sh
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
cuda=${CUDA_VERSION:-13.0}
arch=${PROACT_CUDA_ARCH:-sm_90}
prefix=${PROACT_PREFIX:-/opt/proact}
dry=${PROACT_DRY_RUN:-0}
run() {
  if [ "$dry" = 1 ]; then echo "+ $*"; else "$@"; fi
}
[ "$dry" = 1 ] || [ "$(id -u)" -eq 0 ] || { echo "build.sh: run as root (in the container)" >&2; exit 1; }
case "$cuda" in
  [0-9]*.[0-9]*) ;;
  *) echo "build.sh: CUDA_VERSION must be MAJOR.MINOR, not '$cuda'" >&2; exit 2 ;;
esac
cuda_pkg=${cuda/./-}
keyring=https://developer.download.nvidia.com/compute/cuda/repos/debian12/x86_64/cuda-keyring_1.1-1_all.deb
export DEBIAN_FRONTEND=noninteractive

# 1. CUDA: the compiler pieces PROACT's nvptx build and its poll agent use
# (ptxas, nvlink, nvcc), the runtime headers and NVTX. The driver comes
# from the host at run time (docker run --gpus).
run apt-get update -qq
run apt-get install -y -qq --no-install-recommends ca-certificates wget
run wget -q -O /tmp/cuda-keyring.deb "$keyring"
run dpkg -i /tmp/cuda-keyring.deb
run apt-get update -qq
run apt-get install -y -qq --no-install-recommends "cuda-nvcc-$cuda_pkg" \
  "cuda-cudart-dev-$cuda_pkg" "cuda-nvtx-$cuda_pkg" "cuda-driver-dev-$cuda_pkg"
run ln -sfn "/usr/local/cuda-$cuda" /usr/local/cuda

# 2. LLVM 22 from Debian's packages and its NVPTX device runtime, built
# from Debian's LLVM source (scripts/device-rtl.sh).
run bash "$src/scripts/setup.sh" --nvptx

# 3. PROACT for nvptx, without its tests and benchmarks, into the prefix.
build=/tmp/proact-build
# The image's sources have no .git: the commit comes from PROACT_COMMIT.
run env PROACT_CMAKE_ARGS="-DPROACT_CUDA_PATH=/usr/local/cuda -DPROACT_CUDA_ARCH=$arch -DPROACT_BUILD_TESTS=OFF -DPROACT_BUILD_BENCH=OFF -DPROACT_BUILD_EXAMPLES=OFF -DPROACT_COMMIT=${PROACT_COMMIT:-unknown}" \
  bash "$src/scripts/build.sh" nvptx "$build"
run cmake --install "$build" --prefix "$prefix"

# 4. What the image does not need: the build tree, the LLVM source and apt's lists.
run rm -rf "$build" "$src/.deps/src" /tmp/cuda-keyring.deb
run find /var/lib/apt/lists -mindepth 1 -delete
