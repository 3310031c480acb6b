// A collapsed nest whose body is one assignment also gets the column-walk
// kernels (docs/design/lowering.md), chosen at run time when the part's
// iterations have tiles (PROACT_WALK): one team per block of `tile` innermost
// iterations x `block` rows, each thread down its column in groups of
// rows, loads first, with an int row counter: 2 rows in the plain kernel,
// 4 in the forwarding one and 8 in the instrumented one, whose rows are
// written as the group's first plus a constant (a load two rows share is
// one). So does a body whose last statement is its one store (the
// statements before it run in each row's copy). Any other collapsed body
// gets the flat walk only.
// RUN: %proact-cc -E %s -o - | %FileCheck %s --check-prefixes=CHECK,%kernel-form
#include <proact.h>

void plane(long n, long w, float *u, float *v) {
  long cells = n * w;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      v[i * w + j] = u[(i - 1) * w + j] + u[(i + 1) * w + j];
}
// CHECK-LABEL: __proact_desc.line = 16;
// CHECK: __proact_desc.columns = 1; __proact_desc.inner_last = __proact_tr1;
// CHECK: __proact_itt = __proact_it.tiles, __proact_itw = __proact_it.tile;const int __proact_one = 0; (void)__proact_one;if (__proact_itt > 0) {if ((__proact_fwd & 1) && !__proact_one) {
// CHECK: {__typeof__(__proact_pb0) u = __proact_pb0; (void)u;__typeof__(__proact_pb1) v = __proact_pb1; (void)v;const proact__part_iters_t __proact_itk = {{[{]}}__proact_il, __proact_ie, __proact_ip, __proact_is, __proact_ib, __proact_ibp, __proact_itt, __proact_itw};if (!sizeof(char)) for (long long __proact_k = 0
// CHECK: if (!proact__host_code()) {proact__ready_kernel_stamp(__proact_rd, 0, {{[01]}});const unsigned __proact_ntl = ((unsigned)__proact_tr1 + (unsigned)__proact_itw - 1u) / (unsigned)__proact_itw;
// CHECK-SAME: for (long long __proact_pl = {{omp_get_team_num|proact__kernel_team}}(); __proact_pl < __proact_nb; __proact_pl += __proact_teams) {const long long __proact_b = proact__ready_block_at(__proact_rd, __proact_pl);proact__tile_t __proact_w; long long __proact_blo, __proact_bhi; proact__tile_at(&__proact_itk, (unsigned)__proact_b, &__proact_w); proact__tile_range(&__proact_itk, &__proact_w, &__proact_blo, &__proact_bhi);
// CHECK-SAME: unsigned __proact_c = (unsigned)__proact_w.c; const long long __proact_jM0 = (long long)(__proact_c % __proact_ntl) * __proact_itw; __proact_c /= __proact_ntl;const long long __proact_kb = __proact_blo; const int __proact_rows = (int)(__proact_bhi - __proact_blo);proact__ready_t *const __proact_rb = proact__ready_block_touches(__proact_rd, __proact_b) ? __proact_rd : 0;for (long long __proact_lane = {{omp_get_thread_num|proact__kernel_thread}}(); __proact_lane < __proact_itw; __proact_lane += {{omp_get_num_threads|proact__kernel_threads}}()) {const long long __proact_j1 = __proact_jM0 + __proact_lane; if (__proact_j1 >= __proact_tr1) break;long j= (long)((long long)( 1) + __proact_j1 *(long long)(1));{ int __proact_k = 0; const int __proact_s0 = 1, __proact_bhi = __proact_rows; (void)__proact_s0;for (; __proact_k + 3 * __proact_s0 < __proact_bhi; __proact_k += 4 * __proact_s0) {{[{][{]}}long i = (long)(__proact_first + __proact_kb + __proact_k + 0);
// CHECK: {long i = (long)(__proact_first + __proact_kb + __proact_k + 3);
// The forwarding column kernel forwards each grouped store:
// CHECK: proact__ready_forward(__proact_rb, 1,
// The instrumented column kernel looks each tile up afresh (nothing
// carried across the reporting), the tiles other devices read first (the
// part's order, as the forwarding kernel), and reports it:
// CHECK: } else if (__proact_rd != 0 && !__proact_one) {
// CHECK: for (long long __proact_pl = {{omp_get_team_num|proact__kernel_team}}(); __proact_pl < __proact_nb; __proact_pl += __proact_teams) {const long long __proact_b = proact__ready_block_at(__proact_rd, __proact_pl);proact__tile_t __proact_w; long long __proact_blo, __proact_bhi; proact__tile_at(&__proact_itk, (unsigned)__proact_b, &__proact_w); proact__tile_range(&__proact_itk, &__proact_w, &__proact_blo, &__proact_bhi);
// CHECK: for (; __proact_k + 7 * __proact_s0 < __proact_bhi; __proact_k += 8 * __proact_s0) {{[{][{]}}long i = (long)(__proact_first + __proact_kb + __proact_k + 0);
// CHECK: {long i = (long)(__proact_first + __proact_kb + __proact_k + 7);
// CHECK: proact__ready_block_done(__proact_rd, __proact_b, {{[01]}});}proact__ready_kernel_stamp(__proact_rd, 1, {{[01]}});} else {proact__host_fallback("{{.*}}loop-columns.c", 16, 0);} }} else {
// The plain column kernel: groups of 2 rows, each row's int counter
// widened on its own; bare (clang 18+), it too looks each tile up afresh:
// SPMD: proact__tile_walk_start
// BARE: proact__tile_at(
// CHECK: for (; __proact_k + 1 * __proact_s0 < __proact_bhi; __proact_k += 2 * __proact_s0) {{[{][{]}}long i = (long)(__proact_first + (__proact_kb + (__proact_k + 0)));
// The flat walk, for PROACT_WALK=flat and short inner loops, has the plain
// kernel alone: the nest's parts push from the column kernels only.
// CHECK-NOT: __proact_fwd
// CHECK: }}} else {
// CHECK-NOT: __proact_rd
// CHECK: proact__block_walk_start
// CHECK-NOT: __proact_rd
// CHECK: proact__loop_end(__proact_loop);
void grid(long n, double *p, double *q) {
  long nn = n * n, cells = nn * n;
#pragma proact region(p[0:cells], q[0:cells])
  for (long x = 1; x < n - 1; x++)
    for (long y = 1; y < n - 1; y++)
      for (long z = 1; z < n - 1; z++)
        q[x * nn + y * n + z] += p[x * nn + y * n + z - 1];
}
// Two collapsed loops: the block's outer digit j1 comes from the tile
// number, the innermost j2 from the lane; a compound assignment keeps the
// element's address:
// CHECK-LABEL: __proact_desc.line = 54;
// CHECK: __proact_desc.columns = 1; __proact_desc.inner_last = __proact_tr2;
// CHECK: __proact_c /= __proact_ntl;const long long __proact_j1 = __proact_c;
// CHECK-SAME: const long long __proact_j2 = __proact_jM0 + __proact_lane; if (__proact_j2 >= __proact_tr2) break;
// CHECK: *const __proact_p0 = &(
// CHECK: proact__loop_end(__proact_loop);

void two_statements(long n, long w, float *u, float *v) {
  long cells = n * w;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++) {
      float t = u[i * w + j];
      v[i * w + j] = t * t;
    }
}
// A body whose last statement is its one store walks columns too: each
// row of a group runs the statements before the store in a scope of its
// own and takes the element's address there (the index may name the
// prefix's locals, which the next row's copy shadows); the stores follow.
// CHECK-LABEL: __proact_desc.line = 72;
// CHECK: __proact_desc.columns = 1; __proact_desc.inner_last = __proact_tr1;
// CHECK: proact__ready_block_at(__proact_rd, __proact_pl)
// CHECK: __proact_k += 4 * __proact_s0) {{[{][{]}}long i = (long)(__proact_first + __proact_kb + __proact_k + 0);{
// CHECK: float t = u[i * w + j];
// CHECK: *const __proact_p0 = &(
// CHECK: v[i * w + j]
// CHECK: __proact_v0 = ( t * t);{long i = (long)(__proact_first + __proact_kb + __proact_k + 1);{
// CHECK: float t = u[i * w + j];
// CHECK: {(*__proact_p0) = __proact_v0;proact__ready_forward(__proact_rb, 1, (const void *)&((*__proact_p0)), sizeof((*__proact_p0)));}
// LLVM 16's plain column kernel takes 4 rows for such a body (2 for one
// assignment); clang 18's bare one 2:
// SPMD: __proact_k += 4 * __proact_s0) {{[{][{]}}long i = (long)(__proact_first + (__proact_kb + (__proact_k + 0)));{
// SPMD: __proact_v3 = ( t * t);{(*__proact_p0) = __proact_v0;}{(*__proact_p1) = __proact_v1;}{(*__proact_p2) = __proact_v2;}{(*__proact_p3) = __proact_v3;}}}}}}}}}}
// BARE: __proact_k += 2 * __proact_s0) {{[{][{]}}long i = (long)(__proact_first + (__proact_kb + (__proact_k + 0)));{
// BARE: __proact_v1 = ( t * t);{(*__proact_p0) = __proact_v0;}{(*__proact_p1) = __proact_v1;}}}}}}for
// CHECK: proact__loop_end(__proact_loop);

void prefix_branches(long n, float *u, float *v) {
  long cells = n * n;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++) {
      float t = u[i * n + j], w[2] = {1, 2};
      if (t < 0) {
        t = -t;
      } else
        t = t + w[1];
      v[i * n + j] = t;
    }
}
// Branches, an initializer list and a local array in the prefix are fine:
// CHECK-LABEL: __proact_desc.line = 103;
// CHECK: __proact_desc.columns = 1;
// CHECK: *const __proact_p0 = &(
// CHECK: v[i * n + j]
// CHECK: proact__loop_end(__proact_loop);

void prefix_continue(long n, float *u, float *v) {
  long cells = n * n;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++) {
      if (u[i * n + j] == 0)
        continue;
      v[i * n + j] = 1 / u[i * n + j];
    }
}
// A prefix that leaves the iteration (continue, break, return, goto),
// loops, switches or declares a static or a label cannot run as one of a
// group's copies: the flat walk only (a label: label_prefix below).
// CHECK-LABEL: __proact_desc.line = 123;
// CHECK: __proact_desc.columns = 0;
// CHECK-NOT: proact__tile_{{walk_start|at}}
// CHECK: proact__loop_end(__proact_loop);

void two_stores(long n, float *u, float *v) {
  long cells = n * n;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++) {
      u[i * n + j] = 0;
      v[i * n + j] = 1;
    }
}
// A prefix that stores to a region array: the flat walk only.
// CHECK-LABEL: __proact_desc.line = 141;
// CHECK: __proact_desc.columns = 0;
// CHECK-NOT: proact__tile_{{walk_start|at}}
// CHECK: proact__loop_end(__proact_loop);

void inner_loop(long n, float *u, float *v) {
  long cells = n * n;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++) {
      float s = 0;
      for (int k = 0; k < 4; k++)
        s += u[i * n + j] * k;
      v[i * n + j] = s;
    }
}
// CHECK-LABEL: __proact_desc.line = 156;
// CHECK: __proact_desc.columns = 0;
// CHECK: proact__loop_end(__proact_loop);

void label_prefix(long n, float *u, float *v) {
  long cells = n * n;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++) {
      float t = u[i * n + j];
      if (t > 0)
      here:
        t = t * 2;
      v[i * n + j] = t;
    }
}
// CHECK-LABEL: __proact_desc.line = 171;
// CHECK: __proact_desc.columns = 0;
// CHECK: proact__loop_end(__proact_loop);

// The rows' stride above is a parameter (`w`), so that the interior sweeps
// keep their forwarding kernels (inline-gaps.c).
