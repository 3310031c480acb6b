// reduction(op: var, ...): each thread of a part's kernel reduces into its
// own copy of the variable, started at op's identity (+ * ^ | || &&) or at
// the variable (max min &); at the kernel's end the threads fold their
// copies through the part's scratch (proact/detail/team_fold.h), pairwise within a
// team, then the last team to arrive folds the teams' values in team order
// into the part's result; the host folds the parts that ran into the
// variable in part order, before proact__loop_end. No OpenMP reduction
// clause. The clause may repeat with other operators.
// RUN: %proact-cc -E %s -o - | %FileCheck --check-prefixes=CHECK,%kernel-form %s
// RUN: %proact-cc -E %s -o - | %FileCheck --check-prefix=FIXED %s
// RUN: %proact-cc -E %s -o - | %FileCheck --check-prefix=PLAIN %s
// RUN: %proact-cc -fsyntax-only -Xclang -verify=bad -DBAD %s
#include <proact.h>

void f(int n, double *a, double *s_out, long *c_out) {
  double s = 0, hi = -1;
  long c = 0;
  unsigned bits = ~0u;
#pragma proact region(a[0:n]) reduction(+: s, c) reduction(max: hi) reduction(&: bits)
  for (int i = 0; i < n; i++) {
    s += a[i];
    c++;
    if (a[i] > hi)
      hi = a[i];
    bits &= (unsigned)i;
  }
// CHECK: const int __proact_np = proact__loop_nparts(__proact_loop);
// CHECK-SAME: __typeof__(s) __proact_red0[__proact_np > 0 ? __proact_np : 1];__typeof__(c) __proact_red1[__proact_np > 0 ? __proact_np : 1];__typeof__(hi) __proact_red2[__proact_np > 0 ? __proact_np : 1];__typeof__(bits) __proact_red3[__proact_np > 0 ? __proact_np : 1];
// The part's start values (+: -0.0, its identity in every real type) and
// results, and its scratch, which may lower the teams.
// CHECK: proact__loop_part_kernel(
// CHECK-SAME: {__typeof__(s) __proact_in0 = (__typeof__(s))-(__typeof__(s))0, __proact_out0;__typeof__(c) __proact_in1 = (__typeof__(c))-(__typeof__(c))0, __proact_out1;__typeof__(hi) __proact_in2 = hi, __proact_out2;__typeof__(bits) __proact_in3 = bits, __proact_out3;
// CHECK-SAME: char *const __proact_sc = proact__loop_part_reduction(__proact_loop, __proact_p, (size_t)0 + (((size_t)(sizeof(__proact_in0)) + 15) / 16 * 16) + (((size_t)(sizeof(__proact_in1)) + 15) / 16 * 16) + (((size_t)(sizeof(__proact_in2)) + 15) / 16 * 16) + (((size_t)(sizeof(__proact_in3)) + 15) / 16 * 16), &__proact_nt, __proact_nth);proact__loop_part_begin(
// No OpenMP reduction clause: the scratch and the results instead.
// CHECK-NOT: reduction(
// CHECK: #pragma omp target teams {{.*}} is_device_ptr(__proact_sc) map(from: __proact_out0, __proact_out1, __proact_out2, __proact_out3)
// CHECK-NOT: reduction(
// SPMD: #pragma omp parallel num_threads(__proact_nth)
// CHECK: {__typeof__(__proact_pb0) a = __proact_pb0; (void)a;__typeof__(__proact_in0) s = __proact_in0;__typeof__(__proact_in1) c = __proact_in1;__typeof__(__proact_in2) hi = __proact_in2;__typeof__(__proact_in3) bits = __proact_in3;const proact__part_iters_t __proact_itk
// After the block loop: each thread's copy to its slot (in this host pass
// the scratch's; an NVPTX pass declares team-shared slots where all the
// variables' slot bytes, 64 here, are at most 32: team_fold.h); the
// identities are the OpenMP calls in the SPMD kernel (clang 16), the
// hardware's in the bare one (clang 18+),
// SPMD: { const int __proact_et = omp_get_thread_num(), __proact_eT = omp_get_num_threads(), __proact_em = omp_get_team_num(), __proact_eM = omp_get_num_teams();
// BARE: { const int __proact_et = proact__kernel_thread(), __proact_eT = proact__kernel_threads(), __proact_em = proact__kernel_team(), __proact_eM = proact__kernel_teams();
// CHECK-SAME: __typeof__(__proact_in0) *const __proact_ev0 = (__typeof__(__proact_in0) *)proact__fold_slots(__proact_sc, __proact_nt, (0 && (((size_t)0 + {{.*}}) <= 32 && (__proact_nth) <= 512) ? 0 : (__proact_nth)), (size_t)0); __typeof__(__proact_in0) *const __proact_es0 = (__proact_ev0 + __proact_nt + (size_t)__proact_em * __proact_nth);__proact_es0[__proact_et] = s;
// CHECK-SAME: __proact_es3[__proact_et] = bits;for (int __proact_eh = proact__fold_half(__proact_eT); __proact_eh > 0; __proact_eh >>= 1) {
// the team's pairwise fold, a barrier before each round (bar.sync in the
// bare kernel),
// SPMD: #pragma omp barrier
// BARE-SAME: proact__kernel_sync();
// CHECK: if (__proact_et < __proact_eh && __proact_et + __proact_eh < __proact_eT) {__proact_es0[__proact_et] = __proact_es0[__proact_et] + __proact_es0[__proact_et + __proact_eh];__proact_es1[__proact_et] = __proact_es1[__proact_et] + __proact_es1[__proact_et + __proact_eh];if (__proact_es2[__proact_et + __proact_eh] > __proact_es2[__proact_et] || __proact_es2[__proact_et] != __proact_es2[__proact_et]) __proact_es2[__proact_et] = __proact_es2[__proact_et + __proact_eh];__proact_es3[__proact_et] = __proact_es3[__proact_et] & __proact_es3[__proact_et + __proact_eh];} }
// the team value and the arrival,
// CHECK-SAME: if (__proact_et == 0) {__proact_ev0[__proact_em] = __proact_es0[0];{{.*}}__proact_ev3[__proact_em] = __proact_es3[0];proact__fold_flags(__proact_sc)[__proact_em] = proact__fold_arrive(__proact_sc, __proact_eM); }
// SPMD: #pragma omp barrier
// BARE-SAME: proact__kernel_sync();
// then the last team folds the team values in team order, and the tree again.
// CHECK: if (proact__fold_flags(__proact_sc)[__proact_em]) { proact__fold_acquire();__typeof__(__proact_in0) __proact_ea0 = __proact_in0;
// CHECK-SAME: for (int __proact_eu = __proact_et; __proact_eu < __proact_eM; __proact_eu += __proact_eT) {__proact_ea0 = __proact_ea0 + __proact_ev0[__proact_eu];__proact_ea1 = __proact_ea1 + __proact_ev1[__proact_eu];if (__proact_ev2[__proact_eu] > __proact_ea2 || __proact_ea2 != __proact_ea2) __proact_ea2 = __proact_ev2[__proact_eu];__proact_ea3 = __proact_ea3 & __proact_ev3[__proact_eu];}__proact_es0[__proact_et] = __proact_ea0;
// CHECK: if (__proact_et == 0) {__proact_out0 = __proact_es0[0];__proact_out1 = __proact_es1[0];__proact_out2 = __proact_es2[0];__proact_out3 = __proact_es3[0];} } } }
// The host: the part's results, then the parts that ran in part order.
// CHECK: __proact_red0[__proact_p] = __proact_out0;__proact_red1[__proact_p] = __proact_out1;__proact_red2[__proact_p] = __proact_out2;__proact_red3[__proact_p] = __proact_out3;}proact__loop_part_end(__proact_loop, __proact_p);}
// CHECK-SAME: for (int __proact_q = 0; __proact_q < __proact_np; __proact_q++) if (proact__loop_part_lo(__proact_loop, __proact_q) < proact__loop_part_hi(__proact_loop, __proact_q)) {s = s + __proact_red0[__proact_q];c = c + __proact_red1[__proact_q];if (__proact_red2[__proact_q] > hi || hi != hi) hi = __proact_red2[__proact_q];bits = bits & __proact_red3[__proact_q];}proact__loop_end(__proact_loop);
  *s_out = s + hi + bits;
  *c_out = c;
}
// A loop that stores to no region array never has a readiness state
// (nothing to push): the plain kernel alone.
// PLAIN-LABEL: __proact_desc.line = 19;
// PLAIN-NOT: __proact_rd != 0
// PLAIN-NOT: if ((__proact_fwd & 1)
// PLAIN: proact__loop_end(__proact_loop);

// The instrumented kernel of a loop with a reduction keeps the fixed walk
// (block b by team b mod teams), not tickets: which blocks a team runs, and
// so the fold's order, depends on the geometry alone.
void g2(int n, double *a, double *s_out) {
  double s = 0;
#pragma proact region(a[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++) {
    s += a[i];
    a[i] = 0;
  }
  *s_out = s;
}
// FIXED-LABEL: __proact_desc.line = 80;
// FIXED: } else if (__proact_rd != 0 && !__proact_one) {
// FIXED-NOT: proact__ready_walk(
// FIXED: proact__block_walk_start(&__proact_itk, {{omp_get_team_num|proact__kernel_team}}(), __proact_teams, &__proact_w)
// FIXED-NOT: proact__ready_walk(
// FIXED: proact__loop_end(__proact_loop);

#ifdef BAD
typedef int count_t;
void g(int n, double *a) {
  double s = 0, t = 0;
#pragma proact region(a[0:n]) reduction(-: s) // bad-error {{invalid reduction: unknown operator '-'; write reduction(op: variable or a[lo:len], ...) with op one of + * & | ^ && || max min}}
  for (int i = 0; i < n; i++) s -= a[i];
#pragma proact region(a[0:n]) reduction(s) // bad-error {{invalid reduction: missing 'op:'}}
  for (int i = 0; i < n; i++) s += a[i];
#pragma proact region(a[0:n]) reduction(+: s, a[0]) // bad-error {{bad array section: 'a[...]' needs 'lo:len'}}
  for (int i = 0; i < n; i++) s += a[i];
#pragma proact region(a[0:n]) reduction(+: s) reduction(max: s) // bad-error {{invalid reduction: 's' is named twice}}
  for (int i = 0; i < n; i++) s += a[i];
#pragma proact region(a[0:n]) reduction(+: a) // bad-error {{invalid reduction: 'a' is a region array; name a section of it, reduction(+: a[lo:len])}}
  for (int i = 0; i < n; i++) a[i] = 1;
#pragma proact region(a[0:n]) reduction(+: u) // bad-error {{'u' in reduction(...) is not a variable declared before the loop}}
  for (int i = 0; i < n; i++) { double u = a[i]; u += 1; a[i] = u; }
#pragma proact region(a[0:n]) reduction(+: count_t) // bad-error {{'count_t' in reduction(...) is not a variable declared before the loop}}
  for (int i = 0; i < n; i++) a[i] = 1;
#pragma proact region(a[0:n]) reduction(+: s) // the other variable still may not be assigned
  for (int i = 0; i < n; i++) { s += a[i]; t += 1; } // bad-error {{'t' is declared before the loop and assigned in its body}}
}

struct pair { int lo, hi; };
void h(int n, double *a) {
  struct pair p = {0, 0};
  double *q = a, d = 0;
  _Complex double z = 0;
  unsigned k = 0;
#pragma proact region(a[0:n]) reduction(+: p) // bad-error {{'p' has type 'struct pair', which reduction(+: ...) cannot combine; + takes arithmetic variables}}
  for (int i = 0; i < n; i++) p.lo += a[i];
#pragma proact region(a[0:n]) reduction(+: q) // bad-error {{'q' has type 'double *', which reduction(+: ...) cannot combine; + takes arithmetic variables}}
  for (int i = 0; i < n; i++) q += (int)a[i];
#pragma proact region(a[0:n]) reduction(^: d) // bad-error {{'d' has type 'double', which reduction(^: ...) cannot combine; ^ takes integer variables}}
  for (int i = 0; i < n; i++) d += a[i];
#pragma proact region(a[0:n]) reduction(max: z) // bad-error {{'z' has type '_Complex double', which reduction(max: ...) cannot combine; max takes integer or real variables}}
  for (int i = 0; i < n; i++) z += a[i];
#pragma proact region(a[0:n]) reduction(+: z) reduction(^: k) // complex sums and unsigned bits are fine
  for (int i = 0; i < n; i++) { z += a[i]; k ^= (unsigned)i; }
}
#endif
