// The device code of every kind of kernel keeps its helpers' locals in the
// thread (PROACT__THREAD_VAR, device_ready.h): no call of the device
// runtime's shared-stack allocator, which a bare kernel never sets up, so
// that a file whose loops have only bare kernels (here the dot product's)
// compiles into kernels that do their work. Device IR for sm_90 before
// optimisation; no CUDA installation needed.
// RUN: %proact-cc --offload-arch=sm_90 --offload-device-only -nogpulib --cuda-path=%t.nocuda -Xclang -target-feature -Xclang +ptx78 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t.ll 2>/dev/null
// RUN: %FileCheck %s --implicit-check-not=__kmpc_alloc_shared < %t.ll
#include <proact.h>

double dot(long n, const double *a, const double *b) {
  double s = 0;
#pragma proact region(a[0:n], b[0:n]) reduction(+ : s)
  for (long i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}
// CHECK: @__omp_offloading_{{.*}}_dot_l13

void sweep(long n, const float *u, float *v) {
#pragma proact region(u[0:n * n], v[0:n * n])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      v[i * n + j] = u[(i - 1) * n + j] + u[(i + 1) * n + j];
}
// CHECK: @__omp_offloading_{{.*}}_sweep_l21_5

void spmv(long rows, const long *rp, const long *col, const double *val,
          const double *x, double *y) {
#pragma proact region(rp[0:rows + 1], col[0:rp[rows]], val[0:rp[rows]], x[0:rows], y[0:rows])
  for (long r = 0; r < rows; r++) {
    double s = 0;
    for (long k = rp[r]; k < rp[r + 1]; k++)
      s += val[k] * x[col[k]];
    y[r] = s;
  }
}
// CHECK: @__omp_offloading_{{.*}}_spmv_l30_2
// CHECK: define internal {{.*}}@proact__read_fail
