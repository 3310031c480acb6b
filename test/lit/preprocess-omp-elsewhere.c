// A '#pragma omp' line that the preprocessor never prints, between
// '#pragma proact' and its loop, does not stop a separate preprocessing
// step: one in the other branch of an #if (the porting pattern: PROACT in
// one build, a hand-written OpenMP target loop in the other) or in a
// comment. One that is printed still does (openmp-loop.c).
// RUN: %proact-cc -E %s -o %t.i
// RUN: %FileCheck %s < %t.i
// RUN: %proact-cc -x c -c %t.i -o %t.o
// RUN: not %proact-cc -E -DPRINTED %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=PRINTED
#include <proact.h>

void scale(long n, float *a) {
#ifndef WITHOUT_PROACT
#pragma proact region(a[0:n])
#else
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
#endif
  for (long i = 0; i < n; i++)
    a[i] = 2 * a[i];
}
// CHECK: __proact_desc.line = 14;

void shift(long n, float *a, const float *b) {
#pragma proact region(a[0:n], b[0:n])
  // was: #pragma omp parallel for
  /* #pragma omp simd
     _Pragma("omp simd") */
#if 0
  _Pragma("omp parallel for")
#endif
  for (long i = 0; i < n; i++)
    a[i] = b[i] + 1;
}
// CHECK: __proact_desc.line = 24;
// CHECK-NOT: #pragma omp target teams distribute parallel for map(tofrom

#ifdef PRINTED
void printed(long n, float *a) {
#pragma proact region(a[0:n])
#if 1
#pragma omp parallel for
#endif
  for (long i = 0; i < n; i++)
    a[i] = 0;
}
// PRINTED: preprocess-omp-elsewhere.c:43:3: error: this loop's '#pragma omp' line (between '#pragma proact' and the loop) cannot go through a separate preprocessing step
#endif
