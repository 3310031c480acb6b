#!/usr/bin/env bash
# Installs exactly the Debian packages PROACT needs (LLVM 22, the default, or
# LLVM 16, the build tools and Open MPI for the multi-rank tests), and NVTX's
# headers where no CUDA has them.
# Idempotent: prints nothing when everything is already installed. Needs
# root, or sudo.
#
#   setup.sh [--llvm 22|16] [--private] [--nvptx] [PACKAGE...]
#     --llvm N    the LLVM to set up (default: PROACT_LLVM, else 22)
#     --private   LLVM's OpenMP runtime goes into a private root (dpkg -x),
#                 not the system: Debian allows one host OpenMP runtime per
#                 system, so a second LLVM lives beside the first this way
#                 (also PROACT_OPENMP_PRIVATE=1). Its compilers are
#                 installed system-wide; they do not conflict. The root is
#                 PROACT_PRIVATE_ROOT/llvm-N (default ~/.cache/proact/llvm-N;
#                 outside the source tree, as installed packages refer to it)
#     --nvptx     also build LLVM 22's NVPTX device runtime (scripts/device-rtl.sh)
#     PACKAGE...  extra packages (scripts/gpu-bundle.sh adds patchelf)
#   setup.sh --print-openmp-root N
#     prints the root of LLVM N's OpenMP runtime build.sh should use: the
#     private one when setup made it, else the system's
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
llvm=${PROACT_LLVM:-22}
private=${PROACT_OPENMP_PRIVATE:-0}
proots=${PROACT_PRIVATE_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/proact}
nvptx=0
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --llvm) llvm=${2:?--llvm needs 16 or 22}; shift ;;
    --llvm=*) llvm=${1#--llvm=} ;;
    --private) private=1 ;;
    --nvptx) nvptx=1 ;;
    --print-openmp-root)
      n=${2:?--print-openmp-root needs 16 or 22}
      if [ -f "$proots/llvm-$n/usr/lib/llvm-$n/lib/libomptarget.so" ]; then
        echo "$proots/llvm-$n/usr/lib/llvm-$n"
      else
        echo "/usr/lib/llvm-$n"
      fi
      exit 0 ;;
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
  mkdir -p "$dest"
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
  elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    echo "setup: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: apt-get not found; PROACT's setup expects Debian 12 (bookworm)." >&2
    echo "setup: install these packages by hand: ${missing[*]}" >&2
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
