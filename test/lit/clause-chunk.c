// chunk(bytes) with an optional K/M/G suffix.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void f(int n, double *a) {
#pragma proact region(a[0:n]) chunk(4096)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.chunk = 4096LL;
#pragma proact region(a[0:n]) chunk(64K)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.chunk = 65536LL;
#pragma proact region(a[0:n]) chunk(16M)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.chunk = 16777216LL;
}
