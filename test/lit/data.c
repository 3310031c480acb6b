// The data directive wraps its block in a one-pass 'for' that enters the
// data region in its init and leaves it in its increment.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void f(int n, double *a, double *b, double *c, double *d) {
#pragma proact data copy(a[0:n]) copyin(b[0:n]) copyout(c[1:n-1]) create(d[:n]) devices(1) distribute(b, d)
  {
    a[0] = 1;
  }
}
// CHECK: #pragma clang diagnostic ignored "-Weverything"
// CHECK: for (proact__data_t *__proact_data = __extension__({proact__map_t __proact_maps[4];
// CHECK: __proact_maps[0].array.name = "a";
// CHECK: __proact_maps[2].array.lo = __proact_lo2;
// CHECK: const long long __proact_lo3 =0LL;
// CHECK: __proact_maps[0].kind = 0; __proact_maps[0].distribute = 0;__proact_maps[1].kind = 1; __proact_maps[1].distribute = 1;__proact_maps[2].kind = 2; __proact_maps[2].distribute = 0;__proact_maps[3].kind = 3; __proact_maps[3].distribute = 1;
// CHECK: static const int __proact_devices[] = {1};
// CHECK: __proact_ddesc.line = 7;
// CHECK: proact__data_begin(&__proact_ddesc); });__proact_data; proact__data_end(__proact_data), __proact_data = 0)
// CHECK-NEXT: # 7
// CHECK-NEXT: #pragma clang diagnostic pop
// CHECK-NEXT: {
// CHECK-NEXT: a[0] = 1;
