/* Iterative X-ray CT reconstruction, SART-like: an N x N image x from
 * parallel-beam projections b = A x_true (angles x N detectors). Each
 * iteration forward-projects the current image and takes the normalized
 * residual per ray, resid[r] = (b[r] - A[r] x) / |A[r]|, then back-projects
 * it, x[j] += lambda (A^T resid)[j] / |A^T[j]|. A (by rays) and A^T (by
 * voxels) are sparse, nearest-voxel line sampling. Each device reads all of
 * x and of resid through the matrices' indices.
 * Usage: ct [N] [angles] [iterations]  (default 512 256 20) */
#include <math.h>
#include <proact.h>

#include "app.h"

/* The rays' voxels: walk each ray in unit steps, merging repeats. */
static void system_matrix(long N, long na, long **rp, int **rc, float **rv,
                          long *nnz_p) {
  long nr = na * N, cap = nr * (long)(1.5 * N + 4), nnz = 0;
  const double pi = 3.14159265358979323846;
  *rp = app_alloc((size_t)nr + 1, sizeof(long));
  *rc = app_alloc((size_t)cap, sizeof(int));
  *rv = app_alloc((size_t)cap, sizeof(float));
  for (long a = 0; a < na; a++) {
    double th = pi * (double)a / (double)na, c = cos(th), s = sin(th);
    for (long d = 0; d < N; d++) {
      double off = (double)d - 0.5 * (double)N + 0.5;
      double half = 0.7072 * (double)N;
      long last = -1;
      for (double tt = -half; tt <= half; tt += 1.0) {
        double px = 0.5 * N + off * -s + tt * c, py = 0.5 * N + off * c + tt * s;
        if (px < 0 || py < 0 || px >= N || py >= N)
          continue;
        long vox = (long)py * N + (long)px;
        if (vox == last) {
          (*rv)[nnz - 1] += 1.0f;
          continue;
        }
        (*rc)[nnz] = (int)vox;
        (*rv)[nnz++] = 1.0f;
        last = vox;
      }
      (*rp)[a * N + d + 1] = nnz;
    }
  }
  *nnz_p = nnz;
}

int main(int argc, char **argv) {
  long N = app_arg(argc, argv, 1, 512);
  long na = app_arg(argc, argv, 2, 256);
  int iters = (int)app_arg(argc, argv, 3, 20);
  long nr = na * N, nv = N * N, nnz, nr1 = nr + 1, nv1 = nv + 1;
  long *rp, *cp;
  int *rc, *cr;
  float *rv, *cv;
  system_matrix(N, na, &rp, &rc, &rv, &nnz);
  /* A^T: counting sort of the entries by voxel. */
  cp = app_alloc((size_t)nv + 1, sizeof(long));
  cr = app_alloc((size_t)nnz, sizeof(int));
  cv = app_alloc((size_t)nnz, sizeof(float));
  for (long e = 0; e < nnz; e++)
    cp[rc[e] + 1]++;
  for (long j = 0; j < nv; j++)
    cp[j + 1] += cp[j];
  long *fill = app_alloc((size_t)nv, sizeof(long));
  for (long r = 0; r < nr; r++)
    for (long e = rp[r]; e < rp[r + 1]; e++) {
      long at = cp[rc[e]] + fill[rc[e]]++;
      cr[at] = (int)r;
      cv[at] = rv[e];
    }
  free(fill);
  float *b = app_alloc((size_t)nr, sizeof(float));
  float *rnorm = app_alloc((size_t)nr, sizeof(float));
  float *cnorm = app_alloc((size_t)nv, sizeof(float));
  float *x = app_alloc((size_t)nv, sizeof(float));
  float *resid = app_alloc((size_t)nr, sizeof(float));
  double *t = app_alloc((size_t)iters, sizeof(double));
  const float lambda = 0.9f;
  double sum = 0;
  char size[96];

  for (long r = 0; r < nr; r++) { /* phantom: a disk of density 1 */
    double s = 0, w = 0;
    for (long e = rp[r]; e < rp[r + 1]; e++) {
      long px = rc[e] % N, py = rc[e] / N;
      double dx = px - 0.5 * N, dy = py - 0.5 * N;
      s += rv[e] * (dx * dx + dy * dy < 0.16 * N * N ? 1.0 : 0.0);
      w += rv[e];
    }
    b[r] = (float)s;
    rnorm[r] = w > 0 ? (float)(1.0 / w) : 0.0f;
  }
  for (long j = 0; j < nv; j++) {
    double w = 0;
    for (long e = cp[j]; e < cp[j + 1]; e++)
      w += cv[e];
    cnorm[j] = w > 0 ? (float)(1.0 / w) : 0.0f;
  }
#pragma proact data copyin(rp[0:nr1], rc[0:nnz], rv[0:nnz], cp[0:nv1], cr[0:nnz], cv[0:nnz], b[0:nr], rnorm[0:nr], cnorm[0:nv]) copy(x[0:nv], resid[0:nr])
  {
    for (int it = 0; it < iters; it++) {
      double t0 = omp_get_wtime();
#pragma proact region(rp[0:nr1], rc[0:nnz], rv[0:nnz], b[0:nr], rnorm[0:nr], x[0:nv], resid[0:nr])
      for (long r = 0; r < nr; r++) {
        float s = 0.0f;
        for (long e = rp[r]; e < rp[r + 1]; e++)
          s += rv[e] * x[rc[e]];
        resid[r] = (b[r] - s) * rnorm[r];
      }
#pragma proact region(cp[0:nv1], cr[0:nnz], cv[0:nnz], cnorm[0:nv], x[0:nv], resid[0:nr])
      for (long j = 0; j < nv; j++) {
        float s = 0.0f;
        for (long e = cp[j]; e < cp[j + 1]; e++)
          s += cv[e] * resid[cr[e]];
        x[j] += lambda * s * cnorm[j];
      }
      t[it] = omp_get_wtime() - t0;
    }
  }
  for (long j = 0; j < nv; j++)
    sum += x[j];
  snprintf(size, sizeof(size), "N=%ld angles=%ld nnz=%ld", N, na, nnz);
  app_report("ct", size, t, iters, 2, sum);
  return 0;
}
