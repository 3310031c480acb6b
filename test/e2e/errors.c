/* Programs that must stop with a clear runtime error (checked by ctest
 * against the message): errors MODE (the modes below). */
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "ok";
  long n = 1000;
  double *a = calloc((size_t)n, sizeof(double));
  if (!a)
    return 2;
  if (strcmp(mode, "oom") == 0) {
    long huge = 1L << 45; /* 256 TiB of doubles: no device has that */
#pragma proact data create(a[0:huge])
    { /* distributed (PROACT_DISTRIBUTE=1): runs out in the loop instead */
#pragma proact region(a[0:huge])
      for (long i = 0; i < huge; i++)
        a[i] = 1.0;
    }
  } else if (strcmp(mode, "overlap") == 0) {
    /* Every iteration stores a[0]: not parallel over devices. */
#pragma proact region(a[0:n])
    for (long i = 0; i < n; i++)
      a[0] = (double)i;
  } else if (strcmp(mode, "outside") == 0) {
    /* The last iteration stores a[n], outside the named section. */
#pragma proact region(a[0:n])
    for (long i = 0; i < n; i++)
      a[i + 1] = 1.0;
  } else if (strcmp(mode, "read_below") == 0) {
    /* The first iteration loads a[-1], below the named section. */
    double *b = calloc((size_t)n, sizeof(double));
#pragma proact region(a[0:n], b[0:n])
    for (long i = 0; i < n; i++)
      b[i] = a[i - 1] + a[i];
    free(b);
  } else if (strcmp(mode, "read_above") == 0) {
    /* The last iteration loads a[n], above the named section. */
    double *b = calloc((size_t)n, sizeof(double));
#pragma proact data copy(a[0:n], b[0:n])
    {
#pragma proact region(a[0:n], b[0:n])
      for (long i = 0; i < n; i++)
        b[i] = a[i] + a[i + 1];
    }
    free(b);
  } else if (strcmp(mode, "data_short") == 0) {
    /* The data region maps one element less than the loop loads. */
    double *b = calloc((size_t)n, sizeof(double));
#pragma proact data copy(a[0:n - 1], b[0:n])
    {
#pragma proact region(a[0:n - 1], b[0:n])
      for (long i = 0; i < n - 1; i++)
        b[i] = a[i] + a[i + 1];
    }
    free(b);
  } else if (strcmp(mode, "reads_narrow") == 0) {
    /* reads(...) names a[i] alone, but the body also loads a[i - 1]. */
    double *b = calloc((size_t)n, sizeof(double));
#pragma proact data copy(a[0:n], b[0:n])
    {
#pragma proact region(a[0:n], b[0:n]) reads(a[i:1])
      for (long i = 1; i < n; i++)
        b[i] = a[i - 1] + a[i];
    }
    free(b);
  } else if (strcmp(mode, "reduce_huge") == 0) {
    /* Every thread would need its own copy of 512 MiB: too large. */
    long big = 1L << 26;
    double *h = calloc((size_t)big, sizeof(double));
    if (!h)
      return 2;
#pragma proact region(a[0:n]) reduction(+: h[0:big])
    for (long i = 0; i < n; i++)
      h[(long)a[i] * 7 % big] += 1.0;
    free(h);
  } else if (strcmp(mode, "none") == 0) {
    /* No PROACT call: settings are checked before main all the same. */
    printf("main ran\n");
    free(a);
    return 0;
  } else {
#pragma proact region(a[0:n])
    for (long i = 0; i < n; i++)
      a[i] = 2.0 * (double)i;
  }
  printf("a[n-1] = %g\n", a[n - 1]);
  free(a);
  return 0;
}
