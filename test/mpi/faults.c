/* A stencil whose rank FAULT_RANK (1) misbehaves after the first round, to
 * check that every rank ends with a clear message instead of waiting for
 * it forever. Usage: faults MODE [n] [rounds]; MODE: ok (no fault), die
 * (killed by a signal), exit (leaves the program early, status 0), stall
 * (sleeps), size (runs with one more element than the others), update
 * (rank 0 alone runs an update host of u, as a rank that prints would:
 * rank 0's receive must not take the data of rank 1's next transfer). */
#include <proact.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../e2e/e2e_util.h"
#include "stencil_sweep.h"

static int my_rank(void) {
  const char *r = getenv("OMPI_COMM_WORLD_RANK");
  return r != NULL ? atoi(r) : 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "ok";
  const int faulty = my_rank() == 1;
  long n = e2e_arg(argc, argv, 2, 10007);
  long rounds = e2e_arg(argc, argv, 3, 6);
  if (faulty && strcmp(mode, "size") == 0)
    n++;
  double *u = e2e_alloc(n), *v = e2e_alloc(n);
  e2e_fill(u, n, 3);
  memcpy(v, u, (size_t)n * sizeof(double));

#pragma proact data copy(u[0:n], v[0:n])
  {
    for (long t = 0; t < rounds; t++) {
      stencil_sweep(n, u, v);
      stencil_sweep(n, v, u);
      if (!faulty && t == 0 && strcmp(mode, "update") == 0) {
#pragma proact update host(u[0:n])
      }
      if (faulty && t == 0) {
        if (strcmp(mode, "die") == 0)
          raise(SIGKILL);
        if (strcmp(mode, "exit") == 0)
          exit(0);
        if (strcmp(mode, "stall") == 0)
          sleep(3600);
      }
    }
  }
  e2e_print("u", u, (size_t)n * sizeof(double));
  e2e_print("v", v, (size_t)n * sizeof(double));
  free(u);
  free(v);
  return 0;
}
