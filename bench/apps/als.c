/* Matrix factorization of a sparse ratings matrix R (users x items) into
 * P (users x K) and Q (items x K) by alternating gradient steps (the
 * paper's ALS by SGD, in the deterministic batch form a parallel loop can
 * express): every user's row of P takes a step along the gradient of its
 * ratings' squared error with Q fixed, then every item's row of Q with P
 * fixed. Q[item * K + f] and P[user * K + f] are gathered through the
 * ratings' indices, so each device reads all of the other factor.
 * Usage: als [users] [items] [ratings per user] [iterations]
 *        (default 2097152 262144 32 20) */
#include <proact.h>

#include "app.h"

#define K 16

/* CSR of the ratings by rows (users) and its transpose (by items). User u
 * draws from stream (3, u): the same ratings for any number of host
 * threads. */
static void ratings(long nu, long ni, long per, long **uptr, int **uitem,
                    float **uval, long **iptr, int **iuser, float **ival) {
  long nnz = nu * per;
  *uptr = app_alloc((size_t)nu + 1, sizeof(long));
  *uitem = app_alloc((size_t)nnz, sizeof(int));
  *uval = app_alloc((size_t)nnz, sizeof(float));
  *iptr = app_alloc((size_t)ni + 1, sizeof(long));
  *iuser = app_alloc((size_t)nnz, sizeof(int));
  *ival = app_alloc((size_t)nnz, sizeof(float));
  long *up = *uptr;
  int *ui = *uitem;
  float *uv = *uval;
#pragma omp parallel for
  for (long u = 0; u < nu; u++) {
    uint64_t seed = app_seed(3, (uint64_t)u);
    up[u + 1] = (u + 1) * per;
    for (long e = u * per; e < (u + 1) * per; e++) {
      /* Uniform items: a generated kernel walks one row per thread, so a
       * hot item with far more ratings than the others would serialize
       * the whole iteration. */
      ui[e] = (int)((double)ni * app_uniform(&seed));
      uv[e] = 1.0f + 4.0f * (float)app_uniform(&seed);
    }
  }
  app_transpose(nu, ni, up, ui, uv, *iptr, *iuser, *ival);
}

/* One half of an alternating step: every row r of X (K factors) moves along
 * the gradient of its ratings' squared error, Y fixed. Row r's ratings are
 * ptr[r] .. ptr[r + 1] - 1, against Y's rows idx[e]. */
static void half_step(long nx, long ny, const long *ptr, const int *idx,
                      const float *val, float *X, const float *Y,
                      float rate) {
  const float reg = 0.05f;
  long nx1 = nx + 1, nnz = ptr[nx], xk = nx * K, yk = ny * K;
#pragma proact region(ptr[0:nx1], idx[0:nnz], val[0:nnz], X[0:xk], Y[0:yk])
  for (long r = 0; r < nx; r++) {
    float grad[K];
    for (int f = 0; f < K; f++)
      grad[f] = 0.0f;
    for (long e = ptr[r]; e < ptr[r + 1]; e++) {
      long c = idx[e];
      float pred = 0.0f;
      for (int f = 0; f < K; f++)
        pred += X[r * K + f] * Y[c * K + f];
      float err = val[e] - pred;
      for (int f = 0; f < K; f++)
        grad[f] += err * Y[c * K + f];
    }
    for (int f = 0; f < K; f++)
      X[r * K + f] += rate * (grad[f] - reg * X[r * K + f]);
  }
}

int main(int argc, char **argv) {
  long nu = app_arg(argc, argv, 1, 2L << 20);
  long ni = app_arg(argc, argv, 2, 256L << 10);
  long per = app_arg(argc, argv, 3, 32);
  int iters = (int)app_arg(argc, argv, 4, 20);
  long *uptr, *iptr;
  int *uitem, *iuser;
  float *uval, *ival;
  long nnz = nu * per, nu1 = nu + 1, ni1 = ni + 1, pk = nu * K, qk = ni * K;
  ratings(nu, ni, per, &uptr, &uitem, &uval, &iptr, &iuser, &ival);
  float *P = app_alloc((size_t)pk, sizeof(float));
  float *Q = app_alloc((size_t)qk, sizeof(float));
  double *t = app_alloc((size_t)iters, sizeof(double));
  const float lr = 0.002f;
  double sum = 0;
  char size[96];

  /* Row r of P, then of Q (r = nu + item), draws from stream (5, r). */
#pragma omp parallel for
  for (long r = 0; r < nu + ni; r++) {
    uint64_t seed = app_seed(5, (uint64_t)r);
    float *row = r < nu ? P + r * K : Q + (r - nu) * K;
    for (int f = 0; f < K; f++)
      row[f] = 0.1f + 0.4f * (float)app_uniform(&seed);
  }
#pragma proact data copyin(uptr[0:nu1], uitem[0:nnz], uval[0:nnz], iptr[0:ni1], iuser[0:nnz], ival[0:nnz]) copy(P[0:pk], Q[0:qk])
  {
    for (int it = 0; it < iters; it++) {
      double t0 = omp_get_wtime();
      half_step(nu, ni, uptr, uitem, uval, P, Q, lr);
      half_step(ni, nu, iptr, iuser, ival, Q, P, 0.1f * lr);
      t[it] = omp_get_wtime() - t0;
    }
  }
  for (long x = 0; x < pk; x += 13)
    sum += P[x];
  for (long x = 0; x < qk; x += 13)
    sum += Q[x];
  snprintf(size, sizeof(size), "users=%ld items=%ld ratings=%ld", nu, ni,
           nnz);
  app_report("als", size, t, iters, 2, sum);
  return 0;
}
