// Each kernel receives the part's device address of every region array's
// element 0 (proact__loop_part_base) by is_device_ptr and binds the
// array's name to it first thing in its region, so that the body indexes
// the part's own copy without OpenMP's association of the host address
// (which allows one copy per OpenMP device). Only arrays whose loads are
// checked against the part's section keep that section (__proact_plo,
// __proact_plen). The lowering compiles without warnings, host and device.
// RUN: %proact-cc -E -DNO_SEMA %s -o - | %FileCheck %s --check-prefixes=CHECK,%kernel-form
// RUN: %proact-cc -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck %s --check-prefix=AST
// RUN: %proact-cc -fsyntax-only -Wall -Wextra -Werror %s
// RUN: %proact-cc --offload-arch=sm_90 --offload-device-only -nogpulib --cuda-path=%t.nocuda -Xclang -target-feature -Xclang +ptx78 -fsyntax-only -Wall -Wextra -Werror %s
#include <proact.h>

void gather(int n, const double *u, double *v, const int *idx) {
#pragma proact region(u[0:n], v[0:n], idx[0:n])
  for (int i = 0; i < n; i++)
    v[i] = u[idx[i]];
}
// CHECK-LABEL: __proact_desc.line = 15;
// CHECK: continue;__typeof__(&(u)[0]) __proact_pb0 = (__typeof__(&(u)[0]))proact__loop_part_base(__proact_loop, __proact_p, 0);long long __proact_plo0, __proact_plen0; proact__loop_part_section(__proact_loop, __proact_p, 0, &__proact_plo0, &__proact_plen0);__typeof__(&(v)[0]) __proact_pb1 = (__typeof__(&(v)[0]))proact__loop_part_base(__proact_loop, __proact_p, 1);__typeof__(&(idx)[0]) __proact_pb2 = (__typeof__(&(idx)[0]))proact__loop_part_base(__proact_loop, __proact_p, 2);proact__read_fault_t
// The forwarding, instrumented and plain kernels:
// SPMD: #pragma omp target teams num_teams(__proact_nt) thread_limit(__proact_nth) device(__proact_dev) is_device_ptr(__proact_pb0, __proact_pb1, __proact_pb2) is_device_ptr(__proact_rd) is_device_ptr(__proact_rf)
// BARE: #pragma omp target teams ompx_bare num_teams(__proact_nt) thread_limit(__proact_nth) device(__proact_dev) is_device_ptr(__proact_pb0, __proact_pb1, __proact_pb2) is_device_ptr(__proact_rd) is_device_ptr(__proact_rf)
// CHECK-COUNT-2: device(__proact_dev) is_device_ptr(__proact_pb0, __proact_pb1, __proact_pb2) is_device_ptr({{.*}}
// SPMD-NEXT: # 15
// SPMD-NEXT: #pragma omp parallel num_threads(__proact_nth)
// CHECK-NEXT: # 15
// CHECK-NEXT: {__typeof__(__proact_pb0) u = __proact_pb0; (void)u;__typeof__(__proact_pb1) v = __proact_pb1; (void)v;__typeof__(__proact_pb2) idx = __proact_pb2; (void)idx;const proact__part_iters_t
// CHECK: proact__read_at((const void *)( u), sizeof(( u)[0]), (long long)(idx[i]), __proact_plo0, __proact_cln0, __proact_rf,
// CHECK-NOT: map(alloc
// CHECK: proact__loop_end(__proact_loop);

// A C array, a loop variable declared before the loop and an array
// reduction (never bare, its updates checked) take the same form.
void forms(double a[100], double h[4]) {
  long i;
#pragma proact region(a[0:100])
  for (i = 0; i < 100; i++)
    a[i] = 2 * a[i];
#pragma proact region(a[0:100]) reduction(+: h[0:4])
  for (long k = 0; k < 100; k++)
    h[k % 4] += a[k];
}
// CHECK-LABEL: __proact_desc.line = 37;
// CHECK: #pragma omp target teams {{.*}}device(__proact_dev) is_device_ptr(__proact_pb0){{$| }}
// CHECK: {__typeof__(__proact_pb0) a = __proact_pb0; (void)a;
// CHECK-LABEL: __proact_desc.line = 40;
// CHECK: #pragma omp target teams num_teams(__proact_nt) thread_limit(__proact_nth) device(__proact_dev) is_device_ptr(__proact_pb0) is_device_ptr(__proact_rf) is_device_ptr(__proact_ab)
// CHECK-NEXT: # 40
// CHECK-NEXT: #pragma omp parallel num_threads(__proact_nth)
// CHECK-NEXT: # 40
// CHECK-NEXT: {__typeof__(__proact_pb0) a = __proact_pb0; (void)a;__proact_at0 *const h =
// CHECK-NOT: map(alloc

// A two-dimensional array: its flat pointer's name is bound (this needs
// Sema, which -E lacks).
#ifndef NO_SEMA
void plane(long n, float m[n][8]) {
#pragma proact region(m[0:n][0:8])
  for (long r = 0; r < n; r++)
    for (long c = 0; c < 8; c++)
      m[r][c] += 1;
}
#endif
// AST-LABEL: void plane(
// AST: typeof (&(__proact_flat_m)[0]) __proact_pb0 = (typeof (&(__proact_flat_m)[0]))proact__loop_part_base(__proact_loop, __proact_p, 0);
// AST: is_device_ptr(__proact_pb0)
// AST: typeof (__proact_pb0) __proact_flat_m = __proact_pb0;
// AST-NEXT: (void)__proact_flat_m;
// AST: __proact_flat_m[(r) * __proact_s1_m + (c)] += 1;
// AST-NOT: map(alloc
