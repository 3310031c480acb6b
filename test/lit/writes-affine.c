// Store indices are split into coef * i + offset; inner canonical loops
// widen the offset through proact__span_add.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void affine(int n, int m, double *a, double *b) {
#pragma proact region(a[0:2*n+1], b[0:n*m])
  for (int i = 0; i < n; i++) {
    a[2 * i + 1] = i;
    a[(i) * 2] += 1.0;
    for (int j = 1; j < m - 1; j++)
      b[i * m + j] = a[2 * i];
  }
}
// CHECK: const long long __proact_sf0 =(long long)(int)( 1), __proact_sl0 ={{[^;]*}}(long long)(__proact_sb0));
// CHECK: __proact_writes[0].array = 0;
// CHECK: __proact_writes[0].coef =(long long)((1*(2)));
// CHECK: __proact_writes[0].off_min =(long long)((((2)*0)+( 1)));
// CHECK: __proact_writes[1].coef =(long long)(((1)*( 2)));
// CHECK: __proact_writes[2].array = 1;
// CHECK: __proact_writes[2].coef =(long long)((1*(( m) + 0LL)));
// CHECK: proact__span_add(&__proact_writes[2],(long long)(1),__proact_sf0,__proact_sl0,(long long)(1), 0);
