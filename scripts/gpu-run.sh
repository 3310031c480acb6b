#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs on the GPU machine, in the repository root, with a bundle carried
# there (.gpu-bundle/, or the directory PROACT_GPU_BUNDLE names). Unpacks
# the bundle's LLVM OpenMP runtime (16 or 22) into a temporary root, then
# runs the given command (default: the GPU validation suite) with the
# libraries found. Results go to $OUT (or ./gpu-out) when the suite runs.
# PROACT_GPU_DEBS_EXTRA names a directory of more .debs to unpack with the
# bundle's (scripts/gpu-bundle-variants.sh keeps the shared ones there).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
b=${PROACT_GPU_BUNDLE:-$root/.gpu-bundle}
[ -d "$b/debs" ] || { echo "gpu-run: no $b; run scripts/gpu-bundle.sh first" >&2; exit 1; }
llvm=$(cat "$b/llvm" 2>/dev/null || echo 16)
sys=/tmp/proact-sysroot-$llvm
lib="$sys/usr/lib/llvm-$llvm/lib"
extra=${PROACT_GPU_DEBS_EXTRA:-}
# Canonical paths: variants that share debs through a link unpack them once.
debs=$(for d in "$b"/debs/*.deb ${extra:+"$extra"/*.deb}; do readlink -f "$d"; done)
if [ "$(cat "$sys/.unpacked" 2>/dev/null)" != "$debs" ]; then
  rm -rf "$sys" && mkdir -p "$sys"
  for d in $debs; do dpkg -x "$d" "$sys"; done
  if [ "$llvm" = 16 ]; then
    # libomptarget 16 dlopens its plugins by unversioned names, which only
    # the -dev package provides: make them.
    (cd "$lib" &&
     for f in libomptarget.so.16 libomptarget.rtl.*.so.16; do
       ln -sf "$f" "${f%.16}"
     done)
  fi
  # libomptarget connects to libomp's tool interface (OMPT) by loading
  # libomp.so, which only libomp's -dev package provides: without the link
  # PROACT cannot follow target constructs built without spread mode.
  ln -sf libomp.so.5 "$sys/usr/lib/x86_64-linux-gnu/libomp.so"
  # libomptarget 22 dlopens libcuda.so, which only CUDA's development files
  # provide: point it at the driver's libcuda.so.1 where it is missing.
  if ! ldconfig -p 2>/dev/null | grep -q 'libcuda\.so '; then
    cuda1=$(ldconfig -p 2>/dev/null | awk '/libcuda\.so\.1 / {print $NF; exit}')
    [ -z "$cuda1" ] || ln -sf "$cuda1" "$lib/libcuda.so"
  fi
  echo "$debs" >"$sys/.unpacked"
fi
export LD_LIBRARY_PATH="$b/lib:$lib:$sys/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PATH="$b/bin:$PATH"
echo "gpu-run: LLVM $llvm bundle $b" >&2
if [ $# -gt 0 ]; then
  exec "$@"
fi
exec bash "$root/scripts/gpu-suite.sh"
