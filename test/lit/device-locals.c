// The device code of every kind of kernel keeps its helpers' locals in the
// thread (PROACT__THREAD_VAR, device_ready.h): no call of the device
// runtime's shared-stack allocator, which a bare kernel never sets up, so
// that a file whose loops have only bare kernels (the dot product's alone)
// compiles into kernels that do their work. Device IR for sm_90 before
// optimisation; no CUDA installation needed.
// RUN: %proact-cc --offload-arch=sm_90 --offload-device-only -nogpulib --cuda-path=%t.nocuda -Xclang -target-feature -Xclang +ptx78 -S -emit-llvm -Xclang -disable-llvm-passes %S/Inputs/device-kernels.c -o %t.ll 2>/dev/null
// RUN: %FileCheck %s --implicit-check-not=__kmpc_alloc_shared < %t.ll
// CHECK: @__omp_offloading_{{.*}}_dot_l{{[0-9]+}}
// CHECK: @__omp_offloading_{{.*}}_sweep_l{{[0-9]+}}_3
// CHECK: @__omp_offloading_{{.*}}_spmv_l{{[0-9]+}}_2
// CHECK: define internal {{.*}}@proact__read_fail
