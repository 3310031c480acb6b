// devices(list) picks OpenMP device numbers; devices(all) is the default.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void f(int n, double *a) {
#pragma proact region(a[0:n]) devices(0, 2)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: static const int __proact_devices[] = {0, 2};
// CHECK: __proact_desc.devices = __proact_devices; __proact_desc.ndevices = 2;
#pragma proact region(a[0:n]) devices(all)
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.devices = 0; __proact_desc.ndevices = 0;
}
