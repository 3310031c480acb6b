// A directive that is the whole body of an 'if' (or of an 'else', or of a
// loop) stays its whole body: the never-run check and the lowering form
// one statement, and neither runs when the condition is false.
// RUN: %proact-offload-cc %s -o %t && %t 0 | %FileCheck %s --check-prefix=OFF
// RUN: %t 1 | %FileCheck %s --check-prefix=ON
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  const int n = 100;
  const int flag = argc > 1 ? atoi(argv[1]) : 0;
  double a[100] = {0}, b[100] = {0};
  int other = 0;
  if (flag)
#pragma proact region(a[0:n])
    for (int i = 0; i < n; i++)
      a[i] = 1;
  else
    other = 1;
  if (flag)
#pragma proact data copy(b[0:n])
  {
#pragma proact region(b[0:n])
    for (int i = 0; i < n; i++)
      b[i] = 2;
  }
  for (int t = 0; t < 2 * flag; t++)
#pragma proact region(a[0:n])
    for (int i = 0; i < n; i++)
      a[i] += 1;
  printf("a %g %g b %g %g other %d\n", a[0], a[n - 1], b[0], b[n - 1], other);
  return 0;
}
// OFF: a 0 0 b 0 0 other 1
// ON: a 3 3 b 2 2 other 0
