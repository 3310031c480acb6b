// A mixed file in spread mode: OpenMP offload constructs beside a
// '#pragma proact' loop, OpenMP API calls and a host 'parallel for'
// between the loops, host code reading a mapped array after 'target
// update from'. The spread build prints what the plain OpenMP build prints
// on one device, on one device and on three.
// RUN: %proact-offload-cc -fplugin-arg-proact-openmp=spread -ffp-contract=off %s -o %t
// RUN: %plain-offload-cc -Wno-unknown-pragmas -ffp-contract=off %s -o %t.omp
// RUN: %t.omp > %t.want
// RUN: env PROACT_DEVICES=0 %t > %t.got1 && diff %t.want %t.got1
// RUN: env PROACT_DEVICES=0,1,2 %t > %t.got3 && diff %t.want %t.got3
// RUN: %FileCheck %s < %t.got3
// CHECK: sum 5102 first 3.5 devices-seen yes
#include <omp.h>
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const long n = 100;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (long i = 0; i < n; i++)
    a[i] = i;
#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++)
    b[i] = a[i] + 1;
  int devices = omp_get_num_devices();
#pragma omp target data map(tofrom: a[0:n]) map(to: b[0:n])
  {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      a[i] = a[i] + b[i];
#pragma omp target update from(a[0:4])
    double first = a[2];
#pragma omp parallel for
    for (long i = 0; i < 4; i++)
      a[i] = first;
#pragma omp target update to(a[0:4])
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      a[i] = a[i] / 2 + 1;
  }
  double sum = 0;
#pragma omp target teams distribute parallel for map(to: a[0:n]) reduction(+: sum)
  for (long i = 0; i < n; i++)
    sum += a[i];
  printf("sum %g first %g devices-seen %s\n", sum, a[0], devices > 0 ? "yes" : "no");
  return 0;
}
