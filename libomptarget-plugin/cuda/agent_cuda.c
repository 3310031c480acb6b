/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Launching the poll agent kernel (poll_agent.cu) on a GPU: the image
 * nvcc built is embedded in libproact (poll_agent_image.c, generated at
 * build time) and loaded into each device's primary context on first use;
 * the agent runs on its own stream, so it runs beside the loop's OpenMP
 * kernel, and reports into pinned host memory. */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "clock.h"
#include "log.h"
#include "dev_ops.h"
#include "cuda_drv.h"

#ifdef PROACT_HAVE_CUDA_AGENT
extern const unsigned char proact__poll_agent_image[];

/* The clock probe's host memory (pinned, mapped). */
#define CLOCK_ROUNDS 8
typedef struct clock_probe {
  unsigned go;
  unsigned pad;
  unsigned long long stamp[CLOCK_ROUNDS];
} clock_probe_t;

typedef struct cuda_agent {
  CUmodule module;
  CUfunction func;
  CUfunction probe;
  clock_probe_t *clock;   /* pinned, mapped */
  int64_t clock_offset;   /* global timer minus the host's clock */
  uint64_t clock_at;      /* host time it was measured, 0: never */
  CUstream stream;
  proact__agent_result_t *result; /* pinned, mapped */
  int running;
  uint64_t share_ppm; /* of the SMs' thread slots, for the last launch */
} cuda_agent_t;

static cuda_agent_t cuda_agents[PROACT__DEV_MAX];

/* The context of logical device dev (its GPU's). */
static CUcontext agent_ctx(int dev) {
  return proact__cuda_ctx[proact__cuda_phys[dev]];
}
static int cuda_agents_n; /* logical devices (proact__cuda_agents_open) */
static pthread_mutex_t cuda_agents_lock = PTHREAD_MUTEX_INITIALIZER;

static proact_status_t cuda_agent_load(int dev, cuda_agent_t *a) {
  if (a->func != NULL)
    return PROACT_OK;
  PROACT_CUDADRV_FUNC(cuModuleLoadData, (&a->module,
                                         proact__poll_agent_image));
  PROACT_CUDADRV_FUNC(cuModuleGetFunction,
                      (&a->func, a->module, "proact_poll_agent"));
  PROACT_CUDADRV_FUNC(cuModuleGetFunction,
                      (&a->probe, a->module, "proact_clock_probe"));
  PROACT_CUDADRV_FUNC(cuStreamCreate, (&a->stream, CU_STREAM_NON_BLOCKING));
  PROACT_CUDADRV_FUNC(cuMemHostAlloc,
                      ((void **)&a->result, sizeof(*a->result),
                       CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP));
  proact__info(PROACT__SUBSYS_AGENT, "poll agent loaded on device %d", dev);
  return PROACT_OK;
}

void proact__cuda_agents_open(int nlocal) { cuda_agents_n = nlocal; }

/* Loading a module waits for the kernels running in its context, so a
 * spinning agent would block the load of another logical device's agent on
 * the same GPU until it ends, and it ends only after that device's kernel:
 * every device's agent is loaded at the first use of any. */
static proact_status_t cuda_agents_load_all(void) {
  proact_status_t st = PROACT_OK;
  pthread_mutex_lock(&cuda_agents_lock);
  for (int d = 0; d < cuda_agents_n && st == PROACT_OK; d++) {
    if (cuda_agents[d].func != NULL)
      continue;
    if (proact__cu.cuCtxSetCurrent(agent_ctx(d)) != CUDA_SUCCESS)
      st = PROACT_ERR_DEVICE;
    else
      st = cuda_agent_load(d, &cuda_agents[d]);
  }
  pthread_mutex_unlock(&cuda_agents_lock);
  return st;
}

proact_status_t proact__cuda_agent_start(int dev, const proact__ready_t *rd,
                                         const proact__ready_t *host_view,
                                         int threads, uint64_t timeout_ns) {
  (void)host_view;
  cuda_agent_t *a = &cuda_agents[dev];
  unsigned block = threads < 256 ? (unsigned)threads : 256u;
  unsigned grid = (unsigned)((threads + 255) / 256);
  unsigned long long timeout = timeout_ns;
  CUdeviceptr result_dev = 0;
  void *params[3];

  if (a->running)
    return PROACT_ERR_INVALID_PARAM;
  {
    proact_status_t st = cuda_agents_load_all();
    if (st != PROACT_OK)
      return st;
  }
  /* The pieces' peers are reachable: ready.c enabled peer access. */
  PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (agent_ctx(dev)));
  memset(a->result, 0, sizeof(*a->result));
  PROACT_CUDADRV_FUNC(cuMemHostGetDevicePointer, (&result_dev, a->result, 0));
  {
    /* The agent's blocks stay resident while it runs: its share of the
     * SMs is its threads over what the SMs can hold. */
    CUdevice cudev;
    int sms = 0, per_sm = 0;
    a->share_ppm = 0;
    if (proact__cu.cuDeviceGet(&cudev, proact__cuda_phys[dev]) ==
            CUDA_SUCCESS &&
        proact__cu.cuDeviceGetAttribute(
            &sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, cudev) ==
            CUDA_SUCCESS &&
        proact__cu.cuDeviceGetAttribute(
            &per_sm, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
            cudev) == CUDA_SUCCESS &&
        sms > 0 && per_sm > 0) {
      uint64_t slots = (uint64_t)sms * (uint64_t)per_sm;
      uint64_t used = (uint64_t)grid * block;
      a->share_ppm = (used < slots ? used : slots) * 1000000u / slots;
    }
  }
  params[0] = &rd;
  params[1] = &timeout;
  params[2] = &result_dev;
  PROACT_CUDADRV_FUNC(cuLaunchKernel, (a->func, grid, 1, 1, block, 1, 1, 0,
                                       a->stream, params, NULL));
  a->running = 1;
  return PROACT_OK;
}

/* Clocks drift apart by some parts per million: measure again when the
 * last measure is older than this. */
#define CLOCK_VALID_NS 1000000000ull
static pthread_mutex_t clock_lock = PTHREAD_MUTEX_INITIALIZER;

/* Rounds of the probe: the host's clock before it writes k and after it
 * sees the stamp bracket the GPU's reading; the narrowest bracket gives
 * the offset, within half its width (a few microseconds). */
static proact_status_t clock_measure(int dev, cuda_agent_t *a) {
  clock_probe_t *p = a->clock;
  CUdeviceptr pd = 0;
  int rounds = CLOCK_ROUNDS;
  void *params[3];
  CUdeviceptr go_d, stamp_d;
  uint64_t best = UINT64_MAX;

  memset(p, 0, sizeof(*p));
  PROACT_CUDADRV_FUNC(cuMemHostGetDevicePointer, (&pd, p, 0));
  go_d = pd + offsetof(clock_probe_t, go);
  stamp_d = pd + offsetof(clock_probe_t, stamp);
  params[0] = &go_d;
  params[1] = &stamp_d;
  params[2] = &rounds;
  PROACT_CUDADRV_FUNC(cuLaunchKernel, (a->probe, 1, 1, 1, 1, 1, 1, 0,
                                       a->stream, params, NULL));
  for (int k = 1; k <= CLOCK_ROUNDS; k++) {
    const uint64_t t1 = proact__now_ns();
    uint64_t t2;
    unsigned long long g;
    __atomic_store_n(&p->go, (unsigned)k, __ATOMIC_SEQ_CST);
    while ((g = __atomic_load_n(&p->stamp[k - 1], __ATOMIC_ACQUIRE)) == 0)
      if (proact__now_ns() - t1 > 1000000000ull)
        break; /* the kernel gave up; the sync below reports why */
    t2 = proact__now_ns();
    if (g != 0 && t2 - t1 < best) {
      best = t2 - t1;
      a->clock_offset = (int64_t)g - (int64_t)(t1 + (t2 - t1) / 2);
    }
  }
  PROACT_CUDADRV_FUNC(cuStreamSynchronize, (a->stream));
  if (best == UINT64_MAX)
    return PROACT_ERR_TIMED_OUT;
  a->clock_at = proact__now_ns();
  proact__info(PROACT__SUBSYS_AGENT,
               "device %d: global timer - host clock = %lld ns (+- %llu)",
               dev, (long long)a->clock_offset,
               (unsigned long long)(best / 2));
  return PROACT_OK;
}

proact_status_t proact__cuda_clock_offset(int dev, int64_t *offset_p) {
  cuda_agent_t *a = &cuda_agents[dev];
  proact_status_t st = PROACT_OK;

  pthread_mutex_lock(&clock_lock);
  if (a->clock_at == 0 || proact__now_ns() - a->clock_at > CLOCK_VALID_NS) {
    st = cuda_agents_load_all();
    if (st == PROACT_OK &&
        proact__cu.cuCtxSetCurrent(agent_ctx(dev)) != CUDA_SUCCESS)
      st = PROACT_ERR_DEVICE;
    if (st == PROACT_OK && a->clock == NULL &&
        proact__cu.cuMemHostAlloc((void **)&a->clock, sizeof(*a->clock),
                                  CU_MEMHOSTALLOC_PORTABLE |
                                      CU_MEMHOSTALLOC_DEVICEMAP) !=
            CUDA_SUCCESS) {
      a->clock = NULL;
      st = PROACT_ERR_NO_MEMORY;
    }
    if (st == PROACT_OK)
      st = clock_measure(dev, a);
  }
  if (st == PROACT_OK)
    *offset_p = a->clock_offset;
  pthread_mutex_unlock(&clock_lock);
  return st;
}

proact_status_t proact__cuda_agent_wait(int dev,
                                        proact__agent_result_t *result) {
  cuda_agent_t *a = &cuda_agents[dev];
  if (!a->running)
    return PROACT_ERR_INVALID_PARAM;
  a->running = 0;
  PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (agent_ctx(dev)));
  PROACT_CUDADRV_FUNC(cuStreamSynchronize, (a->stream));
  *result = *a->result;
  result->share_ppm = a->share_ppm;
  return PROACT_OK;
}
#endif
