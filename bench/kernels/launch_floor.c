/* The floor under a loop spread over several devices: T host threads each
 * launch a plain OpenMP target loop on their device and wait for it, as a
 * PROACT loop's parts do (one host thread per part), with nothing else of
 * PROACT's (bare kernels on a GPU, LAUNCH_FLOOR_BARE). One set of devices
 * per run (the host-offload devices' libomp asserts when parallel regions
 * of one thread and of several both run target regions), so
 * loop_cost_devices.sh alternates the runs. PROACT's start-up sets how
 * host threads wait for the GPUs (PROACT_CUDA_WAIT) before the first
 * launch, as in a PROACT program; with "libomptarget-wait" last, it does
 * not, and a kernel waits as libomptarget alone makes it (blocking); with
 * "nowait", one host thread defers all launches (asynchronous loops).
 * Usage: launch_floor n reps DEVICES [libomptarget-wait|nowait]
 *        (DEVICES: 0, 0,0,0,0 or 0,1) */
#include <proact.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../median.h"

#define MAX_LAUNCHES 64

#if LAUNCH_FLOOR_BARE
#include <ompx.h>

/* On a GPU, a bare kernel as PROACT's are (clang 18 on): no team start of
 * the OpenMP device runtime, no launch environment to upload. */
static void launch(float *p, int dev, long m) {
  const int teams = (int)((m + 255) / 256);
#pragma omp target teams ompx_bare num_teams(teams) thread_limit(256) \
    device(dev) is_device_ptr(p)
  {
    const long i = (long)ompx_block_id_x() * 256 + ompx_thread_id_x();
    if (i < m)
      p[i] += 1.0f;
  }
}

/* The same kernel deferred: its task waits for the last one on p. */
static void launch_nowait(float *p, int dev, long m) {
  const int teams = (int)((m + 255) / 256);
#pragma omp target teams ompx_bare num_teams(teams) thread_limit(256) \
    device(dev) is_device_ptr(p) nowait depend(inout: p[0])
  {
    const long i = (long)ompx_block_id_x() * 256 + ompx_thread_id_x();
    if (i < m)
      p[i] += 1.0f;
  }
}
#else
static void launch(float *p, int dev, long m) {
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(p)
  for (long i = 0; i < m; i++)
    p[i] += 1.0f;
}

static void launch_nowait(float *p, int dev, long m) {
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(p) \
    nowait depend(inout: p[0])
  for (long i = 0; i < m; i++)
    p[i] += 1.0f;
}
#endif

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 4096;
  const int reps = argc > 2 ? atoi(argv[2]) : 2000;
  int devs[MAX_LAUNCHES], nl = 0;
  float *bufs[MAX_LAUNCHES];
  double *t;
  char *copy, *save = NULL;
  long m;

  const int own_wait = argc == 5 && strcmp(argv[4], "libomptarget-wait") == 0;
  const int nowait = argc == 5 && strcmp(argv[4], "nowait") == 0;
  if (n < 1 || reps < 1 || (argc != 4 && !own_wait && !nowait)) {
    fprintf(stderr, "usage: %s n reps DEVICES [libomptarget-wait|nowait] "
                    "(DEVICES: e.g. 0 or 0,0,0,0)\n", argv[0]);
    return 2;
  }
  if (!own_wait)
    (void)proact_num_devices(); /* PROACT's start-up: the wait mode */
  copy = strdup(argv[3]);
  for (char *tok = strtok_r(copy, ",", &save); tok != NULL;
       tok = strtok_r(NULL, ",", &save)) {
    char *end;
    long d = strtol(tok, &end, 10);
    if (*end != '\0' || d < 0 || d >= omp_get_num_devices() ||
        nl == MAX_LAUNCHES) {
      fprintf(stderr, "launch_floor: bad devices '%s' (%d devices, at most "
                      "%d launches)\n", argv[3], omp_get_num_devices(),
              MAX_LAUNCHES);
      return 2;
    }
    devs[nl++] = (int)d;
  }
  free(copy);
  if (nl == 0) {
    fprintf(stderr, "launch_floor: no devices in '%s'\n", argv[3]);
    return 2;
  }
  m = n / nl > 0 ? n / nl : 1;
  for (int l = 0; l < nl; l++)
    if ((bufs[l] = omp_target_alloc((size_t)m * sizeof(float), devs[l])) ==
        NULL) {
      fprintf(stderr, "launch_floor: omp_target_alloc failed\n");
      return 1;
    }
  t = malloc((size_t)reps * sizeof(double));
  if (t == NULL)
    return 1;
  if (nowait) {
    /* Asynchronous loops: one host thread defers every round's launches,
     * each behind the last on its buffer, and waits once at the end (and
     * once after the 10 untimed rounds). */
    double t0 = 0.0;
    for (int r = -10; r < reps; r++) {
      if (r == 0) {
#pragma omp taskwait
        t0 = bench_now();
      }
      for (int l = 0; l < nl; l++)
        launch_nowait(bufs[l], devs[l], m);
    }
#pragma omp taskwait
    printf("openmp nowait launches on %s: %.2f us per round (one wait at the "
           "end)\n", argv[3], 1e6 * (bench_now() - t0) / reps);
  } else {
    for (int r = -10; r < reps; r++) {
      double t0 = bench_now();
      /* One launch too goes through a parallel region, as a loop of one
       * part does. */
#pragma omp parallel for num_threads(nl) schedule(static, 1)
      for (int l = 0; l < nl; l++)
        launch(bufs[l], devs[l], m);
      if (r >= 0)
        t[r] = bench_now() - t0;
    }
    printf("openmp launches on %s: %.2f us per round%s\n", argv[3],
           1e6 * bench_median(t, reps),
           own_wait ? " (libomptarget's wait)" : "");
  }
  for (int l = 0; l < nl; l++)
    omp_target_free(bufs[l], devs[l]);
  free(t);
  return 0;
}
