// The plugin loaded without -fopenmp: one error at the first directive,
// naming what is missing, instead of errors from the lowering.
// RUN: not %proact-cc -fno-openmp -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <proact.h>

void fill(long n, double *a, double *b) {
#pragma proact data copy(a[0:n], b[0:n])
  // CHECK: diag-no-openmp.c:[[@LINE-1]]:9: error: '#pragma proact' needs OpenMP: compile with -fopenmp and an offload target
  {
#pragma proact region(a[0:n], b[0:n])
    for (long i = 1; i < n; i++)
      b[i] = a[i - 1];
  }
}
// CHECK: 1 error generated.
