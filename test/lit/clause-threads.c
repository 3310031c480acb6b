// threads(n): transfer threads, a multiple of 32 in [32, 8192].
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void f(int n, double *a) {
#pragma proact region(a[0:n]) threads(256)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.threads = 256;
#pragma proact region(a[0:n]), threads(8192), mech(memcpy)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.threads = 8192;
}
