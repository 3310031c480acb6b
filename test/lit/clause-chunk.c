// chunk(bytes) with an optional K/M/G suffix. With memcpy (the default) it
// has no effect, and the compiler says so.
// RUN: %proact-cc -E %s -o - 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
#include <proact.h>

void f(int n, double *a) {
// WARN: clause-chunk.c:[[@LINE+1]]:31: warning: clause 'chunk' has no effect with the memcpy mechanism
#pragma proact region(a[0:n]) chunk(4096)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.chunk = 4096LL;
#pragma proact region(a[0:n]) chunk(64K) mech(auto)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.chunk = 65536LL;
#pragma proact region(a[0:n]) chunk(16M)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.chunk = 16777216LL;
}
