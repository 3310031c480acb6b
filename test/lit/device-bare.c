// Bare kernels optimised as a GPU build does (sm_90, the device runtime
// linked in, -O3; no CUDA needed): a file whose only loop has just a plain
// kernel keeps its work (its helpers' locals stay in the thread,
// PROACT__THREAD_VAR), and the instrumented kernels keep their reporting
// (proact__team_sync calls the runtime's barrier only in SPMD kernels; a
// bare kernel that reached the runtime's thread number lost the code after
// it as unreachable).
// REQUIRES: nvptx-rtl
// RUN: %proact-cc -O3 --offload-arch=sm_90 --offload-device-only -nogpulib --cuda-path=%t.nocuda -Xclang -target-feature -Xclang +ptx78 -Xclang -mlink-builtin-bitcode -Xclang %nvptx-rtl -S -emit-llvm -DDOT_ONLY %S/Inputs/device-kernels.c -o - 2>/dev/null | %FileCheck %s --check-prefix=DOT
// RUN: %proact-cc -O3 --offload-arch=sm_90 --offload-device-only -nogpulib --cuda-path=%t.nocuda -Xclang -target-feature -Xclang +ptx78 -Xclang -mlink-builtin-bitcode -Xclang %nvptx-rtl -S -emit-llvm %S/Inputs/device-kernels.c -o - 2>/dev/null | %FileCheck %s --check-prefix=SWEEP
// DOT: define {{.*}}@__omp_offloading_{{.*}}_dot_l{{[0-9]+}}(
// DOT-NOT: {{^}}}
// DOT: load double
// DOT: fmul
// The instrumented column kernel reports its blocks (dma's system fence
// before a queue slot); the flat walk has the plain kernel alone (kernel
// 3), no reporting:
// SWEEP: define {{.*}}@__omp_offloading_{{.*}}_sweep_l{{[0-9]+}}_1(
// SWEEP-NOT: {{^}}}
// SWEEP: fence.sc.sys
// SWEEP: define {{.*}}@__omp_offloading_{{.*}}_sweep_l{{[0-9]+}}_3(
// SWEEP-NOT: fence.sc.sys
// SWEEP: {{^}}}
// SWEEP-NOT: _sweep_l{{[0-9]+}}_4(
