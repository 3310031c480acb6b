// From clang 18 on a loop's kernels are bare: `target teams ompx_bare`
// without a parallel region, so no device runtime team start, each thread
// reading its thread, team size, team and team count from the hardware
// (proact__kernel_*, device_ready.h), and the readiness calls told so by
// their `bare` argument (1). Every kernel of an array reduction keeps the
// SPMD form (target teams + parallel), as every kernel does with clang 16.
// Each kernel's walk is behind proact__host_code(): the device's first,
// then the host fallback's (a plain walk, after proact__host_fallback).
// RUN: %proact-cc -E %s -o - | %FileCheck %s --check-prefixes=CHECK,%kernel-form
#include <proact.h>

void plane(long n, long w, float *u, float *v) {
  long cells = n * w;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      v[i * w + j] = u[(i - 1) * w + j] + u[(i + 1) * w + j];
}
// CHECK-LABEL: __proact_desc.line = 14;
// The forwarding, instrumented and plain column kernels.
// CHECK: if (__proact_itt > 0) {if ((__proact_fwd & 1) && !__proact_one) {
// CHECK-NEXT: # 14
// SPMD-NEXT: #pragma omp target teams num_teams(__proact_nt)
// SPMD-NEXT: # 14
// SPMD-NEXT: #pragma omp parallel num_threads(__proact_nth)
// BARE-NEXT: #pragma omp target teams ompx_bare num_teams(__proact_nt)
// CHECK: if (!proact__host_code()) {
// CHECK: } else {proact__host_fallback("{{.*}}kernel-form.c", 14, 0);}
// CHECK: } else if (__proact_rd != 0 && !__proact_one) {
// CHECK-NEXT: # 14
// SPMD-NEXT: #pragma omp target teams num_teams(__proact_nt)
// SPMD-NEXT: # 14
// SPMD-NEXT: #pragma omp parallel num_threads(__proact_nth)
// BARE-NEXT: #pragma omp target teams ompx_bare num_teams(__proact_nt)
// BARE-NOT: omp_get_
// SPMD: proact__ready_block_done(__proact_rd, __proact_b, 0);
// BARE: proact__ready_block_done(__proact_rd, __proact_b, 1);
// CHECK: } else {proact__host_fallback("{{.*}}kernel-form.c", 14, 0);} }} else {
// CHECK-NEXT: # 14
// SPMD-NEXT: #pragma omp target teams num_teams(__proact_nt)
// SPMD-NEXT: # 14
// SPMD-NEXT: #pragma omp parallel num_threads(__proact_nth)
// SPMD: const int __proact_teams = omp_get_num_teams();{{ ?}}proact__tile_walk_t __proact_w; for (proact__tile_walk_start(&__proact_itk, omp_get_team_num(), __proact_teams, &__proact_w);
// SPMD: for (long long __proact_lane = omp_get_thread_num(); __proact_lane < __proact_itw; __proact_lane += omp_get_num_threads()) {
// BARE-NEXT: #pragma omp target teams ompx_bare num_teams(__proact_nt) thread_limit(__proact_nth) device(__proact_dev) is_device_ptr(__proact_pb0, __proact_pb1) is_device_ptr(__proact_rd){{$}}
// BARE-NEXT: # 14
// BARE-NEXT: {__typeof__(__proact_pb0) u = __proact_pb0; (void)u;__typeof__(__proact_pb1) v = __proact_pb1; (void)v;const proact__part_iters_t
// BARE-NOT: omp_get_
// BARE: if (!proact__host_code()) {const unsigned __proact_ntl
// The bare one looks each tile up afresh and counts lanes in an int, for
// registers for the row group's loads (LLVM 22's code through ptxas):
// BARE-SAME: const int __proact_teams = proact__kernel_teams();{{ ?}}for (long long __proact_b = proact__kernel_team(); __proact_b < __proact_nb; __proact_b += __proact_teams) {proact__tile_t __proact_w; long long __proact_blo, __proact_bhi; proact__tile_at(&__proact_itk, (unsigned)__proact_b, &__proact_w);
// BARE-NOT: omp_get_
// BARE: for (int __proact_lane = proact__kernel_thread(); __proact_lane < (int)__proact_itw; __proact_lane += proact__kernel_threads()) {
// No column kernel runs on the host (without devices the runtime walks
// flat, runtime/core/plan/geometry.c): the plain one's host fallback has
// no walk either.
// CHECK: } else {proact__host_fallback("{{.*}}kernel-form.c", 14, 0);}
// CHECK-NOT: proact__host_fallback(
// The flat walk has the plain kernel alone: the nest pushes from its
// column kernels only (runtime/core/plan/geometry.c).
// CHECK-NOT: __proact_rd != 0
// CHECK: }}} else {
// CHECK-NEXT: # 14
// SPMD-NEXT: #pragma omp target teams num_teams(__proact_nt)
// SPMD: proact__block_walk_start(&__proact_itk, omp_get_team_num(),
// BARE-NEXT: #pragma omp target teams ompx_bare num_teams(__proact_nt)
// BARE-NOT: omp_get_
// BARE: proact__block_walk_start(&__proact_itk, proact__kernel_team(),
// CHECK: proact__host_fallback("{{.*}}kernel-form.c", 14, 1);
// CHECK-NOT: __proact_rd != 0
// CHECK: proact__loop_end(__proact_loop);

// A loop variable declared before the loop: in the bare kernel each thread
// declares its own (the SPMD kernels' parallel region privatises it).
void outer_var(int n, double *a) {
  int i;
#pragma proact region(a[0:n])
  for (i = 0; i < n; i++)
    a[i] = 2.0 * i;
}
// CHECK-LABEL: __proact_desc.line = 78;
// The flat kernels: forwarding, instrumented, then plain.
// CHECK: if ((__proact_fwd & 1) && !__proact_one) {
// SPMD: #pragma omp parallel num_threads(__proact_nth) private(i)
// BARE-NOT: private(i)
// CHECK: } else if (__proact_rd != 0 && !__proact_one) {
// CHECK-NEXT: # 78
// SPMD-NEXT: #pragma omp target teams num_teams(__proact_nt)
// BARE-NEXT: #pragma omp target teams ompx_bare num_teams(__proact_nt)
// BARE-NOT: omp_get_
// BARE: proact__ready_walk(__proact_rd, __proact_tk, &__proact_itk, 0u, &__proact_w, 1);
// BARE: proact__ready_block_done(__proact_rd, __proact_b, 1);
// SPMD: proact__ready_walk(__proact_rd, __proact_tk, &__proact_itk, 0u, &__proact_w, 0);
// SPMD: proact__ready_block_done(__proact_rd, __proact_b, 0);
// CHECK: proact__host_fallback("{{.*}}kernel-form.c", 78, 0);} }} else {
// CHECK-NEXT: # 78
// SPMD-NEXT: #pragma omp target teams num_teams(__proact_nt)
// SPMD-NEXT: # 78
// SPMD-NEXT: #pragma omp parallel num_threads(__proact_nth) private(i)
// BARE-NEXT: #pragma omp target teams ompx_bare num_teams(__proact_nt)
// BARE-NEXT: # 78
// BARE-NEXT: {__typeof__(__proact_pb0) a = __proact_pb0; (void)a;__typeof__(i) i;const proact__part_iters_t
// CHECK: proact__loop_end(__proact_loop);

// A scalar reduction's plain kernel is bare too: its team folds with
// bar.sync (proact__kernel_sync) instead of the OpenMP barrier.
double total(int n, const double *a) {
  double s = 0;
#pragma proact region(a[0:n]) reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
// CHECK-LABEL: __proact_desc.line = 110;
// SPMD-NOT: ompx_bare
// BARE: #pragma omp target teams ompx_bare num_teams(__proact_nt) thread_limit(__proact_nth) device(__proact_dev) is_device_ptr(__proact_pb0) is_device_ptr(__proact_sc) map(from: __proact_out0){{$}}
// BARE-NOT: omp barrier
// BARE: proact__kernel_sync();
// BARE-NOT: omp barrier
// CHECK: proact__loop_end(__proact_loop);

// An array reduction's per-thread copies are numbered with the runtime's
// team (omp_get_team_num, omp_get_thread_num): SPMD under both.
void histogram(int n, const int *k, long *h) {
#pragma proact region(k[0:n]) reduction(+ : h[0:16])
  for (int i = 0; i < n; i++)
    h[k[i] & 15]++;
}
// CHECK-LABEL: __proact_desc.line = 126;
// CHECK-NOT: ompx_bare
// CHECK: proact__loop_end(__proact_loop);

// A scalar reduction's bare column kernel keeps the 64-bit lane counter
// (with an int one ptxas split its row group's loads into more batches).
float maxdiff(long n, const float *u, float *v) {
  long cells = n * n;
  float big = 0;
#pragma proact region(u[0:cells], v[0:cells]) reduction(max : big)
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++) {
      float d = u[i * n + j] - u[(i - 1) * n + j];
      if (d > big)
        big = d;
      v[i * n + j] = d;
    }
  return big;
}
// CHECK-LABEL: __proact_desc.line = 139;
// CHECK: __proact_desc.columns = 1;
// The plain column kernel, after the instrumented one's report, up to its
// host fallback:
// BARE: proact__ready_block_done(__proact_rd, __proact_b, 1);
// BARE: for (long long __proact_b = proact__kernel_team();
// BARE: for (long long __proact_lane = proact__kernel_thread(); __proact_lane < __proact_itw;
// CHECK: proact__host_fallback("{{.*}}kernel-form.c", 139, 1);
// CHECK: proact__loop_end(__proact_loop);

// The rows' stride above is a parameter (`w`), so that the sweep keeps its
// forwarding kernels (inline-gaps.c).
