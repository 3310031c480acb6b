#!/usr/bin/env bash
# device_rtl.sh SOURCE_DIR: scripts/device-rtl.sh, offline, on fake private
# roots: it refuses a libomptarget of another version than clang-22 with a
# message naming both, and does nothing (silently) for a runtime whose
# stamp matches the installed clang-22; for another LLVM 22 it takes only a
# source tree of clang's version.
set -uo pipefail
src=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
rtl="$src/scripts/device-rtl.sh"
have=$(dpkg-query -W -f='${Version}' clang-22 2>/dev/null) ||
  { echo "skip: clang-22 is not a Debian package here"; exit 0; }
upstream=$(clang++-22 --version | sed -n 's/.*clang version \([0-9][0-9.]*\).*/\1/p' | head -n 1)

root=$work/other/usr/lib/llvm-22
mkdir -p "$root/lib"
echo "liboffload-22 9:0.0.0-0" >"$work/other/proact-packages.txt"
out=$(bash "$rtl" "$root" 2>&1) && fail "accepted liboffload-22 9:0.0.0-0: $out"
grep -q "clang-22 is $have but liboffload-22 is 9:0.0.0-0" <<<"$out" ||
  fail "no version message: $out"
[ ! -e "$root/lib/nvptx64-nvidia-cuda/libomptarget-nvptx.bc" ] || fail "built anyway"
echo "ok: a libomptarget of another version is refused, naming both"

root=$work/same/usr/lib/llvm-22
d=$root/lib/nvptx64-nvidia-cuda
mkdir -p "$d"
echo "liboffload-22 $have" >"$work/same/proact-packages.txt"
: >"$d/libomptarget-nvptx.bc"
: >"$d/libompdevice.a"
echo "$upstream" >"$d/proact-device-rtl.stamp"
out=$(bash "$rtl" "$root" 2>&1) || fail "up-to-date runtime: $out"
[ -z "$out" ] || fail "up-to-date runtime printed: $out"
echo "ok: an up-to-date runtime is left alone, silently"

# Another LLVM 22 (PROACT_LLVM_ROOT, as from Spack or a module) with an
# LLVM source tree: a tree of another version is refused, naming both, and
# without a source the message says how to give one.
tree=$work/tree
mkdir -p "$tree/cmake/Modules" "$tree/openmp/device"
: >"$tree/openmp/device/CMakeLists.txt"
printf 'if(NOT DEFINED LLVM_VERSION_MAJOR)\n  set(LLVM_VERSION_MAJOR 22)\nendif()\n  set(LLVM_VERSION_MINOR 99)\n  set(LLVM_VERSION_PATCH 0)\n' \
  >"$tree/cmake/Modules/LLVMVersion.cmake"
out=$(PROACT_LLVM_ROOT=/usr/lib/llvm-22 PROACT_LLVM_SOURCE=$tree \
  PROACT_DEVICE_RTL_DIR=$work/rtl bash "$rtl" 2>&1) && fail "accepted a 22.99.0 tree: $out"
grep -q "is LLVM 22.99.0's source but .* is $upstream" <<<"$out" ||
  fail "no version message for a source tree: $out"
out=$(PROACT_LLVM_ROOT=/usr/lib/llvm-22 PROACT_DEVICE_RTL_DIR=$work/rtl bash "$rtl" 2>&1) &&
  fail "built without a source: $out"
grep -q "PROACT_LLVM_SOURCE=DIR|FILE" <<<"$out" || fail "no source message: $out"
[ ! -e "$work/rtl/libomptarget-nvptx.bc" ] || fail "built anyway"
echo "ok: another LLVM 22 takes a source tree of its version only"
