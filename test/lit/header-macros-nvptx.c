// header-macros.c's program compiled for an NVIDIA GPU, whose kernels take
// the headers' NVPTX paths (PTX fences, hardware thread numbers).
// REQUIRES: nvptx-rtl
// RUN: %proact-cc -O2 --offload-arch=sm_90 --offload-device-only -nogpulib --cuda-path=%t.nocuda -fsyntax-only %S/header-macros.c
