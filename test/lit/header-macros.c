// A program may define any upper-case macro a C program commonly does (one
// capital letter, N, MIN, OK, ...) before <proact.h>: the plugin's headers
// and the code it generates must not use those names. Each is defined as
// `@`, an error wherever it would be expanded; the loops cover the kernels
// that include every header (a flat loop, a collapsed nest, an inner-loop
// accumulation, scalar and array reductions, data and update directives).
// RUN: %proact-offload-cc -c %s -o %t.o
#define A @
#define B @
#define C @
#define D @
#define E @
#define F @
#define G @
#define H @
#define I @
#define J @
#define K @
#define L @
#define M @
#define N @
#define O @
#define P @
#define Q @
#define R @
#define S @
#define T @
#define U @
#define V @
#define W @
#define X @
#define Y @
#define Z @
#define MIN @
#define MAX @
#define SIZE @
#define BLOCK @
#define TILE @
#define CHUNK @
#define DIM @
#define NX @
#define NY @
#define NZ @
#define OK @
#define ERROR @
#define DEBUG @
#define DEVICE @
#define HOST @
#define TRUE @
#define FALSE @
#define SUCCESS @
#define FAILURE @
#include <proact.h>

double kernels(long n, long m, double *restrict u, double *restrict v,
               double *restrict x, double *restrict y, long *restrict hist) {
  double sum = 0.0, top = 0.0;
#pragma proact data copy(u[0:n * m], v[0:n * m], x[0:m], y[0:n], hist[0:8])
  {
#pragma proact region(u[0:n * m], v[0:n * m])
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < m - 1; j++)
        v[i * m + j] = 0.25 * (u[(i - 1) * m + j] + u[(i + 1) * m + j] +
                               u[i * m + j - 1] + u[i * m + j + 1]);
#pragma proact region(u[0:n * m], x[0:m], y[0:n])
    for (long i = 0; i < n; i++) {
      double acc = 0.0;
      for (long j = 0; j < m; j++)
        acc += u[i * m + j] * x[j];
      y[i] += acc;
    }
#pragma proact region(y[0:n]) reduction(+ : sum) reduction(max : top)
    for (long i = 0; i < n; i++) {
      sum += y[i];
      top = y[i] > top ? y[i] : top;
    }
#pragma proact region(y[0:n], hist[0:8]) reduction(+ : hist[0:8])
    for (long i = 0; i < n; i++)
      hist[i & 7] += y[i] > 0.0;
#pragma proact update host(y[0:n])
  }
  return sum + top;
}
