// Inner loops whose variable is declared before the loop (C89 style): each
// `for (j = e; ...)` declares the thread's own j, `for (__typeof__(j) j =
// e; ...)`, so the nest still collapses; a body that reads j after its
// inner loop gets one copy per iteration instead. The lowering starts with
// the marker by which the check after the function (inner_vars.h) finds
// them. No kernel captures the host's j, nor the arrays of arrays or
// their flat pointers: the device IR's kernels take the part's bases of
// the flat arrays (proact__loop_part_base) and the strides.
// RUN: %proact-cc -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck %s
// RUN: %proact-cc --offload-arch=sm_90 --offload-device-only -nogpulib --cuda-path=%t.nocuda -Xclang -target-feature -Xclang +ptx78 -S -emit-llvm -Xclang -disable-llvm-passes -fno-discard-value-names %s -o %t.ll 2>/dev/null
// RUN: %FileCheck --check-prefix=DEVICE %s < %t.ll
#include <proact.h>

void c89(long n, long m, double u[n][m], double v[n][m]) {
  long i, j, k;
#pragma proact region(u[0:n], v[0:n])
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      double s = 0;
      for (k = 0; k < m; k++)
        s += u[i][k];
      v[i][j] = s;
    }
}
// CHECK-LABEL: void c89(
// CHECK: enum {
// CHECK-NEXT: __proact_private = 0 + (int)sizeof (j) + (int)sizeof (k)
// CHECK: __proact_desc.inner_trip = 1LL * __proact_tr1;
// CHECK: typeof (j) j = (typeof (j))((long long)(0) + __proact_j1 * (long long)(1));
// CHECK: for (typeof (k) k = 0; k < m; k++)

void after(long n, long m, double (*v)[8]) {
  long i, j;
#pragma proact region(v[0:n])
  for (i = 0; i < n; i++) {
    for (j = 0; j < 8; j++)
      v[i][j] = 1;
    v[i][0] += j;
  }
}
// CHECK-LABEL: void after(
// CHECK: __proact_private = 0 + (int)sizeof (j)
// CHECK: __proact_desc.inner_trip = 1LL;
// CHECK: typeof (j) j;
// CHECK-NEXT: {
// CHECK-NEXT: for (j = 0; j < 8; j++)

// DEVICE-NOT: define {{.*}} @__omp_offloading_{{.*}} %j{{[,)]}}
// DEVICE-NOT: define {{.*}} @__omp_offloading_{{.*}} %u{{[,)]}}
// DEVICE-NOT: define {{.*}} @__omp_offloading_{{.*}} %__proact_flat_u{{[,)]}}
// DEVICE: define {{.*}} @__omp_offloading_{{.*}}_c89_l{{[0-9]+}}({{.*}}ptr noundef %__proact_pb0, ptr noundef %__proact_pb1, {{.*}}i64 noundef %__proact_s1_u, i64 noundef %__proact_s1_v{{[,)]}}
// DEVICE-NOT: define {{.*}} @__omp_offloading_{{.*}} %j{{[,)]}}
// DEVICE-NOT: define {{.*}} @__omp_offloading_{{.*}} %u{{[,)]}}
// DEVICE-NOT: define {{.*}} @__omp_offloading_{{.*}} %__proact_flat_u{{[,)]}}
