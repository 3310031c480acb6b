#!/usr/bin/env bash
# device-rtl.sh [OPENMP_ROOT]: builds LLVM 22's NVPTX OpenMP device runtime,
# which Debian does not package, from LLVM's own source for exactly the
# installed clang-22, into OPENMP_ROOT/lib/nvptx64-nvidia-cuda/
# (libomptarget-nvptx.bc and libompdevice.a, where clang looks for them).
# OPENMP_ROOT defaults to /usr/lib/llvm-22; a private root made by
# scripts/setup.sh --private works the same way.
#
# The source is Debian's llvm-toolchain-22 source package: its checksum comes
# from the archive's signed source index, so only the tarball of the
# installed version is accepted. PROACT_LLVM_SOURCE=FILE uses a tarball
# already on disk (same check). Idempotent: an up-to-date runtime makes it
# print nothing. Needs clang-22 and clang-tools-22, not CUDA.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-/usr/lib/llvm-22}/lib/nvptx64-nvidia-cuda
pkg=llvm-toolchain-22
cache="$root/.deps/src"
die() { echo "device-rtl: $*" >&2; exit 1; }

command -v clang++-22 >/dev/null || die "clang++-22 not found (scripts/setup.sh installs it)"
# Debian's clang says e.g. "Debian clang version 22.1.8 (1~deb12u1)".
upstream=$(clang++-22 --version | sed -n 's/.*clang version \([0-9][0-9.]*\).*/\1/p' | head -n 1)
debver=$(dpkg-query -W -f='${Version}' clang-22 2>/dev/null || true)
[ -n "$upstream" ] || die "cannot read clang++-22's version"
stamp="$dest/proact-device-rtl.stamp"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$upstream" ] &&
   [ -f "$dest/libomptarget-nvptx.bc" ] && [ -f "$dest/libompdevice.a" ]; then
  exit 0
fi
echo "device-rtl: building LLVM $upstream's NVPTX OpenMP device runtime into $dest"
mkdir -p "$cache"
orig="${pkg}_${upstream}.orig.tar.xz"

# The expected checksum, from apt's source index of the archive clang-22
# came from (a private apt state under .deps, so the system's is untouched).
apt_state="$cache/apt"
APT_OPTS=()
sha=
source_index() {
  local line uri suite comp
  line=$(apt-cache madison clang-22 2>/dev/null | awk -F' [|] ' -v v="$debver" \
    '$2 == v && $3 ~ /Packages$/ {print $3; exit}')
  [ -n "$line" ] || return 1
  read -r uri suite _ <<<"$line"
  comp=${suite#*/}; suite=${suite%%/*}
  rm -rf "$apt_state" && mkdir -p "$apt_state/lists/partial" "$apt_state/cache/archives/partial"
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri $suite $comp" \
    >"$apt_state/sources.list"
  APT_OPTS=(-o Dir::Etc::SourceList="$apt_state/sources.list"
    -o Dir::Etc::SourceParts=/nonexistent -o Dir::State::Lists="$apt_state/lists"
    -o Dir::Cache="$apt_state/cache" -o Debug::NoLocking=1
    -o APT::Sandbox::User="$(id -un)")
  apt-get "${APT_OPTS[@]}" update -qq >/dev/null 2>&1 || return 1
  sha=$(apt-cache "${APT_OPTS[@]}" showsrc "$pkg" 2>/dev/null | awk -v v="$debver" -v f="$orig" '
    /^Version:/ { ok = ($2 == v) }
    /^Checksums-Sha256:/ { in_sha = 1; next }
    /^[A-Z]/ { in_sha = 0 }
    ok && in_sha && $3 == f { print $1; exit }')
  [ -n "$sha" ]
}
# The runtime must match the libomptarget it runs under: the same Debian
# version for clang-22 and liboffload-22 (dpkg's, or the private root's list).
if [ -n "$debver" ]; then
  rt=$(dirname "$(dirname "$(dirname "$(dirname "$dest")")")")
  if [ -f "$rt/../proact-packages.txt" ]; then
    offver=$(awk '$1 == "liboffload-22" {print $2}' "$rt/../proact-packages.txt")
  else
    offver=$(dpkg-query -W -f='${Version}' liboffload-22 2>/dev/null || true)
  fi
  [ -z "$offver" ] || [ "$offver" = "$debver" ] || die "clang-22 is $debver but" \
    "liboffload-22 is $offver: install the same version of both (scripts/setup.sh)"
  if ! source_index; then
    offered=$(apt-cache "${APT_OPTS[@]}" showsrc "$pkg" 2>/dev/null | awk '/^Version:/ {print $2}' | sort -u | tr '\n' ' ')
    die "Debian's source index has no $pkg $debver (it offers: ${offered:-nothing, or it" \
      "could not be read}); upgrade clang-22 and its packages to the archive's version" \
      "(apt-get update; scripts/setup.sh), or give the source as PROACT_LLVM_SOURCE=FILE"
  fi
fi

have_tarball() { [ -f "$1" ] && [ -n "$sha" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$sha" ]; }
tarball="$cache/$orig"
if [ -n "${PROACT_LLVM_SOURCE:-}" ]; then
  have_tarball "$PROACT_LLVM_SOURCE" || die "PROACT_LLVM_SOURCE=$PROACT_LLVM_SOURCE is not" \
    "$orig of clang-22 $debver (checksum ${sha:-unknown})"
  tarball=$PROACT_LLVM_SOURCE
elif ! have_tarball "$tarball"; then
  [ -n "$sha" ] || die "clang-22 is not a Debian package: give its source as PROACT_LLVM_SOURCE=FILE"
  rm -f "$tarball"
  # apt-get source checks the checksum itself. Some mirrors keep a
  # security update's orig tarball only in the main archive's pool (the same
  # file for one upstream version): try that next, checked against the index.
  (cd "$cache" && apt-get "${APT_OPTS[@]}" source -qq --download-only --tar-only \
     "$pkg=$debver" >/dev/null 2>&1) || true
  if ! have_tarball "$tarball"; then
    rm -f "$tarball"
    for base in $(apt-cache policy 2>/dev/null | awk '$2 ~ /^https?:/ {print $2}' | sort -u); do
      /usr/lib/apt/apt-helper download-file "$base/pool/main/l/$pkg/$orig" \
        "$tarball" "SHA256:$sha" >/dev/null 2>&1 && break
      rm -f "$tarball"
    done
  fi
  have_tarball "$tarball" || die "could not download $orig (checksum $sha) from" \
    "Debian's archive; fetch it by hand and give it as PROACT_LLVM_SOURCE=FILE"
fi

# Only the device runtime and the few shared headers it includes.
src="$cache/${pkg}_${upstream}"
top="${pkg}_${upstream}"
if [ ! -f "$src/openmp/device/CMakeLists.txt" ]; then
  rm -rf "$src"
  tar -xJf "$tarball" -C "$cache" "$top/openmp/device" "$top/offload/include/Shared" \
    "$top/libc/shared" || die "cannot unpack $tarball"
fi

# The flags of openmp/device/CMakeLists.txt for nvptx, in a Release build.
obj="$cache/device-rtl-obj-$upstream"
rm -rf "$obj" && mkdir -p "$obj"
srcs=$(sed -n 's|.*{CMAKE_CURRENT_SOURCE_DIR}/\(src/[A-Za-z]*\.cpp\).*|\1|p' \
  "$src/openmp/device/CMakeLists.txt")
[ -n "$srcs" ] || die "no source list in $src/openmp/device/CMakeLists.txt"
for f in $srcs; do
  clang++-22 --target=nvptx64-nvidia-cuda -std=c++17 -O3 -flto -fvisibility=hidden \
    -nogpulib -nostdlibinc -fno-rtti -fno-exceptions -fconvergent-functions \
    -Wno-unknown-cuda-version -mllvm -vectorize-slp=false --cuda-feature=+ptx63 \
    -DSHARED_SCRATCHPAD_SIZE=512 -I"$src/openmp/device/include" -I"$src/libc" \
    -I"$src/offload/include" -c "$src/openmp/device/$f" \
    -o "$obj/$(basename "$f" .cpp).o" || die "compiling $f failed"
done
clang++-22 --target=nvptx64-nvidia-cuda -flto -r -nostdlib -Wl,--lto-emit-llvm \
  "$obj"/*.o -o "$obj/libomptarget-nvptx.bc" || die "linking the device runtime failed"
llvm-ar-22 rcs "$obj/libompdevice.a" "$obj/libomptarget-nvptx.bc"
echo "$upstream" >"$obj/proact-device-rtl.stamp"

SUDO=()
if ! mkdir -p "$dest" 2>/dev/null || [ ! -w "$dest" ]; then
  command -v sudo >/dev/null || die "cannot write $dest (run as root, or give a private root)"
  SUDO=(sudo)
fi
"${SUDO[@]}" mkdir -p "$dest"
"${SUDO[@]}" install -m 644 "$obj/libomptarget-nvptx.bc" "$obj/libompdevice.a" \
  "$obj/proact-device-rtl.stamp" "$dest/"
rm -rf "$obj"
echo "device-rtl: done"
