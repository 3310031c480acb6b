#!/usr/bin/env bash
# device_rtl.sh SOURCE_DIR: scripts/device-rtl.sh, offline, on fake private
# roots: it refuses a libomptarget of another version than clang-22 with a
# message naming both, and does nothing (silently) for a runtime whose
# stamp matches the installed clang-22.
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
