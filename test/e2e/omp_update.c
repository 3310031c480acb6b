/* OpenMP's update and copy-back semantics in plain OpenMP offload code:
 * 'target update to' copies the host's values at the update (a host write
 * after it does not reach the device), 'target update from' copies the
 * device's values each time (also after the host changed its copy), and
 * the end of a 'target data' region or a 'target exit data map(from:)'
 * after an update from copies the device's values back over the host's
 * later writes. Each round's host writes would show in the output if the
 * devices saw them. Last, an array entered from its fifth element on and
 * used by a loop in a function that knows only the pointer: OpenMP finds
 * the section through its base pointer. Built in spread mode it must print what the unmodified
 * program prints on one device, bit for bit.
 * Usage: omp_update [n] [rounds] */
#include "e2e_util.h"

/* e[4 .. n - 5]: entered as e[4:n - 8] by the caller. */
static void scale_inner(double *e, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 4; i < n - 4; i++)
    e[i] = e[i] * 10.0 + (double)i;
}

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 20011);
  long rounds = e2e_arg(argc, argv, 2, 3);
  double *a = e2e_alloc(n), *b = e2e_alloc(n), *c = e2e_alloc(n);
  double *d = e2e_alloc(n);
  e2e_fill(a, n, 3);
  e2e_fill(b, n, 5);
  e2e_fill(d, n, 7);
#pragma omp target data map(to: a[0:n]) map(tofrom: b[0:n]) map(from: c[0:n])
  {
    for (long r = 0; r < rounds; r++) {
      for (long i = 0; i < n; i++)
        a[i] = a[i] * 0.5 + (double)r;
#pragma omp target update to(a[0:n])
      for (long i = 0; i < n; i++) /* after the update: the host's alone */
        a[i] = -1.0;
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++)
        c[i] = a[i] * 2.0 + b[(i + 1) % n];
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++)
        b[i] = c[i] - b[i] * 0.25;
#pragma omp target update from(b[0:n])
      for (long i = 0; i < n; i++)
        b[i] = b[i] * 3.0; /* the host's scratch; the device keeps its b */
#pragma omp target update from(b[0:n])
      for (long i = 0; i < n; i++)
        a[i] = b[i] * 0.125;
#pragma omp target update to(a[0:n])
    }
#pragma omp target update from(c[0:n])
    for (long i = 0; i < n; i++)
      c[i] = -2.0; /* overwritten by the region's copy back */
  }
#pragma omp target enter data map(to: d[0:n])
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; i++)
    d[i] = d[i] + 1.0;
#pragma omp target update from(d[0:n])
  for (long i = 0; i < n; i++)
    d[i] = -3.0; /* overwritten by the exit's copy back */
#pragma omp target exit data map(from: d[0:n])
  double *e = e2e_alloc(n + 8);
  e2e_fill(e, n + 8, 9);
#pragma omp target enter data map(to: e[4:n])
  scale_inner(e, n + 8);
#pragma omp target exit data map(from: e[4:n])
  e2e_print("a", a, (size_t)n * sizeof(double));
  e2e_print("e", e, (size_t)(n + 8) * sizeof(double));
  e2e_print("b", b, (size_t)n * sizeof(double));
  e2e_print("c", c, (size_t)n * sizeof(double));
  e2e_print("d", d, (size_t)n * sizeof(double));
  return 0;
}
