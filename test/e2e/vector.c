/* Streaming bodies, which the kernels run in groups of consecutive
 * iterations where every access lies on a 16-byte boundary
 * (clang-ext/lowering/vector_walk.h), and one at a time or in strided groups where
 * not: float and double copies, scales and triads; a loop-invariant
 * element read beside them; a compound assignment; a 16-byte struct;
 * starts that leave a head before the first aligned iteration (an odd
 * first iteration, an int loop variable); arrays at offsets that are never
 * aligned together (c[i - 2] = a[i]) and at a run-time offset that is
 * aligned for one value and not for the other; 2-byte elements, too short
 * for a vector group. Sizes leave tails after the groups.
 * Usage: vector [n] */
#include <proact.h>
#include "e2e_util.h"

struct quad {
  float x, y, z, w;
};

static void fill_float(float *f, long n, unsigned seed) {
  double *d = e2e_alloc(n);
  e2e_fill(d, n, seed);
  for (long i = 0; i < n; i++)
    f[i] = (float)d[i];
  free(d);
}

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 30011);
  long m = n > 0 ? n : 1;
  float *a = (float *)malloc((size_t)m * sizeof(float));
  float *b = (float *)malloc((size_t)m * sizeof(float));
  float *c = (float *)malloc((size_t)m * sizeof(float));
  double *x = e2e_alloc(n), *y = e2e_alloc(n), *z = e2e_alloc(n);
  short *h = (short *)malloc((size_t)m * sizeof(short));
  struct quad *q = (struct quad *)malloc((size_t)m * sizeof(*q));
  struct quad *r = (struct quad *)malloc((size_t)m * sizeof(*r));
  if (!a || !b || !c || !h || !q || !r)
    return 2;
  fill_float(a, n, 21);
  fill_float(b, n, 22);
  e2e_fill(x, n, 23);
  e2e_fill(y, n, 24);
  for (long i = 0; i < n; i++) {
    c[i] = 0;
    z[i] = 0;
    h[i] = (short)(i % 1000);
    q[i].x = a[i];
    q[i].y = b[i];
    q[i].z = (float)i;
    q[i].w = -a[i];
  }
  /* 4: an offset where a[i + off] is aligned with c[i]; 1: never. */
  long offs[2] = {4, 1};
  const float s = 1.5f;

#pragma proact data copy(a[0:n], b[0:n], c[0:n], x[0:n], y[0:n], z[0:n], \
                         h[0:n], q[0:n], r[0:n])
  {
#pragma proact region(a[0:n], c[0:n])
    for (long i = 0; i < n; i++)
      c[i] = a[i];
#pragma proact region(b[0:n], c[0:n])
    for (long i = 0; i < n; i++)
      b[i] = s * c[i];
#pragma proact region(a[0:n], b[0:n], c[0:n])
    for (long i = 0; i < n; i++)
      c[i] = a[i] + s * b[i] * a[0]; /* a[0]: the same element every time */
#pragma proact region(x[0:n], y[0:n], z[0:n])
    for (long i = 5; i < n; i++) /* a head before the first aligned i */
      z[i] = x[i] + 0.75 * y[i];
#pragma proact region(x[0:n], z[0:n])
    for (int i = 3; i < (int)n; i++)
      z[i] += x[i];
#pragma proact region(a[0:n], c[0:n])
    for (long i = 2; i < n; i++)
      c[i - 2] = a[i] * 0.5f; /* 8 bytes apart: never aligned together */
    for (int o = 0; o < 2; o++) {
      long off = offs[o];
#pragma proact region(a[0:n], b[0:n])
      for (long i = 0; i < n - off; i++)
        b[i] = a[i + off] - b[i];
    }
#pragma proact region(h[0:n])
    for (long i = 0; i < n; i++)
      h[i] = (short)(h[i] * 3 + 1);
#pragma proact region(q[0:n], r[0:n])
    for (long i = 0; i < n; i++)
      r[i] = q[i];
  }
  e2e_print("a", a, (size_t)n * sizeof(float));
  e2e_print("b", b, (size_t)n * sizeof(float));
  e2e_print("c", c, (size_t)n * sizeof(float));
  e2e_print("z", z, (size_t)n * sizeof(double));
  e2e_print("h", h, (size_t)n * sizeof(short));
  e2e_print("r", r, (size_t)n * sizeof(struct quad));
  free(a);
  free(b);
  free(c);
  free(x);
  free(y);
  free(z);
  free(h);
  free(q);
  free(r);
  return 0;
}
