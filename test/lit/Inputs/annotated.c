#include <proact.h>

void relax(long n, long iters, float *u, float *v) {
  long cells = n * n;
#pragma proact data copy(u[0:cells]) create(v[0:cells])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(u[0:cells], v[0:cells]) mech(auto) devices(all)
      for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < n - 1; j++)
          v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j]);
#pragma proact update host(v[n:n], u[0:1]) device(u[0:1])
#pragma proact region(u[0:cells], v[0:cells])
      for (long i = n - 2; i >= 1; i -= 1) {
        if (i % 2)
          u[2 * i] = v[i];
        else
          u[2 * i] = -v[i];
      }
    }
  }
}
