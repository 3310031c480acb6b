// Canonical loop forms: <=, >, >=, --, += and -= steps, a variable declared
// before the loop (made private, and left at its exit value afterwards).
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void forms(int n, float *a) {
  int i;
#pragma proact region(a[0:n])
  for (i = n - 1; i >= 0; i--)
    a[i] = 1.0f;
// CHECK-LABEL: __proact_desc.line = 8;
// CHECK: .step =(long long)(-1);
// CHECK: __proact_desc.step, 3,
// CHECK: device(__proact_dev) is_device_ptr(__proact_pb0) is_device_ptr(__proact_rd)
// CHECK: {{#pragma omp parallel num_threads\(__proact_nth\) private\(i\)|\{__typeof__\(__proact_pb0\) a = __proact_pb0; \(void\)a;__typeof__\(i\) i;const proact__part_iters_t}}
// CHECK: i= (__typeof__(i))(__proact_first + __proact_k * __proact_step);
// CHECK: proact__loop_end(__proact_loop);i= (__typeof__(i))(__proact_first0 + __proact_desc.trip * __proact_step0);

#pragma proact region(a[0:n])
  for (long j = 0; j <= n - 2; j += 2)
    a[j] = 2.0f;
// CHECK-LABEL: __proact_desc.line = 19;
// CHECK: .step =(long long)((sizeof(long) == 1 ? (long long)(signed char)((long)0 + ( 2)) :
// CHECK: __proact_desc.step, 1,
// CHECK: long j= (long)(__proact_first

#pragma proact region(a[0:n])
  for (unsigned k = n; k > 0; k -= 1)
    a[k - 1] = 3.0f;
// The sites follow the descriptor's first, step and trip count.
// CHECK-LABEL: __proact_desc.line = 27;
// CHECK: .step =(long long)((sizeof(unsigned) == 1 ? (long long)(signed char)((unsigned)0 - ( 1)) :
// CHECK: __proact_desc.step, 2,
// CHECK: .off_min =(long long)((0 -( 1)));

#pragma proact region(a[0:n])
  for (int m = 0; n > m; m = m + 1)
    a[m] = 4.0f;
// `m = m + 1` adds 1 in the type C computes `m + 1` in, held as m's.
// CHECK-LABEL: __proact_desc.line = 36;
// CHECK: .step =(long long)((sizeof(int) == 1 ? (long long)(signed char)((int)0 + 1) :
// CHECK: __proact_desc.step, 0,
}
