/* The floor under a loop of P parts on one GPU if PROACT launched its bare
 * kernels through CUDA itself instead of libomptarget: P kernels over n
 * floats in all, launched and waited for (spin waits, as PROACT's wait
 * mode), three ways: one host thread launching on P streams, P host
 * threads each launching on its stream (as PROACT's parts do), and one
 * CUDA graph of P kernels instantiated once; then the first and the last
 * asynchronously (rounds queued, one wait at the end). launch_floor times
 * the same rounds through libomptarget; run both in one call to compare.
 * Usage: driver_floor [n (4096)] [reps (2000)] */
#include <cuda_runtime.h>
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#define CHECK(x)                                                              \
  do {                                                                        \
    cudaError_t e_ = (x);                                                     \
    if (e_ != cudaSuccess) {                                                  \
      std::fprintf(stderr, "driver_floor: %s: %s\n", #x,                      \
                   cudaGetErrorString(e_));                                   \
      std::exit(1);                                                           \
    }                                                                         \
  } while (0)

__global__ void add_one(float *p, long m) {
  const long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m)
    p[i] += 1.0f;
}

static double now() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double median(std::vector<double> &t) {
  std::sort(t.begin(), t.end());
  const size_t k = t.size() / 2;
  return t.size() % 2 ? t[k] : 0.5 * (t[k - 1] + t[k]);
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : 4096;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 2000;
  if (n < 1 || reps < 1) {
    std::fprintf(stderr, "usage: %s [n >= 1] [reps >= 1]\n", argv[0]);
    return 2;
  }
  CHECK(cudaSetDeviceFlags(cudaDeviceScheduleSpin));
  CHECK(cudaSetDevice(0));
  const int parts_list[] = {1, 2, 4, 8};
  for (int parts : parts_list) {
    const long m = n / parts > 0 ? n / parts : 1;
    const unsigned blocks = (unsigned)((m + 255) / 256);
    std::vector<float *> buf(parts);
    std::vector<cudaStream_t> st(parts);
    for (int p = 0; p < parts; p++) {
      CHECK(cudaMalloc(&buf[p], (size_t)m * sizeof(float)));
      CHECK(cudaMemset(buf[p], 0, (size_t)m * sizeof(float)));
      CHECK(cudaStreamCreateWithFlags(&st[p], cudaStreamNonBlocking));
    }
    // The graph: a fork from st[0] to every stream (ev[0]) and a join back
    // (ev[p] from stream p).
    std::vector<cudaEvent_t> ev(parts);
    for (auto &e : ev)
      CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    CHECK(cudaStreamBeginCapture(st[0], cudaStreamCaptureModeThreadLocal));
    CHECK(cudaEventRecord(ev[0], st[0]));
    for (int p = 1; p < parts; p++)
      CHECK(cudaStreamWaitEvent(st[p], ev[0], 0));
    for (int p = 0; p < parts; p++) {
      add_one<<<blocks, 256, 0, st[p]>>>(buf[p], m);
      if (p > 0) {
        CHECK(cudaEventRecord(ev[p], st[p]));
        CHECK(cudaStreamWaitEvent(st[0], ev[p], 0));
      }
    }
    CHECK(cudaStreamEndCapture(st[0], &graph));
    CHECK(cudaGraphInstantiate(&exec, graph, 0));

    std::vector<double> ts(reps), tt(reps), tg(reps);
    // The three ways alternate within each round, so that clocks and other
    // load weigh on each alike.
    for (int r = -10; r < reps; r++) {
      double t0 = now();
      for (int p = 0; p < parts; p++)
        add_one<<<blocks, 256, 0, st[p]>>>(buf[p], m);
      for (int p = 0; p < parts; p++)
        CHECK(cudaStreamSynchronize(st[p]));
      double t1 = now();
#pragma omp parallel for num_threads(parts) schedule(static, 1)
      for (int p = 0; p < parts; p++) {
        add_one<<<blocks, 256, 0, st[p]>>>(buf[p], m);
        CHECK(cudaStreamSynchronize(st[p]));
      }
      double t2 = now();
      CHECK(cudaGraphLaunch(exec, st[0]));
      CHECK(cudaStreamSynchronize(st[0]));
      double t3 = now();
      if (r >= 0)
        ts[r] = t1 - t0, tt[r] = t2 - t1, tg[r] = t3 - t2;
    }
    // Asynchronous loops: each round's launches queued behind the last
    // round's, one wait at the end; the time per round is then what the
    // host spends launching, where the kernels are short.
    double a0 = now();
    for (int r = 0; r < reps; r++)
      for (int p = 0; p < parts; p++)
        add_one<<<blocks, 256, 0, st[p]>>>(buf[p], m);
    for (int p = 0; p < parts; p++)
      CHECK(cudaStreamSynchronize(st[p]));
    double a1 = now();
    for (int r = 0; r < reps; r++)
      CHECK(cudaGraphLaunch(exec, st[0]));
    CHECK(cudaStreamSynchronize(st[0]));
    double a2 = now();
    std::printf("cuda launches of %d parts: one thread %.2f us, %d threads "
                "%.2f us, graph %.2f us per round; asynchronous: one thread "
                "%.2f us, graph %.2f us per round\n",
                parts, 1e6 * median(ts), parts, 1e6 * median(tt),
                1e6 * median(tg), 1e6 * (a1 - a0) / reps,
                1e6 * (a2 - a1) / reps);
    // Each way incremented every element once per round: a launch lost or
    // run twice shows here.
    const int rounds = 3 * (reps + 10) + 2 * reps;
    for (int p = 0; p < parts; p++) {
      std::vector<float> h(m);
      CHECK(cudaMemcpy(h.data(), buf[p], (size_t)m * sizeof(float),
                       cudaMemcpyDeviceToHost));
      for (long i = 0; i < m; i++)
        if (h[i] != (float)rounds) {
          std::fprintf(stderr, "driver_floor: part %d element %ld is %g, "
                               "not %d\n", p, i, h[i], rounds);
          return 1;
        }
    }
    CHECK(cudaGraphExecDestroy(exec));
    CHECK(cudaGraphDestroy(graph));
    for (auto &e : ev)
      CHECK(cudaEventDestroy(e));
    for (int p = 0; p < parts; p++) {
      CHECK(cudaStreamDestroy(st[p]));
      CHECK(cudaFree(buf[p]));
    }
  }
  return 0;
}
