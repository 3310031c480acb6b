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

/* Ray r's voxels (angle r / N, detector r % N): walk the ray in unit
 * steps, merging repeats. Writes them to rc/rv when given; returns their
 * count. */
static long ray_walk(long N, long na, long r, int *rc, float *rv) {
  const double pi = 3.14159265358979323846;
  const int write = rc != NULL && rv != NULL; /* else only count */
  long a = r / N, d = r % N, k = 0, last = -1;
  double th = pi * (double)a / (double)na, c = cos(th), s = sin(th);
  double off = (double)d - 0.5 * (double)N + 0.5;
  double half = 0.7072 * (double)N;
  for (double tt = -half; tt <= half; tt += 1.0) {
    double px = 0.5 * N + off * -s + tt * c, py = 0.5 * N + off * c + tt * s;
    if (px < 0 || py < 0 || px >= N || py >= N)
      continue;
    long vox = (long)py * N + (long)px;
    if (vox == last) {
      if (write)
        rv[k - 1] += 1.0f;
      continue;
    }
    if (write) {
      rc[k] = (int)vox;
      rv[k] = 1.0f;
    }
    k++;
    last = vox;
  }
  return k;
}

/* A by rays, on the host threads: a first walk of each ray counts its
 * voxels, a scan places the rays, a second walk writes them (the entries of
 * one sequential walk, bit for bit). */
static void system_matrix(long N, long na, long **rp, int **rc, float **rv,
                          long *nnz_p) {
  long nr = na * N;
  *rp = app_alloc((size_t)nr + 1, sizeof(long));
  long *p = *rp;
#pragma omp parallel for
  for (long r = 0; r < nr; r++)
    p[r + 1] = ray_walk(N, na, r, NULL, NULL);
  app_counts_to_ptr(p, nr);
  *nnz_p = p[nr];
  *rc = app_alloc((size_t)p[nr], sizeof(int));
  *rv = app_alloc((size_t)p[nr], sizeof(float));
  int *col = *rc;
  float *val = *rv;
#pragma omp parallel for
  for (long r = 0; r < nr; r++)
    ray_walk(N, na, r, col + p[r], val + p[r]);
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
  /* A^T: the entries by voxel, each voxel's in ascending ray order. */
  cp = app_alloc((size_t)nv + 1, sizeof(long));
  cr = app_alloc((size_t)nnz, sizeof(int));
  cv = app_alloc((size_t)nnz, sizeof(float));
  app_transpose(nr, nv, rp, rc, rv, cp, cr, cv);
  float *b = app_alloc((size_t)nr, sizeof(float));
  float *rnorm = app_alloc((size_t)nr, sizeof(float));
  float *cnorm = app_alloc((size_t)nv, sizeof(float));
  float *x = app_alloc((size_t)nv, sizeof(float));
  float *resid = app_alloc((size_t)nr, sizeof(float));
  double *t = app_alloc((size_t)iters, sizeof(double));
  const float lambda = 0.9f;
  double sum = 0;
  char size[96];

#pragma omp parallel for
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
#pragma omp parallel for
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
