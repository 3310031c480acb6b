// A body that is exactly one rectangular canonical inner loop is collapsed
// with the annotated loop: a team's threads walk a block's flat (i, j) range,
// neighbours on neighbouring j (digits k, j1). Anything else is not collapsed.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void nests(long n, float *u, float *v) {
  long cells = n * n;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      v[i * n + j] = u[i * n + j];
// The never-run copy under 'omp for collapse(2)' that lets clang reject a
// 'break' out of the loop, parsed before the lowering:
// CHECK-LABEL: const long long __proact_first = 0, __proact_step = 1, __proact_bhi = 0;
// CHECK: (void)__proact_step;
// CHECK-NEXT: # 9
// CHECK-NEXT: #pragma omp for collapse(2)
// CHECK: __proact_desc.line = 9;
// The runtime sizes blocks by points: the inner loop's trip count.
// CHECK: __typeof__((long)0 + ( n - 1)) const __proact_bv1 = (__typeof__((long)0 + ( n - 1)))( n - 1);
// CHECK: const long long __proact_tr1 = proact__trip_count((long long)(long)( 1),{{[^;]*}}(long long)(__proact_bv1)),
// CHECK: __proact_desc.inner_trip = 1LL * __proact_tr1;
// CHECK: is_device_ptr(__proact_pb0, __proact_pb1) is_device_ptr(__proact_rd)
// The thread's start and stride as digits of t and T in radix tr1:
// CHECK: long long __proact_t1, __proact_s1; proact__thread_digit(&__proact_r, &__proact_R, __proact_tr1, &__proact_t1, &__proact_s1);
// CHECK: if (__proact_tr1 <= 0) __proact_bhi = __proact_blo;
// CHECK: for (long long __proact_k = __proact_blo + __proact_t0, __proact_j1 = __proact_t1; __proact_k < __proact_bhi; __proact_k += __proact_s0, __proact_j1 += __proact_s1, (__proact_j1 >= __proact_tr1 ? (__proact_j1 -= __proact_tr1, __proact_k++) : 0)) {long i= (long)(__proact_first + __proact_k);long j= (long)((long long)( 1) + __proact_j1 *(long long)(1));{
// CHECK: v[i * n + j] = u[i * n + j];

#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++) {
    for (long j = 1; j < n - 1; j += 2)
      v[i * n + j] = u[i * n + j];
  }
// CHECK-LABEL: const long long __proact_first = 0, __proact_step = 1, __proact_bhi = 0;
// CHECK: collapse(2)
// CHECK: long j= (long)((long long)( 1) + __proact_j1 *(long long)((sizeof(long) == 1 ? (long long)(signed char)((long)0 + ( 2)) :

// A statement besides the inner loop: not collapsed.
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++) {
    v[i * n] = 0;
    for (long j = 1; j < n - 1; j++)
      v[i * n + j] = u[i * n + j];
  }
// CHECK-LABEL: const long long __proact_first = 0, __proact_step = 1, __proact_bhi = 0;
// CHECK-NOT: collapse(2)
// CHECK: proact__loop_end

// The inner variable is declared outside the nest: not collapsed (its exit
// value would be lost).
  long j;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++)
      v[i * n + j] = u[i * n + j];
// CHECK-LABEL: const long long __proact_first = 0, __proact_step = 1, __proact_bhi = 0;
// CHECK-NOT: collapse(2)
// CHECK: proact__loop_end
}

void nest3(long n, float *u, float *v) {
  long cells = n * n * n;
// A 3-D nest collapses completely.
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      for (long k = 1; k < n - 1; k++)
        v[(i * n + j) * n + k] = u[(i * n + j) * n + k];
// CHECK-LABEL: const long long __proact_first = 0, __proact_step = 1, __proact_bhi = 0;
// CHECK: collapse(3)

// The third loop depends on j: only the rectangular part collapses.
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      for (long k = j; k < n - 1; k++)
        v[(i * n + j) * n + k] = u[(i * n + j) * n + k];
// CHECK-LABEL: const long long __proact_first = 0, __proact_step = 1, __proact_bhi = 0;
// CHECK: collapse(2)
// CHECK: proact__loop_end

// The innermost body changes k: only i and j collapse.
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      for (long k = 1; k < n - 1; k++) {
        v[(i * n + j) * n + 1] = u[(i * n + j) * n + k];
        k += 1;
      }
// CHECK-LABEL: const long long __proact_first = 0, __proact_step = 1, __proact_bhi = 0;
// CHECK: collapse(2)
// CHECK: proact__loop_end
}

void nest_break(long n, float *u) {
  long cells = n * n;
// A 'break' in the inner loop: not collapsed (it leaves the j loop only).
#pragma proact region(u[0:cells])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      if (u[i * n + j] < 0)
        break;
      u[i * n + j] = 0;
    }
// CHECK-LABEL: nest_break
// CHECK-NOT: collapse(2)
// CHECK: proact__loop_end
}
