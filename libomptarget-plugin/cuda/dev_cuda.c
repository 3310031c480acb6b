/* Backend for CUDA devices driven by libomptarget's CUDA plugin. Works in
 * each device's primary context (the one libomptarget uses), with one
 * non-blocking stream per device; peer copies go on the source device's
 * stream. */
#include <dlfcn.h>
#include <omp.h>
#include <pthread.h>
#include <stdint.h>

#include "../../runtime/base/check.h"
#include "../../runtime/base/log.h"
#include "../../runtime/base/param.h"
#include "../dev_ops.h"
#include "cuda_drv.h"

static proact__cuda_drv_t cu;

static const char *cu_reason(CUresult res) {
  const char *str = NULL;
  if (cu.cuGetErrorString == NULL || cu.cuGetErrorString(res, &str) != 0 ||
      str == NULL)
    return "unknown cuda error";
  return str;
}

/* Calls a driver function; on failure logs "<func> failed: <reason>" with
 * this file and line and returns PROACT_ERR_DEVICE. */
#define PROACT_CUDADRV_FUNC(func, args)                                       \
  do {                                                                        \
    CUresult proact_cu_res_ = cu.func args;                                   \
    if (proact_cu_res_ != CUDA_SUCCESS) {                                     \
      proact__error("%s failed: %s", #func, cu_reason(proact_cu_res_));      \
      return PROACT_ERR_DEVICE;                                               \
    }                                                                         \
  } while (0)

typedef enum peer_state {
  PEER_UNKNOWN = 0, /* not tried yet */
  PEER_AVAILABLE,   /* direct access enabled */
  PEER_UNAVAILABLE  /* cuMemcpyPeerAsync still works: the driver stages */
} peer_state_t;

static int cuda_ndev;
static CUcontext cuda_ctx[PROACT__DEV_MAX];
static CUstream cuda_stream[PROACT__DEV_MAX];
static peer_state_t cuda_peer[PROACT__DEV_MAX][PROACT__DEV_MAX];
static pthread_mutex_t cuda_peer_lock = PTHREAD_MUTEX_INITIALIZER;

static proact_status_t cuda_load(void) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) {
    proact__info(PROACT__SUBSYS_INIT, "cannot load libcuda.so.1: %s",
                 dlerror());
    return PROACT_ERR_UNSUPPORTED;
  }
#define PROACT_CUDA_LOAD_(name, sym, params)                                  \
  *(void **)&cu.name = dlsym(lib, sym);                                       \
  if (cu.name == NULL) {                                                      \
    proact__info(PROACT__SUBSYS_INIT, "libcuda.so.1 lacks %s", sym);          \
    return PROACT_ERR_UNSUPPORTED;                                            \
  }
  PROACT_CUDA_FUNCS(PROACT_CUDA_LOAD_)
#undef PROACT_CUDA_LOAD_
  /* lib stays open: the process keeps using the driver. */
  return PROACT_OK;
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
  if (cu.cuPointerGetAttribute(&memtype, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                               (CUdeviceptr)(uintptr_t)ptr) == CUDA_SUCCESS &&
      memtype == CU_MEMORYTYPE_DEVICE) {
    st = PROACT_OK;
    if (cu.cuPointerGetAttribute(&ordinal,
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

static proact_status_t cuda_probe(int ndev) {
  int count = 0;
  CUdevice cudev;
  proact_status_t st;

  if (ndev > PROACT__DEV_MAX)
    return PROACT_ERR_UNSUPPORTED;
  PROACT_CHECK(cuda_load());
  if (cu.cuInit(0) != CUDA_SUCCESS ||
      cu.cuDeviceGetCount(&count) != CUDA_SUCCESS || count < ndev)
    return PROACT_ERR_UNSUPPORTED;
  /* Pointer queries need a current context. */
  if (cu.cuDeviceGet(&cudev, 0) != CUDA_SUCCESS ||
      cu.cuDevicePrimaryCtxRetain(&cuda_ctx[0], cudev) != CUDA_SUCCESS ||
      cu.cuCtxSetCurrent(cuda_ctx[0]) != CUDA_SUCCESS)
    return PROACT_ERR_UNSUPPORTED;
  for (int dev = 0; dev < ndev; dev++) {
    st = cuda_check_device(dev);
    if (st != PROACT_OK)
      return st;
  }
  for (int dev = 0; dev < ndev; dev++) {
    PROACT_CUDADRV_FUNC(cuDeviceGet, (&cudev, dev));
    if (dev > 0)
      PROACT_CUDADRV_FUNC(cuDevicePrimaryCtxRetain, (&cuda_ctx[dev], cudev));
    PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (cuda_ctx[dev]));
    PROACT_CUDADRV_FUNC(cuStreamCreate,
                        (&cuda_stream[dev], CU_STREAM_NON_BLOCKING));
  }
  cuda_ndev = ndev;
  return PROACT_OK;
}

/* Enables direct access from src's context to dst's memory, once per
 * ordered pair. */
static void cuda_peer_enable(int src, int dst) {
  CUdevice src_dev, dst_dev;
  int can = 0;
  peer_state_t state = PEER_UNAVAILABLE;

  pthread_mutex_lock(&cuda_peer_lock);
  if (cuda_peer[src][dst] != PEER_UNKNOWN) {
    pthread_mutex_unlock(&cuda_peer_lock);
    return;
  }
  if (cu.cuDeviceGet(&src_dev, src) == CUDA_SUCCESS &&
      cu.cuDeviceGet(&dst_dev, dst) == CUDA_SUCCESS &&
      cu.cuDeviceCanAccessPeer(&can, src_dev, dst_dev) == CUDA_SUCCESS &&
      can && cu.cuCtxSetCurrent(cuda_ctx[src]) == CUDA_SUCCESS) {
    CUresult res = cu.cuCtxEnablePeerAccess(cuda_ctx[dst], 0);
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

static proact_status_t cuda_copy_to_dev(int dev, void *dst, const void *src,
                                        size_t bytes) {
  PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (cuda_ctx[dev]));
  PROACT_CUDADRV_FUNC(cuMemcpyHtoDAsync, ((CUdeviceptr)(uintptr_t)dst, src,
                                          bytes, cuda_stream[dev]));
  return PROACT_OK;
}

static proact_status_t cuda_copy_to_host(void *dst, int dev, const void *src,
                                         size_t bytes) {
  PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (cuda_ctx[dev]));
  PROACT_CUDADRV_FUNC(cuMemcpyDtoHAsync, (dst, (CUdeviceptr)(uintptr_t)src,
                                          bytes, cuda_stream[dev]));
  return PROACT_OK;
}

static proact_status_t cuda_copy_peer(int dst_dev, void *dst, int src_dev,
                                      const void *src, size_t bytes) {
  if (dst_dev != src_dev)
    cuda_peer_enable(src_dev, dst_dev);
  PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (cuda_ctx[src_dev]));
  PROACT_CUDADRV_FUNC(cuMemcpyPeerAsync,
                      ((CUdeviceptr)(uintptr_t)dst, cuda_ctx[dst_dev],
                       (CUdeviceptr)(uintptr_t)src, cuda_ctx[src_dev], bytes,
                       cuda_stream[src_dev]));
  return PROACT_OK;
}

static proact_status_t cuda_sync_all(void) {
  for (int dev = 0; dev < cuda_ndev; dev++) {
    PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (cuda_ctx[dev]));
    PROACT_CUDADRV_FUNC(cuStreamSynchronize, (cuda_stream[dev]));
  }
  return PROACT_OK;
}

const proact__dev_ops_t proact__dev_cuda_ops = {
    .name = "cuda",
    .probe = cuda_probe,
    .copy_to_dev = cuda_copy_to_dev,
    .copy_to_host = cuda_copy_to_host,
    .copy_peer = cuda_copy_peer,
    .sync_all = cuda_sync_all,
};
