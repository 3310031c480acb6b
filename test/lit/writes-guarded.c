// A store under an if whose condition bounds its index gets that range as
// a second form (bounded), so that its hull stays inside the region: a
// comparison of the index's own form, of the loop's variable alone, and of
// an inner loop's variable inside that loop. A condition PROACT cannot read (||, a parity) leaves
// the store unbounded; one that tests an inner variable outside its loop
// bounds nothing.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void f(long n, long m, double *x, double *y, double *v) {
#pragma proact region(x[0:n], y[0:n])
  for (long i = 0; i < n; i++)
    if (i + 1 < n && 0 < i)
      y[i + 1] = x[i];
// A floating comparison bounds nothing (i < 2.5 lets i = 2 through).
// CHECK: { long long __proact_gl =(__builtin_classify_type((( 0)) - (0)) == 8 ?(-9223372036854775807LL - 1) : proact__add(proact__add((long long)(( 0)),(long long)((0 +( 1)))), -(long long)(0) + 1LL)), __proact_gh =(__builtin_classify_type(((( n) + 0LL)) - ((0 +( 1)))) == 8 ?9223372036854775807LL : proact__add(proact__add((long long)((( n) + 0LL)),(long long)((0 +( 1)))), -(long long)((0 +( 1))) - 1LL));
// The comparisons of i alone bound i too: coef * [lo, hi] plus the offsets.
// CHECK-SAME: { const long long __proact_vl =(__builtin_classify_type((( 0)) - (0)) == 8 ?(-9223372036854775807LL - 1) : proact__add((long long)(( 0)), -(long long)(0) + 1LL)), __proact_vh =
// CHECK-SAME: __proact_gl = proact__max(__proact_gl, proact__add(proact__range_lo(__proact_writes[0].coef, __proact_vl, __proact_vh), __proact_writes[0].off_min));
// CHECK-SAME: __proact_writes[0].bounded = 1; __proact_writes[0].boff_min = __proact_gl; __proact_writes[0].boff_max = __proact_gh; }
#pragma proact region(x[0:n*m], v[0:n*m])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      if (j >= 1)
        v[i * m + j - 1] = x[i * m + j];
// CHECK: const long long __proact_sf0 =(long long)(long)( 0), __proact_sl0 ={{[^;]*}}(long long)(__proact_sb0));
// CHECK: proact__span_add(&__proact_writes[0],(long long)(1),proact__max(__proact_sf0,(__builtin_classify_type((( 1)) - (0)) == 8 ?(-9223372036854775807LL - 1) : proact__add((long long)(( 1)), -(long long)(0)))),
#pragma proact region(x[0:n], y[0:n])
  for (long i = 0; i < n; i++)
    if (i + 1 < n || i % 2 == 0)
      y[i] = x[i];
// CHECK-NOT: bounded = 1
// CHECK: proact__loop_end(__proact_loop);
}
