/* Plain OpenMP code whose unstructured mappings PROACT cannot follow, built
 * in spread mode: each mode must stop with an error naming the construct
 * and the section, never a wrong result. Usage: omp_enter_errors MODE */
#include <omp.h>
#include <string.h>

#include "e2e_util.h"

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  long n = 1000;
  double *a = e2e_alloc(n), *b = e2e_alloc(n);
  e2e_fill(a, n, 1);
  e2e_fill(b, n, 2);
  if (strcmp(mode, "overlap") == 0) {
#pragma omp target enter data map(to: a[0:n / 2])
#pragma omp target enter data map(to: a[n / 4:n / 2])
  }
  if (strcmp(mode, "exit_always") == 0) {
#pragma omp target enter data map(to: a[0:n])
#pragma omp target exit data map(always, from: a[0:n])
#pragma omp taskwait
  }
  if (strcmp(mode, "realloc") == 0) {
#pragma omp target enter data map(to: b[0:n])
    b = realloc(b, (size_t)(2 * n) * sizeof(double));
  }
  if (strcmp(mode, "mixed") == 0) {
    /* b is OpenMP's; a would be PROACT's, off the default device. */
#pragma omp target enter data map(to: b[0:n]) device(omp_get_default_device())
#pragma omp target enter data map(to: a[0:n], b[0:n])
  }
  if (strcmp(mode, "always") == 0) {
    /* OpenMP would copy the host's values into one device's copy. */
#pragma omp target enter data map(to: a[0:n])
#pragma omp target enter data map(always, to: a[0:n])
  }
  if (strcmp(mode, "other_default") == 0) {
    /* OpenMP would map the loop its own copy of a on device 1. */
#pragma omp target enter data map(to: a[0:n])
    omp_set_default_device(1);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (long i = 0; i < n; i++)
      a[i] += 1;
  }
  if (strcmp(mode, "other_default_data") == 0) {
#pragma omp target data map(to: a[0:n])
    {
      omp_set_default_device(1);
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++)
        a[i] += 1;
    }
  }
  e2e_print("a", a, (size_t)n * sizeof(double));
  return 0;
}
