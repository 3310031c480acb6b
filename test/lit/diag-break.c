// The kernels walk the iterations with plain loops, so clang's checks of a
// parallel loop come from a never-run copy under 'omp for': a 'break' out of
// the annotated loop is an error at its location; a 'break' of a loop or
// switch inside the body, and 'continue', are fine.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
#include <proact.h>

void f(int n, double *a) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      break; // expected-error {{'break' statement cannot be used in OpenMP for loop}}
    a[i] = 1;
  }
// A 'break' in a nest's inner loop leaves that loop, as written: the nest
// is then not collapsed, and each iteration of i walks j in turn.
#pragma proact region(a[0:n*n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      if (a[i * n + j] < 0)
        break;
      a[i * n + j] = 1;
    }
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      continue;
    for (int k = 0; k < 3; k++)
      if (k == 1)
        break;
    switch (i % 2) {
    case 0: a[i] = 2; break;
    default: a[i] = 3;
    }
  }
}
