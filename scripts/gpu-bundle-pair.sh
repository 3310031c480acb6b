#!/usr/bin/env bash
# Builds the kernel benchmark (proact_kernels, proact_norm, cuda_kernels) and
# the Jacobi example for NVIDIA GPUs with LLVM 22 and with LLVM 16, side by
# side, and packs them small into .gpu-bundle-pair/ (ignored by git):
#   llvm22/, llvm16/  bundles scripts/gpu-run.sh runs (PROACT_GPU_BUNDLE):
#                     the programs, libproact, that LLVM's OpenMP .debs
#   common/           cuda_kernels and the .debs both LLVMs need, kept once
# On the GPU machine, scripts/gpu-llvm-compare.sh runs both in one call.
# LLVM 16's OpenMP runtime goes into a private root (scripts/setup.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/.gpu-bundle-pair"
progs=(proact_kernels proact_norm jacobi2d)
base_args="-DPROACT_BUILD_FUZZ=OFF ${PROACT_CMAKE_ARGS:-}"

# apt_debs DIR PACKAGE...: exactly these .debs in DIR, at apt's versions.
apt_debs() {
  local dir=$1 p v keep d
  shift
  mkdir -p "$dir"
  keep=()
  for p in "$@"; do
    v=$(apt-cache policy "$p" | awk '/Candidate:/ {print $2}')
    keep+=("${p}_${v//:/%3a}_amd64.deb")
    [ -f "$dir/${keep[-1]}" ] ||
      (cd "$dir" && apt-get download -qq -o APT::Sandbox::User="$(id -un)" "$p")
  done
  for d in "$dir"/*.deb; do
    [[ " ${keep[*]} " == *" $(basename "$d") "* ]] || rm -f "$d"
  done
}

mkdir -p "$out/common/bin"
for llvm in 22 16; do
  private=()
  targets="proact ${progs[*]}"
  if [ "$llvm" = 16 ]; then
    private=(--private)
  else
    targets="$targets cuda_kernels"
  fi
  PROACT_LLVM=$llvm "$root/scripts/setup.sh" --llvm "$llvm" "${private[@]}" --nvptx
  dir=$(PROACT_LLVM=$llvm PROACT_CMAKE_ARGS="$base_args" \
        PROACT_BUILD_TARGETS="$targets" \
        "$root/scripts/build.sh" nvptx)
  b="$out/llvm$llvm"
  rm -rf "$b/bin" "$b/lib" && mkdir -p "$b/bin" "$b/lib"
  for p in "${progs[@]}"; do cp "$dir/bin/$p" "$b/bin/"; done
  cp "$dir"/lib/libproact.so* "$b/lib/"
  echo "$llvm" >"$b/llvm"
  if [ "$llvm" = 22 ]; then
    apt_debs "$b/debs" liboffload-22 libomp5-19 libllvm22
    # nvcc's program, the same for both LLVMs.
    [ -x "$dir/bin/cuda_kernels" ] || { echo "gpu-bundle-pair: no cuda_kernels (nvcc?)" >&2; exit 1; }
    cp "$dir/bin/cuda_kernels" "$out/common/bin/"
  else
    apt_debs "$b/debs" libomp5-16 libllvm16
  fi
done
apt_debs "$out/common/debs" libz3-4 libedit2
du -sh "$out" | awk '{print "gpu-bundle-pair: " $1 " in .gpu-bundle-pair"}'
du -sb "$out" | awk '$1 > 64 * 1048576 {print "gpu-bundle-pair: over 64 MiB: carry llvm22/ with common/, then llvm16/ with common/, in two calls"}'
