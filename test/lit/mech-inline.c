// mech(inline): a second, forwarding kernel in which every store to a
// region array is followed by proact__ready_forward of the stored element;
// the runtime picks it (__proact_fwd) when the loop runs with inline. A
// store that is not a statement of its own cannot be forwarded, and a store
// after a condition could not be forwarded whole (inline-gaps.c): no
// forwarding kernel (inline_ok = 0), and the runtime falls back to trigger.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void nested(int n, const double *b, double *a) {
#pragma proact region(a[0:n], b[0:n]) mech(inline)
  for (int i = 0; i < n; i++) {
    double t = b[i] * 2.0;
    {
      a[i] = t;
    }
    a[i] += 2.0;
  }
}
// CHECK-LABEL: __proact_desc.line = 11;
// CHECK: __proact_desc.mech = 1;
// CHECK: __proact_desc.inline_ok = 1;
// CHECK: if ((__proact_fwd & 1) && !__proact_one) {
// CHECK: if (!proact__host_code())
// CHECK: a[i] = t;
// CHECK-NEXT: # 11
// CHECK-NEXT: proact__ready_forward(__proact_rb, 0, (const void *)&(
// CHECK: a[i]
// CHECK: ), sizeof(
// CHECK: a[i]
// CHECK: )); }
// CHECK: a[i] += 2.0;
// CHECK: proact__ready_forward(__proact_rb, 0,
// CHECK: } else {
// CHECK: proact__loop_end(__proact_loop);
void branches(int n, int *c, double *a) {
#pragma proact region(a[0:n], c[0:n]) mech(inline)
  for (int i = 0; i < n; i++)
    if (c[i])
      a[i] = 1.0;
    else
      a[i] += 2.0;
}
// CHECK-LABEL: __proact_desc.line = 37;
// CHECK: __proact_desc.inline_ok = 0;
// CHECK-NOT: (__proact_fwd & 1)
// CHECK-NOT: proact__ready_forward
// CHECK: proact__loop_end(__proact_loop);

void chained(int n, double *a, double *b) {
#pragma proact region(a[0:n], b[0:n]) mech(inline)
  for (int i = 0; i < n; i++)
    a[i] = b[i] = 0.0;
}
// CHECK-LABEL: __proact_desc.line = 51;
// CHECK: __proact_desc.inline_ok = 0;
// CHECK-NOT: (__proact_fwd & 1)
// CHECK-NOT: proact__ready_forward
// CHECK: proact__loop_end(__proact_loop);
