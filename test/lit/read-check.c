// Loads the runtime cannot check before the kernels are checked by the
// kernels (proact/detail/read_check.h): a load after a condition or jump,
// and every load through an index that is not affine, each with a site of
// its own, become proact__read_at calls against the part's section of the
// array, or against the array's reads(...) section at the iteration. By
// default (-fplugin-arg-proact-read-check=runtime) the loop gets one set of
// kernels: the checked loads' lengths are the part's copies, -1 (every
// index passes) when PROACT_READ_CHECK=0 gives no fault slot. With =on the
// lengths are the sections' own (a clause's constants as literals), with
// =off no load is checked and the descriptor says so. A loop without such
// loads is lowered as before, with no trace of the checks.
// RUN: %proact-cc -E %s -o - 2>/dev/null | %FileCheck %s
// build-options.c tests =on and =off.
//
//
//
//
#include <proact.h>

void guarded(long n, double *u, double *v) {
#pragma proact region(u[0:n], v[0:n])
  for (long i = 0; i < n; i++)
    v[i] = u[i] + (i > 0 ? u[i - 1] : 0.0);
}
// CHECK-LABEL: void guarded(
// CHECK: static const proact__read_site_t __proact_checks[1] = {{[{]}}{0, -1, 0, 23, 28}}; proact__loop_checks(__proact_loop, __proact_checks, 1);
// CHECK: proact__read_fault_t *const __proact_rf = proact__loop_part_checks(__proact_loop, __proact_p);const long long __proact_cln0 = __proact_rf != 0 ? __proact_plen0 : -1LL;
// CHECK: is_device_ptr(__proact_rf)
// The unguarded load stays as written; the guarded one is checked, in
// every kernel: no unchecked copy follows.
// CHECK: u[i] + (i > 0 ?(*(__typeof__(&( u)[0]))proact__read_at((const void *)( u), sizeof(( u)[0]), (long long)(i - 1), __proact_plo0, __proact_cln0, __proact_rf, 0, (long long)(i))) : 0.0)
// CHECK-NOT: u[i] + (i > 0 ? u[i - 1] : 0.0)
// CHECK: proact__loop_end(__proact_loop);

// Every load through an index that is not affine has its own site (not one
// per array, as the whole-section read has); a guarded load in its index is
// checked too, inside it.
void indirect(long n, double *u, double *v, long *idx) {
#pragma proact region(u[0:n], v[0:n], idx[0:n])
  for (long i = 2; i < n; i++)
    v[i] = u[idx[i]] + u[idx[i - 1]] + (i > 2 ? u[idx[i - 2]] : 0);
}
// CHECK-LABEL: void indirect(
// CHECK: __proact_checks[4] = {{[{]}}{0, -1, 1, 41, 12}, {0, -1, 1, 41, 24}, {0, -1, 1, 41, 49}, {2, -1, 0, 41, 51}};
// CHECK: proact__read_at((const void *)( u), sizeof(( u)[0]), (long long)(idx[i]), __proact_plo0, __proact_cln0, __proact_rf, 0, (long long)(i))) +
// CHECK-SAME: proact__read_at((const void *)( u), sizeof(( u)[0]), (long long)(idx[i - 1]), __proact_plo0, __proact_cln0, __proact_rf, 1, (long long)(i))) +
// CHECK-SAME: proact__read_at((const void *)( u), sizeof(( u)[0]), (long long)((*(__typeof__(&(idx)[0]))proact__read_at((const void *)(idx), sizeof((idx)[0]), (long long)(i - 2), __proact_plo2, __proact_cln2, __proact_rf, 3, (long long)(i)))), __proact_plo0, __proact_cln0, __proact_rf, 2, (long long)(i)))

// With reads(u[...]), the checked loads of u must lie in what the clause
// names at the iteration; the clause's unguarded affine loads are checked
// on the host, as before. A clause's constant coefficient and offset are
// written as literals (no multiply per load), and with read-check=on its
// constant length too; other bounds come from the descriptor.
void clause(long n, double *u, double *v, long *near) {
#pragma proact region(u[0:n], v[0:n], near[0:n]) reads(u[i - 1:3])
  for (long i = 1; i < n - 1; i++)
    v[i] = u[near[i]] + u[i] + (i > 1 ? u[i - 1] : 0);
}
// CHECK-LABEL: void clause(
// CHECK: __proact_checks[2] = {{[{]}}{0, 1, 1, 57, 12}, {0, 1, 0, 57, 41}};
// CHECK-NOT: __proact_qc
// CHECK: const long long __proact_qn1 = __proact_rf == 0 ? -1LL : __proact_reads[1].empty ? 0 : __proact_reads[1].off_max - __proact_reads[1].off_min + 1;
// CHECK: proact__read_at((const void *)( u), sizeof(( u)[0]), (long long)(near[i]), (1LL) * (long long)(i) + (-1LL), __proact_qn1, __proact_rf, 0, (long long)(i))) + u[i] +
// CHECK-SAME: (long long)(i - 1), (1LL) * (long long)(i) + (-1LL), __proact_qn1, __proact_rf, 1, (long long)(i)))

void clause_vars(long n, long s, long w, double *u, double *v, long *near) {
#pragma proact region(u[0:n], v[0:n], near[0:n]) reads(u[s * i - w:2 * w + 1])
  for (long i = 1; i < n - 1; i++)
    v[i] = u[near[i]];
}
// CHECK-LABEL: void clause_vars(
// CHECK: const long long __proact_qc1 = __proact_reads[1].coef;const long long __proact_qo1 = __proact_reads[1].off_min;const long long __proact_qn1 = __proact_rf == 0 ? -1LL : __proact_reads[1].empty ? 0 : __proact_reads[1].off_max - __proact_reads[1].off_min + 1;
// CHECK: (long long)(near[i]), __proact_qc1 * (long long)(i) + __proact_qo1, __proact_qn1, __proact_rf, 0, (long long)(i)))

// No guarded or non-affine load: no checks, one set of kernels.
void plain(long n, double *u, double *v) {
#pragma proact region(u[0:n], v[0:n])
  for (long i = 1; i < n - 1; i++)
    v[i] = u[i - 1] + u[i + 1];
}
// CHECK-LABEL: void plain(
// CHECK: .read_check = 0;
// CHECK-NOT: __proact_rf
// CHECK-NOT: read_site
// CHECK: proact__loop_end(__proact_loop);
