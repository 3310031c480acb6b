// Loop shapes whose iterations PROACT splits by index value: a descending
// loop is renumbered from its lowest index (proact__loop_ascend) and keeps
// its variable's exit value from the original first and step; an inner
// tile whose bounds move with the annotated variable joins its coefficient
// and keeps the MIN clamp in a second form (bounded); a parity start is a
// bounded term over the annotated variable's range.
// RUN: %proact-cc -E %s -o - 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=DIAG --allow-empty %s < %t.err
#include <proact.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))

void down(long n, long s, double *u, double *v) {
#pragma proact region(u[0:n], v[0:n])
  for (long i = n - 2; i >= 1; i--)
    u[i] = v[i - 1] + v[i + 1];
  long k;
#pragma proact region(u[0:n], v[0:n])
  for (k = n - 1; k >= 0; k -= s)
    u[k] = v[k];
}
// CHECK: __proact_desc.step =(long long)(-1);
// CHECK-NOT: __proact_first0
// CHECK: proact__loop_ascend(&__proact_desc);
// CHECK: long i = (long)(__proact_first + (__proact_k + 0 * __proact_s0));
// CHECK: __proact_desc.step =(long long)((sizeof(__typeof__(k)) == 1 ? (long long)(signed char)((__typeof__(k))0 - ( s)) :
// CHECK: const long long __proact_first0 = __proact_desc.first, __proact_step0 = __proact_desc.step;
// CHECK: proact__loop_ascend(&__proact_desc);
// CHECK: k = (__typeof__(k))(__proact_first + (__proact_k + 0 * __proact_s0) * __proact_step);
// CHECK: k= (__typeof__(k))(__proact_first0 + __proact_desc.trip * __proact_step0);

void tile(long n, long B, double *a, double *b) {
#pragma proact region(a[0:n], b[0:n])
  for (long ii = 0; ii < n; ii += B)
    for (long i = ii; i < MIN(ii + B, n); i++)
      b[i] = 2 * a[i];
}
// CHECK: const long long __proact_ilo = proact__min(__proact_desc.first, __proact_ilast), __proact_ihi = proact__max(__proact_desc.first, __proact_ilast);
// CHECK: __proact_writes[0].guarded = 0;
// CHECK: const long long __proact_rl0 =proact__add((long long)((0 +0)),proact__range_lo((long long)((0 +1)), __proact_ilo, __proact_ihi)), __proact_rh0 =proact__add(proact__min(proact__add((long long)(((0 +0)+(( B) + 0LL))),proact__range_hi((long long)((0 +1)), __proact_ilo, __proact_ihi)),(long long)((0 +((n) + 0LL)))), -1LL);
// CHECK: __proact_writes[0].coef =proact__add((long long)(0), proact__mul((long long)(1),(long long)((0 +1))));
// CHECK: proact__span_add(&__proact_writes[0],(long long)(1),(long long)((0 +0)),(long long)(((0 +0)+(( B) + 0LL))),(long long)(1), 0);
// CHECK: proact__access_t __proact_bf = __proact_writes[0]; __proact_bf.empty = 0; __proact_bf.coef =(long long)(0);
// CHECK: proact__span_add(&__proact_bf,(long long)(1), __proact_rl0, __proact_rh0, 1LL, 1);
// CHECK: __proact_writes[0].bounded = 1; __proact_writes[0].bcoef = __proact_bf.coef;
// CHECK: __proact_reads[0].guarded = 0;
// CHECK: __proact_reads[0].bounded = 1;

void parity(long n, double *u) {
#pragma proact region(u[0:n*n])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1 + (i & 1); j < n - 1; j += 2)
      u[i * n + j] = 0;
}
// CHECK: const long long __proact_rl0 =proact__add((long long)(((0 +( 1))+0)),0LL), __proact_rh0 =proact__add((long long)(((0 +(( n) + 0LL))-( 1))), -1LL);
// CHECK: __proact_writes[0].coef =(long long)((1*(( n) + 0LL)));
// CHECK: proact__span_add(&__proact_writes[0],(long long)(1), __proact_rl0, __proact_rh0, 1LL, 1);
// CHECK-NOT: __proact_writes[0].bounded = 1;
// CHECK: proact__loop_end(__proact_loop);

// DIAG-NOT: warning
