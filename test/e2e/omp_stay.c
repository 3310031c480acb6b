/* OpenMP target constructs that stay on one device while a spread data
 * region holds their arrays: in the region itself (a target data and a
 * loop with device(0), a nowait loop, a target update whose values the
 * host reads), in this file outside the region's function (device(0),
 * and one with nowait), and, with
 * OMP_STAY_OTHER_FILE, others in omp_stay_other.c, a file built without
 * spread mode (a loop on the default device, and a target update whose
 * values the host reads). Spread loops around them read and write the
 * same arrays. Built in spread mode it must print what the unmodified
 * program prints on one device, bit for bit. The same constructs then
 * run on an array a spread 'target enter data' maps. With a third argument
 * 'nowait' the other file's construct runs with nowait, with 'exit' the
 * other file unmaps the entered array: spread mode cannot follow either
 * there, a clear error.
 * Usage: omp_stay [n] [rounds] [nowait|exit] */
#include <string.h>

#include "e2e_util.h"

#ifdef OMP_STAY_OTHER_FILE
void omp_stay_other(double *a, long n, long r);
double omp_stay_other_peek(double *a, long n);
void omp_stay_other_nowait(double *a, long n);
void omp_stay_other_exit(double *a, long n, int nowait);
#endif

static void stay_here(double *a, long n, long r) {
#pragma omp target teams distribute parallel for device(0)
  for (long i = 0; i < n; i++)
    a[i] = a[i] * 0.5 + (double)((i + r) % 3);
}

/* OMP_STAY_NO_NOWAIT: LLVM 16's libomp can stop in an assertion on a
 * nowait construct after loops on several devices (docs/user/limits.md). */
static void stay_nowait(double *a, long n) {
#ifdef OMP_STAY_NO_NOWAIT
#pragma omp target teams distribute parallel for device(0)
#else
#pragma omp target teams distribute parallel for nowait
#endif
  for (long i = 0; i < n; i++)
    a[i] = a[i] + 0.25;
#pragma omp taskwait
}

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 20011);
  long rounds = e2e_arg(argc, argv, 2, 4);
  double *a = e2e_alloc(n), *b = e2e_alloc(n), *c = e2e_alloc(n);
  double peek = 0;
  int nowait_elsewhere = argc > 3 && strcmp(argv[3], "nowait") == 0;
  int exit_elsewhere = argc > 3 && strcmp(argv[3], "exit") == 0;
  int exit_nowait = argc > 3 && strcmp(argv[3], "exit_nowait") == 0;
  e2e_fill(a, n, 3);
  e2e_fill(c, n, 4);
  memset(b, 0, (size_t)n * sizeof(double));
#pragma omp target data map(tofrom: a[0:n], b[0:n]) map(to: c[0:n])
  {
    for (long r = 0; r < rounds; r++) {
#pragma omp target teams distribute parallel for
      for (long i = 1; i < n - 1; i++)
        b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
      stay_here(b, n, r);
#ifdef OMP_STAY_OTHER_FILE
      omp_stay_other(a, n, r);
      if (nowait_elsewhere)
        omp_stay_other_nowait(a, n);
#endif
      stay_nowait(b, n);
      /* Constructs that stay on one device inside the region itself. */
      if (r % 2 == 1) {
#pragma omp target data map(tofrom: b[0:n]) device(0)
        {
#pragma omp target teams distribute parallel for device(0)
          for (long i = 0; i < n; i++)
            b[i] = b[i] - a[i] / 8;
        }
      }
#ifdef OMP_STAY_NO_NOWAIT
#pragma omp target teams distribute parallel for device(0)
#else
#pragma omp target teams distribute parallel for nowait
#endif
      for (long i = 0; i < n; i++)
        c[i] = c[i] * 0.5 + 0.25;
#pragma omp taskwait
#pragma omp target update from(b[0:n]) device(0)
      peek += b[n / 2];
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++)
        a[i] = b[i] * c[i] + a[i] / 4;
#ifdef OMP_STAY_OTHER_FILE
      if (r == 0)
        peek += omp_stay_other_peek(a, n);
#endif
    }
  }
  e2e_print("a", a, (size_t)n * sizeof(double));
  e2e_print("b", b, (size_t)n * sizeof(double));
  e2e_print("peek", &peek, sizeof peek);
  /* The same on an array a spread enter maps. */
#pragma omp target enter data map(to: c[0:n])
  for (long r = 0; r < rounds; r++) {
#pragma omp target teams distribute parallel for
    for (long i = 1; i < n - 1; i++)
      c[i] = c[i] * 0.75 + (double)((i + r) % 5) / 8;
    stay_here(c, n, r);
#ifdef OMP_STAY_OTHER_FILE
    omp_stay_other(c, n, r);
    if (exit_elsewhere || exit_nowait)
      omp_stay_other_exit(c, n, exit_nowait);
#endif
    stay_nowait(c, n);
  }
#pragma omp target exit data map(from: c[0:n])
  e2e_print("c", c, (size_t)n * sizeof(double));
  (void)nowait_elsewhere;
  (void)exit_elsewhere;
  (void)exit_nowait;
  return 0;
}
