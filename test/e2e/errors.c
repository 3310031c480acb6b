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
  } else if (strcmp(mode, "inner_overlap") == 0) {
    /* Every i stores the same row a[0..9] (affine, but no iteration's
     * elements are its own): devices would overwrite each other. */
#pragma proact region(a[0:n])
    for (long i = 0; i < 100; i++)
      for (long j = 0; j < 10; j++)
        a[j] = (double)(i + j);
  } else if (strcmp(mode, "column_overlap") == 0) {
    /* Columns i and i + 1 of 10 x 100: neighbouring iterations share a
     * column, so the parts' strided runs meet. */
#pragma proact region(a[0:n])
    for (long i = 0; i < 99; i++)
      for (long j = 0; j < 10; j++) {
        a[j * 100 + i + 1] = 1.0;
        a[j * 100 + i] = 2.0;
      }
  } else if (strstr(mode, "_in_") != NULL) {
    /* In every thread of a parallel region, or in one (loop_in_masked). */
    /* Orphaned: the compiler cannot see the parallel region around them. */
    void orphan_loop(double *a, long n), orphan_data(double *a, long n);
    const int loop = mode[0] == 'l';
#pragma omp parallel num_threads(2)
    {
      if (loop && (mode[8] == 'p' || omp_get_thread_num() == 0))
        orphan_loop(a, n);
      else if (!loop)
        orphan_data(a, n);
    }
  } else if (strcmp(mode, "guarded_read") == 0) {
    /* A load after a condition: its guard holds at i = 0, where it loads
     * a[-1], below the named section; checked by the kernels. */
    double *b = calloc((size_t)n, sizeof(double));
#pragma proact data copy(a[0:n], b[0:n])
    {
#pragma proact region(a[0:n], b[0:n])
      for (long i = 0; i < n; i++)
        b[i] = i >= 0 ? a[i - 1] : 0.0;
    }
    free(b);
  } else if (strcmp(mode, "indirect_read") == 0) {
    /* A load through an index that is not affine; idx[n - 1] = n is past
     * the named section. */
    double *b = calloc((size_t)n, sizeof(double));
    int *idx = calloc((size_t)n, sizeof(int));
    for (long i = 0; i < n; i++)
      idx[i] = (int)(i == n - 1 ? n : n - 1 - i);
#pragma proact region(a[0:n], b[0:n], idx[0:n])
    for (long i = 0; i < n; i++)
      b[i] = 2.0 * a[idx[i]];
    free(idx);
    free(b);
  } else if (strcmp(mode, "reads_promise") == 0) {
    /* reads(...) promises a[i - 1 .. i + 1], but idx[500] = 502. */
    double *b = calloc((size_t)n, sizeof(double));
    int *idx = calloc((size_t)n, sizeof(int));
    for (long i = 0; i < n; i++)
      idx[i] = (int)(i == 500 ? i + 2 : i);
#pragma proact data copy(a[0:n], b[0:n], idx[0:n])
    {
#pragma proact region(a[0:n], b[0:n], idx[0:n]) reads(a[i - 1:3])
      for (long i = 1; i < n - 1; i++)
        b[i] = a[idx[i]] + a[i];
    }
    free(idx);
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
  } else if (strcmp(mode, "dependence") == 0) {
    /* Each i reads the a[i - 1] the previous i stored (Gauss-Seidel in
     * place): the iterations are not independent. */
#pragma proact region(a[0:n])
    for (long i = 1; i < n; i++)
      a[i] = 0.5 * (a[i - 1] + a[i]);
  } else if (strcmp(mode, "row_dependence") == 0) {
    /* Row i reads row i - 1, which the previous iteration stored; the
     * inner loop is no matter. */
#pragma proact region(a[0:n])
    for (long i = 1; i < 10; i++)
      for (long j = 0; j < 100; j++)
        a[i * 100 + j] += a[(i - 1) * 100 + j];
  } else if (strcmp(mode, "collapsed_overlap") == 0) {
    /* j and k are collapsed (the store uses both), but j + k repeats. */
#pragma proact region(a[0:n])
    for (long i = 0; i < 10; i++)
      for (long j = 0; j < 10; j++)
        for (long k = 0; k < 10; k++)
          a[i * 100 + j + k] = 1.0;
  } else if (strcmp(mode, "two_coefs") == 0) {
    /* a[2 * i] of iteration i is a[i] of iteration 2 * i. */
#pragma proact region(a[0:n])
    for (long i = 0; i < n / 2; i++) {
      a[i] = 1.0;
      a[2 * i] = 2.0;
    }
  } else if (strcmp(mode, "transpose") == 0) {
    /* In place: row i reads column i, which the other rows store. */
#pragma proact region(a[0:n])
    for (long i = 0; i < 10; i++)
      for (long j = 0; j < 10; j++)
        a[i * 10 + j] = a[j * 10 + i];
  } else if (strcmp(mode, "triangle_race") == 0) {
    /* Every i adds to a[0..i]: iterations store the same elements. */
#pragma proact region(a[0:n])
    for (long i = 0; i < 40; i++)
      for (long j = 0; j <= i; j++)
        a[j] += 1.0;
  } else if (strcmp(mode, "triangle_dependence") == 0) {
    /* Row i reads row i - 1's lower part, which iteration i - 1 stored. */
#pragma proact region(a[0:n])
    for (long i = 1; i < 20; i++)
      for (long j = 0; j < i; j++)
        a[i * 20 + j] = a[(i - 1) * 20 + j] + 1.0;
  } else if (strcmp(mode, "md_read_below") == 0) {
    /* A 2-D array's first row loads the row above it: the message names
       g as written and gives its elements as flat indices. */
    double (*g)[10] = calloc(100, sizeof(double));
    double (*h)[10] = calloc(100, sizeof(double));
#pragma proact region(g[0:10][0:10], h[0:10])
    for (long i = 0; i < 10; i++)
      for (long j = 0; j < 10; j++)
        h[i][j] = g[i - 1][j];
    free(g);
    free(h);
  } else if (strcmp(mode, "zero_coef") == 0) {
    /* The store's j term is 0 at run time: every j of one i stores a[i],
     * and the collapsed j run in parallel. */
    long z = argc > 2 ? atol(argv[2]) : 0;
#pragma proact region(a[0:n])
    for (long i = 0; i < 10; i++)
      for (long j = 0; j < 10; j++)
        a[i + z * j] += 1.0;
  } else if (strcmp(mode, "alias_dep") == 0) {
    /* b[i] = a[i] + 1 through b = a + 1 is a[i + 1] = a[i] + 1. */
    double *b = a + 1;
#pragma proact region(a[0:n], b[0:n - 1])
    for (long i = 0; i < n - 1; i++)
      b[i] = a[i] + 1.0;
  } else if (strcmp(mode, "reduce_alias") == 0) {
    /* h2 is another name for the array reduction(...) reduces. */
    double *h = a, *h2 = a, *b = calloc((size_t)n, sizeof(double));
#pragma proact region(b[0:n], h2[0:n]) reduction(+: h[0:n])
    for (long i = 0; i < n; i++) {
      h[(i * 7) % n] += 1.0;
      b[i] = h2[i];
    }
    free(b);
  } else if (strcmp(mode, "collapsed_meet") == 0) {
    /* (i, j) and (i + 1, j - 1) store one element; (j, k) of one i too. */
#pragma proact region(a[0:n])
    for (long i = 0; i < 100; i++)
      for (long j = 0; j < 4; j++)
        a[i * 4 + j * 4] = 1.0;
  } else if (strcmp(mode, "collapsed_overlap2") == 0) {
#pragma proact region(a[0:n])
    for (long i = 0; i < 100; i++)
      for (long j = 0; j < 4; j++)
        for (long k = 0; k < 2; k++)
          a[i * 8 + j * 2 + k * 2] = 1.0;
  } else if (strcmp(mode, "reduce_above") == 0) {
    /* Updates of a reduced array outside its section: index 10. */
    double *h = calloc(16, sizeof(double));
#pragma proact region(a[0:n]) reduction(+: h[2:8])
    for (long i = 0; i < n; i++)
      h[2 + i % 9] += a[i];
    free(h);
  } else if (strcmp(mode, "reduce_below") == 0) {
    /* Index 1, once: below the section, before the copies' memory. */
    double *h = calloc(16, sizeof(double));
#pragma proact region(a[0:n]) reduction(+: h[2:8])
    for (long i = 0; i < n; i++)
      h[i == 777 ? 1 : 2 + i % 8] += a[i] + 1.0;
    free(h);
  } else if (strcmp(mode, "reduce_max") == 0) {
    double m[4] = {0, 0, 0, 0};
#pragma proact region(a[0:n]) reduction(max: m[0:4])
    for (long i = 0; i < n; i++)
      if (a[i] + (double)i > m[i % 5])
        m[i % 5] = a[i] + (double)i;
  } else if (strcmp(mode, "reduce_2d") == 0) {
    /* Row 4 of a 4 x 8 section: flat element 32 and on. */
    double (*g)[8] = calloc(5, sizeof(*g));
#pragma proact region(a[0:n]) reduction(+: g[0:4][0:8])
    for (long i = 0; i < n; i++)
      g[i % 5][i % 8] = g[i % 5][i % 8] + a[i];
    free(g);
  } else if (strcmp(mode, "reduce_negative") == 0) {
    long len = argc > 2 ? atol(argv[2]) : -1;
    double h[4] = {0, 0, 0, 0};
#pragma proact region(a[0:n]) reduction(+: h[0:len])
    for (long i = 0; i < n; i++)
      h[i % 4] += a[i];
    printf("h %g\n", h[0]);
  } else if (strcmp(mode, "wrap_narrow") == 0) {
    /* k wraps from 253 + 3 to 0 and goes on: not 250, 253. */
    int u[256] = {0};
#pragma proact region(u[0:256])
    for (unsigned char k = 250; k < 255; k += 3)
      u[k] = 1;
    printf("u %d\n", u[0]);
  } else if (strcmp(mode, "wrap_unsigned") == 0) {
    /* i >= 0 holds for every unsigned i: the loop never ends in C. */
#pragma proact region(a[0:n])
    for (unsigned i = (unsigned)n - 1; i >= 0; i--)
      a[i] = 1.0;
  } else if (strcmp(mode, "wrap_inner") == 0) {
    /* An inner loop that wraps writes where its span does not say. */
    int u[4 * 256] = {0};
#pragma proact region(u[0:4 * 256])
    for (int r = 0; r < 4; r++)
      for (unsigned char k = 250; k < 255; k += 3)
        u[r * 256 + k] = 1;
    printf("u %d\n", u[0]);
  } else if (strcmp(mode, "overflow_int") == 0) {
    /* i <= INT_MAX holds for every int i. */
    int top = 2147483647;
#pragma proact region(a[0:n])
    for (int i = top - 2; i <= top; i++)
      a[i - (top - 2)] = 1.0;
  } else if (strcmp(mode, "window_dependence") == 0) {
    /* The window j = i - 1 .. i + 1 reads a[i - 1], which iteration
     * i - 1 stores. */
#pragma proact region(a[0:n])
    for (long i = 1; i < n - 1; i++) {
      double s = 0;
      for (long j = i - 1; j <= i + 1; j++)
        s += a[j];
      a[i] = s / 3;
    }
  } else if (strcmp(mode, "unsigned_high") == 0) {
    /* A 64-bit unsigned variable from 2^63 on: not countable as long long. */
    unsigned long top = 0x8000000000000000ul;
#pragma proact region(a[0:n])
    for (unsigned long i = top; i < top + 4; i++)
      a[i - top] = 1.0;
  } else if (strcmp(mode, "window_stores") == 0) {
    /* j = i, i + 1 stores a[2i] and a[2i + 2]: so does iteration i + 1. */
#pragma proact region(a[0:n])
    for (long i = 0; i < n / 2 - 1; i++)
      for (long j = i; j < i + 2; j++)
        a[2 * j] = (double)i;
  } else if (strcmp(mode, "window_loads") == 0) {
    /* Iteration 1 stores a[4], which iteration 2 loads through a[2 * j]. */
#pragma proact region(a[0:n])
    for (long i = 0; i < n / 3 - 1; i++) {
      double s = 0;
      for (long j = i; j < i + 2; j++)
        s += a[2 * j];
      a[3 * i + 1] = s;
    }
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

void orphan_loop(double *a, long n) {
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++)
    a[i] = 1.0;
}

void orphan_data(double *a, long n) {
#pragma proact data copy(a[0:n])
  {
    a[0] += 1.0;
  }
}
