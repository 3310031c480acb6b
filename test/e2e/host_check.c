/* Host code inside data regions under PROACT_CHECK_HOST=1. The error
 * modes forget an update; the others are correct programs, compared with
 * the sequential build, that must run without a false error: host reads
 * after an update host, host writes sent with update device, a host write
 * a loop then overwrites without reading, a write of the value the devices
 * already hold, and an array on the stack.
 * Usage: host_check MODE [n] */
#include <proact.h>
#include "e2e_util.h"

static double a_stack_sum(long n) {
  double s[512], t = 0;
  if (n > 512)
    n = 512;
  e2e_fill(s, n, 5);
#pragma proact data copy(s[0:n])
  {
#pragma proact region(s[0:n])
    for (long i = 0; i < n; i++)
      s[i] = s[i] * 2.0 + 1.0;
#pragma proact update host(s[0:n])
    for (long i = 0; i < n; i++)
      t = t * 0.5 + s[i];
  }
  return t;
}

static void stale_read(double *a, long n) {
#pragma proact data copy(a[0:n])
  {
#pragma proact region(a[0:n])
    for (long i = 0; i < n; i++)
      a[i] = a[i] + 1.0;
    printf("a[n/2] = %a\n", a[n / 2]); /* no update host */
  }
}

static void lost_write(double *a, long n) {
#pragma proact data copy(a[0:n])
  {
    a[3] = 42.0; /* no update device */
#pragma proact region(a[0:n])
    for (long i = 0; i < n; i++)
      a[i] = a[i] * 2.0;
  }
}

static void overwritten(double *a, long n) {
#pragma proact data copy(a[0:n])
  {
#pragma proact region(a[0:n])
    for (long i = 0; i < n; i++)
      a[i] = a[i] * 2.0;
#pragma proact update host(a[0:n])
    a[n - 1] = -1.0; /* no update device: the region's end copies over it */
  }
}

static void update_overwrites(double *a, long n) {
#pragma proact data copy(a[0:n])
  {
    a[1] = 7.0;
#pragma proact update host(a[0:n])
  }
}

static void stack_stale(long n) {
  double s[4096];
  if (n > 4096)
    n = 4096;
  e2e_fill(s, n, 9);
#pragma proact data copy(s[0:n])
  {
#pragma proact region(s[0:n])
    for (long i = 0; i < n; i++)
      s[i] = -s[i];
    printf("s[n/2] = %a\n", s[n / 2]); /* no update host */
  }
}

/* k[i] += 1 compiles to one read-modify-write instruction on x86-64. */
__attribute__((noinline)) static void bump(int *k, long i) { k[i] += 1; }

static void rmw(long n) {
  int *k = calloc((size_t)n, sizeof(int));
#pragma proact data copy(k[0:n])
  {
#pragma proact region(k[0:n])
    for (long i = 0; i < n; i++)
      k[i] = (int)i;
    bump(k, n / 2); /* reads a stale element */
  }
  printf("k[n/2] = %d\n", k[n / 2]);
  free(k);
}

/* A created array: its device copy starts as garbage, which the host
 * never needs; the host's own values are current until a loop writes. */
static double created(long n) {
  double *w = e2e_alloc(n), t = 0;
  e2e_fill(w, n, 7);
#pragma proact data create(w[0:n])
  {
    t = w[n / 2]; /* the host's value: no loop wrote it */
#pragma proact region(w[0:n])
    for (long i = 0; i < n; i++)
      w[i] = (double)i * 0.5;
#pragma proact update host(w[0:n])
    for (long i = 0; i < n; i++)
      t = t * 0.5 + w[i];
  }
  free(w);
  return t;
}

/* The correct program: LU-like steps whose host code reads a pivot the
 * previous loop wrote and writes a value the next loop reads. */
static void correct(double *a, double *b, long n) {
#pragma proact data copy(a[0:n], b[0:n])
  {
    for (long k = 0; k < 4 && k < n; k++) {
#pragma proact region(a[0:n], b[0:n])
      for (long i = 0; i < n; i++)
        a[i] = a[i] * 0.75 + b[i];
#pragma proact update host(a[k:1])
      b[k] = a[k] * 0.5; /* the host's write */
#pragma proact update device(b[k:1])
      /* The value the devices hold already. */
      a[k] = a[k];
#pragma proact region(a[0:n], b[0:n])
      for (long i = 0; i < n; i++)
        b[i] = b[i] + a[i] * 0.25;
      /* A write the next loop overwrites without reading: dead. */
      a[n - 1] = 123.0;
#pragma proact region(a[0:n])
      for (long i = 0; i < n; i++)
        a[i] = (double)i;
#pragma proact update host(a[n - 1:1])
      printf("step %ld: a[n-1] = %a\n", k, a[n - 1]);
    }
  }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "correct";
  long n = e2e_arg(argc, argv, 2, 20000);
  double *a = e2e_alloc(n), *b = e2e_alloc(n);
  if (n < 4) {
    fprintf(stderr, "host_check: n must be at least 4\n");
    return 2;
  }
  e2e_fill(a, n, 1);
  e2e_fill(b, n, 2);
  if (!strcmp(mode, "stale_read"))
    stale_read(a, n);
  else if (!strcmp(mode, "lost_write"))
    lost_write(a, n);
  else if (!strcmp(mode, "overwritten"))
    overwritten(a, n);
  else if (!strcmp(mode, "update_overwrites"))
    update_overwrites(a, n);
  else if (!strcmp(mode, "stack_stale"))
    stack_stale(n);
  else if (!strcmp(mode, "rmw"))
    rmw(n);
  else if (!strcmp(mode, "correct")) {
    correct(a, b, n);
    printf("stack: %a\n", a_stack_sum(n));
    printf("created: %a\n", created(n));
  } else {
    fprintf(stderr, "host_check: unknown mode %s\n", mode);
    return 2;
  }
  e2e_print("a", a, (size_t)n * sizeof(double));
  e2e_print("b", b, (size_t)n * sizeof(double));
  free(a);
  free(b);
  return 0;
}
