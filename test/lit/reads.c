// Loads of region arrays become read accesses: affine ones with their
// coefficient and offset (inner loops widen it), others as whole-section
// reads (one per array). Compound stores are listed only as stores.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void reads(long n, double *u, double *v, double *w, long *idx) {
#pragma proact region(u[0:n*n], v[0:n*n], w[0:n], idx[0:n])
  for (long i = 1; i < n - 1; i++) {
    for (long j = 1; j < n - 1; j++)
      v[i * n + j] = u[(i - 1) * n + j] + u[i * n + j + 1];
    w[i] += u[idx[i]] + u[idx[i - 1]];
  }
}
// CHECK: const long long __proact_sf0 =(long long)(long)( 1), __proact_sl0 ={{[^;]*}}(long long)(__proact_sb0));
// CHECK: proact__access_t __proact_writes[2] = {0};
// CHECK: __proact_writes[0].array = 1; __proact_writes[0].whole = 0;
// CHECK: proact__span_add(&__proact_writes[0],(long long)(1),__proact_sf0,__proact_sl0,(long long)(1), 0);
// CHECK: __proact_writes[1].array = 2;
// CHECK: proact__access_t __proact_reads[5] = {0};
// CHECK: __proact_reads[0].array = 0; __proact_reads[0].whole = 0;
// CHECK: __proact_reads[0].coef =(long long)(((1)*(( n) + 0LL)));
// CHECK: proact__span_add(&__proact_reads[0],
// CHECK: __proact_reads[1].array = 0;
// CHECK: __proact_reads[1].coef =(long long)((1*(( n) + 0LL)));
// The non-affine loads of u: one whole-section read.
// CHECK: __proact_reads[2].array = 0; __proact_reads[2].whole = 1;
// CHECK: __proact_reads[3].array = 3; __proact_reads[3].whole = 0;
// CHECK: __proact_reads[4].array = 3;
// CHECK-NOT: __proact_reads[5]
// CHECK: __proact_desc.nwrites = 2;
// CHECK: __proact_desc.nreads = 5;

// A load after a condition or jump of the body may not run at every
// iteration: it is marked guarded, and the runtime does not check it
// against the section; the loads before the condition are checked.
void guarded(long n, double *u, double *v) {
#pragma proact region(u[0:n], v[0:n])
  for (long i = 0; i < n; i++)
    v[i] = u[i] + (i > 0 ? u[i - 1] : 0.0);
}
// CHECK-LABEL: void guarded(
// CHECK: __proact_reads[0].array = 0;
// CHECK-SAME: .guarded = 0;
// CHECK: __proact_reads[1].array = 0;
// CHECK-SAME: .guarded = 1;
