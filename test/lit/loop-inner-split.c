// An inner loop is collapsed (split over threads) only where its iterations
// store distinct elements and read no element another of them stores; a
// store that leaves an inner loop's variable out keeps that loop whole, in
// order, in one thread, whatever the walk (inner_split.h).
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void accumulate(long n, double *A, double *x, double *y, double *C) {
  long nn = n * n;
// x[i] accumulates over j: not collapsed, no column walk.
#pragma proact region(A[0:nn], x[0:n], y[0:n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      x[i] = x[i] + A[i * n + j] * y[j];
// CHECK-LABEL: __proact_desc.line = 11;
// CHECK-NOT: collapse(
// CHECK: __proact_desc.inner_trip = 1LL;
// CHECK: __proact_desc.columns = 0;
// CHECK: proact__loop_end

// The same, compound, through a local and under a condition.
#pragma proact region(A[0:nn], x[0:n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      long r = i;
      if (A[i * n + j] > 0)
        x[r] += A[i * n + j];
    }
// CHECK-LABEL: __proact_desc.line = 22;
// CHECK: __proact_desc.inner_trip = 1LL;
// CHECK: proact__loop_end

// An LU-style update: j splits, k (left out of the store) does not.
#pragma proact region(A[0:nn], C[0:nn])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < n; k++)
        C[i * n + j] -= A[i * n + k] * A[k * n + j];
// CHECK-LABEL: __proact_desc.line = 34;
// CHECK: __proact_desc.inner_trip = 1LL * __proact_tr1;
// CHECK-NOT: __proact_tr2
// CHECK: proact__loop_end

// The store leaves out the middle loop: nothing collapses (only a prefix
// of the nest can).
#pragma proact region(A[0:nn], C[0:nn])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < n; k++)
        C[i * n + k] += A[j * n + k];
// CHECK-LABEL: __proact_desc.line = 46;
// CHECK: __proact_desc.inner_trip = 1LL;
// CHECK: proact__loop_end

// A load of the element the previous j stored: not collapsed.
#pragma proact region(C[0:nn])
  for (long i = 0; i < n; i++)
    for (long j = 1; j < n; j++)
      C[i * n + j] = C[i * n + j - 1] * 0.5 + C[i * n + j];
// CHECK-LABEL: __proact_desc.line = 56;
// CHECK: __proact_desc.inner_trip = 1LL;
// CHECK: proact__loop_end

// Two stores of one array in different forms: not collapsed.
#pragma proact region(C[0:nn])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      C[i * n + j] = 1.0;
      C[j * n + i] = 2.0;
    }
// CHECK-LABEL: __proact_desc.line = 65;
// CHECK: __proact_desc.inner_trip = 1LL;
// CHECK: proact__loop_end

// A store of its element, and a read of that same element: collapsed,
// columns walked.
#pragma proact region(A[0:nn], C[0:nn])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      C[i * n + j] = C[i * n + j] * 0.5 + A[j * n + i];
// CHECK-LABEL: __proact_desc.line = 77;
// CHECK: __proact_desc.inner_trip = 1LL * __proact_tr1;
// CHECK: __proact_desc.columns = 1;
// CHECK: proact__loop_end

// The array a reads(...) clause describes is stored: its loads are not
// known exactly, so nothing collapses.
#pragma proact region(C[0:nn]) reads(C[i * n:n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      C[i * n + j] = C[i * n + j] + 1.0;
// CHECK-LABEL: __proact_desc.line = 88;
// CHECK: __proact_desc.inner_trip = 1LL;
// CHECK: proact__loop_end
}
