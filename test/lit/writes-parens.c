// Stores written in parentheses, as accessor macros write them, are
// stores: each loop below lists one store and no load of the array it
// stores (the loads are of a alone), also as an unbraced body; an array
// name in parentheses, `(b)[i]`, is b[i], and sizeof reads nothing; a
// parenthesised store to a variable declared before the loop is the same
// error as an unparenthesised one.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
// RUN: not %proact-cc -fsyntax-only -DOUTER %s 2>&1 | %FileCheck %s --check-prefix=OUTER
#include <proact.h>

struct pt { double x, y; };
#define AT(a, k) (a[(k)])

void f(long n, double *a, double *b, struct pt *p, double *q) {
#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++)
    AT(b, i) = a[i];
// CHECK-LABEL: void f(
// CHECK: __proact_desc.nwrites = 1; __proact_desc.writes = __proact_writes;__proact_desc.nreads = 1;
#pragma proact region(a[0:n], p[0:n])
  for (long i = 0; i < n; i++) {
    (p[i]).x = a[i];
    (p[i].y) = a[i];
  }
// CHECK: __proact_desc.nwrites = 2; __proact_desc.writes = __proact_writes;__proact_desc.nreads = 2;
#pragma proact region(a[0:n], q[0:2*n])
  for (long i = 0; i < n; i++) {
    ((q[2 * i + 1])) = a[i];
    ++(q[2 * i]);
  }
// CHECK: __proact_desc.nwrites = 2; __proact_desc.writes = __proact_writes;__proact_desc.nreads = 1;
#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++)
    if (a[i] > 0) (b[i])++;
// CHECK: __proact_desc.nwrites = 1; __proact_desc.writes = __proact_writes;__proact_desc.nreads = 1;
#define IDX(arr, k) (arr)[(k)]
#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++)
    IDX(b, i) = (a)[i] + (double)sizeof(b[0]) + (double)sizeof(a[i + 1]);
// CHECK: __proact_desc.nwrites = 1; __proact_desc.writes = __proact_writes;__proact_desc.nreads = 1;
#ifdef OUTER
  double s = 0;
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++)
    (s) += a[i];
// OUTER: [[@LINE-1]]:6: error: 's' is declared before the loop and assigned in its body
#endif
}
