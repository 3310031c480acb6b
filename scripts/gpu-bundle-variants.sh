#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# gpu-bundle-variants.sh NAME=REV:LLVM ...: builds the kernel benchmark
# (proact_kernels, proact_norm, loop_cost, cuda_kernels) and the Jacobi example for
# NVIDIA GPUs from commit REV (HEAD: this tree as it is) with LLVM 16 or
# 22, one variant per argument, into $PAIR/NAME (default
# .gpu-bundle-variants/, ignored by git): the programs and libproact, and
# the OpenMP .debs of its LLVM in the first variant of that LLVM (the
# others share them on the GPU machine). common/ holds cuda_kernels and the
# .debs both LLVMs need. scripts/gpu-compare.sh runs the variants in one
# call. LLVM 16's OpenMP runtime goes into a private root. PROACT_VARIANT_PROGS
# names more programs of the build to bundle (e.g. "e2e_reduce e2e_reduce_seq").
#   e.g. gpu-bundle-variants.sh before16=89009e3:16 after16=HEAD:16 after22=HEAD:22
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pair=${PAIR:-$root/.gpu-bundle-variants}
progs=(proact_kernels proact_norm jacobi2d loop_cost ${PROACT_VARIANT_PROGS:-})
[ $# -gt 0 ] || { sed -n '3,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

# apt_debs DIR PACKAGE...: exactly these .debs in DIR, at apt's versions.
apt_debs() {
  local dir=$1 p v keep d
  shift
  mkdir -p "$dir"
  keep=()
  for p in "$@"; do
    v=$(apt-cache policy "$p" | awk '/Candidate:/ {print $2}')
    keep+=("${p}_${v//:/%3a}_amd64.deb")
    [ -f "$dir/${keep[-1]}" ] ||
      (cd "$dir" && apt-get download -qq -o APT::Sandbox::User="$(id -un)" "$p")
  done
  for d in "$dir"/*.deb; do
    [[ " ${keep[*]} " == *" $(basename "$d") "* ]] || rm -f "$d"
  done
}

mkdir -p "$pair/common/bin"
wts=()
trap 'for w in "${wts[@]}"; do git -C "$root" worktree remove --force "$w"; done' EXIT
debs_done=" "
for spec in "$@"; do
  name=${spec%%=*} rest=${spec#*=}
  rev=${rest%%:*} llvm=${rest##*:}
  [ -n "$name" ] && [ "$name" != "$spec" ] && [ "$rev" != "$rest" ] &&
    { [ "$llvm" = 16 ] || [ "$llvm" = 22 ]; } ||
    { echo "gpu-bundle-variants: $spec: want NAME=REV:16|22" >&2; exit 2; }
  tree=$root
  if [ "$rev" != HEAD ]; then
    tree=$(mktemp -d)/tree
    git -C "$root" worktree add -q --detach "$tree" "$rev"
    wts+=("$tree")
  fi
  private=()
  [ "$llvm" = 16 ] && private=(--private)
  PROACT_LLVM=$llvm "$tree/scripts/setup.sh" --llvm "$llvm" "${private[@]}" --nvptx
  targets="proact ${progs[*]}"
  [ -x "$pair/common/bin/cuda_kernels" ] || targets="$targets cuda_kernels"
  dir=$(PROACT_LLVM=$llvm PROACT_OPENMP_PRIVATE=${private:+1} \
        PROACT_CMAKE_ARGS="-DPROACT_BUILD_FUZZ=OFF ${PROACT_CMAKE_ARGS:-}" \
        PROACT_BUILD_TARGETS="$targets" "$tree/scripts/build.sh" nvptx | tail -n 1)
  b="$pair/$name"
  rm -rf "$b" && mkdir -p "$b/bin" "$b/lib"
  for p in "${progs[@]}"; do cp "$dir/bin/$p" "$b/bin/"; done
  cp -a "$dir"/lib/libproact.so* "$b/lib/"
  echo "$llvm" >"$b/llvm"
  echo "$rev $(git -C "$tree" rev-parse --short HEAD)$([ "$rev" = HEAD ] && [ -n "$(git -C "$tree" status --porcelain -uno)" ] && echo ' +changes')" >"$b/rev"
  if [[ "$debs_done" != *" $llvm "* ]]; then
    if [ "$llvm" = 22 ]; then
      apt_debs "$b/debs" liboffload-22 libomp5-19 libllvm22
    else
      apt_debs "$b/debs" libomp5-16 libllvm16
    fi
    debs_done="$debs_done$llvm "
  fi
  if [ ! -x "$pair/common/bin/cuda_kernels" ]; then
    [ -x "$dir/bin/cuda_kernels" ] || { echo "gpu-bundle-variants: no cuda_kernels (nvcc?)" >&2; exit 1; }
    cp "$dir/bin/cuda_kernels" "$pair/common/bin/"
  fi
done
apt_debs "$pair/common/debs" libz3-4 libedit2
du -sh "$pair"/* | sed 's/^/gpu-bundle-variants: /'
du -sb "$pair" | awk '$1 > 60 * 1048576 {print "gpu-bundle-variants: over 60 MiB: carry the variants with debs/ in separate calls to a warm machine, common/ and the others with the first"}'
