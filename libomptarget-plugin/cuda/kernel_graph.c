/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A loop's part kernels launched as one CUDA graph (PROACT_LAUNCH=graph).
 * libomptarget launches each kernel with its own call and keeps its kernel
 * handles to itself; a thread per part then pays the driver's launch lock
 * once per part. The handle and argument bytes of a kernel's first launch
 * are read from CUPTI's callback on cuLaunchKernel (the kernel stays the
 * one libomptarget loaded, with its globals), and later launches of the
 * parts become the kernel nodes of one graph per GPU. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "clock.h"
#include "cuda_drv.h"
#include "dev_ops.h"
#include "kernel_graph.h"
#include "log.h"
#include "param.h"

/* The few CUPTI declarations used (cupti_callbacks.h, cupti_driver_cbid.h,
 * generated_cuda_meta.h), so that building PROACT needs no CUDA. */
typedef struct cupti_callback_data {
  int site; /* 0: API entry */
  const char *function_name;
  const void *params;
  void *return_value;
  const char *symbol_name;
  CUcontext context;
  uint32_t context_uid;
  uint64_t *correlation_data;
  uint32_t correlation_id;
} cupti_callback_data_t;
typedef struct cupti_launch_params {
  CUfunction f;
  unsigned grid_x, grid_y, grid_z, block_x, block_y, block_z, shared;
  CUstream stream;
  void **params;
  void **extra;
} cupti_launch_params_t;
typedef struct cupti_subscriber *cupti_subscriber_t;
typedef void (*cupti_callback_t)(void *user, int domain, uint32_t cbid,
                                 const void *data);
enum {
  CUPTI_DOMAIN_DRIVER = 1,
  CUPTI_CBID_LAUNCH = 307,      /* cuLaunchKernel */
  CUPTI_CBID_LAUNCH_PTSZ = 442, /* cuLaunchKernel_ptsz */
};

static const proact__param_name_t launch_names[] = {
    {"omp", PROACT__REPLAY_NEVER},
    {"graph", PROACT__REPLAY_ALWAYS},
    {"auto", PROACT__REPLAY_AUTO}};
static proact_status_t parse_launch(const char *text,
                                    proact__param_value_t *value_p,
                                    char *why, size_t why_len) {
  return proact__param_parse_named(
      text, launch_names, sizeof(launch_names) / sizeof(launch_names[0]),
      "launch", value_p, why, why_len);
}
static const proact__param_t launch_param = {
    38, "PROACT_LAUNCH", "auto", "auto, omp or graph",
    "auto: as omp until graphs would have repaid CUPTI's set-up (20 ms, "
    "at about 5 us per execution and 3 us per part saved by loops whose "
    "kernels run under 100 us: some 700 executions on 8 devices, 2600 on "
    "one), then as graph for each loop that saved 4 ms; omp: each part's "
    "host thread launches its kernel "
    "through OpenMP; graph: on CUDA devices the kernels of a loop's parts "
    "that push nothing and ran under 100 us last time launch together, as "
    "one CUDA graph per GPU, and a loop whose every part is in the graph "
    "returns before its kernels end (CUDA's libcupti watches each kernel's "
    "first launch: about 20 ms once, and a few ms per kernel; without "
    "libcupti, as omp)",
    parse_launch};
PROACT__PARAM_REGISTER(launch_param)

static struct {
  int (*subscribe)(cupti_subscriber_t *, cupti_callback_t, void *);
  int (*enable)(uint32_t, cupti_subscriber_t, int, uint32_t);
  int (*unsubscribe)(cupti_subscriber_t);
} cupti;
static pthread_once_t cupti_once = PTHREAD_ONCE_INIT;
static int cupti_ok;

/* libcupti where a CUDA toolkit keeps it: the loader's path first. */
static void cupti_load(void) {
  static const char *const names[] = {
      "libcupti.so", "libcupti.so.13", "libcupti.so.12",
      "/usr/local/cuda/lib64/libcupti.so",
      "/usr/local/cuda/extras/CUPTI/lib64/libcupti.so"};
  void *lib = NULL;
  const char *home = getenv("CUDA_HOME");
  char path[4096];

  if (proact__param_get(&launch_param)->i == PROACT__REPLAY_NEVER ||
      proact__cu.cuGraphCreate == NULL || proact__cu.cuGraphAddKernelNode ==
      NULL || proact__cu.cuGraphInstantiate == NULL ||
      proact__cu.cuGraphExecKernelNodeSetParams == NULL ||
      proact__cu.cuGraphLaunch == NULL)
    return;
  for (size_t i = 0; lib == NULL && i < sizeof(names) / sizeof(names[0]); i++)
    lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL && home != NULL && strlen(home) < sizeof(path) - 64) {
    strcpy(path, home);
    strcat(path, "/lib64/libcupti.so");
    lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  }
  if (lib == NULL) {
    /* auto chose graphs itself: no libcupti is no reason to warn. */
    if (proact__param_get(&launch_param)->i == PROACT__REPLAY_ALWAYS)
      proact__warn("PROACT_LAUNCH=graph: no libcupti (CUDA's toolkit: put "
                   "its lib64 on LD_LIBRARY_PATH or set CUDA_HOME); the "
                   "parts' kernels launch through OpenMP");
    else
      proact__info(PROACT__SUBSYS_INIT,
                   "no libcupti (CUDA's toolkit): the parts' kernels keep "
                   "launching through OpenMP");
    return;
  }
  *(void **)&cupti.subscribe = dlsym(lib, "cuptiSubscribe");
  *(void **)&cupti.enable = dlsym(lib, "cuptiEnableCallback");
  *(void **)&cupti.unsubscribe = dlsym(lib, "cuptiUnsubscribe");
  cupti_ok = cupti.subscribe != NULL && cupti.enable != NULL &&
             cupti.unsubscribe != NULL;
}

/* Set once CUPTI's set-up ran (proact__cuda_replay_open): under auto,
 * nothing is watched before. */
static int replay_opened;

int proact__cuda_replay_mode(int dev) {
  (void)dev;
  return proact__cu.cuGraphCreate == NULL
             ? PROACT__REPLAY_NEVER
             : (int)proact__param_get(&launch_param)->i;
}

int proact__cuda_can_replay(int dev) {
  (void)dev;
  if (!__atomic_load_n(&replay_opened, __ATOMIC_ACQUIRE))
    return 0;
  pthread_once(&cupti_once, cupti_load);
  return cupti_ok;
}

/* The capture in progress: one at a time, its thread's first launch. */
static pthread_mutex_t capture_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t capture_thread;
static proact__dev_kernel_rec_t *capture_rec;

static void capture_launch(void *user, int domain, uint32_t cbid,
                           const void *data) {
  const cupti_callback_data_t *cb = data;
  const cupti_launch_params_t *p;
  proact__dev_kernel_rec_t *rec;
  void *buf = NULL;
  size_t size = 0;

  (void)user;
  /* Another thread's launch while one is watched: not this capture's. */
  if (domain != CUPTI_DOMAIN_DRIVER || cb->site != 0 ||
      (cbid != CUPTI_CBID_LAUNCH && cbid != CUPTI_CBID_LAUNCH_PTSZ) ||
      !pthread_equal(pthread_self(),
                     __atomic_load_n(&capture_thread, __ATOMIC_ACQUIRE)))
    return;
  rec = __atomic_load_n(&capture_rec, __ATOMIC_ACQUIRE);
  if (rec == NULL || rec->func != NULL)
    return;
  p = cb->params;
  /* libomptarget passes the arguments as one buffer; a launch that
   * passes them otherwise, or in 3 dimensions, is not replayed. */
  if (p->extra == NULL || p->params != NULL || p->grid_y != 1 ||
      p->grid_z != 1 || p->block_y != 1 || p->block_z != 1)
    return;
  for (int k = 0; k < 8 && p->extra[k] != PROACT__CU_LAUNCH_PARAM_END; k += 2) {
    if (p->extra[k] == PROACT__CU_LAUNCH_PARAM_BUFFER_POINTER)
      buf = p->extra[k + 1];
    else if (p->extra[k] == PROACT__CU_LAUNCH_PARAM_BUFFER_SIZE)
      size = *(const size_t *)p->extra[k + 1];
  }
  if (buf == NULL || size > sizeof(rec->args))
    return;
  memcpy(rec->args, buf, size);
  rec->nargs = size;
  rec->grid = p->grid_x;
  rec->block = p->block_x;
  rec->shared = p->shared;
  rec->func = p->f;
}

int proact__cuda_kernel_capture(int dev, int (*launch)(void *), void *arg,
                                proact__dev_kernel_rec_t *rec) {
  cupti_subscriber_t sub;
  int rc;

  rec->func = NULL;
  if (!proact__cuda_can_replay(dev))
    return launch(arg);
  /* Another capture in progress: no waiting. */
  if (pthread_mutex_trylock(&capture_lock) != 0) {
    rec->busy = 1;
    return launch(arg);
  }
  /* Subscribed only while watching: a subscription left in place, even
   * with its callbacks off, slows every later launch. Another tool (a
   * profiler) may hold CUPTI: then no capture. */
  if (cupti.subscribe(&sub, capture_launch, NULL) != 0) {
    pthread_mutex_unlock(&capture_lock);
    proact__info(PROACT__SUBSYS_PART,
                 "CUPTI is taken (a profiler?): this kernel launches "
                 "through OpenMP");
    return launch(arg);
  }
  __atomic_store_n(&capture_rec, rec, __ATOMIC_RELEASE);
  __atomic_store_n(&capture_thread, pthread_self(), __ATOMIC_RELEASE);
  cupti.enable(1, sub, CUPTI_DOMAIN_DRIVER, CUPTI_CBID_LAUNCH);
  cupti.enable(1, sub, CUPTI_DOMAIN_DRIVER, CUPTI_CBID_LAUNCH_PTSZ);
  rc = launch(arg);
  cupti.unsubscribe(sub);
  __atomic_store_n(&capture_rec, NULL, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&capture_lock);
  return rc;
}

/* CUPTI's first subscription is slow (about 20 ms): made when the devices
 * open (graph) or between loops (auto), not inside one. Not on a thread of
 * its own: CUPTI's set-up waits for the kernels running on the GPU, and a
 * poll agent, which runs until its part's kernel ends, then kept that
 * kernel from starting (a hang); and a program that exited meanwhile tore
 * libcupti down under it. */
int proact__cuda_replay_open(void) {
  static pthread_mutex_t open_lock = PTHREAD_MUTEX_INITIALIZER;
  cupti_subscriber_t sub;

  if (proact__param_get(&launch_param)->i == PROACT__REPLAY_NEVER)
    return 0;
  pthread_mutex_lock(&open_lock);
  if (!__atomic_load_n(&replay_opened, __ATOMIC_ACQUIRE)) {
    pthread_once(&cupti_once, cupti_load);
    if (cupti_ok) {
      pthread_mutex_lock(&capture_lock);
      if (cupti.subscribe(&sub, capture_launch, NULL) == 0)
        cupti.unsubscribe(sub);
      pthread_mutex_unlock(&capture_lock);
    }
    __atomic_store_n(&replay_opened, 1, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&open_lock);
  return cupti_ok;
}

void proact__cuda_replay_warm(void) {
  if (proact__param_get(&launch_param)->i == PROACT__REPLAY_ALWAYS)
    proact__cuda_replay_open();
}

/* One GPU's graph: its kernel nodes, in the order of the calls' records,
 * and what they were made with. */
typedef struct kgraph_gpu {
  int phys;
  CUgraph graph;
  CUgraphExec exec;
  int n;
  CUgraphNode node[PROACT__DEV_MAX];
  proact__dev_kernel_rec_t rec[PROACT__DEV_MAX]; /* the nodes' arguments */
  void *extra[PROACT__DEV_MAX][5];
} kgraph_gpu_t;

typedef struct kgraph {
  int ngpus;
  kgraph_gpu_t *gpu[PROACT__DEV_MAX];
} kgraph_t;

/* Each GPU's stream for graphs, shared by every loop's. */
static pthread_mutex_t stream_lock = PTHREAD_MUTEX_INITIALIZER;
static CUstream graph_stream[PROACT__DEV_MAX];

static proact_status_t gpu_stream(int phys, CUstream *stream_p) {
  proact_status_t st = PROACT_OK;
  pthread_mutex_lock(&stream_lock);
  if (graph_stream[phys] == NULL &&
      proact__cu.cuStreamCreate(&graph_stream[phys], CU_STREAM_NON_BLOCKING) !=
          CUDA_SUCCESS) {
    graph_stream[phys] = NULL;
    st = PROACT_ERR_DEVICE;
  }
  *stream_p = graph_stream[phys];
  pthread_mutex_unlock(&stream_lock);
  return st;
}

static void gpu_release(kgraph_gpu_t *g) {
  if (proact__cu.cuCtxSetCurrent(proact__cuda_ctx[g->phys]) == CUDA_SUCCESS) {
    if (g->exec != NULL)
      proact__cu.cuGraphExecDestroy(g->exec);
    if (g->graph != NULL)
      proact__cu.cuGraphDestroy(g->graph);
  }
  g->exec = NULL;
  g->graph = NULL;
  g->n = 0;
}

void proact__cuda_kernel_graph_free(void *graph) {
  kgraph_t *kg = graph;
  for (int k = 0; k < kg->ngpus; k++) {
    gpu_release(kg->gpu[k]);
    free(kg->gpu[k]);
  }
  free(kg);
}

static void node_params(kgraph_gpu_t *g, int i, proact__cu_kernel_node_t *np) {
  void **x = g->extra[i];
  x[0] = PROACT__CU_LAUNCH_PARAM_BUFFER_POINTER;
  x[1] = g->rec[i].args;
  x[2] = PROACT__CU_LAUNCH_PARAM_BUFFER_SIZE;
  x[3] = &g->rec[i].nargs;
  x[4] = PROACT__CU_LAUNCH_PARAM_END;
  memset(np, 0, sizeof(*np));
  np->func = g->rec[i].func;
  np->grid_x = g->rec[i].grid;
  np->grid_y = np->grid_z = 1;
  np->block_x = g->rec[i].block;
  np->block_y = np->block_z = 1;
  np->shared = g->rec[i].shared;
  np->extra = x;
}

/* Same kernels and shapes in the same order: the graph stays, and only
 * the nodes whose arguments changed are set again. */
static int same_shape(const kgraph_gpu_t *g, int n,
                      const proact__dev_kernel_rec_t *const *recs) {
  if (g->graph == NULL || g->n != n)
    return 0;
  for (int i = 0; i < n; i++)
    if (g->rec[i].func != recs[i]->func || g->rec[i].grid != recs[i]->grid ||
        g->rec[i].block != recs[i]->block ||
        g->rec[i].shared != recs[i]->shared ||
        g->rec[i].nargs != recs[i]->nargs)
      return 0;
  return 1;
}

static proact_status_t gpu_prepare(kgraph_gpu_t *g, int n,
                                   const proact__dev_kernel_rec_t *const *recs) {
  proact__cu_kernel_node_t np;

  if (same_shape(g, n, recs)) {
    for (int i = 0; i < n; i++) {
      if (memcmp(g->rec[i].args, recs[i]->args, recs[i]->nargs) == 0)
        continue;
      memcpy(g->rec[i].args, recs[i]->args, recs[i]->nargs);
      node_params(g, i, &np);
      PROACT_CUDADRV_FUNC(cuGraphExecKernelNodeSetParams,
                          (g->exec, g->node[i], &np));
    }
    return PROACT_OK;
  }
  gpu_release(g);
  PROACT_CUDADRV_FUNC(cuGraphCreate, (&g->graph, 0));
  for (int i = 0; i < n; i++) {
    g->rec[i] = *recs[i];
    node_params(g, i, &np);
    PROACT_CUDADRV_FUNC(cuGraphAddKernelNode,
                        (&g->node[i], g->graph, NULL, 0, &np));
  }
  g->n = n;
  PROACT_CUDADRV_FUNC(cuGraphInstantiate, (&g->exec, g->graph, 0));
  return PROACT_OK;
}

/* The GPUs whose graph stream holds launches not yet waited for, whether
 * any does (the layer's every op reads it first), the last loop that left
 * each its graphs, and whether a wait found a failed kernel: every later
 * wait reports it too, so that no other thread goes on meanwhile. */
static pthread_mutex_t wait_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned char graph_pending[PROACT__DEV_MAX];
static proact__dev_graph_origin_t graph_origin[PROACT__DEV_MAX];
static int graph_any_pending, graph_failed;

static proact_status_t graph_failure(void) {
  return __atomic_load_n(&graph_failed, __ATOMIC_ACQUIRE) ? PROACT_ERR_DEVICE
                                                          : PROACT_OK;
}

/* Waits for GPU p's graph stream: spins for a millisecond, then sleeps in
 * steps; warns as the wait doubles past a second, as the watch of a loop
 * does, and gives up at the origin's limit. */
static proact_status_t gpu_wait(int p) {
  const proact__dev_graph_origin_t *o = &graph_origin[p];
  const uint64_t t0 = proact__now_ns();
  uint64_t next_warn = 1000000000u;
  CUresult rc = proact__cu.cuCtxSetCurrent(proact__cuda_ctx[p]);

  if (rc == CUDA_SUCCESS)
    rc = proact__cu.cuStreamQuery(graph_stream[p]);
  while (rc == CUDA_ERROR_NOT_READY) {
    const uint64_t waited = proact__now_ns() - t0;
    if (o->limit_ns != 0 && waited > o->limit_ns) {
      proact__error("%s:%d: the kernels this loop left running as a CUDA "
                    "graph on GPU %d have run for %.1f s more, past "
                    "PROACT_TIMEOUT", o->file, o->line, p,
                    (double)waited / 1e9);
      return PROACT_ERR_TIMED_OUT;
    }
    if (waited > next_warn) {
      proact__warn("%s:%d: the kernels this loop left running as a CUDA "
                   "graph on GPU %d have run for %.1f s more; still waiting "
                   "(PROACT_TIMEOUT makes this an error)", o->file, o->line,
                   p, (double)waited / 1e9);
      next_warn = 2 * waited;
    }
    if (waited > 1000000u) {
      const struct timespec step = {0, 50000};
      nanosleep(&step, NULL);
    }
    rc = proact__cu.cuStreamQuery(graph_stream[p]);
  }
  if (rc != CUDA_SUCCESS) {
    proact__error("%s:%d: the kernels this loop left running as a CUDA "
                  "graph on GPU %d (or a loop before it there) failed: %s",
                  o->file, o->line, p, proact__cu_reason(rc));
    return PROACT_ERR_DEVICE;
  }
  return PROACT_OK;
}

proact_status_t proact__cuda_kernel_graph_wait(void) {
  proact_status_t st = PROACT_OK;
  CUcontext current = NULL;

  if (!__atomic_load_n(&graph_any_pending, __ATOMIC_ACQUIRE))
    return graph_failure();
  pthread_mutex_lock(&wait_lock);
  /* The caller's context stays its own (an OpenMP entry point's). */
  if (proact__cu.cuCtxGetCurrent(&current) != CUDA_SUCCESS)
    current = NULL;
  for (int p = 0; p < PROACT__DEV_MAX; p++) {
    proact_status_t gst;
    if (!graph_pending[p])
      continue;
    graph_pending[p] = 0;
    gst = gpu_wait(p);
    if (gst != PROACT_OK && st == PROACT_OK)
      st = gst;
  }
  __atomic_store_n(&graph_any_pending, 0, __ATOMIC_RELEASE);
  if (st == PROACT_ERR_DEVICE)
    __atomic_store_n(&graph_failed, 1, __ATOMIC_RELEASE);
  if (current != NULL)
    proact__cu.cuCtxSetCurrent(current);
  pthread_mutex_unlock(&wait_lock);
  return st != PROACT_OK ? st : graph_failure();
}

proact_status_t proact__cuda_kernel_graph_run(void **graph_p, int n,
                                              const int *devs,
                                              const proact__dev_kernel_rec_t *recs,
                                              int wait,
                                              const proact__dev_graph_origin_t *origin,
                                              uint64_t *ns_p) {
  kgraph_t *kg = *graph_p;
  const proact__dev_kernel_rec_t *mine[PROACT__DEV_MAX];
  CUstream stream[PROACT__DEV_MAX];
  int phys[PROACT__DEV_MAX], nphys = 0;
  uint64_t t0;

  if (kg == NULL) {
    kg = calloc(1, sizeof(*kg));
    if (kg == NULL)
      return PROACT_ERR_NO_MEMORY;
    *graph_p = kg;
  }
  /* The GPUs in order of first appearance; each gets its records in the
   * calls' order. */
  for (int i = 0; i < n; i++) {
    int p = proact__cuda_phys[devs[i]], k = 0;
    while (k < nphys && phys[k] != p)
      k++;
    if (k == nphys)
      phys[nphys++] = p;
  }
  for (int k = 0; k < nphys; k++) {
    kgraph_gpu_t *g;
    int m = 0;
    if (k == kg->ngpus) {
      kg->gpu[k] = calloc(1, sizeof(kgraph_gpu_t));
      if (kg->gpu[k] == NULL)
        return PROACT_ERR_NO_MEMORY;
      kg->gpu[k]->phys = phys[k];
      kg->ngpus++;
    }
    g = kg->gpu[k];
    if (g->phys != phys[k]) {
      gpu_release(g);
      g->phys = phys[k];
    }
    for (int i = 0; i < n; i++)
      if (proact__cuda_phys[devs[i]] == phys[k])
        mine[m++] = &recs[i];
    PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (proact__cuda_ctx[phys[k]]));
    PROACT_CHECK(gpu_stream(phys[k], &stream[k]));
    PROACT_CHECK(gpu_prepare(g, m, mine));
  }
  t0 = proact__now_ns();
  *ns_p = 0;
  for (int k = 0; k < nphys; k++) {
    CUresult rc;
    PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (proact__cuda_ctx[phys[k]]));
    /* A graph launched after one left running follows it on the stream;
     * marked in the same critical section as its launch, for a thread
     * that waits meanwhile. */
    pthread_mutex_lock(&wait_lock);
    rc = proact__cu.cuGraphLaunch(kg->gpu[k]->exec, stream[k]);
    if (rc == CUDA_SUCCESS && !wait) {
      if (origin != NULL)
        graph_origin[phys[k]] = *origin;
      graph_pending[phys[k]] = 1;
      __atomic_store_n(&graph_any_pending, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&wait_lock);
    if (rc != CUDA_SUCCESS) {
      proact__error("cuGraphLaunch failed: %s", proact__cu_reason(rc));
      return PROACT_ERR_DEVICE;
    }
  }
  if (!wait)
    return PROACT_OK;
  for (int k = 0; k < nphys; k++) {
    PROACT_CUDADRV_FUNC(cuCtxSetCurrent, (proact__cuda_ctx[phys[k]]));
    PROACT_CUDADRV_FUNC(cuStreamSynchronize, (stream[k]));
  }
  *ns_p = proact__now_ns() - t0;
  return PROACT_OK;
}
