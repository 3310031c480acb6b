#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the hand-written anchors of the multi-rank Jacobi comparisons from
# a checkout of NVIDIA's multi-gpu-programming-models (BSD-3-Clause, kept
# outside this repository): nccl_overlap and nccl (NCCL between ranks) and
# mpi_overlap (needs a CUDA-aware MPI at run time). Needs nvcc, mpicxx and
# nccl.h. Usage: nvidia-anchors.sh CHECKOUT OUTDIR [SM, default 90]
set -euo pipefail
src=$1 out=$2 sm=${3:-90}
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out"
for v in nccl_overlap nccl mpi_overlap; do
  [ -f "$src/$v/jacobi.cpp" ] || { echo "nvidia-anchors: no $src/$v/jacobi.cpp" >&2; exit 1; }
  obj=$(mktemp --suffix=.o)
  "$cuda/bin/nvcc" -DHAVE_CUB -lineinfo -std=c++17 \
    -gencode "arch=compute_$sm,code=sm_$sm" -c "$src/$v/jacobi_kernels.cu" -o "$obj"
  libs=(-L"$cuda/lib64" -lcudart -ldl)
  case $v in nccl*) libs+=(-lnccl) ;; esac
  # mpi_overlap passes device pointers to MPI: its own check refuses to
  # build with an MPI that is not CUDA-aware (Debian's Open MPI is not).
  if ! mpicxx -std=c++17 -DUSE_NVTX -I"$cuda/include" "$src/$v/jacobi.cpp" \
      "$obj" "${libs[@]}" -o "$out/jacobi_$v" 2>"$out/jacobi_$v.err"; then
    [ "$v" = mpi_overlap ] && grep -q "CUDA-aware" "$out/jacobi_$v.err" || {
      cat "$out/jacobi_$v.err" >&2; exit 1; }
    echo "nvidia-anchors: $v not built: this MPI is not CUDA-aware" >&2
  fi
  rm -f "$obj" "$out/jacobi_$v.err"
done
cp "$cuda"/lib64/libcudart.so.[0-9]* "$out/"
echo "nvidia-anchors: $(ls "$out" | tr '\n' ' ')in $out"
