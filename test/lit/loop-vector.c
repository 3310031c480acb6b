// Consecutive groups (clang-ext/lowering/vector_walk.h): when every array access of
// a one-assignment 1-D body is X[i + K] (coefficient 1) or loop-invariant,
// the plain and instrumented kernels check per block that each access's
// element lies on a 16-byte boundary after the block's head; there each
// thread takes U consecutive iterations, told aligned, else the iterations
// one at a time (or the strided groups, when U elements of some array do
// not span a multiple of 16 bytes). The head, the tail and a misaligned
// block share one loop, so the body is copied U + 1 times. The forwarding
// kernel keeps the strided groups (registers).
// RUN: %proact-cc -E %s -o - | %FileCheck %s
// RUN: %proact-cc -fplugin-arg-proact-ilp=1 -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck --check-prefix=OFF %s
// RUN: %proact-cc -fplugin-arg-proact-ilp=2 -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck --check-prefix=TWO %s
#include <proact.h>

void kernels(long n, float *a, float *c, int *ix) {
#pragma proact region(a[0:n], c[0:n])
  for (long i = 0; i < n; i++)
    c[i] = a[i];
// CHECK-LABEL: __proact_desc.line = 16;
// The forwarding kernel: strided groups only.
// CHECK: if ((__proact_fwd & 1) && !__proact_one) {
// CHECK-NOT: __proact_vec
// CHECK: if (__proact_rd != 0 && !__proact_one) {
// U elements a multiple of 16 bytes (a constant, in a variable), else strided.
// CHECK: { const int __proact_fits =(1 && (4u * sizeof((
// CHECK: if (__proact_fits) {
// The head: iterations before the store's first 16-byte boundary.
// CHECK: long long __proact_h; int __proact_vec;{long i= (long)(__proact_first + __proact_blo);__proact_h =((long long)(((16u - (((unsigned long long)
// CHECK: & 15u)) & 15u) / sizeof((
// Every access aligned there.
// CHECK: {long i= (long)(__proact_first + (__proact_blo + __proact_h));__proact_vec =(1 && (((unsigned long long)
// CHECK: & 15u) == 0 && (((unsigned long long)({{.*}})&( a)[(i) + (0)]) & 15u) == 0);}
// One loop of single iterations serves the head, the tail and a misaligned
// block: pass 0 runs the head (or, misaligned, the whole block), pass 1
// the groups, then the tail.
// CHECK-SAME: long long __proact_k = __proact_blo + __proact_t0; const long long __proact_hend = __proact_vec && __proact_blo + __proact_h < __proact_bhi ? __proact_blo + __proact_h : __proact_bhi;
// CHECK: #pragma clang loop unroll(disable) vectorize(disable)
// CHECK: for (int __proact_pass = 0; __proact_pass <= __proact_vec; __proact_pass++) {if (__proact_pass) {
// Thread t's groups start at (t + m T) U, the group's first iteration told
// aligned, then its 4 loads and 4 stores:
// CHECK-SAME: __proact_k = __proact_blo + __proact_h + 4 * __proact_t0;for (; __proact_k < __proact_bhi - 3 * 1; __proact_k += 4 * __proact_s0) {{[{][{]}}long i = (long)(__proact_first + (__proact_k + 0));((void)__builtin_assume_aligned((&(
// CHECK: ((void)__builtin_assume_aligned((&( a)[(i) + (0)]), 16));const __typeof__(
// CHECK: {long i = (long)(__proact_first + (__proact_k + 3));
// CHECK: #pragma clang loop unroll(disable) vectorize(disable)
// CHECK: for (; __proact_k < (__proact_pass ? __proact_bhi : __proact_hend); __proact_k += (__proact_pass ? 1 : __proact_s0)) {
// The body once there (U + 1 copies in all):
// CHECK-NOT: __proact_first + (__proact_k + 0)
// CHECK: } else{ long long __proact_k = __proact_blo + __proact_t0;for (; __proact_k + 3 * __proact_s0 < __proact_bhi;
// The plain kernel the same:
// CHECK: int __proact_vec;
// CHECK: proact__loop_end
// OFF-LABEL: __proact_desc.line = 16;
// OFF-NOT: __proact_vec
// OFF: proact__loop_end
// TWO-LABEL: __proact_desc.line = 16;
// TWO: __proact_k = __proact_blo + __proact_h + 2 * __proact_t0;

  // A loop-invariant element beside X[i + K]; offsets 4 apart in one array;
  // arrays whose offsets differ (the run-time check decides).
#pragma proact region(a[0:n], c[0:n])
  for (long i = 0; i < n - 4; i++)
    c[i] = a[i + 4] - a[i] * a[0];
// CHECK-LABEL: __proact_desc.line = 60;
// CHECK: ((void)__builtin_assume_aligned((&( a)[(i) + ((0 +( 4)))]), 16));((void)__builtin_assume_aligned((&( a)[(i) + (0)]), 16));const
// CHECK: proact__loop_end
#pragma proact region(a[0:n], c[0:n])
  for (long i = 2; i < n; i++)
    c[i - 2] = a[i];
// CHECK-LABEL: __proact_desc.line = 66;
// CHECK: for (int __proact_pass = 0; __proact_pass <= __proact_vec;
// CHECK: proact__loop_end

  // Never: offsets of one array not a multiple of U apart, a coefficient
  // other than 0 or 1, an index read from memory, a step other than 1, a
  // variable declared outside the loop.
#pragma proact region(a[0:n], c[0:n])
  for (long i = 1; i < n - 1; i++)
    c[i] = a[i - 1] + a[i + 1];
// CHECK-LABEL: __proact_desc.line = 76;
// CHECK-NOT: __proact_vec
// CHECK: proact__loop_end
#pragma proact region(a[0:2*n], c[0:n])
  for (long i = 0; i < n; i++)
    c[i] = a[2 * i];
// CHECK-LABEL: __proact_desc.line = 82;
// CHECK-NOT: __proact_vec
// CHECK: proact__loop_end
#pragma proact region(a[0:n], c[0:n], ix[0:n])
  for (long i = 0; i < n; i++)
    c[i] = a[ix[i]];
// CHECK-LABEL: __proact_desc.line = 88;
// CHECK-NOT: __proact_vec
// CHECK: proact__loop_end
#pragma proact region(a[0:n], c[0:n])
  for (long i = 0; i < n; i += 2)
    c[i] = a[i];
// CHECK-LABEL: __proact_desc.line = 94;
// CHECK-NOT: __proact_vec
// CHECK: proact__loop_end
  long j;
#pragma proact region(a[0:n], c[0:n])
  for (j = 0; j < n; j++)
    c[j] = a[j];
// CHECK-LABEL: __proact_desc.line = 101;
// CHECK-NOT: __proact_vec
// CHECK: proact__loop_end
}
