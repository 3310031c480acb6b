/* Region arrays freed, reallocated or unmapped while their data region
 * holds them (docs/user/limits.md, "Data"). The error modes must stop with
 * an error naming the array and the region's line, at the free() or
 * realloc() itself, or, unmapped, before the region's end copies anything
 * into the old memory; the ok modes are correct
 * programs (buffers swapped, other memory allocated and freed heavily in
 * the region) that must give the sequential result under every check.
 * The frees happen in a function of their own, as in real codes: a free
 * written in the region itself is a compile-time error.
 * Usage: freed MODE [N] */
#include <proact.h>
#include <string.h>
#include <sys/mman.h>
#include "e2e_util.h"

/* Not inlined, so that the frees stay out of the region's own text. */
__attribute__((noinline)) static void release(double *p, long n,
                                              int mapped) {
  if (mapped)
    munmap(p, (size_t)n * sizeof(double));
  else
    free(p);
}

/* The region's array grown in place or moved by realloc. */
__attribute__((noinline)) static double *grow(double *p, long n) {
  double *q = realloc(p, (size_t)(2 * n) * sizeof(double));
  if (q == NULL)
    exit(2);
  return q;
}

/* A new allocation for p's values: where p was (freed first; glibc's
 * small blocks come back at once) or elsewhere (allocated first). */
__attribute__((noinline)) static double *renew(double *p, long n,
                                               unsigned seed, int same) {
  double *q;
  if (same)
    free(p);
  q = e2e_alloc(n);
  if (!same)
    free(p);
  e2e_fill(q, n, seed);
  return q;
}

static double *map_pages(long n, void *where) {
  void *p = mmap(where, (size_t)n * sizeof(double), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    fprintf(stderr, "mmap failed\n");
    exit(2);
  }
  return p;
}

__attribute__((noinline)) static double *remap(double *p, long n,
                                               unsigned seed) {
  munmap(p, (size_t)n * sizeof(double));
  p = map_pages(n, p); /* the same address, where the kernel allows it */
  e2e_fill(p, n, seed);
  return p;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  /* 4 MiB of doubles: glibc serves it with a mapping of its own, given
   * back at free; 100 doubles come from the heap and stay mapped. */
  const long big = 1L << 19;
  long n = e2e_arg(argc, argv, 2, strstr(mode, "large") ? big : 100);
  double *x = strstr(mode, "mapped") ? map_pages(n, NULL) : e2e_alloc(n);
  double *y = e2e_alloc(n);
  e2e_fill(x, n, 1);
  e2e_fill(y, n, 2);

  if (strncmp(mode, "ok", 2) != 0) {
#pragma proact data copy(x[0:n])
    {
#pragma proact region(x[0:n])
      for (long i = 0; i < n; i++)
        x[i] = 2 * x[i] + 1;
      if (strstr(mode, "_end")) {
        release(x, n, strstr(mode, "mapped") != NULL); /* nothing else */
      } else if (strstr(mode, "_update")) {
        release(x, n, 1); /* then an update reads the host array */
#pragma proact update host(x[0:n])
      } else if (strstr(mode, "realloc")) {
        x = grow(x, n);
      } else if (strstr(mode, "mapped")) {
        x = remap(x, n, 3);
      } else {
        x = renew(x, n, 3, strstr(mode, "same") != NULL);
      }
      if (!strstr(mode, "_end") && !strstr(mode, "_update")) {
#pragma proact region(x[0:n])
        for (long i = 0; i < n; i++)
          x[i] = x[i] + 1;
      }
    }
    if (strstr(mode, "_end") || strstr(mode, "_update"))
      x = NULL;
    printf("%s: no error\n", mode);
  } else {
    /* Swapped buffers, both mapped, and other memory allocated, written
     * and freed between the loops: small blocks, large ones glibc maps
     * and unmaps, and a mapping of the program's own. */
#pragma proact data copy(x[0:n], y[0:n])
    {
      for (int t = 0; t < 4; t++) {
#pragma proact region(x[0:n], y[0:n])
        for (long i = 0; i < n; i++)
          y[i] = 0.5 * x[i] + 1;
        double *tmp = x;
        x = y;
        y = tmp;
        for (int k = 0; k < 64; k++) {
          double *s = e2e_alloc(k + 1), *l = e2e_alloc(big + k);
          void *m = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
          s[k] = l[big + k - 1] = (double)k;
          if (m != MAP_FAILED)
            munmap(m, 1 << 20);
          free(l);
          free(s);
        }
      }
    }
    e2e_print("x", x, (size_t)n * sizeof(double));
    e2e_print("y", y, (size_t)n * sizeof(double));
  }
  if (strstr(mode, "mapped") && x != NULL)
    munmap(x, (size_t)n * sizeof(double));
  else
    free(x);
  free(y);
  return 0;
}
