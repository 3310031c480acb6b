// A body that is exactly one rectangular canonical inner loop is collapsed
// with the annotated loop (collapse(2), the outer variable computed inside),
// so each (i, j) gets its own GPU thread. Anything else is not collapsed.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void nests(long n, float *u, float *v) {
  long cells = n * n;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      v[i * n + j] = u[i * n + j];
// CHECK-LABEL: __proact_desc.line = 9;
// The runtime sizes blocks by points: the inner loop's trip count.
// CHECK: __proact_desc.inner_trip = 1LL * proact__trip_count((long long)( 1),(long long)( n - 1),
// CHECK: map(alloc: u[__proact_plo0:__proact_plen0], v[__proact_plo1:__proact_plen1]) is_device_ptr(__proact_rd)
// CHECK: #pragma omp for schedule(static, 1) nowait collapse(2)
// The outer loop runs over the user's own variable (its step is +1).
// CHECK: for (long i=(long)(__proact_first + __proact_blo); i<=(long)(__proact_first + __proact_bhi - 1); ++ i)
// CHECK: for (long j = 1; j < n - 1; j++)
// CHECK: v[i * n + j] = u[i * n + j];

#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++) {
    for (long j = 1; j < n - 1; j += 2)
      v[i * n + j] = u[i * n + j];
  }
// CHECK-LABEL: __proact_desc.line = 23;
// CHECK: collapse(2)

// A statement besides the inner loop: not collapsed.
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++) {
    v[i * n] = 0;
    for (long j = 1; j < n - 1; j++)
      v[i * n + j] = u[i * n + j];
  }
// CHECK-LABEL: __proact_desc.line = 32;
// CHECK-NOT: collapse(2)
// CHECK: proact__loop_end

// The inner variable is declared outside the nest: not collapsed (its exit
// value would be lost).
  long j;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++)
      v[i * n + j] = u[i * n + j];
// CHECK-LABEL: __proact_desc.line = 45;
// CHECK-NOT: collapse(2)
// CHECK: proact__loop_end
}

void nest3(long n, float *u, float *v) {
  long cells = n * n * n;
// A 3-D nest collapses completely.
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      for (long k = 1; k < n - 1; k++)
        v[(i * n + j) * n + k] = u[(i * n + j) * n + k];
// CHECK-LABEL: __proact_desc.line = 57;
// CHECK: collapse(3)

// The third loop depends on j: only the rectangular part collapses.
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      for (long k = j; k < n - 1; k++)
        v[(i * n + j) * n + k] = u[(i * n + j) * n + k];
// CHECK-LABEL: __proact_desc.line = 66;
// CHECK: collapse(2)
// CHECK: proact__loop_end

// The innermost body changes k: only i and j collapse.
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      for (long k = 1; k < n - 1; k++) {
        v[(i * n + j) * n + 1] = u[(i * n + j) * n + k];
        k += 1;
      }
// CHECK-LABEL: __proact_desc.line = 76;
// CHECK: collapse(2)
// CHECK: proact__loop_end
}
