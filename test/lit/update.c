// The update directive becomes one compound statement: its sections in the
// order written (host 0, device 1), each with its own location, then one
// call. It needs no statement after it.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
// A standalone statement where braces or a label hold it compiles cleanly.
// RUN: %proact-cc -fsyntax-only -Wall -Wextra -Werror %s
#include <proact.h>

void f(int n, double *a, float *b) {
#pragma proact update host(a[1:n - 2], b[:n]) device(a[0:1])
  if (n) {
#pragma proact update device(b[n - 1:1])
  }
  switch (n) {
  case 1:
#pragma proact update host(b[0:1])
    break;
  case 2:
    goto done;
  }
done:
#pragma proact update device(a[0:n])
  ;
}
// The generated code draws none of the user's warnings: a pragma pair
// brackets it, and the user's statements follow the pop.
// CHECK: void f(int n, double *a, float *b) {
// CHECK-NEXT: #pragma clang diagnostic push
// CHECK-NEXT: # 10
// CHECK-NEXT: #pragma clang diagnostic ignored "-Weverything"
// CHECK-NEXT: # 10
// CHECK-NEXT: { proact__update_item_t __proact_update[3];
// CHECK-SAME: const long long __proact_lo0 =(long long)(1); const long long __proact_len0 =(long long)(n - 2);
// CHECK-SAME: __proact_update[0].array.name = "a";__proact_update[0].array.base = (void *)(a);__proact_update[0].array.elem_size = sizeof((a)[0]);
// CHECK-SAME: const long long __proact_lo1 =0LL; const long long __proact_len1 =(long long)(n);__proact_update[1].array.name = "b";
// CHECK-SAME: __proact_update[2].array.name = "a";
// CHECK-SAME: __proact_update[0].kind = 0; __proact_update[0].line = 10; __proact_update[0].col = 28;
// CHECK-SAME: __proact_update[1].kind = 0; __proact_update[1].line = 10; __proact_update[1].col = 40;
// CHECK-SAME: __proact_update[2].kind = 1; __proact_update[2].line = 10; __proact_update[2].col = 54;
// CHECK-SAME: __proact_udesc.line = 10; __proact_udesc.col = 9;__proact_udesc.nitems = 3; __proact_udesc.items = __proact_update;proact__update(&__proact_udesc); }
// CHECK-NEXT: # 10
// CHECK-NEXT: #pragma clang diagnostic pop
// CHECK-NEXT: if (n) {
// CHECK: { proact__update_item_t __proact_update[1];
// CHECK-SAME: __proact_update[0].kind = 1; __proact_update[0].line = 12;
// CHECK-SAME: proact__update(&__proact_udesc); }
// CHECK-NEXT: # 12
// CHECK-NEXT: #pragma clang diagnostic pop
// CHECK-NEXT: }
// CHECK: case 1:
// CHECK: { proact__update_item_t __proact_update[1];
// CHECK: done:
// CHECK-NEXT: #pragma clang diagnostic push
// CHECK: { proact__update_item_t __proact_update[1];
// CHECK-SAME: __proact_update[0].kind = 1;
