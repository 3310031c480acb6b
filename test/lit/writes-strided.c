// A column store a[j*n + i] and its inner loop: the descriptor starts with
// no inner-loop terms (ndims = 0) and proact__span_add records the term
// (coefficient n of j), from which the runtime knows the exact strided set
// each part writes; loads get the same fields. A 3-deep nest records both
// inner loops.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void column(long n, double *a, const double *b) {
#pragma proact region(a[0:n*n], b[0:n*n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      a[j * n + i] = b[i * n + j];
}
// CHECK-LABEL: void column(
// CHECK: const long long __proact_sf0 =(long long)(long)( 0), __proact_sl0 ={{[^;]*}}(long long)(__proact_sb0));
// CHECK: proact__access_t __proact_writes[1] = {0};
// CHECK-SAME: __proact_writes[0].array = 0;
// CHECK: __proact_writes[0].coef =(long long)(1);
// CHECK: __proact_writes[0].off_min =(long long)(((0*(( n) + 0LL))+0));
// CHECK: proact__span_add(&__proact_writes[0],(long long)((1*(( n) + 0LL))),__proact_sf0,__proact_sl0,(long long)(1), 0);
// CHECK: proact__access_t __proact_reads[1] = {0};
// CHECK-SAME: __proact_reads[0].array = 1;
// CHECK: __proact_reads[0].coef =(long long)((1*(( n) + 0LL)));
// CHECK: proact__span_add(&__proact_reads[0],(long long)(1),__proact_sf0,__proact_sl0,(long long)(1), 0);

void planes(long n, double *a) {
#pragma proact region(a[0:n*n*n])
  for (long i = 0; i < n; i++)
    for (long k = 0; k < n; k++)
      for (long j = 0; j < n; j++)
        a[k * n * n + j * n + i] = 1.0;
}
// CHECK-LABEL: void planes(
// CHECK: const long long __proact_sf0 =(long long)(long)( 0), __proact_sl0 ={{[^;]*}}(long long)(__proact_sb0));
// CHECK: const long long __proact_sf1 =(long long)(long)( 0), __proact_sl1 ={{[^;]*}}(long long)(__proact_sb1));
// CHECK: proact__access_t __proact_writes[1] = {0};
// CHECK-SAME: __proact_writes[0].array = 0;
// The two terms, in either order:
// CHECK-DAG: proact__span_add(&__proact_writes[0],(long long)(((1*(( n) + 0LL))*(( n) + 0LL))),__proact_sf0,__proact_sl0,(long long)(1), 0);
// CHECK-DAG: proact__span_add(&__proact_writes[0],(long long)((1*(( n) + 0LL))),__proact_sf1,__proact_sl1,(long long)(1), 0);
