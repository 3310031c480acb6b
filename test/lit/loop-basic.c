// The loop directive becomes a host 'parallel' region whose threads take
// the device parts, each one OpenMP target region, and the runtime calls.
// RUN: %proact-cc -E %s -o - | %FileCheck %s --check-prefixes=CHECK,%kernel-form
#include <proact.h>

void smooth(int n, double *u, double *v) {
#pragma proact region(u[0:n], v[1:n-2])
  for (int i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
}
// CHECK: __proact_arrays[0].name = "u";
// CHECK: __proact_arrays[0].base = (void *)(u);
// CHECK: const long long __proact_lo1 =(long long)(1); const long long __proact_len1 =(long long)(n-2);
// CHECK: __proact_desc.line = 7;
// CHECK: __proact_desc.first =(long long)(int)( 1);
// The bound in the type C compares `i < n - 1` in (codegen.h).
// CHECK: __typeof__((int)0 + ( n - 1)) const __proact_bv = (__typeof__((int)0 + ( n - 1)))( n - 1);
// CHECK: proact__trip_count(__proact_desc.first,{{[^;]*}}(long long)(__proact_bv)), __proact_desc.step, 0,
// CHECK: proact__loop_ascend(&__proact_desc);
// CHECK: __proact_writes[0].array = 1;
// CHECK: __proact_writes[0].coef =(long long)(1);
// CHECK: __proact_desc.mech = 0;
// CHECK: proact__loop_begin(&__proact_desc);
// CHECK: const int __proact_np = proact__loop_nparts(__proact_loop);
// CHECK: const int __proact_ht = proact__loop_threads(__proact_loop);
// CHECK: #pragma omp parallel num_threads(__proact_ht)
// CHECK: for (int __proact_p = omp_get_thread_num(); __proact_p < __proact_np; __proact_p += omp_get_num_threads()) {
// CHECK: if (__proact_klo >= __proact_khi || !proact__loop_part_here(__proact_loop, __proact_p)) continue;__typeof__(&(u)[0]) __proact_pb0 = (__typeof__(&(u)[0]))proact__loop_part_base(__proact_loop, __proact_p, 0);__typeof__(&(v)[0]) __proact_pb1 = (__typeof__(&(v)[0]))proact__loop_part_base(__proact_loop, __proact_p, 1);int __proact_nt,
// CHECK-SAME: proact__loop_part_kernel(__proact_loop, __proact_p, &__proact_nt, &__proact_nth, &__proact_it, &__proact_nb, &__proact_rd, &__proact_fwd);proact__loop_part_begin(__proact_loop, __proact_p);const long long __proact_il = __proact_it.lo, __proact_ie = __proact_it.end, __proact_ip = __proact_it.piece, __proact_is = __proact_it.stride, __proact_ib = __proact_it.block, __proact_ibp = __proact_it.bpp, __proact_itt = __proact_it.tiles, __proact_itw = __proact_it.tile;const int __proact_one = 0; (void)__proact_one;if ((__proact_fwd & 1) && !__proact_one) {
// Three kernels: the forwarding kernel (mech(inline)), where blocks whose
// chunks someone reads forward their stores and the others give the same
// body no readiness state (__proact_rb), so each forward returns at once;
// the instrumented kernel (a readiness state: each finished block is
// reported); the plain kernel (none), which carries no readiness code and
// so no registers for it. In each, a team walks its blocks
// (proact__block_walk_*: no 64-bit division) and its threads walk a block's
// iterations in turn, thread t from t by the team's size; this body is one
// assignment, so two iterations at a time, both loads first (ilp.h), then
// the remainder one at a time. With clang 16 the kernels are SPMD (target
// teams + parallel), from clang 18 bare (ompx_bare: no device runtime team
// start), their threads reading their identities from the hardware
// (proact__kernel_*). Each kernel's device walk is behind
// proact__host_code(); its host fallback (the target region's host
// version) reports a readiness kernel that runs there:
// SPMD: #pragma omp target teams num_teams(__proact_nt) thread_limit(__proact_nth) device(__proact_dev) is_device_ptr(__proact_pb0, __proact_pb1) is_device_ptr(__proact_rd)
// SPMD: {__typeof__(__proact_pb0) u = __proact_pb0; (void)u;__typeof__(__proact_pb1) v = __proact_pb1; (void)v;const proact__part_iters_t __proact_itk = {{[{]}}__proact_il, __proact_ie, __proact_ip, __proact_is, __proact_ib, __proact_ibp, __proact_itt, __proact_itw};if (!sizeof(char)) for (long long __proact_k = 0
// SPMD: if (!proact__host_code()) {const long long __proact_t = omp_get_thread_num(), __proact_T = omp_get_num_threads(); long long __proact_r = __proact_t, __proact_R = __proact_T;const long long __proact_t0 = __proact_r, __proact_s0 = __proact_R;
// BARE: #pragma omp target teams ompx_bare num_teams(__proact_nt) thread_limit(__proact_nth) device(__proact_dev) is_device_ptr(__proact_pb0, __proact_pb1) is_device_ptr(__proact_rd)
// BARE: {__typeof__(__proact_pb0) u = __proact_pb0; (void)u;__typeof__(__proact_pb1) v = __proact_pb1; (void)v;const proact__part_iters_t __proact_itk = {{[{]}}__proact_il, __proact_ie, __proact_ip, __proact_is, __proact_ib, __proact_ibp, __proact_itt, __proact_itw};if (!sizeof(char)) for (long long __proact_k = 0
// BARE: if (!proact__host_code()) {const long long __proact_t = proact__kernel_thread(), __proact_T = proact__kernel_threads(); long long __proact_r = __proact_t, __proact_R = __proact_T;const long long __proact_t0 = __proact_r, __proact_s0 = __proact_R;
// The forwarding kernel's places team, team + teams, ..., each running the
// block the part's order gives (the blocks other devices read first),
// looked up with 32-bit divisions:
// SPMD-SAME: const int __proact_teams = omp_get_num_teams(); proact__block_walk_t __proact_w; for (long long __proact_pl = omp_get_team_num(); __proact_pl < __proact_nb; __proact_pl += __proact_teams) {proact__block_walk_at(&__proact_itk, proact__ready_block_at(__proact_rd, __proact_pl), &__proact_w);const long long __proact_b = __proact_w.b;
// BARE-SAME: const int __proact_teams = proact__kernel_teams(); proact__block_walk_t __proact_w; for (long long __proact_pl = proact__kernel_team(); __proact_pl < __proact_nb; __proact_pl += __proact_teams) {proact__block_walk_at(&__proact_itk, proact__ready_block_at(__proact_rd, __proact_pl), &__proact_w);const long long __proact_b = __proact_w.b;
// CHECK: proact__ready_t *const __proact_rb = proact__ready_block_touches(__proact_rd, __proact_b) ? __proact_rd : 0;{ long long __proact_k = __proact_blo + __proact_t0;for (; __proact_k + 1 * __proact_s0 < __proact_bhi; __proact_k += 2 * __proact_s0) {{[{][{]}}int i = (int)(__proact_first + (__proact_k + 0 * __proact_s0));
// CHECK: proact__ready_forward(__proact_rb, 1, (const void *)&(
// CHECK-NOT: proact__ready_block_done
// CHECK: } else {proact__host_fallback("{{.*}}loop-basic.c", 7, 0);} }} else if (__proact_rd != 0 && !__proact_one) {
// CHECK-NEXT: # 7
// SPMD-NEXT: #pragma omp target teams num_teams(__proact_nt) thread_limit(__proact_nth) device(__proact_dev) is_device_ptr(__proact_pb0, __proact_pb1) is_device_ptr(__proact_rd)
// SPMD-NEXT: # 7
// SPMD-NEXT: #pragma omp parallel num_threads(__proact_nth)
// BARE-NEXT: #pragma omp target teams ompx_bare num_teams(__proact_nt) thread_limit(__proact_nth) device(__proact_dev) is_device_ptr(__proact_pb0, __proact_pb1) is_device_ptr(__proact_rd)
// The instrumented kernel walks its blocks with proact__ready_walk: by
// ticket when the runtime says so (most blocks report), else place team +
// k * teams, the place's block from the part's order (the blocks other
// devices read first), its digits from 32-bit divisions:
// (the readiness calls' last argument says whether the kernel is bare):
// SPMD: proact__ready_kernel_stamp(__proact_rd, 0, 0);const int __proact_tk = __proact_rd->ticketed; unsigned __proact_bk = 0; proact__block_walk_t __proact_w; for (proact__ready_walk(__proact_rd, __proact_tk, &__proact_itk, 0u, &__proact_w, 0); __proact_w.b < __proact_nb; proact__ready_walk(__proact_rd, __proact_tk, &__proact_itk, ++__proact_bk, &__proact_w, 0)) {const long long __proact_b = __proact_w.b;
// BARE: proact__ready_kernel_stamp(__proact_rd, 0, 1);const int __proact_tk = __proact_rd->ticketed; unsigned __proact_bk = 0; proact__block_walk_t __proact_w; for (proact__ready_walk(__proact_rd, __proact_tk, &__proact_itk, 0u, &__proact_w, 1); __proact_w.b < __proact_nb; proact__ready_walk(__proact_rd, __proact_tk, &__proact_itk, ++__proact_bk, &__proact_w, 1)) {const long long __proact_b = __proact_w.b;
// CHECK: v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
// SPMD: }} }proact__ready_block_done(__proact_rd, __proact_b, 0);}proact__ready_kernel_stamp(__proact_rd, 1, 0);} else {proact__host_fallback("{{.*}}loop-basic.c", 7, 0);} }} else {
// BARE: }} }proact__ready_block_done(__proact_rd, __proact_b, 1);}proact__ready_kernel_stamp(__proact_rd, 1, 1);} else {proact__host_fallback("{{.*}}loop-basic.c", 7, 0);} }} else {
// The plain kernel:
// CHECK-NEXT: # 7
// SPMD-NEXT: #pragma omp target teams num_teams(__proact_nt) thread_limit(__proact_nth) device(__proact_dev) is_device_ptr(__proact_pb0, __proact_pb1) is_device_ptr(__proact_rd){{$}}
// SPMD-NEXT: # 7
// SPMD-NEXT: #pragma omp parallel num_threads(__proact_nth)
// SPMD-NEXT: # 7
// SPMD-NEXT: {__typeof__(__proact_pb0) u = __proact_pb0; (void)u;__typeof__(__proact_pb1) v = __proact_pb1; (void)v;const proact__part_iters_t __proact_itk = {{[{]}}__proact_il, __proact_ie, __proact_ip, __proact_is, __proact_ib, __proact_ibp, __proact_itt, __proact_itw};if (!sizeof(char)) for (long long __proact_k = 0
// SPMD: if (!proact__host_code()) {const long long __proact_t = omp_get_thread_num(), __proact_T = omp_get_num_threads(); long long __proact_r = __proact_t, __proact_R = __proact_T;const long long __proact_t0 = __proact_r, __proact_s0 = __proact_R;const int __proact_teams = omp_get_num_teams(); proact__block_walk_t __proact_w; for (proact__block_walk_start(&__proact_itk, omp_get_team_num(), __proact_teams, &__proact_w); __proact_w.b < __proact_nb; proact__block_walk_next(&__proact_itk, __proact_teams, &__proact_w)) {const long long __proact_b = __proact_w.b; (void)__proact_b; long long __proact_blo, __proact_bhi; proact__block_walk_range(&__proact_itk, &__proact_w, &__proact_blo, &__proact_bhi);{ long long __proact_k = __proact_blo + __proact_t0;for (; __proact_k + 1 * __proact_s0 < __proact_bhi; __proact_k += 2 * __proact_s0) {
// BARE-NEXT: #pragma omp target teams ompx_bare num_teams(__proact_nt) thread_limit(__proact_nth) device(__proact_dev) is_device_ptr(__proact_pb0, __proact_pb1) is_device_ptr(__proact_rd){{$}}
// BARE-NEXT: # 7
// BARE-NEXT: {__typeof__(__proact_pb0) u = __proact_pb0; (void)u;__typeof__(__proact_pb1) v = __proact_pb1; (void)v;const proact__part_iters_t __proact_itk = {{[{]}}__proact_il, __proact_ie, __proact_ip, __proact_is, __proact_ib, __proact_ibp, __proact_itt, __proact_itw};if (!sizeof(char)) for (long long __proact_k = 0
// BARE: if (!proact__host_code()) {const long long __proact_t = proact__kernel_thread(), __proact_T = proact__kernel_threads(); long long __proact_r = __proact_t, __proact_R = __proact_T;const long long __proact_t0 = __proact_r, __proact_s0 = __proact_R;const int __proact_teams = proact__kernel_teams(); proact__block_walk_t __proact_w; for (proact__block_walk_start(&__proact_itk, proact__kernel_team(), __proact_teams, &__proact_w); __proact_w.b < __proact_nb; proact__block_walk_next(&__proact_itk, __proact_teams, &__proact_w)) {const long long __proact_b = __proact_w.b; (void)__proact_b; long long __proact_blo, __proact_bhi; proact__block_walk_range(&__proact_itk, &__proact_w, &__proact_blo, &__proact_bhi);{ long long __proact_k = __proact_blo + __proact_t0;for (; __proact_k + 1 * __proact_s0 < __proact_bhi; __proact_k += 2 * __proact_s0) {
// BARE-NOT: omp_get_
// CHECK: v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
// Its host fallback (a program without devices) runs the same blocks one
// iteration at a time:
// CHECK: } else {proact__host_fallback("{{.*}}loop-basic.c", 7, 1);const long long __proact_t
// CHECK-NOT: __proact_v0
// CHECK: v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
// CHECK: }}}} }}proact__loop_part_end(__proact_loop, __proact_p);}
// CHECK-NOT: proact__ready_block_done
// CHECK: proact__loop_end(__proact_loop);
