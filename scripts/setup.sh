#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sets up what PROACT needs: LLVM 22 (the default) or 16 with clang,
# libomptarget and the OpenMP headers, the build tools and Open MPI for the
# multi-rank tests, and NVTX's headers where no CUDA has them. An LLVM that
# is already there (a module, Spack, a container, your own build) is used
# as it is; otherwise the Debian 12 packages are installed, which needs
# root or sudo. Idempotent: prints nothing when everything is in place.
#
#   setup.sh [--llvm 22|16] [--no-install] [--private] [--nvptx] [PACKAGE...]
#     --llvm N      the LLVM to set up (default: PROACT_LLVM, else 22)
#     --no-install  install nothing: only find the LLVM and check it, and
#                   say what is missing (also PROACT_SETUP_INSTALL=0). The
#                   LLVM is looked for at PROACT_LLVM_ROOT, LLVM_DIR (its
#                   lib/cmake/llvm), /usr/lib/llvm-N, then llvm-config-N,
#                   llvm-config, clang-N and clang on PATH
#     --private     LLVM's OpenMP runtime goes into a private root (dpkg -x),
#                   not the system: Debian allows one host OpenMP runtime per
#                   system, so a second LLVM lives beside the first this way
#                   (also PROACT_OPENMP_PRIVATE=1). Its compilers are
#                   installed system-wide; they do not conflict. The root is
#                   PROACT_PRIVATE_ROOT/llvm-N (default ~/.cache/proact/llvm-N;
#                   outside the source tree, as installed packages refer to it)
#     --nvptx       also build LLVM 22's NVPTX device runtime (scripts/device-rtl.sh)
#     PACKAGE...    extra Debian packages (scripts/gpu-bundle.sh adds patchelf)
#   setup.sh --print-openmp-root N
#     prints the root of LLVM N's OpenMP runtime build.sh should use: the
#     private one when setup made it, else the LLVM found as above
#   setup.sh --print-llvm-root N
#     prints the root of the LLVM N found as above (empty when none is)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
llvm=${PROACT_LLVM:-22}
private=${PROACT_OPENMP_PRIVATE:-0}
install=${PROACT_SETUP_INSTALL:-1}
proots=${PROACT_PRIVATE_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/proact}
nvptx=0
extra=()

# The version an LLVM root holds, from its CMake package.
llvm_major() {
  sed -n 's/^set(LLVM_VERSION_MAJOR \([0-9]*\))$/\1/p' \
    "$1/lib/cmake/llvm/LLVMConfig.cmake" 2>/dev/null | head -n 1
}
# Candidate roots of LLVM N, the user's hints first.
llvm_candidates() {
  local n=$1 c
  [ -z "${PROACT_LLVM_ROOT:-}" ] || echo "$PROACT_LLVM_ROOT"
  [ -z "${LLVM_DIR:-}" ] || (cd "$LLVM_DIR/../../.." 2>/dev/null && pwd)
  echo "/usr/lib/llvm-$n"
  for c in "llvm-config-$n" llvm-config; do
    command -v "$c" >/dev/null 2>&1 && "$c" --prefix 2>/dev/null
  done
  for c in "clang-$n" clang; do
    c=$(command -v "$c" 2>/dev/null) || continue
    c=$(readlink -f "$c") && dirname "$(dirname "$c")"
  done
}
# The first candidate of the right version with clang in it. With hints,
# only the hints count: a wrong hint must not fall back to another LLVM.
find_llvm() {
  local n=$1 r
  while read -r r; do
    [ -n "$r" ] || continue
    if [ "$(llvm_major "$r")" = "$n" ] && [ -x "$r/bin/clang" ]; then
      echo "$r"; return 0
    fi
    [ -z "${PROACT_LLVM_ROOT:-}${LLVM_DIR:-}" ] || return 0
  done < <(llvm_candidates "$n")
}
# What PROACT's build needs of an LLVM and of its OpenMP runtime (the same
# root unless a private one): one line per missing file.
llvm_missing() {
  local r=$1 omp=$2 n=$3 f
  for f in bin/clang bin/clang++ lib/cmake/llvm/LLVMConfig.cmake \
           include/clang/Lex/Pragma.h; do
    [ -e "$r/$f" ] || echo "$r/$f"
  done
  for f in lib/libomptarget.so "lib/clang/$n/include/omp.h"; do
    [ -e "$omp/$f" ] && continue
    # LLVM_ENABLE_PER_TARGET_RUNTIME_DIR puts the runtime one level down,
    # in lib/<host triple>/ (CMakeLists.txt looks there too).
    if [ "$f" = lib/libomptarget.so ] &&
       ls "$omp/lib/$(uname -m)"-*/libomptarget.so >/dev/null 2>&1; then
      continue
    fi
    echo "$omp/$f"
  done
}
openmp_root() {
  local n=$1 r
  if [ -f "$proots/llvm-$n/usr/lib/llvm-$n/lib/libomptarget.so" ]; then
    echo "$proots/llvm-$n/usr/lib/llvm-$n"
  else
    r=$(find_llvm "$n")
    echo "${r:-/usr/lib/llvm-$n}"
  fi
}

while [ $# -gt 0 ]; do
  case "$1" in
    --llvm) llvm=${2:?--llvm needs 16 or 22}; shift ;;
    --llvm=*) llvm=${1#--llvm=} ;;
    --no-install) install=0 ;;
    --private) private=1 ;;
    --nvptx) nvptx=1 ;;
    --print-openmp-root)
      openmp_root "${2:?--print-openmp-root needs 16 or 22}"; exit 0 ;;
    --print-llvm-root)
      find_llvm "${2:?--print-llvm-root needs 16 or 22}"; exit 0 ;;
    -*) echo "setup: unknown option $1" >&2; exit 2 ;;
    *) extra+=("$1") ;;
  esac
  shift
done
case "$llvm" in
  16|22) ;;
  *) echo "setup: LLVM $llvm is not supported (22 or 16; docs/user/building.md)" >&2; exit 2 ;;
esac

# The compilers, clang's headers, lit and FileCheck: no conflicts between
# LLVM versions.
PACKAGES=(
  clang-$llvm clang-tools-$llvm libclang-$llvm-dev llvm-$llvm-dev
  llvm-$llvm-tools libclang-rt-$llvm-dev cmake make g++ python3 pkg-config
  openmpi-bin libopenmpi-dev "${extra[@]}"
)
# LLVM's OpenMP runtime (omp.h, libomp, libomptarget): one per system.
# LLVM 22's libomp is libomp5-19's.
if [ "$llvm" = 22 ]; then
  OPENMP=(libomp-22-dev liboffload-22-dev liboffload-22 libomp5-19)
else
  OPENMP=(libomp-16-dev libomp5-16)
fi
if [ "$private" = 1 ]; then
  PACKAGES+=(libllvm$llvm)
else
  PACKAGES+=("${OPENMP[@]}")
fi

# NVTX 3 headers (header-only) for PROACT's NVTX ranges and their test, when
# no CUDA toolkit provides them: from NVIDIA's PyPI wheel, checked against
# its hash, into .deps/nvtx (support/CMakeLists.txt looks there). Without
# pip or the network the build goes on without NVTX, and says so.
nvtx_headers() {
  local dest="$root/.deps/nvtx" whl tmp
  local want=fec150986817f2b4e7eed72ed059f2dcb9ba3856b9a96134e448eac946a6952f
  [ -e /usr/local/cuda/include/nvtx3/nvToolsExt.h ] && return 0
  [ -e "$dest/include/nvtx3/nvToolsExt.h" ] && return 0
  tmp=$(mktemp -d)
  for py in python3 /usr/bin/python3; do
    "$py" -m pip download -q --no-deps --only-binary=:all: \
      --platform manylinux_2_5_x86_64 -d "$tmp" nvidia-nvtx-cu12==12.9.79 \
      >/dev/null 2>&1 && break
  done
  whl=$(ls "$tmp"/nvidia_nvtx_cu12-12.9.79-*.whl 2>/dev/null | head -n 1)
  if [ -z "$whl" ] || [ "$(sha256sum "$whl" | cut -d' ' -f1)" != "$want" ]; then
    echo "setup: no NVTX headers (pip could not fetch nvidia-nvtx-cu12); PROACT builds without NVTX ranges" >&2
    rm -rf "$tmp"
    return 0
  fi
  mkdir -p "$dest" 2>/dev/null || {
    echo "setup: cannot write $dest; PROACT builds without NVTX ranges" >&2
    rm -rf "$tmp"; return 0; }
  python3 - "$whl" "$dest" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for n in z.namelist():
        if n.startswith("nvidia/nvtx/include/nvtx3/"):
            z.extract(n, sys.argv[2] + "/tmp")
PY
  mv "$dest/tmp/nvidia/nvtx/include" "$dest/include" && rm -rf "$dest/tmp"
  rm -rf "$tmp"
}
nvtx_headers

# An LLVM that is not Debian's packaged one (or --no-install, or a system
# without dpkg): check it and step aside. Debian's own /usr/lib/llvm-N goes
# on to the package check below, which also installs the test tools.
llvm_root=$(find_llvm "$llvm")
debian=0
command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && debian=1
if [ "$install" = 0 ] || [ "$debian" = 0 ] ||
   { [ -n "$llvm_root" ] && [ "$llvm_root" != "/usr/lib/llvm-$llvm" ]; }; then
  if [ -z "$llvm_root" ]; then
    echo "setup: no LLVM $llvm with clang found (looked at: $(llvm_candidates "$llvm" | sort -u | tr '\n' ' '))" >&2
    if [ "$debian" = 0 ]; then
      echo "setup: this system has no apt-get, so setup installs nothing:" \
        "load or install LLVM $llvm with clang, libomptarget and the OpenMP headers" \
        "(module load, spack install llvm@$llvm +clang), then give its root as" \
        "PROACT_LLVM_ROOT=DIR (docs/user/install.md)" >&2
    else
      echo "setup: give an LLVM's root as PROACT_LLVM_ROOT=DIR, or run without" \
        "--no-install to install Debian's packages (docs/user/install.md)" >&2
    fi
    exit 1
  fi
  omp=${PROACT_OPENMP_ROOT:-$(openmp_root "$llvm")}
  missing=$(llvm_missing "$llvm_root" "$omp" "$llvm")
  if [ -n "$missing" ]; then
    echo "setup: the LLVM $llvm at $llvm_root lacks what PROACT needs:" >&2
    sed 's/^/setup:   /' <<<"$missing" >&2
    echo "setup: build or load an LLVM with clang, its headers and the OpenMP" \
      "runtime with offloading (libomptarget); docs/user/install.md" >&2
    exit 1
  fi
  tools_missing=()
  for t in cmake python3; do
    command -v "$t" >/dev/null 2>&1 || tools_missing+=("$t")
  done
  command -v make >/dev/null 2>&1 || command -v ninja >/dev/null 2>&1 || tools_missing+=(make)
  if [ ${#tools_missing[@]} -gt 0 ]; then
    echo "setup: LLVM $llvm at $llvm_root is fine, but ${tools_missing[*]} not on PATH" >&2
    exit 1
  fi
  if [ "$nvptx" = 1 ] && [ "$llvm" != 16 ]; then
    if [ "$llvm_root" = "/usr/lib/llvm-$llvm" ]; then
      "$root/scripts/device-rtl.sh" "$omp"
    else
      PROACT_LLVM_ROOT=$llvm_root "$root/scripts/device-rtl.sh" "$omp"
    fi
  fi
  exit 0
fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done

# The private OpenMP runtime: the .debs unpacked into $proots/llvm-N, with
# the list of what is there (scripts/device-rtl.sh checks versions).
private_root() {
  local dest="$proots/llvm-$llvm" debs="$proots/debs-$llvm" want have
  want=$(for p in "${OPENMP[@]}"; do
           echo "$p $(apt-cache policy "$p" 2>/dev/null | awk '/Candidate:/ {print $2}')"
         done)
  if [ -f "$dest/proact-packages.txt" ] && [ "$(cat "$dest/proact-packages.txt")" = "$want" ]; then
    return 0
  fi
  echo "setup: LLVM $llvm's OpenMP runtime into $dest (private root)"
  rm -rf "$debs" "$dest" && mkdir -p "$debs" "$dest"
  (cd "$debs" && apt-get download -qq -o APT::Sandbox::User="$(id -un)" "${OPENMP[@]}") || {
    echo "setup: apt-get download ${OPENMP[*]} failed" >&2; exit 1; }
  for d in "$debs"/*.deb; do dpkg -x "$d" "$dest"; done
  have=$(for p in "${OPENMP[@]}"; do
           echo "$p $(dpkg-deb -f "$debs/${p}_"*.deb Version)"
         done)
  echo "$have" >"$dest/proact-packages.txt"
  rm -rf "$debs"
}

install_missing() {
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo)
  elif [ -t 0 ] && command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo) # sudo asks for the password
  else
    echo "setup: these Debian packages are missing: ${missing[*]}" >&2
    echo "setup: installing them needs root or sudo, which this user has not;" \
      "without root, use an LLVM $llvm that is already there:" \
      "PROACT_LLVM_ROOT=DIR bash scripts/setup.sh --no-install (docs/user/install.md)" >&2
    exit 1
  fi

  echo "setup: installing ${missing[*]}"
  log=$(mktemp)
  export DEBIAN_FRONTEND=noninteractive
  # Only one libomp-NN-dev can be installed: apt replaces any other one.
  if ! { "${SUDO[@]}" apt-get update -qq &&
         "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"; } \
       >"$log" 2>&1; then
    echo "setup: apt-get could not install: ${missing[*]}" >&2
    tail -n 20 "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
  echo "setup: done"
}

# The device runtime goes where the OpenMP runtime is.
device_rtl() {
  [ "$nvptx" = 1 ] && [ "$llvm" != 16 ] || return 0
  "$root/scripts/device-rtl.sh" "$("$root/scripts/setup.sh" --print-openmp-root "$llvm")"
}

[ ${#missing[@]} -eq 0 ] || install_missing
[ "$private" = 1 ] && private_root
device_rtl
