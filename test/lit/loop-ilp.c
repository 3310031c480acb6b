// A body that is one assignment to an array element runs in groups: each
// thread takes U iterations at a time (4 with at most two array reads, 2
// with three or four, none beyond), computes all U right-hand sides, then
// makes the U stores; the rest of the block one at a time. The plugin
// argument -fplugin-arg-proact-ilp=N sets U for every loop (1: no groups);
// any other value is an error.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
// (Plugin arguments reach the plugin when clang parses, not with -E alone.)
// RUN: %proact-cc -fplugin-arg-proact-ilp=1 -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck --check-prefix=OFF %s
// RUN: %proact-cc -fplugin-arg-proact-ilp=8 -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck --check-prefix=EIGHT %s
// RUN: not %proact-cc -fplugin-arg-proact-ilp=9 -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=BAD %s
// RUN: not %proact-cc -fplugin-arg-proact-ilp=0 -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=BAD %s
#include <proact.h>

struct rec { float i; float x; };

void kernels(long n, float *a, float *c, double s, struct rec *r) {
  // One read: four at a time.
#pragma proact region(a[0:n], c[0:n])
  for (long i = 0; i < n; i++)
    c[i] = a[i];
// CHECK-LABEL: __proact_desc.line = 19;
// Each of the 4 iterations declares the loop variable again in a scope of
// its own (nested, so the last sees all values), computes its right-hand
// side in the stored type; then the 4 stores; then the remainder with the
// body as written:
// CHECK: for (; __proact_k + 3 * __proact_s0 < __proact_bhi; __proact_k += 4 * __proact_s0) {{[{][{]}}long i = (long)(__proact_first + (__proact_k + 0 * __proact_s0));const __typeof__(
// CHECK: ) __proact_v0 = ( a[i]);{long i = (long)(__proact_first + (__proact_k + 1 * __proact_s0));const __typeof__(
// CHECK: ) __proact_v3 = ( a[i]);{long i = (long)(__proact_first + (__proact_k + 0 * __proact_s0));
// CHECK: = __proact_v0;}{long i = (long)(__proact_first + (__proact_k + 1 * __proact_s0));
// CHECK: = __proact_v3;}}}}}}for (; __proact_k < __proact_bhi; __proact_k += __proact_s0) {long i= (long)(__proact_first + __proact_k);{
// OFF-LABEL: __proact_desc.line = 19;
// OFF-NOT: __proact_v0
// OFF: proact__loop_end
// EIGHT-LABEL: __proact_desc.line = 19;
// EIGHT: __proact_k + 7 * __proact_s0 < __proact_bhi

  // A compound assignment: the element's address once, its old value with
  // the right-hand side, the store through the address.
#pragma proact region(a[0:n], c[0:n])
  for (long i = 0; i < n; i++)
    c[i] += s * a[i];
// CHECK-LABEL: __proact_desc.line = 40;
// CHECK: *const __proact_p0 = &(
// CHECK: __proact_v0 = *__proact_p0 + (
// CHECK: (*__proact_p0) = __proact_v0;

  // A member named like the loop variable; three reads: two at a time.
#pragma proact region(a[0:n], c[0:n], r[0:n])
  for (long i = 1; i < n - 1; i++)
    c[i] = r[i].i + a[i - 1] + a[i + 1];
// CHECK-LABEL: __proact_desc.line = 49;
// CHECK: __proact_k + 1 * __proact_s0 < __proact_bhi
// CHECK: __proact_v1 = ( r[i].i + a[i - 1] + a[i + 1]);

  // Not one assignment to an array element: no groups.
#pragma proact region(a[0:n], c[0:n])
  for (long i = 0; i < n; i++) {
    c[i] = a[i];
    a[i] = 0;
  }
// CHECK-LABEL: __proact_desc.line = 57;
// CHECK-NOT: __proact_v0
#pragma proact region(r[0:n])
  for (long i = 0; i < n; i++)
    r[i].x = 1;
// CHECK-LABEL: __proact_desc.line = 64;
// CHECK-NOT: __proact_v0
#pragma proact region(a[0:n], c[0:n])
  for (long i = 0; i < n; i++)
    c[i] = a[i] > 0 ? a[i] : 0, a[i] = 1;
// CHECK-LABEL: __proact_desc.line = 69;
// CHECK-NOT: __proact_v0
#pragma proact region(a[0:n], c[0:n])
  for (long i = 0; i < n; i++)
    if (a[i] > 0)
      c[i] = a[i];
// CHECK-LABEL: __proact_desc.line = 74;
// CHECK-NOT: __proact_v0
// CHECK: proact__loop_end

  // Statements before the one store: each of the group's iterations runs
  // them in a scope of its own and takes its element's address there; then
  // the stores.
#pragma proact region(a[0:n], c[0:n])
  for (long i = 0; i < n; i++) {
    float x = s * a[i];
    if (x > 4)
      x = 4;
    c[i] = x;
  }
// CHECK-LABEL: __proact_desc.line = 85;
// CHECK: __proact_k += 4 * __proact_s0) {{[{][{]}}long i = (long)(__proact_first + (__proact_k + 0 * __proact_s0));{
// CHECK: float x = s * a[i];
// CHECK: *const __proact_p0 = &(
// CHECK: __proact_v0 = ( x);
// CHECK: {(*__proact_p3) = __proact_v3;
// CHECK: proact__loop_end
}
// BAD: error: invalid value '{{[09]}}' of PROACT plugin argument 'ilp': expected 1 to 8, or gpu
