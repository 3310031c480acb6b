#!/usr/bin/env bash
# Builds, on the CPU machine, the bundles 2026-11-25-llvm22-regs-calls.sh
# runs, into $PAIR (default .gpu-bundle-regs, ignored by git):
#   main16, main22  main at $MAIN_REV (default 89009e3, the branch point),
#                   by scripts/gpu-bundle-pair.sh of that tree (LLVM 16 from
#                   a private root), with their LLVM's OpenMP .debs
#   regs22          this tree with LLVM 22, without .debs (the calls script
#                   shares main22's)
#   common          cuda_kernels (nvcc) and the .debs both LLVMs need
# Carry $PAIR (about 2 x 25 MB of .debs plus 3 x ~2 MB of programs) with
# the repository; if it exceeds a call's carry, carry main16 and common in a
# first call to the warm machine and the rest in the second.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
pair=${PAIR:-$root/.gpu-bundle-regs}
rev=${MAIN_REV:-89009e3}
progs=(proact_kernels proact_norm jacobi2d)
mkdir -p "$pair"

# main: its own pair script in a throwaway worktree of that commit.
wt=$(mktemp -d)/main
git -C "$root" worktree add --detach "$wt" "$rev"
trap 'git -C "$root" worktree remove --force "$wt"' EXIT
(cd "$wt" && PROACT_OPENMP_PRIVATE=1 bash scripts/gpu-bundle-pair.sh)
rm -rf "$pair/main16" "$pair/main22" "$pair/common"
cp -a "$wt/.gpu-bundle-pair/llvm16" "$pair/main16"
cp -a "$wt/.gpu-bundle-pair/llvm22" "$pair/main22"
cp -a "$wt/.gpu-bundle-pair/common" "$pair/common"

# This tree, LLVM 22: programs and libproact only.
dir=$(PROACT_LLVM=22 PROACT_CMAKE_ARGS="-DPROACT_BUILD_FUZZ=OFF ${PROACT_CMAKE_ARGS:-}" \
      PROACT_BUILD_TARGETS="proact ${progs[*]}" \
      bash "$root/scripts/build.sh" nvptx "$root/build-nvptx-regs")
b="$pair/regs22"
rm -rf "$b" && mkdir -p "$b/bin" "$b/lib"
for p in "${progs[@]}"; do cp "$dir/bin/$p" "$b/bin/"; done
cp -a "$dir"/lib/libproact.so* "$b/lib/"
echo 22 >"$b/llvm"
du -sh "$pair"/*
