// Spread mode takes '#pragma omp' over from clang's own handler: what it
// does not spread must reach the parser as clang's handler gives it. A
// file whose OpenMP constructs all stay OpenMP (on one device, in a
// region that does not spread, or not offload constructs at all) compiles
// to the same device code with and without spread mode; on the host each
// target construct gets the calls that keep spread data regions' arrays
// current around it (stay.c), and an enter or exit data the call that
// counts the sections PROACT holds (enter.c); nothing else changes.
// RUN: %proact-offload-cc -Wno-unused-command-line-argument -O1 -S -emit-llvm --offload-device-only %s -o - | grep -v "^; ModuleID" > %t.off.ll
// RUN: %proact-offload-cc -Wno-unused-command-line-argument -O1 -S -emit-llvm --offload-device-only -fplugin-arg-proact-openmp=spread %s -o - | grep -v "^; ModuleID" > %t.on.ll
// RUN: diff %t.off.ll %t.on.ll
// RUN: %proact-offload-cc -Wno-unused-command-line-argument -O1 -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=OFF --implicit-check-not=proact__omp_stay
// RUN: %proact-offload-cc -Wno-unused-command-line-argument -O1 -S -emit-llvm -fplugin-arg-proact-openmp=spread %s -o - | %FileCheck %s
// OFF: __tgt_target_kernel
// Each target construct, by its line: the nowait loop with the flag that
// makes the end wait for it (exit data: the hand-off flag, PROACT having
// exited its own sections first), device(dev) passed on, the default
// device (-1) elsewhere.
// CHECK-DAG: @proact__omp_stay_begin_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef 34, i32 noundef -1, i32 noundef 1)
// CHECK-DAG: @proact__omp_stay_begin_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef 38, i32 noundef %{{[a-z0-9]+}}, i32 noundef 0)
// CHECK-DAG: @proact__omp_stay_begin_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef 40, i32 noundef -1, i32 noundef 0)
// CHECK-DAG: @proact__omp_stay_begin_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef 43, i32 noundef %{{[a-z0-9]+}}, i32 noundef 0)
// CHECK-DAG: @proact__omp_stay_begin_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef 45, i32 noundef -1, i32 noundef 0)
// CHECK-DAG: @proact__omp_stay_begin_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef 48, i32 noundef %{{[a-z0-9]+}}, i32 noundef 0)
// CHECK-DAG: @proact__omp_stay_begin_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef 49, i32 noundef %{{[a-z0-9]+}}, i32 noundef 4)
// CHECK-DAG: @proact__omp_enter_counted_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef %{{[a-z0-9]+}}, i32 noundef 1, i32 noundef 0)
// CHECK-DAG: @proact__omp_exit_counted_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef %{{[a-z0-9]+}}, i32 noundef 1, i32 noundef 0)
// CHECK-DAG: @proact__omp_stay_begin_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef 54, i32 noundef -1, i32 noundef 0)
// CHECK-DAG: __tgt_target_kernel
// CHECK-DAG: @proact__omp_stay_end_abi
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
#pragma omp target enter data map(to: b[0:n]) device(dev)
#pragma omp target exit data map(delete: b[0:n]) device(dev)
#pragma omp parallel for
  for (long k = 0; k < n; k++)
    b[k] = omp_get_thread_num();
#define OMP(x) _Pragma(#x)
  OMP(omp target teams distribute parallel for map(tofrom: b[0:n]) depend(out: b[0]))
  for (long k = 0; k < n; k++)
    b[k] -= 1;
}
