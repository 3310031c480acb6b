/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Backend for CUDA devices driven by libomptarget's CUDA plugin. Works in
 * each GPU's primary context (the one libomptarget uses), with non-blocking
 * streams per (logical) device: host copies go on the device's first,
 * peer copies take the source device's PROACT_COPY_QUEUES streams in turn,
 * so that copies from one GPU to several (or a dma agent's and a pull's)
 * do not wait for each other. Every caller waits with sync_all or
 * sync_dev, which wait for every copy issued on a device (on each stream
 * that had one since its last wait), before it relies on a copy. */
#include <dlfcn.h>
#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "log.h"
#include "param.h"
#include "dev_ops.h"
#include "copy_times.h"
#include "cuda_drv.h"
#include "kernel_graph.h"

typedef enum peer_state {
  PEER_UNKNOWN = 0, /* not tried yet */
  PEER_AVAILABLE,   /* direct access enabled */
  PEER_UNAVAILABLE  /* cuMemcpyPeerAsync still works: the driver stages */
} peer_state_t;

/* One logical device's copy queues; its context, its GPU's, is in
 * proact__cuda_ctx, which the agent's file shares. */
typedef struct cuda_dev {
  CUstream stream[PROACT__COPY_QUEUES_MAX];
  /* Streams with copies issued since their last synchronization: sync_dev
   * waits only for those, since waiting for every stream of every device
   * costs each loop a driver call per stream. */
  int dirty[PROACT__COPY_QUEUES_MAX];
  unsigned next_stream; /* the stream of the next peer copy from here */
  /* One wait on this device's streams at a time (cuda_sync_dev). */
  pthread_mutex_t sync_lock;
} cuda_dev_t;

static int cuda_ndev;     /* GPUs (OpenMP devices) */
static int cuda_nlocal;   /* logical devices */
static int cuda_nstreams; /* per logical device */
static cuda_dev_t cuda_devs[PROACT__DEV_MAX];
/* Peer access between GPUs, by OpenMP device numbers. */
static peer_state_t cuda_peer[PROACT__DEV_MAX][PROACT__DEV_MAX];

/* The context of logical device dev. */
static CUcontext cuda_ctx(int dev) {
  return proact__cuda_ctx[proact__cuda_phys[dev]];
}

static void cuda_mark(int dev, int s) {
  __atomic_store_n(&cuda_devs[dev].dirty[s], 1, __ATOMIC_RELEASE);
}
static pthread_mutex_t cuda_peer_lock = PTHREAD_MUTEX_INITIALIZER;

/* PROACT_CUDA_WAIT's names of the CU_CTX_SCHED_* flags, and
 * PROACT_CUDA_CACHE's of the CU_FUNC_CACHE_PREFER_* preferences: values
 * only this backend knows, so it defines these parameters. */
static const proact__param_name_t cuda_waits[] = {
    {"auto", CU_CTX_SCHED_AUTO},
    {"spin", CU_CTX_SCHED_SPIN},
    {"yield", CU_CTX_SCHED_YIELD},
    {"blocking", CU_CTX_SCHED_BLOCKING_SYNC}};
static const proact__param_name_t cuda_caches[] = {
    {"auto", CU_FUNC_CACHE_PREFER_NONE},
    {"shared", CU_FUNC_CACHE_PREFER_SHARED},
    {"l1", CU_FUNC_CACHE_PREFER_L1},
    {"equal", CU_FUNC_CACHE_PREFER_EQUAL}};

static proact_status_t cuda_parse_wait(const char *text,
                                       proact__param_value_t *value_p,
                                       char *why, size_t why_len) {
  return proact__param_parse_named(text, cuda_waits,
                                   sizeof(cuda_waits) / sizeof(cuda_waits[0]),
                                   "wait", value_p, why, why_len);
}

static proact_status_t cuda_parse_cache(const char *text,
                                        proact__param_value_t *value_p,
                                        char *why, size_t why_len) {
  return proact__param_parse_named(
      text, cuda_caches, sizeof(cuda_caches) / sizeof(cuda_caches[0]),
      "cache preference", value_p, why, why_len);
}

/* 1 to PROACT__COPY_QUEUES_MAX: unlike the sizes, 0 means nothing here
 * (a GPU without a copy queue cannot copy). */
static proact_status_t cuda_parse_copy_queues(const char *text,
                                              proact__param_value_t *value_p,
                                              char *why, size_t why_len) {
  proact_status_t st = proact__param_parse_size(
      text, 1, PROACT__COPY_QUEUES_MAX, value_p, why, why_len);
  if (st == PROACT_OK && value_p->i == 0) {
    snprintf(why, why_len, "0 is outside [1, %d]", PROACT__COPY_QUEUES_MAX);
    return PROACT_ERR_INVALID_PARAM;
  }
  return st;
}

/* The cuda backend's parameters, registered whatever the backend, so that
 * the start-up check and proact-info know them everywhere. */
static const proact__param_t cuda_wait_param = {
    18, "PROACT_CUDA_WAIT", "auto", "auto, spin, yield or blocking",
    "how host threads wait for CUDA devices, set on every device's "
    "primary context at PROACT's first call (auto: CUDA's choice, "
    "spinning while there are fewer contexts than cores; libomptarget "
    "alone gives a device it initializes a blocking wait, which adds "
    "to every kernel)",
    cuda_parse_wait};
PROACT__PARAM_REGISTER(cuda_wait_param)

static const proact__param_t cuda_copy_queues_param = {
    19, "PROACT_COPY_QUEUES", "4", "1 to 16",
    "copy queues (CUDA streams) per GPU for device-to-device copies, "
    "which take them in turn so that copies overlap (1: every copy "
    "from a GPU waits for the one before)",
    cuda_parse_copy_queues};
PROACT__PARAM_REGISTER(cuda_copy_queues_param)

static const proact__param_t cuda_cache_param = {
    21, "PROACT_CUDA_CACHE", "auto", "auto, l1, shared or equal",
    "the L1 / shared memory split CUDA devices prefer for the "
    "program's kernels, set on every device's primary context at "
    "PROACT's first call (auto: CUDA's choice; gathering kernels are "
    "sensitive to it)",
    cuda_parse_cache};
PROACT__PARAM_REGISTER(cuda_cache_param)

/* The PROACT_CUDA_WAIT name of a context's CU_CTX_SCHED_* bits. */
static const char *cuda_wait_name(unsigned wait) {
  for (size_t i = 0; i < sizeof(cuda_waits) / sizeof(cuda_waits[0]); i++)
    if ((unsigned)cuda_waits[i].value == wait)
      return cuda_waits[i].name;
  return "unknown";
}

static proact_status_t cuda_load(void) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) {
    proact__info(PROACT__SUBSYS_INIT, "cannot load libcuda.so.1: %s",
                 dlerror());
    return PROACT_ERR_UNSUPPORTED;
  }
#define PROACT_CUDA_LOAD_(name, sym, params)                                  \
  *(void **)&proact__cu.name = dlsym(lib, sym);                                       \
  if (proact__cu.name == NULL) {                                                      \
    proact__info(PROACT__SUBSYS_INIT, "libcuda.so.1 lacks %s", sym);          \
    return PROACT_ERR_UNSUPPORTED;                                            \
  }
  PROACT_CUDA_FUNCS(PROACT_CUDA_LOAD_)
#undef PROACT_CUDA_LOAD_
#define PROACT_CUDA_LOAD_OPTIONAL_(name, sym, params)                         \
  *(void **)&proact__cu.name = dlsym(lib, sym);
  PROACT_CUDA_MANAGED_FUNCS(PROACT_CUDA_LOAD_OPTIONAL_)
  PROACT_CUDA_GRAPH_FUNCS(PROACT_CUDA_LOAD_OPTIONAL_)
#undef PROACT_CUDA_LOAD_OPTIONAL_
  /* lib stays open: the process keeps using the driver. */
  return PROACT_OK;
}

/* Releases the primary contexts of devices 0 .. n - 1 (a failed probe
 * leaves no context retained). */
static void cuda_release_contexts(int n) {
  for (int dev = 0; dev < n; dev++) {
    CUdevice cudev;
    if (proact__cuda_ctx[dev] != NULL &&
        proact__cu.cuDeviceGet(&cudev, dev) == CUDA_SUCCESS)
      proact__cu.cuDevicePrimaryCtxRelease(cudev);
    proact__cuda_ctx[dev] = NULL;
  }
}

/* Checks that OpenMP device dev allocates CUDA device memory on CUDA device
 * dev. Failures here are expected on non-CUDA devices: not logged as
 * errors. */
static proact_status_t cuda_check_device(int dev) {
  unsigned memtype = 0;
  int ordinal = -1;
  proact_status_t st = PROACT_ERR_UNSUPPORTED;
  void *ptr = omp_target_alloc(64, dev);

  if (ptr == NULL)
    return PROACT_ERR_UNSUPPORTED;
  if (proact__cu.cuPointerGetAttribute(&memtype, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                               (CUdeviceptr)(uintptr_t)ptr) == CUDA_SUCCESS &&
      memtype == CU_MEMORYTYPE_DEVICE) {
    st = PROACT_OK;
    if (proact__cu.cuPointerGetAttribute(&ordinal,
                                 CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                 (CUdeviceptr)(uintptr_t)ptr) !=
            CUDA_SUCCESS ||
        ordinal != dev) {
      proact__warn("openmp device %d allocates on cuda device %d; copies "
                   "will use the generic omp_target_memcpy path",
                   dev, ordinal);
      st = PROACT_ERR_DEVICE;
    }
  }
  omp_target_free(ptr, dev);
  return st;
}

/* Gives every device's primary context the scheduling flags of
 * PROACT_CUDA_WAIT (its other flags kept) and retains it. At PROACT's first
 * call this is usually before libomptarget has initialized any device:
 * libomptarget leaves an active context's flags alone but gives an
 * inactive one a blocking wait, which slows every kernel of the other
 * devices when only device 0's was activated first. A device the program used
 * before PROACT's first call is already active: its wait is changed too,
 * and an info message says so. PROACT_CUDA_CACHE, unless auto, sets the
 * contexts' L1 / shared memory preference (a kernel that sets none takes
 * it). */
static proact_status_t cuda_retain_contexts(int ndev) {
  const unsigned wait = (unsigned)proact__param_get(&cuda_wait_param)->i;
  const long long cache = proact__param_get(&cuda_cache_param)->i;
  for (int dev = 0; dev < ndev; dev++) {
    CUdevice cudev;
    unsigned flags = 0;
    int active = 0;
    if (proact__cu.cuDeviceGet(&cudev, dev) != CUDA_SUCCESS ||
        proact__cu.cuDevicePrimaryCtxGetState(cudev, &flags, &active) !=
            CUDA_SUCCESS) {
      cuda_release_contexts(dev);
      return PROACT_ERR_UNSUPPORTED;
    }
    const unsigned want = (flags & ~(unsigned)CU_CTX_SCHED_MASK) | wait;
    if (want != flags) {
      if (proact__cu.cuDevicePrimaryCtxSetFlags(cudev, want) != CUDA_SUCCESS)
        proact__warn("cuda device %d: cannot set its wait to %s "
                     "(PROACT_CUDA_WAIT); it keeps %s",
                     dev, cuda_wait_name(wait),
                     cuda_wait_name(flags & CU_CTX_SCHED_MASK));
      else if (active)
        proact__info(PROACT__SUBSYS_INIT,
                     "cuda device %d was in use before PROACT's first call; "
                     "its wait changed from %s to %s",
                     dev, cuda_wait_name(flags & CU_CTX_SCHED_MASK),
                     cuda_wait_name(wait));
    }
    if (proact__cu.cuDevicePrimaryCtxRetain(&proact__cuda_ctx[dev], cudev) !=
        CUDA_SUCCESS) {
      cuda_release_contexts(dev);
      return PROACT_ERR_UNSUPPORTED;
    }
    if (cache != CU_FUNC_CACHE_PREFER_NONE &&
        (proact__cu.cuCtxSetCurrent(proact__cuda_ctx[dev]) != CUDA_SUCCESS ||
         proact__cu.cuCtxSetCacheConfig((int)cache) != CUDA_SUCCESS))
      proact__warn("cuda device %d: cannot set its cache preference "
                   "(PROACT_CUDA_CACHE); it keeps CUDA's", dev);
  }
  return PROACT_OK;
}

static proact_status_t cuda_probe(int ndev) {
  int count = 0;
  proact_status_t st;

  if (ndev > PROACT__DEV_MAX)
    return PROACT_ERR_UNSUPPORTED;
  PROACT_CHECK(cuda_load());
  if (proact__cu.cuInit(0) != CUDA_SUCCESS ||
      proact__cu.cuDeviceGetCount(&count) != CUDA_SUCCESS || count < ndev)
    return PROACT_ERR_UNSUPPORTED;
  st = cuda_retain_contexts(ndev);
  if (st != PROACT_OK)
    return st;
  if (proact__cu.cuCtxSetCurrent(proact__cuda_ctx[0]) != CUDA_SUCCESS) {
    cuda_release_contexts(ndev);
    return PROACT_ERR_UNSUPPORTED;
  }
  for (int dev = 0; dev < ndev; dev++) {
    st = cuda_check_device(dev);
    if (st != PROACT_OK) {
      cuda_release_contexts(ndev);
      return st;
    }
  }
  cuda_ndev = ndev;
  return PROACT_OK;
}

static proact_status_t cuda_open(int nlocal, const int *phys) {
  for (int dev = 0; dev < nlocal; dev++)
    proact__cuda_phys[dev] = phys[dev];
  cuda_nstreams = (int)proact__param_get(&cuda_copy_queues_param)->i;
  for (int dev = 0; dev < nlocal; dev++) {
    pthread_mutex_init(&cuda_devs[dev].sync_lock, NULL);
    PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (cuda_ctx(dev)));
    for (int s = 0; s < cuda_nstreams; s++)
      PROACT_CUDADRV_FUNC(cuStreamCreate,
                          (&cuda_devs[dev].stream[s], CU_STREAM_NON_BLOCKING));
  }
  cuda_nlocal = nlocal;
  proact__cuda_replay_warm();
#ifdef PROACT_HAVE_CUDA_AGENT
  proact__cuda_agents_open(nlocal);
#endif
  return PROACT_OK;
}

/* Whether a property query of device dev succeeded; a failed one leaves
 * the property unknown, with a warning that gives the driver's reason. */
static int cuda_query_ok(CUresult res, int dev, const char *what) {
  if (res == CUDA_SUCCESS)
    return 1;
  proact__warn("cuda device %d: cannot read its %s: %s", dev, what,
               proact__cu_reason(res));
  return 0;
}

static void cuda_describe(int dev, int ndev, proact__device_t *device) {
  CUdevice cudev;
  char name[sizeof(device->name)];
  size_t bytes = 0;
  int value = 0;

  device->kind = PROACT__DEVICE_GPU;
  device->copy_queues = cuda_nstreams;
  if (!cuda_query_ok(proact__cu.cuDeviceGet(&cudev, dev), dev, "handle"))
    return;
  if (cuda_query_ok(proact__cu.cuDeviceGetName(name, (int)sizeof(name),
                                               cudev),
                    dev, "name")) {
    name[sizeof(name) - 1] = '\0';
    memcpy(device->name, name, sizeof(name));
  }
  if (cuda_query_ok(proact__cu.cuDeviceGetAttribute(
                        &value, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                        cudev),
                    dev, "multiprocessor count"))
    device->multiprocessors = value;
  if (cuda_query_ok(proact__cu.cuDeviceGetAttribute(
                        &value, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                        cudev),
                    dev, "threads per block"))
    device->max_team_threads = value;
  if (cuda_query_ok(proact__cu.cuDeviceTotalMem(&bytes, cudev), dev,
                    "memory size"))
    device->memory_bytes = bytes;
  for (int other = 0; other < ndev; other++) {
    CUdevice peer;
    int can = 0;
    if (other != dev &&
        cuda_query_ok(proact__cu.cuDeviceGet(&peer, other), dev,
                      "peer's handle") &&
        cuda_query_ok(proact__cu.cuDeviceCanAccessPeer(&can, cudev, peer),
                      dev, "peer access") &&
        can)
      device->peer_mask |= 1ull << other;
  }
}

/* Enables direct access from src's context to dst's memory, once per
 * ordered pair. */
void proact__cuda_peer_enable(int src, int dst) {
  CUdevice src_dev, dst_dev;
  int can = 0;
  peer_state_t state = PEER_UNAVAILABLE;

  pthread_mutex_lock(&cuda_peer_lock);
  if (cuda_peer[src][dst] != PEER_UNKNOWN) {
    pthread_mutex_unlock(&cuda_peer_lock);
    return;
  }
  if (proact__cu.cuDeviceGet(&src_dev, src) == CUDA_SUCCESS &&
      proact__cu.cuDeviceGet(&dst_dev, dst) == CUDA_SUCCESS &&
      proact__cu.cuDeviceCanAccessPeer(&can, src_dev, dst_dev) == CUDA_SUCCESS &&
      can && proact__cu.cuCtxSetCurrent(proact__cuda_ctx[src]) == CUDA_SUCCESS) {
    CUresult res = proact__cu.cuCtxEnablePeerAccess(proact__cuda_ctx[dst], 0);
    /* libomptarget may have enabled it already. */
    if (res == CUDA_SUCCESS || res == CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED)
      state = PEER_AVAILABLE;
  }
  cuda_peer[src][dst] = state;
  pthread_mutex_unlock(&cuda_peer_lock);
  if (state == PEER_UNAVAILABLE)
    proact__info(PROACT__SUBSYS_INIT,
                 "no peer access from device %d to %d; the driver stages "
                 "copies through the host",
                 src, dst);
}

/* Logical devices of one GPU reach each other's memory in its context. */
static void cuda_peer_access(int src, int dst) {
  if (proact__cuda_phys[src] != proact__cuda_phys[dst])
    proact__cuda_peer_enable(proact__cuda_phys[src], proact__cuda_phys[dst]);
}

static proact_status_t cuda_copy_to_dev(int dev, void *dst, const void *src,
                                        size_t bytes) {
  CUstream stream = cuda_devs[dev].stream[0];
  CUevent e0;
  PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (cuda_ctx(dev)));
  proact__cuda_time_begin(dev, stream, &e0);
  PROACT_CUDADRV_FUNC(cuMemcpyHtoDAsync,
                      ((CUdeviceptr)(uintptr_t)dst, src, bytes, stream));
  proact__cuda_time_end(dev, 0, stream, e0, -1, dev, bytes);
  cuda_mark(dev, 0);
  return PROACT_OK;
}

static proact_status_t cuda_copy_to_host(void *dst, int dev, const void *src,
                                         size_t bytes) {
  CUstream stream = cuda_devs[dev].stream[0];
  CUevent e0;
  PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (cuda_ctx(dev)));
  proact__cuda_time_begin(dev, stream, &e0);
  PROACT_CUDADRV_FUNC(cuMemcpyDtoHAsync,
                      (dst, (CUdeviceptr)(uintptr_t)src, bytes, stream));
  proact__cuda_time_end(dev, 0, stream, e0, dev, -1, bytes);
  cuda_mark(dev, 0);
  return PROACT_OK;
}

static proact_status_t cuda_copy_peer(int dst_dev, void *dst, int src_dev,
                                      const void *src, size_t bytes) {
  /* dma agents (a host thread per device) and the loop's thread may copy
   * from one device at the same time. */
  const int s = (int)(__atomic_fetch_add(&cuda_devs[src_dev].next_stream, 1u,
                                          __ATOMIC_RELAXED) %
                      (unsigned)cuda_nstreams);
  const int same_gpu = proact__cuda_phys[dst_dev] == proact__cuda_phys[src_dev];
  if (!same_gpu)
    cuda_peer_access(src_dev, dst_dev);
  CUstream stream = cuda_devs[src_dev].stream[s];
  CUevent e0;
  PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (cuda_ctx(src_dev)));
  proact__cuda_time_begin(src_dev, stream, &e0);
  /* Between logical devices of one GPU: a copy within its memory. */
  if (same_gpu)
    PROACT_CUDADRV_FUNC(cuMemcpyDtoDAsync,
                        ((CUdeviceptr)(uintptr_t)dst,
                         (CUdeviceptr)(uintptr_t)src, bytes, stream));
  else
    PROACT_CUDADRV_FUNC(cuMemcpyPeerAsync,
                        ((CUdeviceptr)(uintptr_t)dst, cuda_ctx(dst_dev),
                         (CUdeviceptr)(uintptr_t)src, cuda_ctx(src_dev),
                         bytes, stream));
  proact__cuda_time_end(src_dev, s, stream, e0, src_dev, dst_dev, bytes);
  cuda_mark(src_dev, s);
  return PROACT_OK;
}

/* A copy marked after the exchange below is either waited for here too
 * or stays marked for the next wait: never missed. */
static proact_status_t cuda_sync_dev_locked(int dev) {
  int current = 0;
  for (int s = 0; s < cuda_nstreams; s++) {
    if (!__atomic_exchange_n(&cuda_devs[dev].dirty[s], 0, __ATOMIC_ACQ_REL))
      continue;
    if (!current) {
      PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (cuda_ctx(dev)));
      current = 1;
    }
    PROACT_CUDADRV_FUNC(cuStreamSynchronize, (cuda_devs[dev].stream[s]));
    proact__cuda_times_resolve(dev, s);
  }
  return PROACT_OK;
}

/* One wait per device at a time: a second waiter that found the marks
 * already taken must not return before the first's cuStreamSynchronize
 * has. Waits on different devices (the parts' pulls, each from its
 * neighbours) go on at once. */
static proact_status_t cuda_sync_dev(int dev) {
  proact_status_t st;
  pthread_mutex_lock(&cuda_devs[dev].sync_lock);
  st = cuda_sync_dev_locked(dev);
  pthread_mutex_unlock(&cuda_devs[dev].sync_lock);
  return st;
}

static proact_status_t cuda_sync_all(void) {
  for (int dev = 0; dev < cuda_nlocal; dev++)
    PROACT_CHECK(cuda_sync_dev(dev));
  return PROACT_OK;
}

/* Pinned, mapped, portable: with unified addressing the host address is the
 * kernels' address too (checked). */
static proact_status_t cuda_host_alloc(int dev, size_t bytes, void **host_p,
                                       void **dev_p) {
  CUdeviceptr d = 0;
  PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (cuda_ctx(dev)));
  PROACT_CUDADRV_FUNC(cuMemHostAlloc,
                      (host_p, bytes > 0 ? bytes : 1,
                       CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP));
  PROACT_CUDADRV_FUNC(cuMemHostGetDevicePointer, (&d, *host_p, 0));
  memset(*host_p, 0, bytes);
  *dev_p = (void *)(uintptr_t)d;
  return PROACT_OK;
}

static void cuda_host_free(int dev, void *host) {
  if (proact__cu.cuCtxSetCurrent(cuda_ctx(dev)) == CUDA_SUCCESS)
    proact__cu.cuMemFreeHost(host);
}

/* Managed memory needs the driver's functions and, on every device,
 * concurrent managed access (each GPU touching it while others run). */
static proact_status_t cuda_managed_usable(void) {
  if (proact__cu.cuMemAllocManaged == NULL || proact__cu.cuMemFree == NULL ||
      proact__cu.cuMemAdvise == NULL || proact__cu.cuMemPrefetchAsync == NULL) {
    proact__warn("libcuda.so.1 lacks the managed memory functions");
    return PROACT_ERR_UNSUPPORTED;
  }
  for (int dev = 0; dev < cuda_ndev; dev++) {
    CUdevice cudev;
    int concurrent = 0;
    if (proact__cu.cuDeviceGet(&cudev, dev) != CUDA_SUCCESS ||
        proact__cu.cuDeviceGetAttribute(
            &concurrent, CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS,
            cudev) != CUDA_SUCCESS ||
        !concurrent) {
      proact__warn("cuda device %d has no concurrent managed access", dev);
      return PROACT_ERR_UNSUPPORTED;
    }
  }
  return PROACT_OK;
}

static pthread_once_t cuda_managed_once = PTHREAD_ONCE_INIT;
static proact_status_t cuda_managed_status;

static void cuda_managed_check(void) {
  cuda_managed_status = cuda_managed_usable();
}

static proact_status_t cuda_shared_alloc(size_t bytes, void **ptr_p) {
  CUdeviceptr d = 0;
  CUresult res;

  pthread_once(&cuda_managed_once, cuda_managed_check);
  PROACT_CHECK(cuda_managed_status);
  PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (proact__cuda_ctx[0]));
  res = proact__cu.cuMemAllocManaged(&d, bytes, CU_MEM_ATTACH_GLOBAL);
  if (res == CUDA_ERROR_OUT_OF_MEMORY)
    return PROACT_ERR_NO_MEMORY;
  if (res != CUDA_SUCCESS) {
    proact__error("cuMemAllocManaged failed: %s", proact__cu_reason(res));
    return PROACT_ERR_DEVICE;
  }
  *ptr_p = (void *)(uintptr_t)d;
  return PROACT_OK;
}

static void cuda_shared_free(void *ptr) {
  if (proact__cu.cuCtxSetCurrent(proact__cuda_ctx[0]) == CUDA_SUCCESS)
    proact__cu.cuMemFree((CUdeviceptr)(uintptr_t)ptr);
}

static proact_status_t cuda_shared_advise(void *ptr, size_t bytes,
                                          proact__shared_advice_t advice,
                                          int dev) {
  static const int cu_advice[] = {
      [PROACT__SHARED_ACCESSED_BY] = CU_MEM_ADVISE_SET_ACCESSED_BY,
      [PROACT__SHARED_PREFER] = CU_MEM_ADVISE_SET_PREFERRED_LOCATION,
      [PROACT__SHARED_READ_MOSTLY] = CU_MEM_ADVISE_SET_READ_MOSTLY,
      [PROACT__SHARED_WRITTEN] = CU_MEM_ADVISE_UNSET_READ_MOSTLY};
  CUdevice cudev;
  PROACT_CUDADRV_FUNC(cuDeviceGet, (&cudev, proact__cuda_phys[dev]));
  PROACT_CUDADRV_FUNC(cuMemAdvise, ((CUdeviceptr)(uintptr_t)ptr, bytes,
                                    cu_advice[advice], cudev));
  return PROACT_OK;
}

static proact_status_t cuda_shared_prefetch(void *ptr, size_t bytes,
                                            int dev) {
  CUdevice cudev;
  PROACT_CUDADRV_FUNC(cuDeviceGet, (&cudev, proact__cuda_phys[dev]));
  PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (cuda_ctx(dev)));
  PROACT_CUDADRV_FUNC(cuMemPrefetchAsync, ((CUdeviceptr)(uintptr_t)ptr, bytes,
                                           cudev, cuda_devs[dev].stream[0]));
  cuda_mark(dev, 0);
  return PROACT_OK;
}

/* Transfers between ranks (NCCL) go on the device's first stream; the
 * caller has waited for the device's other copies (sync_dev). */
static void *cuda_xfer_queue(int dev) {
  if (proact__cu.cuCtxSetCurrent(cuda_ctx(dev)) != CUDA_SUCCESS)
    proact__warn("cuda device %d: cannot make its context current", dev);
  return cuda_devs[dev].stream[0];
}

static proact_status_t cuda_xfer_query(int dev) {
  CUresult res = proact__cu.cuStreamQuery(cuda_devs[dev].stream[0]);
  if (res == CUDA_SUCCESS)
    return PROACT_OK;
  if (res == CUDA_ERROR_NOT_READY)
    return PROACT_IN_PROGRESS;
  proact__error("cuStreamQuery failed: %s", proact__cu_reason(res));
  return PROACT_ERR_DEVICE;
}

const proact__dev_ops_t proact__dev_cuda_ops = {
    .name = "cuda",
    .probe = cuda_probe,
    .describe = cuda_describe,
    .open = cuda_open,
    .copy_to_dev = cuda_copy_to_dev,
    .copy_to_host = cuda_copy_to_host,
    .copy_peer = cuda_copy_peer,
    .sync_all = cuda_sync_all,
    .sync_dev = cuda_sync_dev,
    .peer_access = cuda_peer_access,
    .host_alloc = cuda_host_alloc,
    .host_free = cuda_host_free,
    .copies_timed = proact__cuda_copies_timed,
    .shared_alloc = cuda_shared_alloc,
    .shared_free = cuda_shared_free,
    .shared_advise = cuda_shared_advise,
    .shared_prefetch = cuda_shared_prefetch,
    .xfer_queue = cuda_xfer_queue,
    .xfer_query = cuda_xfer_query,
    .replay_mode = proact__cuda_replay_mode,
    .replay_open = proact__cuda_replay_open,
    .can_replay = proact__cuda_can_replay,
    .kernel_capture = proact__cuda_kernel_capture,
    .kernel_graph_run = proact__cuda_kernel_graph_run,
    .kernel_graph_free = proact__cuda_kernel_graph_free,
    .kernel_graph_wait = proact__cuda_kernel_graph_wait,
#ifdef PROACT_HAVE_CUDA_AGENT
    .agent_start = proact__cuda_agent_start,
    .agent_wait = proact__cuda_agent_wait,
    .clock_offset = proact__cuda_clock_offset,
#else /* built without nvcc: no agent kernel */
    .agent_start = NULL,
    .agent_wait = NULL,
    .clock_offset = NULL,
#endif
};
