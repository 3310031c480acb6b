// Inner loops whose bounds are affine in the annotated variable alone (a
// triangle, a band) record those bounds with proact__span_add_dep, so that
// the runtime narrows each part's and each block's hull; a bound that also
// uses another inner loop's variable, or a parity term, keeps the hull
// (proact__span_add over __proact_rl/__proact_rh).
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void symmetric(long n, double *c) {
#pragma proact region(c[0:n * n])
  for (long i = 0; i < n; i++)
    for (long j = i + 1; j < n; j++) {
      c[i * n + j] = (double)(i + j);
      c[j * n + i] = c[i * n + j];
    }
}
// CHECK-LABEL: void symmetric(
// j in [i + 1, n - 1]: (lo_a, lo_b, hi_a, hi_b) = (1, 1, 0, n - 1)
// CHECK: proact__span_add_dep(&__proact_writes[0],(long long)(1),(long long)((0 +1)),(long long)(((0 +0)+( 1))),(long long)(0),(long long)(proact__add((long long)((0 +(( n) + 0LL))), -1LL)), __proact_ilo, __proact_ihi);
// Each iteration's elements are exact: the runtime checks iterations.
// CHECK: __proact_writes[0].inexact = 2;
// CHECK: proact__span_add_dep(&__proact_writes[1],(long long)((1*(( n) + 0LL))),(long long)((0 +1)),(long long)(((0 +0)+( 1))),(long long)(0),(long long)(proact__add((long long)((0 +(( n) + 0LL))), -1LL)), __proact_ilo, __proact_ihi);

void lower_down(long n, double *l) {
#pragma proact region(l[0:n * n])
  for (long i = 0; i < n; i++)
    for (long j = i; j >= 0; j--)
      l[i * n + j] *= 0.5;
}
// CHECK-LABEL: void lower_down(
// j from i down to 0: [0, i], (0, 0, 1, 0)
// CHECK: proact__span_add_dep(&__proact_writes[0],(long long)(1),(long long)(0),(long long)((0 +( 0))),(long long)((0 +1)),(long long)((0 +0)), __proact_ilo, __proact_ihi);

void nested(long n, double *a) {
#pragma proact region(a[0:n * n * n])
  for (long i = 0; i < n; i++)
    for (long j = i; j < n; j++)
      for (long k = j; k < n; k++)
        a[(i * n + j) * n + k] = 1.0;
}
// CHECK-LABEL: void nested(
// CHECK: proact__span_add_dep(&__proact_writes[0],
// CHECK-NOT: proact__span_add_dep
// CHECK: proact__span_add(&__proact_writes[0],(long long)(1), __proact_rl1, __proact_rh1, 1LL, 1);
// CHECK-NOT: .inexact = 2
// CHECK-LABEL: void parity(
void parity(long n, double *a) {
#pragma proact region(a[0:n * n])
  for (long i = 0; i < n; i++)
    for (long j = 1 + (i + 1) % 2; j < n; j += 2)
      a[i * n + j] = 1.0;
}
// CHECK-NOT: proact__span_add_dep
