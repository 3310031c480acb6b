// Names declared in the body change inside the loop; a name that only
// appears in a declaration's initializer does not: `float t = u[i * n]`
// multiplies by n, it does not declare a pointer n (which once made every
// store indexed by n "not affine" and ran the loop on one device).
// RUN: %proact-cc -E %s -o - 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
#include <proact.h>

void initializers(long n, float *u, float *v) {
  long cells = n * n;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++) {
      float t = u[i * n + j], s = 2 * n, *p = 0;
      v[i * n + j] = t * s + (p != 0);
    }
}
// CHECK: __proact_desc.line = 11;
// CHECK: __proact_writes[0].array = 1; __proact_writes[0].whole = 0;

void declared(long n, float *u, float *v) {
#pragma proact region(u[0:n], v[0:n])
  for (long i = 0; i < n / 2; i++) {
    long m = n, *q = 0;
    m += (q != 0);
    v[i * m] = u[i];
  }
}
// WARN-NOT: warning:
// WARN: writes-declarations.c:26:11: warning: store to region array 'v' has an index that is not affine in the loop variable 'i': 'm' is assigned in the body after its declaration; declare the index in the body with its initializer and do not assign it afterwards
// CHECK: __proact_desc.line = 22;
// CHECK: __proact_writes[0].array = 1; __proact_writes[0].whole = 1;

// After an inner loop that declares its own c, c is again the variable
// declared before the loop, which the body does not change: every store
// is affine, and the update of b[4 * i + c] no race.
void outer_after_inner(long n, double *a, double *b) {
  long c = 3;
#pragma proact region(a[0:n], b[0:4 * n])
  for (long i = 0; i < n; i++) {
    for (int c = 0; c < 3; c++)
      b[4 * i + c] = a[i];
    b[4 * i + c] = 0;
    b[4 * i + c] += a[i] * 2;
  }
}
// CHECK: __proact_desc.line = 39;
// CHECK: __proact_writes[0].array = 1; __proact_writes[0].whole = 0;
// CHECK: __proact_writes[1].array = 1; __proact_writes[1].whole = 0;
// CHECK: __proact_writes[2].array = 1; __proact_writes[2].whole = 0;
// WARN-NOT: warning:

// The same with the inner loop counting in the outer c itself: after the
// inner loop c is 3, a value the body made, which the host cannot plan.
void outer_assigned(long n, double *a, double *b) {
  long c = 3;
#pragma proact region(a[0:n], b[0:4 * n])
  for (long i = 0; i < n; i++) {
    for (c = 0; c < 3; c++)
      b[4 * i + c] = a[i];
    b[4 * i + c] = 0;
  }
}
// WARN: writes-declarations.c:[[@LINE-3]]:15: warning: store to region array 'b' has an index that is not affine
// WARN-NOT: warning:
