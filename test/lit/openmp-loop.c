// An OpenMP loop directive between '#pragma proact' and its loop, the
// first step of porting an OpenMP program: it is for the build without
// PROACT, and the plugin drops it (with its schedule, num_threads, ...
// clauses); a reduction must match the proact directive's. The program
// checks the values against the sequential ones.
// RUN: %proact-offload-cc -Xclang -ast-print -fsyntax-only %s | %FileCheck %s --implicit-check-not="num_threads(2)" --implicit-check-not="omp parallel for simd"
// RUN: %proact-offload-cc %s -o %t && %t | %FileCheck %s --check-prefix=OUT
// RUN: %plain-offload-cc %s -o %t.omp && %t.omp | %FileCheck %s --check-prefix=OUT
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const int n = 1001;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++)
    b[i] = i;
#pragma proact region(a[0:n], b[0:n])
#pragma omp parallel for schedule(static) num_threads(2) firstprivate(n)
  for (int i = 0; i < n; i++)
    a[i] = 2 * b[i];
// CHECK: __proact_desc.line = 18;
  long s = 0;
  double m = 0;
#pragma proact region(a[0:n]) reduction(+: s) reduction(max: m)
#pragma omp parallel for simd reduction(max: m), reduction(+: s) collapse(1)
  for (int i = 0; i < n; i++) {
    s += (long)a[i];
    if (a[i] > m)
      m = a[i];
  }
// CHECK: __proact_desc.line = 25;
#pragma proact data copy(a[0:n])
  {
#pragma proact region(a[0:n])
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] += 1;
  }
// CHECK: __proact_desc.line = 35;
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += a[i] != 2 * i + 1;
  printf("mismatches %d sum %ld max %g\n", bad, s, m);
  free(a);
  free(b);
  return bad != 0;
}
// OUT: mismatches 0 sum 1001000 max 2000

// A separate preprocessing step prints the OpenMP line before the plugin
// sees the loop: an error, not a file that fails later.
// RUN: not %proact-cc -E %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=PRE
// PRE: openmp-loop.c:20:3: error: this loop's '#pragma omp' line (between '#pragma proact' and the loop) cannot go through a separate preprocessing step
// PRE: openmp-loop.c:27:3: error
// PRE: openmp-loop.c:37:5: error
