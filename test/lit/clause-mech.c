// Every mechanism is accepted; its proact_mech_t value is passed on.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void f(int n, double *a) {
#pragma proact region(a[0:n]) mech(memcpy)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.mech = 0;
#pragma proact region(a[0:n]) mech(auto)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.mech = 5;
#pragma proact region(a[0:n]) mech(inline)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.mech = 1;
#pragma proact region(a[0:n]) mech(poll)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.mech = 2;
#pragma proact region(a[0:n]) mech(trigger)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.mech = 3;
#pragma proact region(a[0:n]) mech(dma)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.mech = 4;
}
