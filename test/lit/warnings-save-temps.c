// Through a separate preprocessing step (-save-temps), where the generated
// code is plain text in the file the compiler reads, it still draws none
// of the user's warnings; the user's own code keeps them, once a pass.
// RUN: rm -rf %t && mkdir -p %t && cd %t && %proact-offload-cc -std=c11 -Wall -Wextra -Wshadow -Wunreachable-code -Wvla -Wfloat-equal -Wno-unused-command-line-argument -save-temps -c %s -o x.o 2>&1 | %FileCheck %s --implicit-check-not=warning:
#include <proact.h>

void relax(long n, long iters, float *u, float *v, float *err, float w) {
#pragma proact data copy(u[0:n * n], v[0:n * n]) create(err[0:1])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(u[0:n * n], v[0:n * n])
      for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < n - 1; j++)
          v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                  u[i * n + j - 1] + u[i * n + j + 1]);
      float e = 0.0f;
#pragma proact region(u[0:n * n], v[0:n * n]) reduction(max: e)
      for (long i = 0; i < n * n; i++) {
        float d = u[i] > v[i] ? u[i] - v[i] : v[i] - u[i];
        if (d > e)
          e = d;
      }
#pragma proact region(u[0:n * n], v[0:n * n])
      for (long i = 0; i < n * n; i++) {
        float w = v[i] + u[0];
        u[i] = w * v[0];
      }
      err[0] = e + w;
    }
  }
}
// CHECK: warnings-save-temps.c:[[#@LINE-7]]:15: warning: declaration shadows a local variable
// CHECK: warnings-save-temps.c:[[#@LINE-8]]:15: warning: declaration shadows a local variable
