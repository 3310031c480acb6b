#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# device-rtl.sh [OPENMP_ROOT]: builds LLVM 22's NVPTX OpenMP device runtime
# from LLVM's own source, for exactly the clang 22 in use, into
# OPENMP_ROOT/lib/nvptx64-nvidia-cuda/ (libomptarget-nvptx.bc and
# libompdevice.a, where clang looks for them), or into PROACT_DEVICE_RTL_DIR
# (then give CMake the same -DPROACT_DEVICE_RTL_DIR). OPENMP_ROOT defaults
# to /usr/lib/llvm-22; a private root made by scripts/setup.sh --private
# works the same way.
#
# The clang is clang++-22 on PATH, or PROACT_LLVM_ROOT/bin/clang++ (an LLVM
# from Spack, a module or your own build). The source:
#   - PROACT_LLVM_SOURCE=DIR: any LLVM source tree (an llvm-project
#     checkout or unpacked release) of clang's exact version, which its
#     cmake/Modules/LLVMVersion.cmake must say;
#   - PROACT_LLVM_SOURCE=FILE: a source tarball (Debian's orig tarball, or
#     llvm-project-22.x.y.src.tar.xz from LLVM's releases), checked the same
#     way, and for Debian's clang also against the archive's checksum;
#   - otherwise, for Debian's clang-22, Debian's llvm-toolchain-22 source
#     package, whose checksum comes from the archive's signed source index.
# Idempotent: an up-to-date runtime makes it print nothing. Needs clang 22
# with its llvm-ar, not CUDA.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${PROACT_DEVICE_RTL_DIR:-${1:-/usr/lib/llvm-22}/lib/nvptx64-nvidia-cuda}
pkg=llvm-toolchain-22
cache="$root/.deps/src"
die() { echo "device-rtl: $*" >&2; exit 1; }

# The clang: PROACT_LLVM_ROOT's, else Debian's clang++-22. Only Debian's
# has a Debian version, and with it the archive's source and checksum.
debver=
if [ -n "${PROACT_LLVM_ROOT:-}" ]; then
  cxx=$PROACT_LLVM_ROOT/bin/clang++ ar=$PROACT_LLVM_ROOT/bin/llvm-ar
  [ -x "$cxx" ] || die "no clang++ in PROACT_LLVM_ROOT=$PROACT_LLVM_ROOT"
  [ -x "$ar" ] || die "no llvm-ar in PROACT_LLVM_ROOT=$PROACT_LLVM_ROOT"
else
  command -v clang++-22 >/dev/null || die "clang++-22 not found (scripts/setup.sh" \
    "installs it; for another LLVM 22 give PROACT_LLVM_ROOT=DIR)"
  cxx=clang++-22 ar=llvm-ar-22
  debver=$(dpkg-query -W -f='${Version}' clang-22 2>/dev/null || true)
fi
# Debian's clang says e.g. "Debian clang version 22.1.8 (1~deb12u1)".
upstream=$("$cxx" --version | sed -n 's/.*clang version \([0-9][0-9.]*\).*/\1/p' | head -n 1)
[ -n "$upstream" ] || die "cannot read $cxx's version"
case "$upstream" in 22.*) ;; *) die "$cxx is clang $upstream, not 22" ;; esac
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
# The version an LLVM source tree says it is.
tree_version() {
  local f=$1/cmake/Modules/LLVMVersion.cmake
  [ -f "$f" ] || return 0
  sed -n 's/^ *set(LLVM_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)).*/\2/p' "$f" |
    head -n 3 | paste -sd.
}
check_tree() { # check_tree DIR WHAT
  local v
  [ -f "$1/openmp/device/CMakeLists.txt" ] || die "$2 has no openmp/device/CMakeLists.txt:" \
    "give the top of an LLVM source tree (llvm-project)"
  v=$(tree_version "$1")
  [ -n "$v" ] || die "$2 has no cmake/Modules/LLVMVersion.cmake to say its version"
  [ "$v" = "$upstream" ] || die "$2 is LLVM $v's source but $cxx is $upstream:" \
    "the device runtime must come from the same version"
}

src_dir=
if [ -n "${PROACT_LLVM_SOURCE:-}" ] && [ -d "$PROACT_LLVM_SOURCE" ]; then
  check_tree "$PROACT_LLVM_SOURCE" "PROACT_LLVM_SOURCE=$PROACT_LLVM_SOURCE"
  src_dir=$PROACT_LLVM_SOURCE
elif [ -n "$debver" ]; then
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
if [ -n "$src_dir" ]; then
  :
elif [ -n "${PROACT_LLVM_SOURCE:-}" ]; then
  [ -f "$PROACT_LLVM_SOURCE" ] || die "PROACT_LLVM_SOURCE=$PROACT_LLVM_SOURCE does not exist"
  # Debian's clang: Debian's tarball, by its checksum. Another clang: any
  # tarball of its version, checked once unpacked.
  [ -z "$sha" ] || have_tarball "$PROACT_LLVM_SOURCE" || die "PROACT_LLVM_SOURCE=" \
    "$PROACT_LLVM_SOURCE is not $orig of clang-22 $debver (checksum $sha)"
  tarball=$PROACT_LLVM_SOURCE
elif ! have_tarball "$tarball"; then
  [ -n "$sha" ] || die "$cxx is not Debian's clang-22, so Debian's archive has no source" \
    "for it: give an LLVM $upstream source tree or tarball as PROACT_LLVM_SOURCE=DIR|FILE" \
    "(e.g. llvm-project-$upstream.src.tar.xz from github.com/llvm/llvm-project/releases)"
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

# Only the device runtime, the few shared headers it includes and the
# version file, from a tarball whose top directory is named as it may be.
if [ -n "$src_dir" ]; then
  src=$src_dir
else
  top=$(tar -tJf "$tarball" 2>/dev/null | head -n 1) || true
  top=${top%%/*}
  [ -n "$top" ] || die "cannot read $tarball"
  src="$cache/$top"
  if [ ! -f "$src/openmp/device/CMakeLists.txt" ] || [ -z "$(tree_version "$src")" ]; then
    rm -rf "$src"
    tar -xJf "$tarball" -C "$cache" "$top/openmp/device" "$top/offload/include/Shared" \
      "$top/libc/shared" "$top/cmake/Modules/LLVMVersion.cmake" || die "cannot unpack $tarball"
  fi
  check_tree "$src" "$tarball"
fi

# The flags of openmp/device/CMakeLists.txt for nvptx, in a Release build.
obj="$cache/device-rtl-obj-$upstream"
rm -rf "$obj" && mkdir -p "$obj"
srcs=$(sed -n 's|.*{CMAKE_CURRENT_SOURCE_DIR}/\(src/[A-Za-z]*\.cpp\).*|\1|p' \
  "$src/openmp/device/CMakeLists.txt")
[ -n "$srcs" ] || die "no source list in $src/openmp/device/CMakeLists.txt"
for f in $srcs; do
  "$cxx" --target=nvptx64-nvidia-cuda -std=c++17 -O3 -flto -fvisibility=hidden \
    -nogpulib -nostdlibinc -fno-rtti -fno-exceptions -fconvergent-functions \
    -Wno-unknown-cuda-version -mllvm -vectorize-slp=false --cuda-feature=+ptx63 \
    -DSHARED_SCRATCHPAD_SIZE=512 -I"$src/openmp/device/include" -I"$src/libc" \
    -I"$src/offload/include" -c "$src/openmp/device/$f" \
    -o "$obj/$(basename "$f" .cpp).o" || die "compiling $f failed"
done
"$cxx" --target=nvptx64-nvidia-cuda -flto -r -nostdlib -Wl,--lto-emit-llvm \
  "$obj"/*.o -o "$obj/libomptarget-nvptx.bc" || die "linking the device runtime failed"
"$ar" rcs "$obj/libompdevice.a" "$obj/libomptarget-nvptx.bc"
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
