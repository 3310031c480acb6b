/* reduction(op: h[lo:len]): array reductions through indices PROACT cannot
 * analyse, in the shapes programs use: an integer histogram (+= through a
 * region index array, ++ and h = h + e through a computed bin), the
 * largest and smallest value per bin (max / min), the bit and logical
 * operators and *, a histogram mixed with scalar reductions, a histogram
 * inside a data region whose counts a later loop reads on the devices, a
 * loop without iterations, and a floating-point sum per bin. Integer and
 * exact results must equal the sequential program's bits; the inexact
 * floating-point sums must repeat between two runs and come close to the
 * sequential ones.
 * Usage: histogram [n] [bins] */
#include <proact.h>
#include "e2e_util.h"
#include <math.h>

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 30011);
  long nb = e2e_arg(argc, argv, 2, 64);
  double *u = e2e_alloc(n), *out = e2e_alloc(n);
  int *bin = (int *)malloc((size_t)(n > 0 ? n : 1) * sizeof(int));
  long *cnt = (long *)calloc((size_t)nb, sizeof(long));
  long *cnt2 = (long *)calloc((size_t)nb, sizeof(long));
  unsigned *bits = (unsigned *)calloc((size_t)nb, sizeof(unsigned));
  unsigned *ors = (unsigned *)calloc((size_t)nb, sizeof(unsigned));
  unsigned *ands = (unsigned *)malloc((size_t)nb * sizeof(unsigned));
  unsigned long *prod = (unsigned long *)malloc((size_t)nb * sizeof(long));
  int *all = (int *)malloc((size_t)nb * sizeof(int));
  int *any = (int *)calloc((size_t)nb, sizeof(int));
  double *mx = e2e_alloc(nb), *mn = e2e_alloc(nb);
  double *f1 = e2e_alloc(nb), *f2 = e2e_alloc(nb), *fs = e2e_alloc(nb);
  e2e_fill(u, n, 11);
  for (long i = 0; i < n; i++)
    bin[i] = (int)((long)(u[i] * 1e6) % nb);
  for (long b = 0; b < nb; b++) {
    cnt[b] = b; /* the reduction adds to what is there */
    ands[b] = ~0u;
    prod[b] = 1;
    all[b] = 1;
    mx[b] = 1.0; /* inside the data's range: some bins keep it */
    mn[b] = 1.0;
    f1[b] = f2[b] = fs[b] = 0;
  }

  /* Counts through a region index array, and through a computed bin. */
#pragma proact region(u[0:n], bin[0:n]) reduction(+: cnt[0:nb], cnt2[0:nb])
  for (long i = 0; i < n; i++) {
    cnt[bin[i]] += 2;
    long b = (long)(u[i] * 1e3) % nb;
    cnt2[b]++;
    cnt2[nb - 1 - b] = cnt2[nb - 1 - b] + 3;
  }
  e2e_print("cnt", cnt, (size_t)nb * sizeof(long));
  e2e_print("cnt2", cnt2, (size_t)nb * sizeof(long));

#pragma proact region(u[0:n], bin[0:n]) reduction(max: mx[0:nb]) reduction(min: mn[0:nb])
  for (long i = 0; i < n; i++) {
    if (u[i] > mx[bin[i]])
      mx[bin[i]] = u[i];
    if (mn[bin[i]] > u[i] * 1.5)
      mn[bin[i]] = u[i] * 1.5;
  }
  e2e_print("max", mx, (size_t)nb * sizeof(double));
  e2e_print("min", mn, (size_t)nb * sizeof(double));

#pragma proact region(u[0:n], bin[0:n]) reduction(^: bits[0:nb]) reduction(|: ors[0:nb]) reduction(&: ands[0:nb]) reduction(*: prod[0:nb]) reduction(&&: all[0:nb]) reduction(||: any[0:nb])
  for (long i = 0; i < n; i++) {
    unsigned k = (unsigned)(u[i] * 1e6);
    bits[bin[i]] ^= k * 2654435761u;
    ors[bin[i]] |= k & 0xff0u;
    ands[bin[i]] &= k | 0xffffu;
    prod[bin[i]] *= 3ul;
    all[bin[i]] = all[bin[i]] && u[i] > 0.51;
    any[bin[i]] = any[bin[i]] || u[i] > 1.49;
  }
  e2e_print("xor", bits, (size_t)nb * sizeof(unsigned));
  e2e_print("or", ors, (size_t)nb * sizeof(unsigned));
  e2e_print("and", ands, (size_t)nb * sizeof(unsigned));
  e2e_print("prod", prod, (size_t)nb * sizeof(long));
  e2e_print("all", all, (size_t)nb * sizeof(int));
  e2e_print("any", any, (size_t)nb * sizeof(int));

  /* Scalars and arrays in one clause list. */
  long total = 0;
  double top = 0;
#pragma proact region(u[0:n], bin[0:n]) reduction(+: total, cnt[0:nb]) reduction(max: top)
  for (long i = 0; i < n; i++) {
    cnt[bin[i]] += 1;
    total += bin[i];
    if (u[i] > top)
      top = u[i];
  }
  printf("total %ld top %a\n", total, top);
  e2e_print("cnt", cnt, (size_t)nb * sizeof(long));

  /* Inside a data region: the counts become current on the devices, where
   * the next loop reads them; the region's end brings them back. */
#pragma proact data copy(u[0:n], bin[0:n], cnt2[0:nb], out[0:n])
  {
    for (int t = 0; t < 2; t++) {
#pragma proact region(bin[0:n]) reduction(+: cnt2[0:nb])
      for (long i = 0; i < n; i++)
        cnt2[bin[i]] += 1 + t;
#pragma proact region(u[0:n], bin[0:n], cnt2[0:nb], out[0:n])
      for (long i = 0; i < n; i++)
        out[i] = u[i] + (double)cnt2[bin[i]];
    }
    /* A loop without iterations leaves the counts as they are. */
#pragma proact region(bin[0:n]) reduction(+: cnt2[0:nb])
    for (long i = n; i < n; i++)
      cnt2[bin[i]] += 1000;
  }
  e2e_print("cnt2", cnt2, (size_t)nb * sizeof(long));
  e2e_print("out", out, (size_t)n * sizeof(double));

  /* Inexact sums per bin: the same at every run of the same geometry,
   * close to the sequential ones. */
#pragma proact region(u[0:n], bin[0:n]) reduction(+: f1[0:nb])
  for (long i = 0; i < n; i++)
    f1[bin[i]] += u[i] * 0.1;
#pragma proact region(u[0:n], bin[0:n]) reduction(+: f2[0:nb])
  for (long i = 0; i < n; i++)
    f2[bin[i]] += u[i] * 0.1;
  for (long i = 0; i < n; i++)
    fs[bin[i]] += u[i] * 0.1;
  int close = 1;
  for (long b = 0; b < nb; b++)
    close &= fabs(f1[b] - fs[b]) <= 1e-12 * fabs(fs[b]) + 1e-300;
  printf("inexact sums repeat %d, close %d\n",
         memcmp(f1, f2, (size_t)nb * sizeof(double)) == 0, close);
  free(u);
  free(out);
  free(bin);
  free(cnt);
  free(cnt2);
  free(bits);
  free(ors);
  free(ands);
  free(prod);
  free(all);
  free(any);
  free(mx);
  free(mn);
  free(f1);
  free(f2);
  free(fs);
  return 0;
}
