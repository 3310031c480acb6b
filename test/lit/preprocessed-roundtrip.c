// `clang -E` with the plugin yields C that compiles without the plugin and,
// run on 4 devices, gives the sequential program's bits.
// RUN: %proact-cc -E %s -o %t.i
// RUN: %plain-offload-cc -ffp-contract=off -x c %t.i -o %t.exe
// RUN: %seq-cc %s -o %t.seq
// RUN: %t.seq > %t.want
// RUN: env PROACT_DEVICES=all %t.exe > %t.got
// RUN: diff %t.want %t.got
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  long n = 10007;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    a[i] = b[i] = (double)(i % 97) * 0.5;
#pragma proact data copy(a[0:n], b[0:n])
  {
    for (int t = 0; t < 5; t++) {
#pragma proact region(a[0:n], b[0:n])
      for (long i = 1; i < n - 1; i++)
        b[i] = (a[i - 1] + a[i + 1]) * 0.5;
#pragma proact region(a[0:n], b[0:n])
      for (long i = 1; i < n - 1; i++)
        a[i] = (b[i - 1] + b[i + 1]) * 0.5;
    }
  }
  double s = 0;
  for (long i = 0; i < n; i++)
    s += a[i] * (double)(i + 1);
  printf("%.17g %.17g\n", s, a[n / 2]);
  return 0;
}
