/* Plain OpenMP offload code whose target constructs, left on one device
 * ('target teams distribute' alone), run from the threads of a parallel
 * loop while 'target enter data' mappings hold their arrays: in spread
 * mode they take their turns, each seeing the arrays' current values.
 * Built in spread mode it must print what the unmodified program prints
 * on one device, bit for bit. Usage: omp_threads [n] */
#include "e2e_util.h"

#define K 4

static void enter(double *p, long n) {
#pragma omp target enter data map(to: p[0:n])
}

static void leave(double *p, long n) {
#pragma omp target exit data map(from: p[0:n])
}

static void scale(const double *x, double *y, long n, double f) {
#pragma omp target teams distribute map(to: x[0:n]) map(tofrom: y[0:n])
  for (long i = 0; i < n; i++)
    y[i] = x[i] * f + y[i];
}

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 4099);
  double *x[K], *y[K];
  for (int k = 0; k < K; k++) {
    x[k] = e2e_alloc(n);
    y[k] = e2e_alloc(n);
    e2e_fill(x[k], n, 40 + k);
    e2e_fill(y[k], n, 50 + k);
    enter(x[k], n);
    enter(y[k], n);
  }
#pragma omp parallel for num_threads(K)
  for (int k = 0; k < K; k++)
    scale(x[k], y[k], n, 0.25 + (double)k);
  for (int k = 0; k < K; k++) {
    leave(y[k], n);
    leave(x[k], n);
    e2e_print("y", y[k], (size_t)n * sizeof(double));
  }
  return 0;
}
