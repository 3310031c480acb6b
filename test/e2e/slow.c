/* slow N REPS WORK: a 1-D stencil run REPS times over N points, cheaply,
 * then once more with WORK extra steps for each of the 128 points around
 * the middle, so that its last execution takes far longer than the
 * earlier ones, and on 2 devices the chunks each part pushes become ready
 * only at its end (the watchdogs' tests, watchdog.sh). Prints a checksum
 * of the result. */
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4096;
  int reps = argc > 2 ? atoi(argv[2]) : 4;
  long work = argc > 3 ? atol(argv[3]) : 1000;
  double *u = malloc((size_t)n * sizeof(double));
  double *v = malloc((size_t)n * sizeof(double));
  double sum = 0;
  if (u == NULL || v == NULL || n < 3)
    return 2;
  for (long i = 0; i < n; i++)
    u[i] = v[i] = (double)(i % 17);
#pragma proact data copy(u[0:n], v[0:n])
  {
    for (int r = 0; r <= reps; r++) {
      const long slow = r == reps ? work : 1, mid = n / 2;
#pragma proact region(u[0:n], v[0:n])
      for (long i = 1; i < n - 1; i++)
        v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
      /* u's edges go to the other device, which reads them next time. */
#pragma proact region(u[0:n], v[0:n])
      for (long i = 1; i < n - 1; i++) {
        const long steps = i >= mid - 64 && i < mid + 64 ? slow : 1;
        double x = v[i];
        for (long k = 1; k < steps; k++)
          x = x * 0.5 + 0.25;
        u[i] = x;
      }
    }
  }
  for (long i = 0; i < n; i++)
    sum += u[i] * (double)(i + 1);
  printf("checksum %.17g\n", sum);
  free(u);
  free(v);
  return 0;
}
