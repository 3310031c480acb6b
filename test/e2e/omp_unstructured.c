/* Plain OpenMP offload code that maps its arrays with 'target enter data'
 * in an init function and unmaps them with 'target exit data' in a
 * finalize one, the loops in between finding them present: in this file,
 * in a second one (omp_unstructured_other.c, also called inside a
 * caller's 'target data' region) and inside a 'target data' region. It
 * enters an array already present (its count goes to two, so the first
 * exit copies nothing back), updates entered arrays both ways, exits with
 * from, release and delete (and once more: nothing is mapped then),
 * maps with alloc and a scalar, maps rows of a two-dimensional array,
 * deletes an array inside a region that holds it, and reads the arrays on
 * the host after each exit; an array that an enter left to OpenMP maps
 * stays OpenMP's, and enters and exits left to OpenMP of a section PROACT
 * holds count; one array stays mapped at the end, and one entered array is freed
 * without its exit. Built in spread mode it must print what
 * the unmodified program prints on one device, bit for bit.
 * Usage: omp_unstructured [n] [rounds] */
#include <omp.h>

#include "e2e_util.h"

void omp_unstructured_other(double *a, const double *c, long n, long r);

/* A scalar the enter and the exit map beside the arrays: OpenMP's. */
static double scale = 0.5;

static void init(double *a, double *b, double *c, double *w, long n) {
#pragma omp target enter data map(to: a[0:n], b[0:n])
#pragma omp target enter data map(alloc: c[0:n])
#pragma omp target enter data map(to: w[0:n], scale)
}

static void compute(double *a, const double *b, double *c, long n, long r) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; i++)
    c[i] = a[i] * scale + b[i];
  /* Reads the neighbours another device wrote. */
#pragma omp target teams distribute parallel for
  for (long i = 1; i < n - 1; i++)
    a[i] = (c[i - 1] + c[i + 1]) * 0.25 + (double)r;
}

/* Rows of 8 (an array of two dimensions) that the loop finds entered. */
static void rows_step(long m, double (*g)[8]) {
#pragma omp target teams distribute parallel for collapse(2)
  for (long i = 0; i < m; i++)
    for (long j = 0; j < 8; j++)
      g[i][j] = g[i][j] * 0.5 + (double)(i + j);
}

static void finalize(double *a, double *b, double *c, double *w, long n) {
#pragma omp target exit data map(release: b[0:n])
#pragma omp target exit data map(from: a[0:n], c[0:n])
#pragma omp target exit data map(delete: w[0:n], scale)
}

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 20011);
  long rounds = e2e_arg(argc, argv, 2, 4);
  double *a = e2e_alloc(n), *b = e2e_alloc(n), *c = e2e_alloc(n);
  double *w = e2e_alloc(n);
  double seen = 0;
  e2e_fill(a, n, 21);
  e2e_fill(b, n, 22);
  e2e_fill(c, n, 23);
  e2e_fill(w, n, 24);
  init(a, b, c, w, n);
  for (long r = 0; r < rounds; r++) {
    compute(a, b, c, n, r);
    omp_unstructured_other(a, c, n, r);
    /* The host's copy is current only after the update. */
#pragma omp target update from(c[0:n])
    seen += c[n / 2] + c[n - 1];
    b[0] = b[0] + 1;
#pragma omp target update to(b[0:1])
  }
  /* An array already present: the enter counts, maps nothing, copies
   * nothing; the first exit copies nothing back either. */
  a[0] = -1;
#pragma omp target enter data map(to: a[0:n])
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (long i = 0; i < n; i++)
    a[i] = a[i] + w[i];
#pragma omp target exit data map(from: a[0:n])
  e2e_print("a after the first exit", a, (size_t)n * sizeof(double));
  /* Inside a structured region: present, nothing moves at its ends. */
#pragma omp target data map(tofrom: a[0:n], w[0:n])
  {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      w[i] = w[i] * 2 - a[i];
  }
  e2e_print("a after the region", a, (size_t)n * sizeof(double));
  finalize(a, b, c, w, n);
  e2e_print("a", a, (size_t)n * sizeof(double));
  e2e_print("b (released)", b, (size_t)n * sizeof(double));
  e2e_print("c", c, (size_t)n * sizeof(double));
  e2e_print("w (deleted)", w, (size_t)n * sizeof(double));
  e2e_print("seen", &seen, sizeof seen);
  /* The other file's loop finds its arrays in the caller's region. */
#pragma omp target data map(tofrom: w[0:n]) map(to: c[0:n])
  {
    omp_unstructured_other(w, c, n, 5);
  }
  e2e_print("w from the callee", w, (size_t)n * sizeof(double));
  /* An enter inside a region that holds the array: the region's end
   * leaves it mapped, the exit copies it back. */
  e2e_fill(w, n, 25);
#pragma omp target data map(to: w[0:n])
  {
#pragma omp target enter data map(to: w[0:n])
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      w[i] = w[i] * 3;
  }
  e2e_print("w after its region", w, (size_t)n * sizeof(double));
#pragma omp target exit data map(from: w[0:n])
  e2e_print("w after its exit", w, (size_t)n * sizeof(double));
  /* Mapped by an enter data that stays OpenMP's (device(...)): the loop
   * and the spread exit leave it to OpenMP. */
  e2e_fill(w, n, 26);
#pragma omp target enter data map(to: w[0:n]) device(omp_get_default_device())
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; i++)
    w[i] = w[i] * 1.5 + 1;
#pragma omp target exit data map(from: w[0:n])
  e2e_print("w mapped by OpenMP", w, (size_t)n * sizeof(double));
  {
    long m = n / 8;
    double (*g)[8] = malloc(sizeof(double[m > 0 ? m : 1][8]));
    e2e_fill(&g[0][0], m * 8, 27);
#pragma omp target enter data map(to: g[0:m][0:8])
    rows_step(m, g);
    rows_step(m, g);
#pragma omp target exit data map(from: g[0:m])
    e2e_print("g", &g[0][0], (size_t)m * 8 * sizeof(double));
    free(g);
  }
  /* Exited twice: the second exit finds nothing mapped, which OpenMP
   * ignores. */
  e2e_fill(w, n, 29);
#pragma omp target enter data map(to: w[0:n])
#pragma omp target teams distribute parallel for
  for (long i = 1; i < n - 1; i++)
    w[i] = w[i] - 0.5;
#pragma omp target exit data map(from: w[0:n])
#pragma omp target exit data map(delete: w[0:n])
  e2e_print("w exited twice", w, (size_t)n * sizeof(double));
  /* Deleted inside a region that holds it: the mapping goes with what
   * the device computed, the region's end finds nothing to copy back,
   * and the loop after the delete maps the host's values anew. */
  e2e_fill(w, n, 28);
#pragma omp target data map(tofrom: w[0:n], c[0:n])
  {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      w[i] = w[i] + 1;
#pragma omp target exit data map(delete: w[0:n])
    for (long i = 0; i < n; i++)
      w[i] = w[i] * 2;
#pragma omp target teams distribute parallel for map(to: w[0:n])
    for (long i = 1; i < n - 1; i++)
      c[i] = (w[i - 1] + w[i + 1]) * 0.5;
  }
  e2e_print("w deleted in its region", w, (size_t)n * sizeof(double));
  e2e_print("c after it", c, (size_t)n * sizeof(double));
  /* Entered again by enters left to OpenMP (nowait, device, if): each
   * that maps counts, as OpenMP counts them, so the exits copy back only
   * at the last; if(0) maps nothing; 'close' changes nothing. Host writes
   * in between stay unseen. */
  e2e_fill(w, n, 31);
#pragma omp target enter data map(to: w[0:n])
#pragma omp target enter data map(to: w[0:n]) nowait
#pragma omp taskwait
#pragma omp target enter data map(alloc: w[0:n]) device(omp_get_default_device())
#pragma omp target enter data map(to: w[0:n]) if(n < 0)
#pragma omp target enter data map(close, alloc: w[0:n])
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; i++)
    w[i] = w[i] * 0.5 + 2;
  for (int k = 0; k < 2; k++) {
#pragma omp target exit data map(from: w[0:n])
    w[0] = -7;
  }
  /* Exits left to OpenMP count down as OpenMP's do: if(0) exits nothing. */
#pragma omp target exit data map(from: w[0:n]) if(n < 0)
#pragma omp target exit data map(release: w[0:n]) nowait
#pragma omp taskwait
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; i++)
    w[i] = w[i] + 1;
  e2e_print("w before its last exit", w, (size_t)n * sizeof(double));
#pragma omp target exit data map(from: w[0:n]) depend(in: w[0]) nowait
#pragma omp taskwait
  e2e_print("w counted with enters left to OpenMP", w,
            (size_t)n * sizeof(double));
  /* Left mapped at the end: nothing is copied back. */
#pragma omp target enter data map(to: b[0:n])
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; i++)
    b[i] = 0;
  e2e_print("b left mapped", b, (size_t)n * sizeof(double));
  /* Entered, never exited, freed: OpenMP lets the mapping go with the
   * memory; the next loop finds nothing of it. */
  {
    double *t = e2e_alloc(n);
    e2e_fill(t, n, 30);
#pragma omp target enter data map(to: t[0:n])
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      t[i] = t[i] + 1;
#pragma omp target update from(t[0:n])
    e2e_print("t before its free", t, (size_t)n * sizeof(double));
    free(t);
  }
#pragma omp target teams distribute parallel for map(tofrom: c[0:n])
  for (long i = 0; i < n; i++)
    c[i] = c[i] * 0.25;
  e2e_print("c after the free", c, (size_t)n * sizeof(double));
  return 0;
}
