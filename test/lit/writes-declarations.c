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
// WARN-NOT: warning:
// CHECK: __proact_desc.line = 22;
// CHECK: __proact_writes[0].array = 1; __proact_writes[0].whole = 1;
