// The generated code is clean under -Wall -Wextra, on the host and in the
// device pass, so a -Werror build of annotated loops works: every
// directive kind, the clauses, nests, reductions, loop forms, _Pragma and
// an OpenMP loop line. A warning in the user's loop body is still
// reported, once per compilation pass (not once per generated kernel).
// RUN: %proact-offload-cc -Wall -Wextra -Werror -Wno-unused-command-line-argument -c %s -o %t.o
// RUN: %proact-offload-cc -Wall -Wextra -Wno-unused-command-line-argument -DBODY_WARNING -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=BODY --implicit-check-not=warning:
// RUN: %proact-cc -Wall -Wextra -DBODY_WARNING -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=HOST --implicit-check-not=warning:
// Whatever switches the user's own code is clean under, the generated code
// is too (-Weverything but the two the file's own code draws), also in an
// inline function with external linkage, which may name nothing static.
// RUN: %proact-offload-cc -std=c11 -Weverything -Wno-unsafe-buffer-usage -Wno-missing-prototypes -Werror -Wno-unused-command-line-argument -c %s -o %t.o
// RUN: %proact-cc -std=c11 -Weverything -Wno-unsafe-buffer-usage -Wno-missing-prototypes -Werror -fsyntax-only %s
// A body that hides an outer name draws -Wshadow once a pass, at the user's
// line; the loop variables the lowering declares around the body draw none.
// RUN: %proact-offload-cc -Wshadow -Wno-unused-command-line-argument -DSHADOW -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=SHADOW --implicit-check-not=warning:
#include <proact.h>

#define P(x) _Pragma(#x)

void clauses(long n, double *u, double *v) {
#pragma proact data copy(u[0:n]) create(v[0:n]) devices(0, 1)
  {
#pragma proact region(u[0:n], v[0:n]) mech(poll) chunk(64K) threads(256)
    for (long i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3;
#pragma proact region(u[0:n], v[0:n]) reads(u[i:1]) decompose(block_cyclic, 8)
    for (long i = 0; i < n; i++)
      u[i] = 2 * u[i] + v[i];
#pragma proact region(u[0:n], v[0:n]) mech(inline) decompose(cyclic)
    for (long i = n - 1; i >= 0; i -= 2)
      v[i] = u[i];
  }
}

void forms(int n, float *a, unsigned m) {
  int i;
#pragma proact region(a[0:n])
  for (i = 0; i < n; i += 3)
    a[i] = 1.0f;
#pragma proact region(a[0:m])
  for (unsigned k = m; k > 0; k--)
    a[k - 1] = 2.0f;
  P(proact region(a[0:n]))
  for (int j = 0; j < n; j++)
    a[j] += 1.0f;
#pragma proact region(a[0:n])
#pragma omp parallel for schedule(static)
  for (int j = 0; j < n; j++)
    a[j] *= 2.0f;
}

double nests(long rows, long cols, double *g, double *h) {
  double sum = 0, big = 0;
  long count = 0;
#pragma proact region(g[0:rows * cols], h[0:rows * cols])
  for (long r = 1; r < rows - 1; r++)
    for (long c = 0; c < cols; c++)
      h[r * cols + c] = g[(r - 1) * cols + c] + g[(r + 1) * cols + c];
#pragma proact region(g[0:rows * cols]) reduction(+: sum, count) reduction(max: big)
  for (long r = 0; r < rows; r++)
    for (long c = 0; c < cols; c++) {
      double x = g[r * cols + c];
      sum += x;
      if (x > big)
        big = x;
      count++;
    }
#pragma proact region(h[0:rows * cols])
  for (long r = 0; r < rows; r++) {
    double t = 0;
    for (long c = 0; c < cols; c++)
      t += h[r * cols + c];
    h[r * cols] = t;
  }
  return sum + big + (double)count;
}

#ifdef BODY_WARNING
void body(int n, double *a) {
#pragma proact region(a[0:n]) mech(inline)
  for (int i = 0; i < n; i++) {
    int unused = i;
    a[i] = 1;
  }
}
// BODY: werror.c:[[#@LINE-4]]:9: warning: unused variable 'unused'
// BODY: 1 warning generated
// BODY: werror.c:[[#@LINE-6]]:9: warning: unused variable 'unused'
// BODY: 1 warning generated
// HOST: werror.c:[[#@LINE-8]]:9: warning: unused variable 'unused'
// HOST: 1 warning generated
#endif

// A grouped walk whose element type leaves its aligned groups unused
// (two floats span 8 bytes): those copies of the body are never reached.
void axpy(long n, float s, float *x, float *y, float *z) {
#pragma proact region(x[0:n], y[0:n], z[0:n])
  for (long i = 0; i < n; i++)
    z[i] = x[i] + s * y[i] * x[0];
}

// A data region and a loop naming a whole array: their never-run checks
// draw no -Wunreachable-code.
static double line[64];
void whole(void) {
#pragma proact data copy(line)
  {
#pragma proact region(line)
    for (int i = 0; i < 64; i++)
      line[i] = 2.0 * line[i];
  }
}

inline void twice(long n, float *a) {
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++)
    a[i] *= 2.0f;
}

#ifdef SHADOW
void hides(long n, float *a, float s) {
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++) {
    float s = a[i];
    a[i] = s * s;
  }
  (void)s;
}
// SHADOW: werror.c:[[#@LINE-5]]:11: warning: declaration shadows a local variable
// SHADOW: 1 warning generated
// SHADOW: werror.c:[[#@LINE-7]]:11: warning: declaration shadows a local variable
// SHADOW: 1 warning generated
#endif
