/* The 2-D Jacobi sweep as a solver runs it: the same loop as
 * proact_kernels' jacobi2d, also taking the largest change max |v - u|
 * with reduction(max: ...) for its convergence test. Its line has the
 * format of proact_kernels' (run.sh puts it in the same table, against
 * cuda_kernels' jacobi2d-norm). A program of its own, so that no
 * reduction's code shares a device image with proact_kernels' kernels
 * (docs/design/lowering.md, "Reductions").
 *
 * Usage: proact_norm [--jacobi-n N] [--reps R] [--warmup W] (the other
 * options of proact_kernels are accepted and unused) */
#include <proact.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "common.h"

int main(int argc, char **argv) {
  bk_opts o;
  int rc = bk_parse(argc, argv, &o);
  if (rc)
    return rc;
  const long n2 = o.jacobi_n, cells2 = n2 * n2;
  const int reps = o.reps, warm = o.warmup;
  float *u = (float *)malloc((size_t)cells2 * sizeof(float));
  float *v = (float *)malloc((size_t)cells2 * sizeof(float));
  double *t = (double *)malloc((size_t)reps * sizeof(double));
  if (!u || !v || !t) {
    fprintf(stderr, "proact_norm: out of host memory\n");
    return 1;
  }
  for (long i = 0; i < cells2; i++) {
    u[i] = bk_value(i, BK_SEED_U);
    v[i] = 0;
  }
  char device[64];
  snprintf(device, sizeof device, "%d %s device(s)", proact_num_devices(),
           proact_device_kind());
  bk_header("PROACT", device, &o);

  float norm = -1;
#pragma proact data copyin(u[0:cells2]) copyout(v[0:cells2])
  {
    for (int r = -warm; r < reps; r++) {
      double t0 = omp_get_wtime();
      float big = 0;
#pragma proact region(u[0:cells2], v[0:cells2]) reduction(max: big)
      for (long i = 1; i < n2 - 1; i++)
        for (long j = 1; j < n2 - 1; j++) {
          float nv = BK_JAC * (u[(i - 1) * n2 + j] + u[(i + 1) * n2 + j] +
                               u[i * n2 + j - 1] + u[i * n2 + j + 1]);
          float d = nv - u[i * n2 + j];
          d = d < 0 ? -d : d;
          if (d > big)
            big = d;
          v[i * n2 + j] = nv;
        }
      double t1 = omp_get_wtime();
      norm = big;
      if (r >= 0)
        t[r] = t1 - t0;
    }
  }

  bk_check ck[2] = {{"jacobi2d-norm", 0}, {"jacobi2d-norm sweep", 0}};
  float want = bk_ref_norm(u, n2);
  if (!bk_close(norm, want))
    bk_mismatch(&ck[0], "max change", norm, want);
  for (long x = 0; x < BK_SAMPLES; x++)
    bk_check_jacobi(&ck[1], u, v, n2, x);
  char size[64];
  snprintf(size, sizeof size, "%ld^2", n2);
  int ok = ck[0].bad == 0 && ck[1].bad == 0;
  bk_report("jacobi2d-norm", size, 8.0 * (double)(n2 - 2) * (double)(n2 - 2),
            t, reps, ok);
  free(u);
  free(v);
  free(t);
  return ok ? 0 : 1;
}
