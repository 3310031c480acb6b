/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The few CUDA driver API types, constants and functions the cuda backend
 * uses, declared here (values from CUDA's cuda.h) so that building PROACT
 * needs no CUDA: libcuda.so.1 is opened with dlopen at run time. */
#ifndef PROACT_CUDA_DRV_H
#define PROACT_CUDA_DRV_H

#include <stddef.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr; /* 64-bit builds only */
typedef struct CUctx_st *CUcontext;
typedef struct CUstream_st *CUstream;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUevent_st *CUevent;
typedef struct CUgraph_st *CUgraph;
typedef struct CUgraphExec_st *CUgraphExec;
typedef struct CUgraphNode_st *CUgraphNode;

enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
};
enum { CU_STREAM_NON_BLOCKING = 0x1 };
enum {
  CU_FUNC_CACHE_PREFER_NONE = 0,
  CU_FUNC_CACHE_PREFER_SHARED = 1,
  CU_FUNC_CACHE_PREFER_L1 = 2,
  CU_FUNC_CACHE_PREFER_EQUAL = 3
};
enum {
  CU_CTX_SCHED_AUTO = 0x0,
  CU_CTX_SCHED_SPIN = 0x1,
  CU_CTX_SCHED_YIELD = 0x2,
  CU_CTX_SCHED_BLOCKING_SYNC = 0x4,
  CU_CTX_SCHED_MASK = 0x7
};
enum {
  CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
  CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9,
};
enum { CU_MEMORYTYPE_HOST = 1, CU_MEMORYTYPE_DEVICE = 2 };
enum { CU_MEMHOSTALLOC_PORTABLE = 0x1, CU_MEMHOSTALLOC_DEVICEMAP = 0x2 };
enum {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89,
};
enum { CU_MEM_ATTACH_GLOBAL = 0x1 };
enum {
  CU_MEM_ADVISE_SET_READ_MOSTLY = 1,
  CU_MEM_ADVISE_UNSET_READ_MOSTLY = 2,
  CU_MEM_ADVISE_SET_PREFERRED_LOCATION = 3,
  CU_MEM_ADVISE_SET_ACCESSED_BY = 5,
};

/* A kernel node of a graph (CUDA_KERNEL_NODE_PARAMS_v2); kern and ctx are
 * unused where func is set. */
typedef struct proact__cu_kernel_node {
  CUfunction func;
  unsigned grid_x, grid_y, grid_z;
  unsigned block_x, block_y, block_z;
  unsigned shared;
  void **params;
  void **extra;
  void *kern;
  CUcontext ctx;
} proact__cu_kernel_node_t;
/* cuLaunchKernel's extra: the arguments as one buffer. */
#define PROACT__CU_LAUNCH_PARAM_END ((void *)0x00)
#define PROACT__CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define PROACT__CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)

/* X(name, symbol in libcuda, return, parameters): symbols are the versioned
 * names cuda.h maps the plain names to. */
#define PROACT_CUDA_FUNCS(X)                                                  \
  X(cuInit, "cuInit", (unsigned flags))                                       \
  X(cuDeviceGetCount, "cuDeviceGetCount", (int *count))                       \
  X(cuDeviceGet, "cuDeviceGet", (CUdevice * dev, int ordinal))                \
  X(cuDeviceGetAttribute, "cuDeviceGetAttribute",                             \
    (int *value, int attrib, CUdevice dev))                                   \
  X(cuDeviceGetName, "cuDeviceGetName", (char *name, int len, CUdevice dev))  \
  X(cuDeviceTotalMem, "cuDeviceTotalMem_v2", (size_t * bytes, CUdevice dev))  \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain",                     \
    (CUcontext * ctx, CUdevice dev))                                          \
  X(cuDevicePrimaryCtxSetFlags, "cuDevicePrimaryCtxSetFlags_v2",            \
    (CUdevice dev, unsigned flags))                                           \
  X(cuDevicePrimaryCtxGetState, "cuDevicePrimaryCtxGetState",                \
    (CUdevice dev, unsigned *flags, int *active))                             \
  X(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2",               \
    (CUdevice dev))                                                           \
  X(cuCtxSetCurrent, "cuCtxSetCurrent", (CUcontext ctx))                      \
  X(cuCtxGetCurrent, "cuCtxGetCurrent", (CUcontext * ctx))                    \
  X(cuCtxSetCacheConfig, "cuCtxSetCacheConfig", (int config))                 \
  X(cuCtxEnablePeerAccess, "cuCtxEnablePeerAccess",                           \
    (CUcontext peer, unsigned flags))                                         \
  X(cuDeviceCanAccessPeer, "cuDeviceCanAccessPeer",                           \
    (int *can, CUdevice dev, CUdevice peer))                                  \
  X(cuStreamCreate, "cuStreamCreate", (CUstream * stream, unsigned flags))    \
  X(cuStreamSynchronize, "cuStreamSynchronize", (CUstream stream))            \
  X(cuStreamQuery, "cuStreamQuery", (CUstream stream))                        \
  X(cuMemcpyPeerAsync, "cuMemcpyPeerAsync",                                   \
    (CUdeviceptr dst, CUcontext dst_ctx, CUdeviceptr src, CUcontext src_ctx,  \
     size_t bytes, CUstream stream))                                          \
  X(cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2",                              \
    (CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream))        \
  X(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2",                                \
    (CUdeviceptr dst, const void *src, size_t bytes, CUstream stream))        \
  X(cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2",                                \
    (void *dst, CUdeviceptr src, size_t bytes, CUstream stream))              \
  X(cuPointerGetAttribute, "cuPointerGetAttribute",                           \
    (void *data, int attribute, CUdeviceptr ptr))                             \
  X(cuGetErrorString, "cuGetErrorString", (CUresult err, const char **str)) \
  X(cuModuleLoadData, "cuModuleLoadData",                                     \
    (CUmodule * module, const void *image))                                   \
  X(cuModuleGetFunction, "cuModuleGetFunction",                               \
    (CUfunction * func, CUmodule module, const char *name))                   \
  X(cuLaunchKernel, "cuLaunchKernel",                                         \
    (CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,        \
     unsigned by, unsigned bz, unsigned shared, CUstream stream,             \
     void **params, void **extra))                                            \
  X(cuMemHostAlloc, "cuMemHostAlloc",                                         \
    (void **ptr, size_t bytes, unsigned flags))                               \
  X(cuMemFreeHost, "cuMemFreeHost", (void *ptr))                              \
  X(cuMemHostGetDevicePointer, "cuMemHostGetDevicePointer_v2",                \
    (CUdeviceptr * dptr, void *ptr, unsigned flags))                          \
  X(cuEventCreate, "cuEventCreate", (CUevent * event, unsigned flags))        \
  X(cuEventRecord, "cuEventRecord", (CUevent event, CUstream stream))         \
  X(cuEventQuery, "cuEventQuery", (CUevent event))                            \
  X(cuEventElapsedTime, "cuEventElapsedTime",                                 \
    (float *ms, CUevent start, CUevent end))                                  \
  X(cuEventDestroy, "cuEventDestroy_v2", (CUevent event))

/* Managed memory (PROACT_MEMORY=unified): optional, NULL when libcuda lacks
 * them; only unified memory then falls back to replicas. */
#define PROACT_CUDA_MANAGED_FUNCS(X)                                          \
  X(cuMemAllocManaged, "cuMemAllocManaged",                                   \
    (CUdeviceptr * dptr, size_t bytes, unsigned flags))                       \
  X(cuMemFree, "cuMemFree_v2", (CUdeviceptr dptr))                            \
  X(cuMemAdvise, "cuMemAdvise",                                               \
    (CUdeviceptr dptr, size_t bytes, int advice, CUdevice dev))               \
  X(cuMemPrefetchAsync, "cuMemPrefetchAsync",                                 \
    (CUdeviceptr dptr, size_t bytes, CUdevice dev, CUstream stream))

/* Graphs (PROACT_LAUNCH=graph): optional, NULL when libcuda lacks them
 * (before CUDA 12); the parts' kernels then launch through OpenMP. */
#define PROACT_CUDA_GRAPH_FUNCS(X)                                            \
  X(cuGraphCreate, "cuGraphCreate", (CUgraph * graph, unsigned flags))        \
  X(cuGraphAddKernelNode, "cuGraphAddKernelNode_v2",                          \
    (CUgraphNode * node, CUgraph graph, const CUgraphNode *deps, size_t ndeps, \
     const proact__cu_kernel_node_t *params))                                 \
  X(cuGraphInstantiate, "cuGraphInstantiateWithFlags",                        \
    (CUgraphExec * exec, CUgraph graph, unsigned long long flags))            \
  X(cuGraphExecKernelNodeSetParams, "cuGraphExecKernelNodeSetParams_v2",      \
    (CUgraphExec exec, CUgraphNode node,                                      \
     const proact__cu_kernel_node_t *params))                                 \
  X(cuGraphLaunch, "cuGraphLaunch", (CUgraphExec exec, CUstream stream))      \
  X(cuGraphExecDestroy, "cuGraphExecDestroy", (CUgraphExec exec))             \
  X(cuGraphDestroy, "cuGraphDestroy", (CUgraph graph))

typedef struct proact__cuda_drv {
#define PROACT_CUDA_FIELD_(name, sym, params) CUresult(*name) params;
  PROACT_CUDA_FUNCS(PROACT_CUDA_FIELD_)
  PROACT_CUDA_MANAGED_FUNCS(PROACT_CUDA_FIELD_)
  PROACT_CUDA_GRAPH_FUNCS(PROACT_CUDA_FIELD_)
#undef PROACT_CUDA_FIELD_
} proact__cuda_drv_t;

/* Calls a driver function; on failure logs "<func> failed: <reason>" with
 * this file and line and returns PROACT_ERR_DEVICE. */
#define PROACT_CUDADRV_FUNC(func, args)                                       \
  do {                                                                        \
    CUresult proact_cu_res_ = proact__cu.func args;                                   \
    if (proact_cu_res_ != CUDA_SUCCESS) {                                     \
      proact__error("%s failed: %s", #func, proact__cu_reason(proact_cu_res_));      \
      return PROACT_ERR_DEVICE;                                               \
    }                                                                         \
  } while (0)

/* Shared by the files of the cuda backend (cuda_drv.c). */
extern proact__cuda_drv_t proact__cu;
/* Each OpenMP device's primary context, by OpenMP (= CUDA) device number,
 * and each logical device's OpenMP device (set when the backend opens). */
extern CUcontext proact__cuda_ctx[];
extern int proact__cuda_phys[];
const char *proact__cu_reason(CUresult res);
/* Enables direct access from OpenMP device src's context to dst's memory,
 * once per ordered pair. */
void proact__cuda_peer_enable(int src, int dst);

#endif
