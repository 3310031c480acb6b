// Each of the plugin's warnings prints once, although an offloading build
// compiles the file twice (host and device pass).
// RUN: %proact-offload-cc -Wno-unused-command-line-argument -c %s -o %t.o 2>&1 | %FileCheck %s --implicit-check-not=warning:
#include <proact.h>

void scatter(long n, long *perm, double *a, double *b) {
// CHECK: diag-once.c:[[@LINE+1]]:9: warning: unknown pragma 'proactregion' ignored; did you mean '#pragma proact region'?
#pragma proactregion(a[0:n])
  for (long i = 0; i < n; i++)
    a[i] = 1.0;
#pragma proact region(a[0:n], b[0:n], perm[0:n])
  for (long i = 0; i < n; i++)
    // CHECK: diag-once.c:[[@LINE+1]]:12: warning: store to region array 'b' has an index that is not affine
    b[perm[i]] = a[i];
}
// CHECK: 2 warnings generated.
