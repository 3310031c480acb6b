// reads(a[lo:len]): iteration i reads a[lo(i) .. lo(i)+len-1]. It replaces
// the read accesses inferred for that array, here a whole-section read
// caused by an indirect index.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void gather(long n, double *u, double *v, long *near) {
#pragma proact region(u[0:n], v[0:n], near[0:n]) reads(u[i-1:3])
  for (long i = 1; i < n - 1; i++)
    v[i] = u[near[i]];
}
// CHECK: proact__access_t __proact_reads[2] = {0};
// CHECK: __proact_reads[0].array = 2; __proact_reads[0].whole = 0;
// CHECK: __proact_reads[1].array = 0; __proact_reads[1].whole = 0;
// CHECK: __proact_reads[1].coef =(long long)(1);
// CHECK: __proact_reads[1].off_min =(long long)((0 -(1)));
// CHECK: __proact_reads[1].off_max = __proact_reads[1].off_min +(long long)(3) - 1; if (__proact_reads[1].off_max < __proact_reads[1].off_min) __proact_reads[1].empty = 1;
// CHECK-NOT: .whole = 1
// CHECK: __proact_desc.nreads = 2;
