// An error in the user's loop is reported once, by clang, at the user's
// code: the loop's never-run copy is parsed first, and a loop with errors
// gets no lowering (which would repeat the body, and the error, in every
// kernel).
// RUN: not %proact-cc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=lowering --implicit-check-not=__proact
#include <proact.h>

void syntax(int n, double *a) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    a[i] = 0 +;
  }
}
// CHECK: diag-syntax.c:[[#@LINE-3]]:15: error: expected expression

void undeclared(int n, double *a) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = zz;
}
// CHECK: diag-syntax.c:[[#@LINE-2]]:12: error: use of undeclared identifier 'zz'

void semicolon(int n, double *a) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    a[i] = 0
  }
}
// CHECK: diag-syntax.c:[[#@LINE-3]]:13: error: expected ';' after expression

void bound(int n, double *a) {
#pragma proact region(a[0:n])
  for (int i = 0; i < nn; i++)
    a[i] = 0;
}
// CHECK: diag-syntax.c:[[#@LINE-3]]:23: error: use of undeclared identifier 'nn'
// CHECK: 4 errors generated
