/* Host OpenMP after PROACT loops: a parallel reduction, a reduction inside
 * a host-side worksharing loop with a critical section, and a plain target
 * region with its own parallel reduction, each after a loop ran on the
 * configured devices. On host-offload devices a loop's teams run on the
 * launching host thread, and libomp must be left as it was (a loop on one
 * device once left libomp's teams state set and the next reduction
 * aborted). Prints "host_after: ok" or what differed. */
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 1000;
  double *a = malloc((size_t)n * sizeof(double));
  double *b = malloc((size_t)n * sizeof(double));
  double want = 0, s = 0, t = 0, u = 0;
  long hits = 0;
  int bad = 0;
  if (a == NULL || b == NULL)
    return 2;
  for (long i = 0; i < n; i++) {
    a[i] = (double)(i % 17);
    want += 2.0 * a[i] + 1.0;
  }
  for (int round = 0; round < 3; round++) {
#pragma proact region(a[0:n], b[0:n])
    for (long i = 0; i < n; i++)
      b[i] = 2.0 * a[i] + 1.0;
    s = t = u = 0;
    hits = 0;
#pragma omp parallel for reduction(+: s)
    for (long i = 0; i < n; i++)
      s += b[i];
#pragma omp parallel
    {
      double mine = 0;
#pragma omp for
      for (long i = 0; i < n; i++)
        mine += b[i];
#pragma omp critical
      t += mine;
#pragma omp atomic
      hits++;
    }
#pragma omp target teams distribute parallel for reduction(+: u) map(to: b[0:n])
    for (long i = 0; i < n; i++)
      u += b[i];
    if (s != want || t != want || u != want || hits < 1) {
      printf("host_after: round %d: sums %.17g %.17g %.17g, want %.17g, "
             "%ld threads\n", round, s, t, u, want, hits);
      bad = 1;
    }
  }
  if (!bad)
    printf("host_after: ok\n");
  free(a);
  free(b);
  return bad;
}
