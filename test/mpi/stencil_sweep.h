/* The sweep of faults.c and user_mpi.c: a 1-D 3-point stencil from u into
 * v's interior, over n elements that the caller's data region holds (a
 * round is a sweep from u into v, then one back). */
#ifndef PROACT_TEST_MPI_STENCIL_SWEEP_H
#define PROACT_TEST_MPI_STENCIL_SWEEP_H

#include <proact.h>

static void stencil_sweep(long n, const double *u, double *v) {
#pragma proact region(u[0:n], v[0:n])
  for (long i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + 2.0 * u[i] + u[i + 1]) * 0.25;
}

#endif
