/* Can a loop's parts be launched as one CUDA graph of the kernels OpenMP
 * loaded? libomptarget keeps its CUfunction handles to itself, but CUPTI's
 * callback on the driver's launch sees them: this program captures the
 * handle and argument buffer of one bare OpenMP kernel launch, then times P
 * launches of that kernel on slices of an array (P logical devices of one
 * GPU) four ways in one process: through libomptarget from a host thread
 * each (as PROACT's parts do), through the driver from one thread on P
 * streams, as one instantiated graph, and as a graph whose nodes' arguments
 * are set again before each launch (a loop whose values change). Every way
 * adds 1 to each element per round; the check compares the array with the
 * number of rounds. With "nocupti" last, CUPTI is never loaded and only
 * the two libomptarget ways run: whether CUPTI's presence slows them.
 * Host threads spin while they wait, as PROACT's do by default.
 * Usage: graph_probe [n (default 4096)] [reps (default 2000)] [P (default 8)]
 *                    [nocupti] */
#include <cuda.h>
#include <cupti.h>
#include <dlfcn.h>
#include <omp.h>
#include <ompx.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../median.h"

#define MAX_PARTS 64
#define MAX_ARG_BYTES 512

static void launch(float *p, int dev, long m) {
  const int teams = (int)((m + 255) / 256);
#pragma omp target teams ompx_bare num_teams(teams) thread_limit(256) \
    device(dev) is_device_ptr(p)
  {
    const long i = (long)ompx_block_id_x() * 256 + ompx_thread_id_x();
    if (i < m)
      p[i] += 1.0f;
  }
}

/* What the callback saw of the first launch. */
static struct {
  int seen, via_extra;
  CUfunction f;
  unsigned grid, block, shmem;
  unsigned char args[MAX_ARG_BYTES];
  size_t nargs;
} cap;

static void CUPTIAPI on_launch(void *user, CUpti_CallbackDomain dom,
                               CUpti_CallbackId cbid, const void *data) {
  const CUpti_CallbackData *cb = data;
  (void)user;
  if (dom != CUPTI_CB_DOMAIN_DRIVER_API || cb->callbackSite != CUPTI_API_ENTER ||
      cap.seen)
    return;
  if (cbid == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel ||
      cbid == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz) {
    const cuLaunchKernel_params *pp = cb->functionParams;
    cap.f = pp->f;
    cap.grid = pp->gridDimX;
    cap.block = pp->blockDimX;
    cap.shmem = pp->sharedMemBytes;
    if (pp->extra != NULL) {
      void **e = pp->extra;
      void *buf = NULL;
      size_t size = 0;
      for (int k = 0; e[k] != CU_LAUNCH_PARAM_END && k < 8; k += 2) {
        if (e[k] == CU_LAUNCH_PARAM_BUFFER_POINTER)
          buf = e[k + 1];
        else if (e[k] == CU_LAUNCH_PARAM_BUFFER_SIZE)
          size = *(size_t *)e[k + 1];
      }
      if (buf != NULL && size <= MAX_ARG_BYTES) {
        memcpy(cap.args, buf, size);
        cap.nargs = size;
        cap.via_extra = 1;
      }
    }
    cap.seen = 1;
  } else {
    fprintf(stderr, "graph_probe: a launch through driver call %u\n",
            (unsigned)cbid);
  }
}

/* CUPTI through dlopen, so that the program runs (and says so) where the
 * toolkit's libcupti is absent. */
static int capture_first_launch(float *p, long m) {
  CUptiResult (*subscribe)(CUpti_SubscriberHandle *, CUpti_CallbackFunc,
                           void *);
  CUptiResult (*enable)(uint32_t, CUpti_SubscriberHandle, CUpti_CallbackDomain,
                        CUpti_CallbackId);
  CUptiResult (*unsubscribe)(CUpti_SubscriberHandle);
  CUpti_SubscriberHandle sub;
  void *h = dlopen("libcupti.so", RTLD_NOW);
  if (h == NULL)
    h = dlopen("libcupti.so.13", RTLD_NOW);
  if (h == NULL) {
    fprintf(stderr, "graph_probe: no libcupti: %s\n", dlerror());
    return 0;
  }
  *(void **)&subscribe = dlsym(h, "cuptiSubscribe");
  *(void **)&enable = dlsym(h, "cuptiEnableCallback");
  *(void **)&unsubscribe = dlsym(h, "cuptiUnsubscribe");
  if (subscribe(&sub, on_launch, NULL) != CUPTI_SUCCESS) {
    fprintf(stderr, "graph_probe: cuptiSubscribe failed\n");
    return 0;
  }
  const CUpti_CallbackId ids[] = {
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz};
  for (size_t k = 0; k < sizeof(ids) / sizeof(ids[0]); k++)
    enable(1, sub, CUPTI_CB_DOMAIN_DRIVER_API, ids[k]);
  launch(p, 0, m);
  unsubscribe(sub);
  return cap.seen && cap.via_extra;
}

#define CK(x)                                                                  \
  do {                                                                         \
    CUresult r_ = (x);                                                         \
    if (r_ != CUDA_SUCCESS) {                                                  \
      const char *s_ = "?";                                                    \
      cuGetErrorString(r_, &s_);                                               \
      fprintf(stderr, "graph_probe: %s: %s\n", #x, s_);                        \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/* The captured buffer with each 8-byte word that held the captured pointer
 * or size replaced by part q's: the layout is the compiler's, found by
 * value (the probe prints it). */
static void part_args(unsigned char *out, float *p0, long m0, float *pq,
                      long mq) {
  memcpy(out, cap.args, cap.nargs);
  for (size_t o = 0; o + 8 <= cap.nargs; o += 8) {
    uint64_t w;
    memcpy(&w, out + o, 8);
    if (w == (uint64_t)(uintptr_t)p0)
      memcpy(out + o, &(uint64_t){(uint64_t)(uintptr_t)pq}, 8);
    else if (w == (uint64_t)m0)
      memcpy(out + o, &(uint64_t){(uint64_t)mq}, 8);
  }
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 4096;
  const int reps = argc > 2 ? atoi(argv[2]) : 2000;
  const int np = argc > 3 ? atoi(argv[3]) : 8;
  const int cupti = !(argc > 4 && strcmp(argv[4], "nocupti") == 0);
  if (n < np || reps < 1 || np < 1 || np > MAX_PARTS) {
    fprintf(stderr, "usage: %s [n] [reps] [P <= %d]\n", argv[0], MAX_PARTS);
    return 2;
  }
  const long m = n / np; /* each part's elements; the rest is untouched */
  float *d = omp_target_alloc((size_t)n * sizeof(float), 0);
  float *h = calloc((size_t)n, sizeof(float));
  double *t = malloc((size_t)reps * sizeof(double));
  if (d == NULL || h == NULL || t == NULL)
    return 1;
  omp_target_memcpy(d, h, (size_t)n * sizeof(float), 0, 0, 0,
                    omp_get_initial_device());

  CUcontext ctx;
  CUdevice dev;
  CK(cuDeviceGet(&dev, 0));
  CK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CK(cuCtxSetCurrent(ctx));
  CK(cuCtxSetFlags(CU_CTX_SCHED_SPIN));
  long expect = 0; /* rounds that added 1 to every part's elements */
  int captured = 0; /* the captured launch added 1 to part 0's elements */
  if (!cupti) {
    launch(d, 0, m);
    captured = 1;
    goto omp_only;
  }
  if (!capture_first_launch(d, m)) {
    printf("capture: FAILED (no CUPTI launch record with an argument "
           "buffer)\n");
    return 1;
  }
  captured = 1;
  printf("capture: kernel %p, grid %u, block %u, shared %u, %zu argument "
         "bytes:", (void *)cap.f, cap.grid, cap.block, cap.shmem, cap.nargs);
  for (size_t o = 0; o + 8 <= cap.nargs; o += 8) {
    uint64_t w;
    memcpy(&w, cap.args + o, 8);
    printf(" %s", w == (uint64_t)(uintptr_t)d ? "<array>"
                  : w == (uint64_t)m          ? "<m>"
                                              : "");
    if (w != (uint64_t)(uintptr_t)d && w != (uint64_t)m)
      printf("0x%llx", (unsigned long long)w);
  }
  printf("\n");

  CUstream streams[MAX_PARTS], main_stream;
  CK(cuStreamCreate(&main_stream, CU_STREAM_NON_BLOCKING));
  for (int q = 0; q < np; q++)
    CK(cuStreamCreate(&streams[q], CU_STREAM_NON_BLOCKING));
  unsigned char args[MAX_PARTS][MAX_ARG_BYTES];
  size_t nargs = cap.nargs;
  for (int q = 0; q < np; q++)
    part_args(args[q], d, m, d + (long)q * m, m);

omp_only:
  /* 1: libomptarget, a host thread per part, each waiting (PROACT's way). */
  for (int r = -10; r < reps; r++) {
    double t0 = bench_now();
#pragma omp parallel num_threads(np)
    launch(d + (long)omp_get_thread_num() * m, 0, m);
    if (r >= 0)
      t[r] = bench_now() - t0;
  }
  expect += reps + 10;
  printf("libomptarget, a thread each: %.2f us per round\n",
         bench_median(t, reps) * 1e6);

  if (!cupti)
    goto plain;
  /* 2: the captured kernel through the driver, one thread, P streams. */
  for (int r = -10; r < reps; r++) {
    double t0 = bench_now();
    for (int q = 0; q < np; q++) {
      void *cfg[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, args[q],
                     CU_LAUNCH_PARAM_BUFFER_SIZE, &nargs, CU_LAUNCH_PARAM_END};
      CK(cuLaunchKernel(cap.f, cap.grid, 1, 1, cap.block, 1, 1, cap.shmem,
                        streams[q], NULL, cfg));
    }
    for (int q = 0; q < np; q++)
      CK(cuStreamSynchronize(streams[q]));
    if (r >= 0)
      t[r] = bench_now() - t0;
  }
  expect += reps + 10;
  printf("driver, one thread, %d streams: %.2f us per round\n", np,
         bench_median(t, reps) * 1e6);

  /* 3 and 4: one graph of P independent kernel nodes. */
  CUgraph g;
  CUgraphExec ge;
  CUgraphNode nodes[MAX_PARTS];
  void *cfgs[MAX_PARTS][5];
  CUDA_KERNEL_NODE_PARAMS kp[MAX_PARTS];
  CK(cuGraphCreate(&g, 0));
  for (int q = 0; q < np; q++) {
    void *c[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, args[q],
                 CU_LAUNCH_PARAM_BUFFER_SIZE, &nargs, CU_LAUNCH_PARAM_END};
    memcpy(cfgs[q], c, sizeof(c));
    memset(&kp[q], 0, sizeof(kp[q]));
    kp[q].func = cap.f;
    kp[q].gridDimX = cap.grid, kp[q].gridDimY = kp[q].gridDimZ = 1;
    kp[q].blockDimX = cap.block, kp[q].blockDimY = kp[q].blockDimZ = 1;
    kp[q].sharedMemBytes = cap.shmem;
    kp[q].extra = cfgs[q];
    CK(cuGraphAddKernelNode(&nodes[q], g, NULL, 0, &kp[q]));
  }
  CK(cuGraphInstantiate(&ge, g, 0));
  for (int r = -10; r < reps; r++) {
    double t0 = bench_now();
    CK(cuGraphLaunch(ge, main_stream));
    CK(cuStreamSynchronize(main_stream));
    if (r >= 0)
      t[r] = bench_now() - t0;
  }
  expect += reps + 10;
  printf("graph of %d kernels: %.2f us per round\n", np,
         bench_median(t, reps) * 1e6);

  for (int r = -10; r < reps; r++) {
    double t0 = bench_now();
    for (int q = 0; q < np; q++)
      CK(cuGraphExecKernelNodeSetParams(ge, nodes[q], &kp[q]));
    CK(cuGraphLaunch(ge, main_stream));
    CK(cuStreamSynchronize(main_stream));
    if (r >= 0)
      t[r] = bench_now() - t0;
  }
  expect += reps + 10;
  printf("graph of %d kernels, arguments set each round: %.2f us per round\n",
         np, bench_median(t, reps) * 1e6);

  CK(cuGraphExecDestroy(ge));
  CK(cuGraphDestroy(g));
plain:
  /* 5: the plain OpenMP loop on one device, the reference. */
  for (int r = -10; r < reps; r++) {
    double t0 = bench_now();
    launch(d, 0, n);
    if (r >= 0)
      t[r] = bench_now() - t0;
  }
  printf("one OpenMP target loop over all %ld: %.2f us per round\n", n,
         bench_median(t, reps) * 1e6);

  omp_target_memcpy(h, d, (size_t)n * sizeof(float), 0, 0,
                    omp_get_initial_device(), 0);
  long bad = 0;
  for (long i = 0; i < n; i++) {
    long want = (i < np * m ? expect : 0) + (i < m ? captured : 0) + (reps + 10);
    if (h[i] != (float)want)
      bad++;
  }
  printf("check: %s (%ld wrong of %ld)\n", bad ? "FAIL" : "PASS", bad, n);
  omp_target_free(d, 0);
  return bad != 0;
}
