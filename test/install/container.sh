#!/usr/bin/env bash
# container.sh SOURCE_DIR: packaging/container without building an image
# (no container engine, no GPU, no time for a second build in CI): the
# Containerfile's only RUN step is build.sh on a Debian 12 base, build.sh
# passes shellcheck where it is installed, and its dry run calls scripts
# and CMake options that exist, in order.
set -uo pipefail
src=$1
dir=$src/packaging/container
fail() { echo "FAIL: $*"; exit 1; }

grep -qx 'FROM debian:bookworm' "$dir/Containerfile" ||
  fail "the base is not debian:bookworm, which scripts/setup.sh expects"
runs=$(sed -n '/^RUN/,/[^\\]$/p' "$dir/Containerfile")
[ "$(grep -c '^RUN' <<<"$runs")" = 1 ] || fail "more than one RUN step"
grep -q 'bash /src/proact/packaging/container/build.sh$' <<<"$runs" ||
  fail "the RUN step is not packaging/container/build.sh: $runs"
for arg in $(sed -n 's/^ARG \([A-Z_]*\)=.*/\1/p' "$dir/Containerfile"); do
  grep -q "$arg=\${$arg}" <<<"$runs" || fail "ARG $arg does not reach build.sh"
done
grep -qx 'build-\*/' "$src/.dockerignore" || fail ".dockerignore does not keep build trees out"
echo "ok: the Containerfile runs build.sh alone on debian:bookworm"

bash -n "$dir/build.sh" || fail "build.sh does not parse"
if command -v shellcheck >/dev/null 2>&1; then
  shellcheck "$dir/build.sh" || fail "shellcheck build.sh"
  echo "ok: shellcheck build.sh"
fi

out=$(PROACT_DRY_RUN=1 CUDA_VERSION=12.8 PROACT_CUDA_ARCH=sm_80 bash "$dir/build.sh") ||
  fail "dry run: $out"
want=("apt-get install .* cuda-nvcc-12-8 " "bash $src/scripts/setup.sh --nvptx"
      "bash $src/scripts/build.sh nvptx /tmp/proact-build"
      "cmake --install /tmp/proact-build --prefix /opt/proact")
line=0
for w in "${want[@]}"; do
  n=$(grep -n -- "$w" <<<"$out" | head -n 1 | cut -d: -f1)
  [ -n "$n" ] && [ "$n" -gt "$line" ] || fail "dry run lacks, or misorders, '$w': $out"
  line=$n
done
grep -q -- '--nvptx)' "$src/scripts/setup.sh" || fail "setup.sh has no --nvptx"
for d in $(grep -o -- '-D[A-Z_]*' <<<"$out" | sort -u); do
  grep -Eq "(option|set)\(${d#-D}\b" "$src/CMakeLists.txt" ||
    fail "build.sh passes $d, which CMakeLists.txt does not declare"
done
echo "ok: build.sh's dry run: CUDA, setup.sh --nvptx, build.sh nvptx, cmake --install"
