#!/usr/bin/env bash
# Installs exactly the Debian packages PROACT needs (the pinned LLVM 16
# toolchain and the build tools). Idempotent: prints nothing when everything
# is already installed. Needs root, or sudo. Arguments name extra packages
# (scripts/gpu-bundle.sh adds patchelf).
set -euo pipefail

PACKAGES=(
  clang-16 clang-tools-16 libomp-16-dev libclang-16-dev llvm-16-dev
  llvm-16-tools libclang-rt-16-dev cmake make g++ python3 pkg-config "$@"
)

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
