/* PROACT kernel benchmark: the bandwidth of the kernels PROACT generates for
 * six loops written as plain sequential C (streaming copy, scale, clamp --
 * a scale capped by a branch, a body of several statements -- and triad;
 * 2-D 5-point Jacobi; 3-D 7-point stencil). bench/kernels/cuda_kernels.cu
 * times hand-written CUDA of the same loops, with the same sizes, the same
 * inputs and the same output format; run.sh puts the two side by side.
 *
 * All arrays stay on the devices in one '#pragma proact data' region; each
 * loop execution is timed alone with omp_get_wtime (a PROACT loop ends
 * synchronised), after warm-ups; the median is reported. Each output is
 * checked against the host on BK_SAMPLES points.
 *
 * The Jacobi sweep with its largest change (a reduction) is jacobi_norm.c,
 * a program of its own, so that no reduction's code shares a device image
 * with these kernels (docs/design/lowering.md, "Reductions").
 *
 * Usage: proact_kernels [--stream-n N] [--jacobi-n N] [--stencil3d-n N]
 *                       [--reps R] [--warmup W]
 * Run with PROACT_DEVICES=0 to time one device. */
#include <proact.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "common.h"
#include "stencil3d_sweep.h"

static float *alloc_floats(long n, const char *what) {
  float *p = (float *)malloc((size_t)n * sizeof(float));
  if (!p) {
    fprintf(stderr, "proact_kernels: out of host memory for %s (%ld floats)\n",
            what, n);
    exit(1);
  }
  return p;
}

static void fill(float *x, long n, unsigned seed) {
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    x[i] = bk_value(i, seed);
}

int main(int argc, char **argv) {
  bk_opts o;
  int rc = bk_parse(argc, argv, &o);
  if (rc)
    return rc;
  const long sn = o.stream_n;   /* streaming arrays */
  const long n2 = o.jacobi_n;   /* 2-D grid n2 x n2 */
  const long n3 = o.stencil_n;  /* 3-D grid n3^3 */
  const long cells2 = n2 * n2;
  const long nn3 = n3 * n3;
  const long cells3 = nn3 * n3;
  const float s = BK_SCALE;
  const int reps = o.reps, warm = o.warmup;

  /* Inputs a, b, u, p; one output per kernel so that each can be checked. */
  float *a = alloc_floats(sn, "a"), *b = alloc_floats(sn, "b");
  float *c_copy = alloc_floats(sn, "c_copy");
  float *c_scale = alloc_floats(sn, "c_scale");
  float *c_clamp = alloc_floats(sn, "c_clamp");
  float *c_triad = alloc_floats(sn, "c_triad");
  float *u = alloc_floats(cells2, "u"), *v = alloc_floats(cells2, "v");
  float *p = alloc_floats(cells3, "p"), *q = alloc_floats(cells3, "q");
  double *t = (double *)malloc((size_t)reps * 6 * sizeof(double));
  if (!t)
    return 1;
  double *t_copy = t, *t_scale = t + reps, *t_triad = t + 2 * reps;
  double *t_jac = t + 3 * reps, *t_st = t + 4 * reps, *t_cl = t + 5 * reps;
  fill(a, sn, BK_SEED_A);
  fill(b, sn, BK_SEED_B);
  fill(u, cells2, BK_SEED_U);
  fill(p, cells3, BK_SEED_P);

  int ndev = proact_num_devices();
  char device[256];
  int len = snprintf(device, sizeof device, "%d %s device%s (", ndev,
                     proact_device_kind(), ndev == 1 ? "" : "s");
  for (int d = 0; d < ndev && len < (int)sizeof device - 16; d++)
    len += snprintf(device + len, sizeof device - (size_t)len, "%s%d",
                    d ? ", " : "", proact_device_id(d));
  snprintf(device + len, sizeof device - (size_t)len, ")");
  bk_header("PROACT", device, &o);

#pragma proact data copyin(a[0:sn], b[0:sn], u[0:cells2], p[0:cells3]) \
    copyout(c_copy[0:sn], c_scale[0:sn], c_clamp[0:sn], c_triad[0:sn], \
            v[0:cells2], q[0:cells3])
  {
    for (int r = -warm; r < reps; r++) {
      double t0 = omp_get_wtime();
#pragma proact region(a[0:sn], c_copy[0:sn])
      for (long i = 0; i < sn; i++)
        c_copy[i] = a[i];
      double t1 = omp_get_wtime();
      if (r >= 0)
        t_copy[r] = t1 - t0;
    }

    for (int r = -warm; r < reps; r++) {
      double t0 = omp_get_wtime();
#pragma proact region(a[0:sn], c_scale[0:sn])
      for (long i = 0; i < sn; i++)
        c_scale[i] = s * a[i];
      double t1 = omp_get_wtime();
      if (r >= 0)
        t_scale[r] = t1 - t0;
    }

    for (int r = -warm; r < reps; r++) {
      double t0 = omp_get_wtime();
#pragma proact region(a[0:sn], c_clamp[0:sn])
      for (long i = 0; i < sn; i++) {
        float x = s * a[i];
        if (x > BK_CLAMP)
          x = BK_CLAMP;
        c_clamp[i] = x;
      }
      double t1 = omp_get_wtime();
      if (r >= 0)
        t_cl[r] = t1 - t0;
    }

    for (int r = -warm; r < reps; r++) {
      double t0 = omp_get_wtime();
#pragma proact region(a[0:sn], b[0:sn], c_triad[0:sn])
      for (long i = 0; i < sn; i++)
        c_triad[i] = a[i] + s * b[i];
      double t1 = omp_get_wtime();
      if (r >= 0)
        t_triad[r] = t1 - t0;
    }

    for (int r = -warm; r < reps; r++) {
      double t0 = omp_get_wtime();
#pragma proact region(u[0:cells2], v[0:cells2])
      for (long i = 1; i < n2 - 1; i++)
        for (long j = 1; j < n2 - 1; j++)
          v[i * n2 + j] = BK_JAC * (u[(i - 1) * n2 + j] + u[(i + 1) * n2 + j] +
                                    u[i * n2 + j - 1] + u[i * n2 + j + 1]);
      double t1 = omp_get_wtime();
      if (r >= 0)
        t_jac[r] = t1 - t0;
    }

    for (int r = -warm; r < reps; r++) {
      double t0 = omp_get_wtime();
      stencil3d_sweep(n3, p, q);
      double t1 = omp_get_wtime();
      if (r >= 0)
        t_st[r] = t1 - t0;
    }
  } /* copyout: the outputs come back to the host for the checks */

  /* Checks on BK_SAMPLES points of each output. */
  char where[96];
  bk_check ck[6] = {{"copy", 0}, {"scale", 0}, {"triad", 0},
                    {"jacobi2d", 0}, {"stencil3d", 0}, {"clamp", 0}};
  for (long x = 0; x < BK_SAMPLES; x++) {
    long i = bk_sample(x, 0, sn);
    snprintf(where, sizeof where, "[%ld]", i);
    if (!(c_copy[i] == a[i]))
      bk_mismatch(&ck[0], where, c_copy[i], a[i]);
    if (!bk_close(c_scale[i], s * a[i]))
      bk_mismatch(&ck[1], where, c_scale[i], s * a[i]);
    if (!bk_close(c_clamp[i], bk_ref_clamp(a[i])))
      bk_mismatch(&ck[5], where, c_clamp[i], bk_ref_clamp(a[i]));
    if (!bk_close(c_triad[i], a[i] + s * b[i]))
      bk_mismatch(&ck[2], where, c_triad[i], a[i] + s * b[i]);
    bk_check_jacobi(&ck[3], u, v, n2, x);
    long m = n3 - 2;
    long i3 = bk_sample(x, 0, m * m * m);
    long si = 1 + i3 / (m * m), sj = 1 + (i3 / m) % m, sk = 1 + i3 % m;
    snprintf(where, sizeof where, "[%ld][%ld][%ld]", si, sj, sk);
    float rs = bk_ref_stencil(p, n3, si, sj, sk);
    if (!bk_close(q[si * nn3 + sj * n3 + sk], rs))
      bk_mismatch(&ck[4], where, q[si * nn3 + sj * n3 + sk], rs);
  }

  char size[64];
  double fsn = (double)sn;
  snprintf(size, sizeof size, "%ld", sn);
  bk_report("copy", size, 8.0 * fsn, t_copy, reps, ck[0].bad == 0);
  bk_report("scale", size, 8.0 * fsn, t_scale, reps, ck[1].bad == 0);
  bk_report("clamp", size, 8.0 * fsn, t_cl, reps, ck[5].bad == 0);
  bk_report("triad", size, 12.0 * fsn, t_triad, reps, ck[2].bad == 0);
  snprintf(size, sizeof size, "%ld^2", n2);
  bk_report("jacobi2d", size, 8.0 * (double)(n2 - 2) * (double)(n2 - 2),
            t_jac, reps, ck[3].bad == 0);
  snprintf(size, sizeof size, "%ld^3", n3);
  bk_report("stencil3d", size,
            8.0 * (double)(n3 - 2) * (double)(n3 - 2) * (double)(n3 - 2), t_st,
            reps, ck[4].bad == 0);

  int fails = 0;
  for (int k = 0; k < 6; k++)
    fails += ck[k].bad != 0;
  free(a); free(b); free(c_copy); free(c_scale); free(c_clamp); free(c_triad);
  free(u); free(v); free(p); free(q); free(t);
  return fails ? 1 : 0;
}
