#!/usr/bin/env bash
# Runs on the GPU machine, in the repository root, with .gpu-bundle/ carried
# there. Unpacks the LLVM 16 OpenMP runtime into a temporary root, then runs
# the given command (default: the GPU validation suite) with the libraries
# found. Results go to $OUT (or ./gpu-out) when the suite runs.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
b="$root/.gpu-bundle"
[ -d "$b/debs" ] || { echo "gpu-run: no .gpu-bundle; run scripts/gpu-bundle.sh first" >&2; exit 1; }
sys=/tmp/proact-sysroot
if [ ! -d "$sys/usr/lib/llvm-16/lib" ]; then
  mkdir -p "$sys"
  for d in "$b"/debs/*.deb; do dpkg -x "$d" "$sys"; done
  # libomptarget dlopens its plugins by unversioned names, which only the
  # -dev package provides: make them.
  (cd "$sys/usr/lib/llvm-16/lib" &&
   for f in libomptarget.so.16 libomptarget.rtl.*.so.16; do
     ln -sf "$f" "${f%.16}"
   done)
fi
export LD_LIBRARY_PATH="$b/lib:$sys/usr/lib/llvm-16/lib:$sys/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PATH="$b/bin:$PATH"
if [ $# -gt 0 ]; then
  exec "$@"
fi
exec bash "$root/scripts/gpu-suite.sh"
