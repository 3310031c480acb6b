/* One-assignment bodies, which the kernels run in groups of iterations
 * with all right-hand sides before the stores (clang-ext/lowering/ilp.h), and a
 * body of locals, a local array and branches ending in its one store: compound
 * assignments on doubles and integers, a double right-hand side stored
 * into floats, the loop variable as a value, a struct element stored
 * whole, a member, a struct tag and an offsetof designator named like the
 * loop variable, members loaded after a condition (checked in the
 * kernels), the loop variable's address type, a typedef's brackets, a
 * local hiding an outer name after a use of it, and a step of 3. Sizes
 * that leave remainders after the groups.
 * Usage: grouped [n] */
#include <proact.h>
#include "e2e_util.h"

typedef double real;
#include <stddef.h>

struct rec {
  double w;
  double i; /* named like the loop variable */
};

struct i { /* a tag named like it */
  int x[3];
};

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 30011);
  double *a = e2e_alloc(n), *b = e2e_alloc(n);
  float *f = (float *)malloc((size_t)(n > 0 ? n : 1) * sizeof(float));
  long long *k = (long long *)malloc((size_t)(n > 0 ? n : 1) * sizeof(*k));
  struct rec *r = (struct rec *)malloc((size_t)(n > 0 ? n : 1) * sizeof(*r));
  struct rec *s = (struct rec *)malloc((size_t)(n > 0 ? n : 1) * sizeof(*s));
  if (!f || !k || !r || !s)
    return 2;
  e2e_fill(a, n, 11);
  e2e_fill(b, n, 12);
  for (long i = 0; i < n; i++) {
    f[i] = 0;
    k[i] = i * 7 + 3;
    r[i].i = a[i];
    r[i].w = b[i];
  }

#pragma proact data copy(a[0:n], b[0:n], f[0:n], k[0:n], r[0:n], s[0:n])
  {
#pragma proact region(a[0:n], b[0:n])
    for (long i = 0; i < n; i++)
      a[i] += 0.25 * b[i];
#pragma proact region(a[0:n], b[0:n])
    for (long i = 0; i < n; i++)
      b[i] *= a[i] - 0.5;
#pragma proact region(a[0:n], f[0:n])
    for (long i = 0; i < n; i++)
      f[i] = a[i] / 3.0; /* double rounded to float at the store */
#pragma proact region(k[0:n])
    for (long i = 0; i < n; i++)
      k[i] <<= i % 5;
#pragma proact region(b[0:n])
    for (long i = 0; i < n; i++)
      b[i] = b[i] + (double)i * 0.5;
#pragma proact region(r[0:n], s[0:n])
    for (long i = 0; i < n; i++)
      s[i] = r[i];
#pragma proact region(a[0:n], s[0:n])
    for (long i = 0; i < n; i++)
      a[i] = s[i].i * 2.0 + s[i].w;
#pragma proact region(a[0:n], b[0:n])
    for (long i = 1; i < n; i += 3)
      a[i] -= b[i - 1];
#pragma proact region(a[0:n], b[0:n])
    for (long i = 0; i < n; i++)
      b[i] = a[i] + (double)offsetof(struct rec, i) + (double)sizeof(struct i) +
             _Generic(&i, long *: 1.0, default: 100.0);
#pragma proact region(a[0:n], s[0:n])
    for (long i = 0; i < n; i++) /* members loaded after a condition */
      a[i] += i > 0 ? s[i - 1].w - s[i - 1].i : s[i].w;
#pragma proact region(a[0:n], b[0:n], f[0:n])
    for (long i = 0; i < n; i++) { /* statements before the one store */
      double x = a[i] * 0.75, lim[2] = {2.0, -2.0};
      float g = f[i];
      if (x > lim[0])
        x = lim[0] - g;
      else if (x < lim[1])
        x = lim[1];
      b[i] += x;
    }
    /* A type's brackets in the body index nothing. */
#pragma proact region(a[0:n], b[0:n])
    for (long i = 0; i < n; i++)
      b[i] = a[i] * ((real[]){0.5, 0.25})[i % 2] + (double)sizeof(real[4]);
    /* A local that hides an outer name after a use of the outer one: each
     * iteration's y is the outer scale, not the last iteration's local. */
    const double scale = 0.5;
#pragma proact region(a[0:n], b[0:n])
    for (long i = 0; i < n; i++) {
      double y = scale;
      double scale = a[i];
      b[i] = y * scale + b[i];
    }
  }
  e2e_print("a", a, (size_t)n * sizeof(double));
  e2e_print("b", b, (size_t)n * sizeof(double));
  e2e_print("f", f, (size_t)n * sizeof(float));
  e2e_print("k", k, (size_t)n * sizeof(long long));
  e2e_print("s", s, (size_t)n * sizeof(struct rec));
  free(a);
  free(b);
  free(f);
  free(k);
  free(r);
  free(s);
  return 0;
}
