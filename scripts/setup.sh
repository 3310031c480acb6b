#!/usr/bin/env bash
# Installs exactly the Debian packages PROACT needs (the pinned LLVM 16
# toolchain, the build tools and Open MPI for the multi-rank tests), and
# NVTX's headers where no CUDA has them.
# Idempotent: prints nothing when everything is already installed. Needs root, or sudo. Arguments name extra packages
# (scripts/gpu-bundle.sh adds patchelf).
set -euo pipefail

PACKAGES=(
  clang-16 clang-tools-16 libomp-16-dev libclang-16-dev llvm-16-dev
  llvm-16-tools libclang-rt-16-dev cmake make g++ python3 pkg-config
  openmpi-bin libopenmpi-dev "$@"
)

root=$(cd "$(dirname "$0")/.." && pwd)

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
[ ${#missing[@]} -eq 0 ] && exit 0

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
