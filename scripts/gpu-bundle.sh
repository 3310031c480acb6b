#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds PROACT for NVIDIA GPUs here (a machine without GPUs is fine) with
# LLVM PROACT_LLVM (22, the default, or 16) and packs what a GPU machine
# without LLVM needs into .gpu-bundle/ (ignored by git): the programs,
# libproact, and the Debian .debs of that LLVM's OpenMP runtime, which
# scripts/gpu-run.sh unpacks there (docs/user/gpu.md).
# PROACT_GPU_BUNDLE_ONLY=suite packs only what scripts/gpu-suite.sh runs
# (the end-to-end programs and the Jacobi example) and no sanitizer copy of
# libomptarget: a bundle that fits, with the tree, what one call carries.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
only=${PROACT_GPU_BUNDLE_ONLY:-}
case "$only" in
  "" | suite) ;;
  *) echo "gpu-bundle: PROACT_GPU_BUNDLE_ONLY='$only': the one value is 'suite'" >&2
     exit 2 ;;
esac
llvm=${PROACT_LLVM:-22}
export PROACT_LLVM=$llvm
"$root/scripts/setup.sh" --nvptx patchelf
# The plugin's fuzz target runs on CPUs only: not built for a bundle.
export PROACT_CMAKE_ARGS="-DPROACT_BUILD_FUZZ=OFF ${PROACT_CMAKE_ARGS:-}"
dir=$("$root/scripts/build.sh" nvptx)
out="$root/.gpu-bundle"
rm -rf "$out/bin" "$out/lib"
mkdir -p "$out/bin" "$out/lib" "$out/debs"
echo "$llvm" >"$out/llvm"
if [ "$only" = suite ]; then
  find "$dir/bin" -maxdepth 1 -type f \( -name 'e2e_*' -o -name jacobi2d -o -name device_ptrs -o -name loop_cost \) \
    -exec cp {} "$out/bin/" \;
else
  find "$dir/bin" -maxdepth 1 -type f ! -name fuzz_directives -exec cp {} "$out/bin/" \;
fi
# The library this build made, not those a build of another version left.
cp "$dir/lib/libproact.so" "$dir/lib/$(readlink "$dir/lib/libproact.so")" \
  "$(readlink -f "$dir/lib/libproact.so")" "$out/lib/"
# libomptarget and its CUDA plugin (libomp5-16; LLVM 22: liboffload-22,
# with libomp5-19's libomp) need libLLVM, which needs these.
if [ "$llvm" = 16 ]; then
  DEBS=(libomp5-16 libllvm16 libz3-4 libedit2)
  omptarget=usr/lib/llvm-16/lib/libomptarget.so.16
else
  DEBS=(liboffload-22 libomp5-19 libllvm22 libz3-4 libedit2)
  omptarget=usr/lib/llvm-22/lib/libomptarget.so.22.1
fi
# Exactly these .debs, at the versions apt would install (the other LLVM's
# would only take room).
want=()
for p in "${DEBS[@]}"; do
  v=$(apt-cache policy "$p" | awk '/Candidate:/ {print $2}')
  want+=("${p}_${v//:/%3a}_")
done
for d in "$out"/debs/*.deb; do
  [ -e "$d" ] || continue
  keep=0
  for w in "${want[@]}"; do
    case "$(basename "$d")" in "$w"*) keep=1 ;; esac
  done
  [ $keep -eq 1 ] || rm -f "$d"
done
for i in "${!DEBS[@]}"; do
  ls "$out/debs/${want[$i]}"*.deb >/dev/null 2>&1 ||
    (cd "$out/debs" && apt-get download -qq -o APT::Sandbox::User="$(id -un)" "${DEBS[$i]}")
done
# For compute-sanitizer runs (scripts/gpu-sanitize.sh): libomptarget's
# constructor loads the CUDA plugin, which initializes CUDA before the
# sanitizer's preloaded library initializes (glibc runs a preloaded
# library's constructor after those of the program's own libraries), and the
# sanitizer then disables itself. A copy of libomptarget that needs the
# sanitizer's library makes glibc initialize that library first.
rm -rf "$out/sanitize"
if [ "$only" != suite ]; then
  mkdir -p "$out/sanitize"
  (cd "$out/sanitize" && dpkg -x "$out/debs/${want[0]}"*.deb x &&
   cp "x/$omptarget" . && rm -rf x &&
   patchelf --add-needed libsanitizer-collection.so "$(basename "$omptarget")")
fi
du -sh "$out" | awk -v l="$llvm" '{print "gpu-bundle: " $1 " in .gpu-bundle (LLVM " l ")"}'
