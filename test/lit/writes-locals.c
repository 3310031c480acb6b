// A body local declared with an affine initializer and never assigned
// afterwards stands for its initializer in the analysis of stores and
// loads, with the loop variables visible where it is declared (an inner
// loop's among them). A local assigned afterwards keeps the index not
// affine (one device, with a warning that says how to rewrite it).
// RUN: %proact-cc -Reverything -E %s -o - 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
#include <proact.h>

void nest_local(long n, double *u, double *v) {
#pragma proact region(u[0:n*n], v[0:n*n])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++) {
      long c = i * n + j;
      v[c] = u[c - 1] + u[c + 1];
    }
}
// CHECK-LABEL: void nest_local(
// CHECK: const long long __proact_sf0 =(long long)(long)( 1), __proact_sl0 ={{[^;]*}}(long long)(__proact_sb0));
// CHECK: __proact_writes[0].array = 1; __proact_writes[0].whole = 0;
// CHECK: __proact_writes[0].coef =(long long)(((1*(( n) + 0LL))));
// CHECK: __proact_writes[0].off_min =(long long)((((0*(( n) + 0LL))+0)));
// CHECK: proact__span_add(&__proact_writes[0],(long long)((1)),__proact_sf0,__proact_sl0,(long long)(1), 0);
// CHECK: __proact_reads[0].whole = 0;
// CHECK: __proact_reads[0].off_min =(long long)(((((0*(( n) + 0LL))+0))-( 1)));
// CHECK: __proact_reads[1].whole = 0;
// CHECK: __proact_reads[1].off_min =(long long)(((((0*(( n) + 0LL))+0))+( 1)));

void row_local(long n, double *u, double *v) {
#pragma proact region(u[0:n*n], v[0:n*n])
  for (long i = 0; i < n; i++) {
    const long r = i * n;
    long c0 = r + 0, c1 = c0 + n - 1;
    v[c0] = u[c1];
    for (long j = 1; j < n - 1; j++) {
      long k = r + j;
      v[k] = u[r + n - 1 - j];
    }
  }
}
// CHECK-LABEL: void row_local(
// CHECK: const long long __proact_sf0 =(long long)(long)( 1), __proact_sl0 ={{[^;]*}}(long long)(__proact_sb0));
// CHECK: __proact_writes[0].whole = 0;
// CHECK: __proact_writes[0].coef =(long long)((((1*(( n) + 0LL)))));
// CHECK: __proact_writes[0].off_min =(long long)(((((0*(( n) + 0LL)))+( 0))));
// CHECK: __proact_writes[1].whole = 0;
// CHECK: __proact_writes[1].coef =(long long)((((1*(( n) + 0LL)))));
// CHECK: proact__span_add(&__proact_writes[1],(long long)((1)),__proact_sf0,__proact_sl0,(long long)(1), 0);
// CHECK: __proact_reads[0].whole = 0;
// CHECK: __proact_reads[0].off_min =(long long)((((((((0*(( n) + 0LL)))+( 0)))+(( n) + 0LL))-( 1))));
// CHECK: __proact_reads[1].whole = 0;
// CHECK: proact__span_add(&__proact_reads[1],(long long)((0 -1)),__proact_sf0,__proact_sl0,(long long)(1), 0);

void assigned_local(long n, double *a, double *b) {
#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++) {
    long k = i;
    if (k > 2)
      k -= 2;
    a[k] = b[k];
  }
}
// WARN: writes-locals.c:[[@LINE-3]]:7: warning: store to region array 'a' has an index that is not affine in the loop variable 'i': 'k' is assigned in the body after its declaration; declare the index in the body with its initializer and do not assign it afterwards; this loop runs on one device, with mech(memcpy)
// WARN: writes-locals.c:[[@LINE-4]]:14: remark: 'b' is read through an index that is not affine in 'i' ('k' is assigned in the body after its declaration; declare the index in the body with its initializer and do not assign it afterwards)
// CHECK-LABEL: void assigned_local(
// CHECK: __proact_writes[0].array = 0; __proact_writes[0].whole = 1;
// CHECK: __proact_reads[0].array = 1; __proact_reads[0].whole = 1;

void shadowed(long n, double *a) {
#pragma proact region(a[0:n*n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      long c = i * n + j;
      for (long j = 0; j < 1; j++)
        a[c + j] = 1.0;
    }
}
// WARN: writes-locals.c:[[@LINE-3]]:11: warning: store to region array 'a' has an index that is not affine in the loop variable 'i': the initializer of 'c' is not affine: 'j' is declared more than once in the body; give each declaration its own name; this loop runs on one device, with mech(memcpy)
// WARN-NOT: warning:
