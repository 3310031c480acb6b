// A kernel captures the host's variables in the order of their first use,
// and OpenMP passes them by position: the host pass and each device pass
// must agree, although a CPU device's pass walks without the GPU's groups
// of iterations (and -fplugin-arg-proact-ilp changes them in one pass
// here). Otherwise s and k below trade values, silently.
// RUN: %proact-cc -fopenmp-targets=x86_64-pc-linux-gnu -O0 -S -emit-llvm -fno-discard-value-names --offload-host-only %s -o %t.host.ll
// RUN: %proact-cc -fopenmp-targets=x86_64-pc-linux-gnu -O0 -S -emit-llvm -fno-discard-value-names -Xclang -disable-llvm-passes --offload-device-only %s -o %t.dev.ll
// RUN: %python %S/Inputs/kernel_params.py %t.host.ll %t.dev.ll | %FileCheck %s
// RUN: %proact-cc -fopenmp-targets=x86_64-pc-linux-gnu -O0 -S -emit-llvm -fno-discard-value-names --offload-host-only -fplugin-arg-proact-ilp=8 %s -o %t.host8.ll
// RUN: %python %S/Inputs/kernel_params.py %t.host8.ll %t.dev.ll | %FileCheck %s
// CHECK: kernels: 5, same captures; stubs: 0
// A build for CPUs and GPUs: its CPU device's pass has the stubs too
// (this compile is that pass, reading the mixed build's host IR).
// RUN: %proact-cc -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64-nvidia-cuda -nogpulib --cuda-path=%t.nocuda -O0 -c -emit-llvm -fno-discard-value-names --offload-host-only %s -o %t.mixed.bc
// RUN: %proact-cc -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64-nvidia-cuda -nogpulib --cuda-path=%t.nocuda -O0 -S -emit-llvm -fno-discard-value-names --offload-host-only %s -o %t.mixed.ll
// RUN: %proact-cc -O0 -S -emit-llvm -fno-discard-value-names -Xclang -disable-llvm-passes -Xclang %omp-device-pass -Xclang -aux-triple -Xclang x86_64-pc-linux-gnu -Xclang -fopenmp-host-ir-file-path -Xclang %t.mixed.bc %s -o %t.mixdev.ll
// RUN: %python %S/Inputs/kernel_params.py %t.mixed.ll %t.mixdev.ll | %FileCheck --check-prefix=MIXED %s
// MIXED: kernels: 5, same captures; stubs: 7
// A GPU's pass has the host pass's walks, and the same captures:
// RUN: %proact-cc --offload-arch=sm_90 -nogpulib --cuda-path=%t.nocuda -O0 -S -emit-llvm -fno-discard-value-names --offload-host-only %s -o %t.host-gpu.ll
// RUN: %proact-cc --offload-arch=sm_90 -nogpulib --cuda-path=%t.nocuda -O0 -S -emit-llvm -fno-discard-value-names -Xclang -target-feature -Xclang +ptx78 -Xclang -disable-llvm-passes --offload-device-only %s -o %t.gpu.ll
// RUN: %python %S/Inputs/kernel_params.py %t.host-gpu.ll %t.gpu.ll | %FileCheck --check-prefix=GPU %s
// GPU: kernels: 12, same captures; stubs: 0
// The copy that fixes the order, first in each kernel:
// RUN: %proact-cc -E %s -o - | %FileCheck --check-prefix=EMIT %s
// EMIT: __proact_itw};if (!sizeof(char)) for (long long __proact_k = 0;;) {(void)__proact_rd;(void)__proact_nb;long i= (long)(__proact_first + __proact_k);
// The CPU device's pass gives each loop one kernel that runs every walk
// (proact__one_walk). A build for CPUs alone has no other kernel: its host
// pass launches that one and marks its IR so that the device passes leave
// the others out too.
// RUN: %FileCheck --check-prefix=ONE %s < %t.dev.ll
// ONE: define {{.*}}@__omp_offloading_{{.*}}_prefix_l[[L:[0-9]+]](
// ONE-NOT: llvm.trap
// ONE: @proact__one_walk(
// ONE-NOT: _prefix_l[[L]]_1(
// ONE: define {{.*}}@__omp_offloading_{{.*}}_nest_l
// RUN: %FileCheck --check-prefix=MARK %s < %t.host.ll
// MARK: @prefix.__proact_one_kernel = internal constant i8 1
// RUN: %FileCheck --check-prefix=NOMARK %s < %t.mixed.ll
// NOMARK-NOT: __proact_one_kernel
// In a build for GPUs too, the forwarding and instrumented kernels of a
// CPU device are stubs that trap, never launched there (the host's test
// is __proact_one), and take no captures of their own.
// RUN: %FileCheck --check-prefix=STUBS %s < %t.mixdev.ll
// STUBS: define {{.*}}@__omp_offloading_{{.*}}_prefix_l[[L:[0-9]+]](
// STUBS: call void @llvm.trap()
// STUBS: define {{.*}}@__omp_offloading_{{.*}}_prefix_l[[L]]_1(
// STUBS: call void @llvm.trap()
// STUBS: define {{.*}}@__omp_offloading_{{.*}}_prefix_l[[L]]_2(
// STUBS-NOT: llvm.trap
// STUBS: @proact__one_walk(
// STUBS: define {{.*}}@__omp_offloading_{{.*}}_nest_l
#include <proact.h>

// Statements before the store, a scalar in the store's index and another
// in its value: a group computes the values first.
void prefix(long n, long k, double s, float t, double *restrict a,
            const double *restrict b) {
#pragma proact region(a[0:n * k], b[0:n * k])
  for (long i = 0; i < n; i++) {
    double q = t * b[i];
    a[i * k] = q + s * b[i * k];
  }
}

// A collapsed nest (column walk, row groups).
void nest(long n, long m, double s, double t, double *restrict a,
          const double *restrict b) {
#pragma proact region(a[0:n * m], b[0:n * m])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < m - 1; j++)
      a[i * m + j] = s * (b[(i - 1) * m + j] + b[(i + 1) * m + j]) + t;
}

// A step of 3, a variable declared before the loop, a scalar read last.
void strided(long n, int w, double s, double *restrict a,
             const double *restrict b) {
  long i;
#pragma proact region(a[0:n], b[0:n])
  for (i = 0; i < n; i += 3)
    a[i] = b[i] * s + (double)w;
}

// A reduction beside the store; a gathered read.
void reduce(int n, double s, double *restrict a, const double *restrict b,
            const int *restrict idx, double *sum) {
  double acc = 0;
#pragma proact region(a[0:n], b[0:n], idx[0:n]) reduction(+ : acc)
  for (int i = 0; i < n; i++) {
    a[i] = s * b[idx[i]];
    acc += a[i];
  }
  *sum = acc;
}
