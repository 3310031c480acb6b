// A syntax error in a clause's expression is one error, at the user's bad
// token on the pragma line: clang parses each expression first in the
// loop's never-run check, where it ends at the user's ':', ']' or ')'; a
// directive with errors gets no lowering, so nothing repeats them.
// RUN: not %proact-cc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=lowering --implicit-check-not=__proact
#include <proact.h>

void region_len(int n, double *a) {
#pragma proact region(a[0:n+])
  for (int i = 0; i < n; i++)
    a[i] = 1;
}
// CHECK: diag-clause-expr.c:[[#@LINE-4]]:29: error: expected expression

void region_lo(int n, double *a) {
#pragma proact region(a[n-:n])
  for (int i = 0; i < n; i++)
    a[i] = 1;
}
// CHECK: diag-clause-expr.c:[[#@LINE-4]]:27: error: expected expression

void region_second(int n, double *a, double *b) {
#pragma proact region(a[0:n], b[0:2*n+])
  for (int i = 0; i < n; i++)
    a[i] = b[i];
}
// CHECK: diag-clause-expr.c:[[#@LINE-4]]:39: error: expected expression

void region_undeclared(int n, double *a) {
#pragma proact region(a[0:nn])
  for (int i = 0; i < n; i++)
    a[i] = 1;
}
// CHECK: diag-clause-expr.c:[[#@LINE-4]]:27: error: use of undeclared identifier 'nn'

void reads_lo(int n, double *a, double *b) {
#pragma proact region(a[0:n], b[0:n]) reads(b[i-:3])
  for (int i = 1; i < n - 1; i++)
    a[i] = b[i - 1] + b[i + 1];
}
// CHECK: diag-clause-expr.c:[[#@LINE-4]]:49: error: reads(b[lo:len]) must give lo {{.*}}: the subscript ends early

void reads_len(int n, double *a, double *b) {
#pragma proact region(a[0:n], b[0:n]) reads(b[i-1:3*])
  for (int i = 1; i < n - 1; i++)
    a[i] = b[i - 1] + b[i + 1];
}
// CHECK: diag-clause-expr.c:[[#@LINE-4]]:53: error: reads(b[lo:len]) must give lo {{.*}}: the subscript ends early

void decompose_block(int n, double *a) {
#pragma proact region(a[0:n]) decompose(block_cyclic, n*)
  for (int i = 0; i < n; i++)
    a[i] = 1;
}
// CHECK: diag-clause-expr.c:[[#@LINE-4]]:57: error: expected expression

void data_lo(int n, double *a) {
#pragma proact data copy(a[*:n])
  {
  }
}
// CHECK: diag-clause-expr.c:[[#@LINE-4]]:29: error: expected expression

void data_len(int n, double *a, double *b) {
#pragma proact data copyin(a[0:n]) create(b[0:n/])
  {
  }
}
// CHECK: diag-clause-expr.c:[[#@LINE-4]]:49: error: expected expression

void devices(int n, double *a) {
#pragma proact region(a[0:n]) devices(0, n)
  for (int i = 0; i < n; i++)
    a[i] = 1;
}
// CHECK: diag-clause-expr.c:[[#@LINE-4]]:42: error: invalid device list: 'n' is not a device number
// CHECK: 10 errors generated
