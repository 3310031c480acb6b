// A store whose index is not affine in the loop variable: a warning, the
// store is described as touching the whole section (whole = 1), and the
// loop gets no forwarding kernel; the runtime runs it on one device with
// memcpy (docs/user/directives.md), which builds no readiness state, so
// the plain kernel is its only one.
// RUN: %proact-cc -E %s -o - 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
#include <proact.h>

void scatter(long n, long *perm, double *a, double *b) {
#pragma proact region(a[0:n], b[0:n], perm[0:n]) mech(inline)
  for (long i = 0; i < n; i++) {
    b[i] = a[i];
    a[perm[i]] = 2.0 * b[i];
    a[perm[i]] = 1.0; // a read-modify-write here would be an error
  }
}
// WARN: writes-nonaffine.c:14:12: warning: store to region array 'a' has an index that is not affine in the loop variable 'i': the loop variable 'i' is used inside a call or subscript; this loop runs on one device, with mech(memcpy)
// WARN-NEXT: a[perm[i]] = 2.0 * b[i];
// WARN-NOT: warning:
// CHECK: __proact_writes[0].array = 1; __proact_writes[0].whole = 0;
// CHECK: __proact_writes[1].array = 0; __proact_writes[1].whole = 1;
// CHECK: __proact_writes[2].array = 0; __proact_writes[2].whole = 1;
// CHECK: __proact_desc.inline_ok = 0;
// CHECK-NOT: proact__ready_forward(
// CHECK-NOT: __proact_rd != 0
// CHECK-NOT: is_device_ptr(__proact_rd)
// CHECK: #pragma omp target teams
// CHECK-NOT: #pragma omp target teams
