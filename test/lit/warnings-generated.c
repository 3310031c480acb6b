// The generated code draws none of clang's warnings under the switches
// projects build with; the user's own code keeps them (the last loop's
// unused local).
// RUN: %proact-cc -fsyntax-only -std=c11 -Wall -Wextra -Wpedantic -Werror -DCLEAN %s
// RUN: not %proact-cc -fsyntax-only -std=c11 -Wall -Wextra -Wpedantic -Werror %s 2>&1 | %FileCheck %s
#include <proact.h>

void relax(long n, long iters, float *u, float *v, double *s) {
  long cells = n * n;
#pragma proact data copy(u[0:cells], v[0:cells]) create(s[0:n])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(u[0:cells], v[0:cells])
      for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < n - 1; j++)
          v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                  u[i * n + j - 1] + u[i * n + j + 1]);
      double err = 0;
#pragma proact region(u[0:cells], v[0:cells]) reduction(max: err)
      for (long i = 0; i < cells; i++) {
        double d = u[i] > v[i] ? u[i] - v[i] : v[i] - u[i];
        if (d > err)
          err = d;
      }
#pragma proact update host(v[0:1])
#pragma proact region(s[0:n], v[0:cells])
      for (long i = 0; i < n; i++) {
#ifndef CLEAN
        int unused; // CHECK: [[@LINE]]:13: error: unused variable 'unused'
#endif
        s[i] = v[i * n] + err;
      }
    }
  }
}
