#!/usr/bin/env bash
# Builds PROACT for NVIDIA GPUs here (a machine without GPUs is fine) and
# packs what a GPU machine without LLVM needs into .gpu-bundle/ (ignored by
# git): the programs, libproact, and the Debian .debs of the LLVM 16 OpenMP
# runtime, which scripts/gpu-run.sh unpacks there (docs/user/gpu.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" patchelf
dir=$("$root/scripts/build.sh" nvptx)
out="$root/.gpu-bundle"
rm -rf "$out/bin" "$out/lib"
mkdir -p "$out/bin" "$out/lib" "$out/debs"
# The plugin's fuzz target runs on CPUs only and is most of the bundle.
find "$dir/bin" -maxdepth 1 -type f ! -name fuzz_directives -exec cp {} "$out/bin/" \;
cp "$dir"/lib/libproact.so* "$out/lib/"
# libomptarget and its CUDA plugin come from libomp5-16, which needs these.
DEBS=(libomp5-16 libllvm16 libz3-4 libedit2)
have_all=1
for p in "${DEBS[@]}"; do
  ls "$out/debs/${p}_"*.deb >/dev/null 2>&1 || have_all=0
done
if [ $have_all -eq 0 ]; then
  (cd "$out/debs" && apt-get download -qq -o APT::Sandbox::User=root "${DEBS[@]}")
fi
# For compute-sanitizer runs (scripts/gpu-sanitize.sh): libomptarget's
# constructor loads the CUDA plugin, which initializes CUDA before the
# sanitizer's preloaded library initializes (glibc runs a preloaded
# library's constructor after those of the program's own libraries), and the
# sanitizer then disables itself. A copy of libomptarget that needs the
# sanitizer's library makes glibc initialize that library first.
rm -rf "$out/sanitize" && mkdir -p "$out/sanitize"
(cd "$out/sanitize" && dpkg -x "$out"/debs/libomp5-16_*.deb x &&
 cp x/usr/lib/llvm-16/lib/libomptarget.so.16 . && rm -rf x &&
 patchelf --add-needed libsanitizer-collection.so libomptarget.so.16)
du -sh "$out" | awk '{print "gpu-bundle: " $1 " in .gpu-bundle"}'
