// reduction(op: h[lo:len]): every thread of a part's kernel updates its own
// copy of the section (h is a pointer into the part's copies inside the
// kernels), started at op's identity by a kernel before the part's
// kernels; a kernel after them folds the copies in copy order into copy 0,
// whose section goes to the host; after the parts, the host folds them into
// h in part order, where h is current (fetch / publish). No grouped walks.
// Scalars and sections mix in one clause list.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void f(int n, int nb, const int *bin, const double *w, long *h, double *mx,
       double *s_out) {
  double s = 0;
#pragma proact region(bin[0:n], w[0:n]) reduction(+: s, h[0:nb]) reduction(max: mx[1:nb - 1])
  for (int i = 0; i < n; i++) {
    h[bin[i]] += 2;
    s += w[i];
    if (w[i] > mx[bin[i] + 1])
      mx[bin[i] + 1] = w[i];
  }
// The sections' element types, bounds and offsets in a thread's copy.
// CHECK: typedef __typeof__(( h)[0]) __proact_at1;const long long __proact_alo1 =(long long)(0), __proact_alen1 =(long long)(nb);const size_t __proact_aoff1 = (size_t)0;
// CHECK-SAME: typedef __typeof__(( mx)[0]) __proact_at2;const long long __proact_alo2 =(long long)(1), __proact_alen2 =(long long)(nb - 1);const size_t __proact_aoff2 = __proact_aoff1 + (((size_t)((size_t)(__proact_alen1 > 0 ? __proact_alen1 : 0) * sizeof(__proact_at1)) + 15) / 16 * 16);
// CHECK-SAME: char *const __proact_apb = proact__loop_array_partials(__proact_loop,
// The copies first (they may lower teams and threads), then the scalar
// scratch, then the copies start at the identities.
// CHECK: char *const __proact_ab = proact__loop_part_array_reduction(__proact_loop, __proact_p, __proact_acb, &__proact_nt, &__proact_nth);
// CHECK-SAME: proact__loop_part_reduction(
// CHECK-SAME: const long long __proact_anc = (long long)__proact_nt * __proact_nth;
// CHECK: #pragma omp target teams num_teams(__proact_nt) thread_limit(__proact_nth) device(__proact_dev) is_device_ptr(__proact_ab)
// CHECK: = (__proact_at1)-(__proact_at1)0;
// CHECK: = (__proact_at2)_Generic(((__proact_at2)0), _Bool: 0,
// No OpenMP reduction clause; each kernel's h is the thread's copy.
// CHECK-NOT: reduction(
// CHECK: #pragma omp target teams {{.*}} is_device_ptr(__proact_sc) map(from: __proact_out0) is_device_ptr(__proact_ab)
// CHECK: __proact_at1 *const h = ((__proact_at1 *)(__proact_ab + (size_t)((size_t)omp_get_team_num() * (size_t)__proact_nth + (size_t)omp_get_thread_num()) * __proact_acb + __proact_aoff1)) - __proact_alo1;
// CHECK-SAME: __proact_at2 *const mx =
// The fold in copy order, then the part's result to the host.
// CHECK: for (long long __proact_ac = 1; __proact_ac < __proact_anc; __proact_ac++) {__proact_aa = __proact_aa + ((__proact_at1 *)(__proact_ab + (size_t)(__proact_ac) * __proact_acb + __proact_aoff1))[__proact_aj];}
// CHECK-SAME: proact__loop_part_array_result(__proact_loop, __proact_p, __proact_ap1 + (size_t)__proact_p * (size_t)__proact_alen1,
// CHECK: for (long long __proact_ac = 1; __proact_ac < __proact_anc; __proact_ac++) {if (((__proact_at2 *)(__proact_ab + (size_t)(__proact_ac) * __proact_acb + __proact_aoff2))[__proact_aj] > __proact_aa || __proact_aa != __proact_aa) __proact_aa =
// After the parts: h where it is current, folded in part order, published.
// CHECK: proact__loop_array_fetch(__proact_loop, "h", (void *)( h), sizeof(__proact_at1), __proact_alo1, __proact_alen1);
// CHECK-SAME: {( h)[__proact_alo1 + __proact_aj] =( h)[__proact_alo1 + __proact_aj] + __proact_ap1[(size_t)__proact_q * (size_t)__proact_alen1 + (size_t)__proact_aj];}
// CHECK-SAME: proact__loop_array_publish(__proact_loop, "h",
// CHECK-SAME: {if (__proact_ap2[(size_t)__proact_q * (size_t)__proact_alen2 + (size_t)__proact_aj] >( mx)[__proact_alo2 + __proact_aj])( mx)[__proact_alo2 + __proact_aj] =
// CHECK: proact__loop_end(__proact_loop);
  *s_out = s;
}

// A section also named in region(...) is the reduction's: no region array.
// CHECK-LABEL: void g(
void g(int n, const int *bin, unsigned *h) {
#pragma proact region(bin[0:n], h[0:16]) reduction(|: h[0:16])
  for (int i = 0; i < n; i++)
    h[bin[i] & 15] |= 1u << (i & 7);
// CHECK: proact__array_t __proact_arrays[1];
// CHECK-SAME: .name = "bin";
// CHECK-NOT: .name = "h";
// CHECK: __proact_desc.narrays = 1;
// CHECK: __proact_desc.columns = 0;
}
