#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# mixed_build.sh CC PACKAGER OUT SRC "CFLAGS" "LDFLAGS": builds SRC as a
# build for the host devices and NVIDIA GPUs both would be built, keeping
# only the host devices' image (a GPU image needs CUDA's ptxas): the host
# pass sees both targets, and the x86 device pass reads that host pass's IR.
# Such a program on a machine without a GPU runs the CPU device's one
# kernel beside the GPUs' stubs, the path a build for CPUs alone leaves out.
set -euo pipefail
cc=$1 packager=$2 out=$3 src=$4
read -r -a cflags <<<"$5"
read -r -a ldflags <<<"$6"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$cc" "${cflags[@]}" -fopenmp \
  -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64-nvidia-cuda -nogpulib \
  --cuda-path="$tmp/nocuda" --offload-host-only -c -emit-llvm "$src" \
  -o "$tmp/host.bc"
"$cc" "${cflags[@]}" -fopenmp -c -Xclang -fopenmp-is-target-device \
  -Xclang -aux-triple -Xclang x86_64-pc-linux-gnu \
  -Xclang -fopenmp-host-ir-file-path -Xclang "$tmp/host.bc" "$src" \
  -o "$tmp/device.o"
"$packager" -o "$tmp/images.out" \
  "--image=file=$tmp/device.o,triple=x86_64-pc-linux-gnu,arch=generic,kind=openmp"
"$cc" -O2 -fopenmp -c -x ir "$tmp/host.bc" \
  -Xclang "-fembed-offload-object=$tmp/images.out" -o "$tmp/host.o"
"$cc" -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu "$tmp/host.o" \
  "${ldflags[@]}" -o "$out"
