/* A program that uses MPI itself: it initializes MPI, makes its input on
 * rank 0 only and broadcasts it, then runs PROACT loops (a stencil, then
 * a max and a count reduction), which use the program's MPI and leave
 * MPI_Finalize to it, while a receive of any message the program posted
 * before them waits. Every rank prints the sequential result.
 * Usage: user_mpi [n] [rounds] */
#include <mpi.h>
#include <proact.h>
#include "../e2e/e2e_util.h"
#include "stencil_sweep.h"

int main(int argc, char **argv) {
  int rank = 0;
  long n = e2e_arg(argc, argv, 1, 10007);
  long rounds = e2e_arg(argc, argv, 2, 5);
  double *u, *v, big = 0.0;
  long above = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  u = e2e_alloc(n);
  v = e2e_alloc(n);
  if (rank == 0)
    e2e_fill(u, n, 7);
  MPI_Bcast(u, (int)n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  memcpy(v, u, (size_t)n * sizeof(double));
  /* A receive of any message, posted before PROACT's loops: PROACT's own
   * messages must not match it (they travel on a copy of the
   * communicator). */
  int size = 1;
  double msg = -1.0, mine = 4242.0;
  MPI_Request got, sent;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Irecv(&msg, 1, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD,
            &got);

#pragma proact data copy(u[0:n], v[0:n])
  {
    for (long t = 0; t < rounds; t++) {
      stencil_sweep(n, u, v);
      stencil_sweep(n, v, u);
    }
    /* Exact reductions: the same bits in any order. */
#pragma proact region(u[0:n]) reduction(max : big) reduction(+ : above)
    for (long i = 0; i < n; i++) {
      if (u[i] > big)
        big = u[i];
      above += u[i] > 1.0;
    }
  }
  MPI_Isend(&mine, 1, MPI_DOUBLE, (rank + 1) % size, 7, MPI_COMM_WORLD,
            &sent);
  MPI_Wait(&got, MPI_STATUS_IGNORE);
  MPI_Wait(&sent, MPI_STATUS_IGNORE);
  printf("user message: %g\n", msg);
  e2e_print("u", u, (size_t)n * sizeof(double));
  e2e_print("v", v, (size_t)n * sizeof(double));
  e2e_print("big", &big, sizeof(big));
  printf("above: %ld\n", above);
  free(u);
  free(v);
  MPI_Finalize();
  return 0;
}
