/* Update directives whose sections no data region holds: each mode must
 * stop with an error naming the directive's section and location.
 * Usage: update_errors MODE */
#include <proact.h>
#include <string.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  long n = 1000;
  double *a = e2e_alloc(n), *b = e2e_alloc(n);
  e2e_fill(a, n, 1);
  e2e_fill(b, n, 2);
  if (strcmp(mode, "no_region") == 0) {
#pragma proact update host(a[0:n])
  }
  if (strcmp(mode, "other_array") == 0) {
#pragma proact data copy(a[0:n])
    {
#pragma proact update device(a[0:n], b[0:n])
    }
  }
  if (strcmp(mode, "outside") == 0) {
#pragma proact data copy(a[0:n])
    {
#pragma proact update host(a[1:n])
    }
  }
  if (strcmp(mode, "after_region") == 0) {
#pragma proact data copy(a[0:n])
    {
      a[0] = 1;
    }
#pragma proact update device(a[0:1])
  }
  printf("%s: no error\n", mode);
  free(a);
  free(b);
  return 0;
}
