// Spread mode takes '#pragma omp' over from clang's own handler: what it
// does not spread must reach the parser as clang's handler gives it. A
// file whose OpenMP constructs all stay OpenMP (on one device, in a
// region that does not spread, or not offload constructs at all) compiles
// to the same host and device code with and without spread mode.
// RUN: %proact-offload-cc -Wno-unused-command-line-argument -O1 -S -emit-llvm %s -o - | grep -v "^; ModuleID" > %t.off.ll
// RUN: %proact-offload-cc -Wno-unused-command-line-argument -O1 -S -emit-llvm -fplugin-arg-proact-openmp=spread %s -o - | grep -v "^; ModuleID" > %t.on.ll
// RUN: diff %t.off.ll %t.on.ll
// RUN: %FileCheck %s < %t.on.ll
// CHECK: __tgt_target_kernel
#include <omp.h>

void f(long n, double *a, double *b, int dev) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) nowait
  for (long k = 0; k < n; k++)
    a[k] += 1;
#pragma omp taskwait
#pragma omp target data map(tofrom: a[0:n]) device(dev)
  {
#pragma omp target teams distribute parallel for map(to: b[0:n])
    for (long k = 0; k < n; k++)
      a[k] += b[k];
#pragma omp target update from(a[0:n]) device(dev)
  }
#pragma omp target teams distribute map(tofrom: a[0:n])
  for (long k = 0; k < n; k++)
    a[k] *= 2;
#pragma omp target enter data map(to: b[0:n])
#pragma omp target exit data map(delete: b[0:n])
#pragma omp parallel for
  for (long k = 0; k < n; k++)
    b[k] = omp_get_thread_num();
#define OMP(x) _Pragma(#x)
  OMP(omp target teams distribute parallel for map(tofrom: b[0:n]) depend(out: b[0]))
  for (long k = 0; k < n; k++)
    b[k] -= 1;
}
