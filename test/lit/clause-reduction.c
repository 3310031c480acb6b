// reduction(op: var, ...): each part reduces into its own copy of the
// variable through OpenMP reduction clauses on every kernel's teams and
// threads, starting at op's identity (+ * ^ | || &&) or at the variable
// (max min &); the host folds the parts that ran into it in part order,
// before proact__loop_end. The clause may repeat with other operators.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
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
// CHECK-SAME: for (int __proact_q = 0; __proact_q < __proact_np; __proact_q++) {__proact_red0[__proact_q] = 0;__proact_red1[__proact_q] = 0;__proact_red2[__proact_q] = hi;__proact_red3[__proact_q] = bits;}
// CHECK: if (__proact_nt < 2) __proact_nt = 2;
// CHECK-SAME: {__typeof__(s) s = __proact_red0[__proact_p];__typeof__(c) c = __proact_red1[__proact_p];
// CHECK: #pragma omp target teams {{.*}} map(tofrom: s, c, hi, bits) reduction(+: s) reduction(+: c) reduction(max: hi) reduction(&: bits)
// CHECK: #pragma omp parallel num_threads(__proact_nth) reduction(+: s) reduction(+: c) reduction(max: hi) reduction(&: bits)
// CHECK: __proact_red0[__proact_p] = s;__proact_red1[__proact_p] = c;__proact_red2[__proact_p] = hi;__proact_red3[__proact_p] = bits;}proact__loop_part_end(__proact_loop, __proact_p);}
// CHECK-SAME: for (int __proact_q = 0; __proact_q < __proact_np; __proact_q++) if (proact__loop_part_lo(__proact_loop, __proact_q) < proact__loop_part_hi(__proact_loop, __proact_q)) {s = s + __proact_red0[__proact_q];c = c + __proact_red1[__proact_q];if (__proact_red2[__proact_q] > hi) hi = __proact_red2[__proact_q];bits = bits & __proact_red3[__proact_q];}proact__loop_end(__proact_loop);
  *s_out = s + hi + bits;
  *c_out = c;
}

#ifdef BAD
typedef int count_t;
void g(int n, double *a) {
  double s = 0, t = 0;
#pragma proact region(a[0:n]) reduction(-: s) // bad-error {{invalid reduction: unknown operator '-'; write reduction(op: variable, ...) with op one of + * & | ^ && || max min}}
  for (int i = 0; i < n; i++) s -= a[i];
#pragma proact region(a[0:n]) reduction(s) // bad-error {{invalid reduction: missing 'op:'}}
  for (int i = 0; i < n; i++) s += a[i];
#pragma proact region(a[0:n]) reduction(+: s, a[0]) // bad-error {{invalid reduction: expected a variable name}}
  for (int i = 0; i < n; i++) s += a[i];
#pragma proact region(a[0:n]) reduction(+: s) reduction(max: s) // bad-error {{invalid reduction: 's' is named twice}}
  for (int i = 0; i < n; i++) s += a[i];
#pragma proact region(a[0:n]) reduction(+: a) // bad-error {{invalid reduction: 'a' is a region array; reduction(...) takes scalar variables}}
  for (int i = 0; i < n; i++) a[i] = 1;
#pragma proact region(a[0:n]) reduction(+: u) // bad-error {{'u' in reduction(...) is not a variable declared before the loop}}
  for (int i = 0; i < n; i++) { double u = a[i]; u += 1; a[i] = u; }
#pragma proact region(a[0:n]) reduction(+: count_t) // bad-error {{'count_t' in reduction(...) is not a variable declared before the loop}}
  for (int i = 0; i < n; i++) a[i] = 1;
#pragma proact region(a[0:n]) reduction(+: s) // the other variable still may not be assigned
  for (int i = 0; i < n; i++) { s += a[i]; t += 1; } // bad-error {{'t' is declared before the loop and assigned in its body}}
}
#endif
