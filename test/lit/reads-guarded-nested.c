// A load after a condition is guarded (checked by the kernels, not by the
// host over its hull) wherever its loop stands in the nest: the second and
// third loops' headers end where their own bodies begin.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void prefix(long n, double *a, double *b) {
  long nn = n * n, cells = nn * n;
#pragma proact region(a[0:cells], b[0:cells])
  for (long i = 0; i < n; i++)
    for (long j = 1; j < n - 1; j++)
      for (long k = 0; k < n; k++)
        a[i * n + k * nn] = (k > 0 ? a[i * n + k * nn - nn] : 1.0) + b[k];
// CHECK-LABEL: __proact_desc.line = 9;
// CHECK: __proact_reads[0].guarded = 1;
// CHECK: __proact_reads[1].guarded = 1;
// CHECK: proact__loop_end

#pragma proact region(a[0:cells], b[0:cells])
  for (long i = 0; i < n; i++) {
    b[i] = 0;
    for (long k = 0; k < n; k++)
      if (k > 0)
        a[i * nn + k] = a[i * nn + k - 1];
  }
// CHECK-LABEL: __proact_desc.line = 19;
// CHECK: __proact_reads[0].guarded = 1;
// CHECK: proact__loop_end
}
