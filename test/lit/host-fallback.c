// A loop in a file compiled without the offload flags has no kernel in the
// device images: OpenMP runs its target region's host version instead,
// which would compute on the host's arrays while the devices keep theirs.
// The host version stops the program naming the loop.
// RUN: %proact-offload-cc -DOFFLOADED -c %s -o %t.main.o
// RUN: %proact-cc -c %s -o %t.twice.o
// RUN: %proact-offload-cc %t.main.o %t.twice.o -o %t.exe
// RUN: env PROACT_DEVICES=0,1 not %t.exe 2>&1 | %FileCheck %s
// CHECK: proact: error: {{.*}}host-fallback.c:[[@LINE+16]]: OpenMP ran this loop's kernel on the host instead of on its device, which could not run it (was this file compiled for the devices, with the offload flags and their architecture?)
#include <proact.h>
#include <stdio.h>
#ifdef OFFLOADED
void twice(long n, double *a);
int main(void) {
  static double a[1000];
#pragma proact region(a[0:1000])
  for (long i = 0; i < 1000; i++)
    a[i] = (double)i;
  twice(1000, a);
  printf("a[999] = %g\n", a[999]);
  return 0;
}
#else
void twice(long n, double *a) {
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++)
    a[i] = 2.0 * a[i];
}
#endif
