// threads(n): transfer threads, a multiple of 32 in [32, 8192]. With memcpy
// it has no effect, and the compiler says so.
// RUN: %proact-cc -E %s -o - 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
#include <proact.h>

void f(int n, double *a) {
// WARN-NOT: clause-threads.c:[[@LINE+1]]:{{.*}}warning
#pragma proact region(a[0:n]) threads(256) mech(auto)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.threads = 256;
// WARN: clause-threads.c:[[@LINE+1]]:{{[0-9]+}}: warning: clause 'threads' has no effect with the memcpy mechanism
#pragma proact region(a[0:n]), threads(8192), mech(memcpy)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.threads = 8192;
}
