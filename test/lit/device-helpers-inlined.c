// In an optimised device pass the kernels reach OpenMPOpt with the
// contract's device helpers already inlined (clang-ext/device_inline.cpp):
// its Attributor follows every call of a function shared by K kernels, so
// shared helpers made a file of many loops compile in time quadratic in
// the loops. The cold failure path of a checked load stays out of line.
// Module IR before OpenMPOpt, host-offload and sm_90 device passes (no CUDA
// installation needed).
// UNSUPPORTED: clang16
// RUN: %proact-cc -O2 -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -c %S/Inputs/device-kernels.c -o %t.o -mllvm -print-before=openmp-opt 2> %t.x86.ll
// RUN: %FileCheck %s < %t.x86.ll
// RUN: %proact-cc -O2 --offload-arch=sm_90 --offload-device-only -nogpulib --cuda-path=%t.nocuda -Xclang -target-feature -Xclang +ptx78 -S %S/Inputs/device-kernels.c -o %t.s -mllvm -print-before=openmp-opt 2> %t.ptx.ll
// RUN: %FileCheck %s < %t.ptx.ll
// CHECK: IR Dump Before OpenMPOptPass
// CHECK-NOT: @proact__{{(block|tile|ready|kernel|team|row|part|thread|host)_}}
// CHECK: define {{.*}}@__omp_offloading_{{.*}}_dot_l{{[0-9]+}}
// CHECK-NOT: @proact__{{(block|tile|ready|kernel|team|row|part|thread|host)_}}
// CHECK: call {{.*}}@proact__read_fail(
// CHECK-NOT: @proact__{{(block|tile|ready|kernel|team|row|part|thread|host)_}}
// CHECK: define internal {{.*}}@proact__read_fail(
// CHECK-NOT: @proact__{{(block|tile|ready|kernel|team|row|part|thread|host)_}}
