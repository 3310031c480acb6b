// Integer casts in subscripts, and casts elsewhere in the body, keep the
// index affine: the cast's type declares nothing (the '*' after
// `(size_t)i` multiplies), and an integer cast keeps its operand's form,
// for the annotated loop's variable and collapsed inner ones, in stores
// and loads. Without Sema (clang -E) typedef names ending in _t are taken
// as integer types; diag-subscripts.c checks what Sema decides.
// RUN: %proact-cc -E %s -o - 2>%t.err | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=WARN %s < %t.err
#include <proact.h>
#include <stddef.h>

void row_cast(long n, double *u, double *v) {
#pragma proact region(u[0:n*n], v[0:n*n])
  for (long i = 1; i < n - 1; i++)
    for (long j = 0; j < n; j++)
      v[(size_t)i * n + j] = u[(size_t)(i - 1) * n + j];
}
// CHECK-LABEL: void row_cast(
// CHECK: const long long __proact_sf0 =(long long)(long)( 0), __proact_sl0 ={{[^;]*}}(long long)(__proact_sb0));
// CHECK: __proact_writes[0].array = 1; __proact_writes[0].whole = 0;
// CHECK: __proact_writes[0].coef =(long long)((1*(( n) + 0LL)));
// CHECK: __proact_writes[0].off_min =(long long)(((0*(( n) + 0LL))+0));
// CHECK: proact__span_add(&__proact_writes[0],(long long)(1),__proact_sf0,__proact_sl0,(long long)(1), 0);
// CHECK: __proact_reads[0].array = 0; __proact_reads[0].whole = 0;
// CHECK: __proact_reads[0].coef =(long long)(((1)*(( n) + 0LL)));
// CHECK: __proact_reads[0].off_min =(long long)(((((0 -( 1)))*(( n) + 0LL))+0));

void whole_cast(int n, double *u, double *v) {
#pragma proact region(u[0:n*n], v[0:n*n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      v[(long)(i * n + j)] = (double)(i * n + j) + u[(unsigned long)(j * n + i)];
}
// CHECK-LABEL: void whole_cast(
// CHECK: const long long __proact_sf0 =(long long)(int)( 0), __proact_sl0 ={{[^;]*}}(long long)(__proact_sb0));
// CHECK: __proact_writes[0].whole = 0;
// CHECK: __proact_writes[0].coef =(long long)(((1*(( n) + 0LL))));
// CHECK: proact__span_add(&__proact_writes[0],(long long)((1)),__proact_sf0,__proact_sl0,(long long)(1), 0);
// CHECK: __proact_reads[0].whole = 0;
// CHECK: __proact_reads[0].coef =(long long)((1));
// CHECK: proact__span_add(&__proact_reads[0],(long long)(((1*(( n) + 0LL)))),__proact_sf0,__proact_sl0,(long long)(1), 0);

void invariant_cast(long n, long m, float *a) {
#pragma proact region(a[0:n*m])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      a[i * (int)m + j] = (float)(int)m * 0.5f;
}
// CHECK-LABEL: void invariant_cast(
// CHECK: __proact_writes[0].whole = 0;
// CHECK: __proact_writes[0].coef =(long long)((1*((m) + 0LL)));

void casts_in_body(long n, double *a, double *b) {
#pragma proact region(a[0:n*n], b[0:n])
  for (long i = 0; i < n; i++) {
    double s = (double)i * n, t = (double)(long)b[i] * n;
    a[i * n + (long)i] = s + t;
  }
}
// CHECK-LABEL: void casts_in_body(
// CHECK: __proact_writes[0].whole = 0;
// CHECK: __proact_writes[0].coef =(long long)(((1*(( n) + 0LL))+1));

// WARN-NOT: warning:
