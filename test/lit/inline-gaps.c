// A loop whose stores inline could never forward whole gets no forwarding
// kernel (clang-ext/lowering/store_runs.h): a store after a condition, a strided
// store, a nest that skips part of each row at any level (casts and the
// order of factors aside). Full rows, a descending loop, a stride in another
// name than the inner bound (which may match it at run time) and one with a
// division keep theirs.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

long g(long);

void shapes(long n, long m, long k, long ld, double *a, const double *b,
            float *v, const float *u, double *z, const double *w,
            const int *c) {
#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++)
    a[i] = b[i] + 1;
// CHECK-LABEL: __proact_desc.line = 15;
// CHECK: __proact_desc.inline_ok = 1;
// CHECK: if ((__proact_fwd & 1) && !__proact_one) {
#pragma proact region(a[0:2*n], b[0:n])
  for (long i = 0; i < n; i++)
    a[2 * i] = b[i];
// CHECK-LABEL: __proact_desc.line = 21;
// CHECK: __proact_desc.inline_ok = 0;
// CHECK-NOT: (__proact_fwd & 1)
// CHECK: proact__loop_end(__proact_loop);
#pragma proact region(u[0:m*m], v[0:m*m])
  for (long i = 1; i < m - 1; i++)
    for (long j = 1; j < m - 1; j++)
      v[i * m + j] = 0.25f * (u[(i - 1) * m + j] + u[(i + 1) * m + j]);
// CHECK-LABEL: __proact_desc.line = 28;
// CHECK: __proact_desc.inline_ok = 0;
// CHECK-NOT: (__proact_fwd & 1)
// CHECK: proact__loop_end(__proact_loop);
#pragma proact region(u[0:m*m], v[0:m*m])
  for (long i = 0; i < m; i++)
    for (long j = 0; j < m; j++)
      v[i * m + j] = u[i * m + j];
// CHECK-LABEL: __proact_desc.line = 36;
// CHECK: __proact_desc.inline_ok = 1;
// CHECK: if ((__proact_fwd & 1) && !__proact_one) {
#pragma proact region(u[0:m*ld], v[0:m*ld])
  for (long i = 0; i < m; i++)
    for (long j = 0; j < m; j++)
      v[i * ld + j] = u[i * ld + j];
// CHECK-LABEL: __proact_desc.line = 43;
// CHECK: __proact_desc.inline_ok = 1;
// CHECK: if ((__proact_fwd & 1) && !__proact_one) {
#pragma proact region(w[0:k*k*k], z[0:k*k*k])
  for (long i = 1; i < k - 1; i++)
    for (long j = 1; j < k - 1; j++)
      for (long l = 1; l < k - 1; l++)
        z[(i * k + j) * k + l] = w[(i * k + j) * k + l];
// CHECK-LABEL: __proact_desc.line = 50;
// CHECK: __proact_desc.inline_ok = 0;
// CHECK-NOT: (__proact_fwd & 1)
// CHECK: proact__loop_end(__proact_loop);
#pragma proact region(w[0:k*k*k], z[0:k*k*k])
  for (long i = 0; i < k; i++)
    for (long j = 0; j < k; j++)
      for (long l = 0; l <= k - 1; l++)
        z[(i * k + j) * k + l] = w[(i * k + j) * k + l];
// CHECK-LABEL: __proact_desc.line = 59;
// CHECK: __proact_desc.inline_ok = 1;
// CHECK: if ((__proact_fwd & 1) && !__proact_one) {
#pragma proact region(a[0:n], c[0:n])
  for (long i = 0; i < n; i++)
    if (c[i])
      a[i] = 1.0;
// CHECK-LABEL: __proact_desc.line = 67;
// CHECK: __proact_desc.inline_ok = 0;
// CHECK-NOT: (__proact_fwd & 1)
// CHECK: proact__loop_end(__proact_loop);
#pragma proact region(a[0:n], b[0:n])
  for (long i = n - 1; i >= 0; i--)
    a[i] = b[i];
// CHECK-LABEL: __proact_desc.line = 75;
// CHECK: __proact_desc.inline_ok = 1;
// CHECK: if ((__proact_fwd & 1) && !__proact_one) {
#pragma proact region(u[0:m*m], v[0:m*m])
  for (int i = 0; i < m; i++)
    for (int j = m - 1; j >= 1; j--)
      v[i * m + j] = u[i * m + j];
// CHECK-LABEL: __proact_desc.line = 81;
// CHECK: __proact_desc.inline_ok = 0;
// CHECK-NOT: (__proact_fwd & 1)
// CHECK: proact__loop_end(__proact_loop);
#pragma proact region(a[0:n*g(m)], b[0:n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      a[i * g(m) + j] = b[i];
// CHECK-LABEL: __proact_desc.line = 89;
// CHECK: __proact_desc.inline_ok = 1;
// CHECK: if ((__proact_fwd & 1) && !__proact_one) {
#pragma proact region(u[0:m*(m+2)], v[0:m*(m+2)])
  for (long i = 0; i < m; i++)
    for (long j = 0; j < m; j++)
      v[(long)i * (m + 2) + j] = u[(m + 2) * i + j];
// CHECK-LABEL: __proact_desc.line = 96;
// CHECK: __proact_desc.inline_ok = 0;
// CHECK-NOT: (__proact_fwd & 1)
// CHECK: proact__loop_end(__proact_loop);
#pragma proact region(u[0:m*m], v[0:m*m])
  for (long i = 0; i < m; i++)
    for (long j = 0; j < m / 2; j++)
      v[i * (m / 2) + j] = u[i * m + j];
// CHECK-LABEL: __proact_desc.line = 104;
// CHECK: __proact_desc.inline_ok = 1;
// CHECK: if ((__proact_fwd & 1) && !__proact_one) {
}
