// A loop whose body runs a loop with bounds read from an array (a CSR row
// per iteration) is marked indexed_inner: the runtime gives its kernels one
// team per SM on a GPU (docs/design/lowering.md). Loops with constant or
// loop-variable bounds are not marked.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void rows(long n, const long *rowptr, const int *col, const float *val,
          const float *x, float *y, int bw) {
#pragma proact region(rowptr[0:n + 1], col[0:rowptr[n]], val[0:rowptr[n]], x[0:n], y[0:n])
  for (long v = 0; v < n; v++) {
    float s = 0;
    for (long e = rowptr[v]; e < rowptr[v + 1]; e++)
      s += val[e] * x[col[e]];
    y[v] = s;
  }
// CHECK-LABEL: __proact_desc.line = 10;
// CHECK: __proact_desc.indexed_inner = 1;
#pragma proact region(x[0:n], y[0:n])
  for (long i = 0; i < n; i++) {
    float s = 0;
    for (int k = 0; k < bw && i + k < n; k++)
      s += x[i + k];
    y[i] = s;
  }
// CHECK-LABEL: __proact_desc.line = 19;
// CHECK: __proact_desc.indexed_inner = 0;
#pragma proact region(x[0:n], y[0:n])
  for (long i = 0; i < n; i++)
    y[i] = x[i];
// CHECK-LABEL: __proact_desc.line = 28;
// CHECK: __proact_desc.indexed_inner = 0;
}
