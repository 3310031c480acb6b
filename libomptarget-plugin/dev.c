/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Generic device layer: argument checks, logging and byte counts around the
 * backend ops; backend choice at init. */
#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "grow.h"
#include "log.h"
#include "param.h"
#include "dev.h"
#include "dev_ops.h"
#include "nccl/transport_nccl.h"
#include "omp_wait.h"
#include "proact.h"
#include "rank.h"
#include "rank_xport.h"
#include "trace.h"

const proact__param_t proact__param_devices = {
    0, "PROACT_DEVICES", "all",
    "'all' or a comma list of OpenMP device numbers and ranges "
    "(e.g. '0-2,3'), numbers 0-63, each device at most once; D*K "
    "makes device D K logical devices (e.g. '0*4', '0-3*2')",
    "OpenMP devices annotated loops are spread over, in this order",
    proact__param_parse_devices};
PROACT__PARAM_REGISTER(proact__param_devices)

static pthread_once_t dev_once = PTHREAD_ONCE_INIT;
static int dev_count;      /* every rank's devices */
static int dev_local_n;    /* this rank's */
static int dev_base;       /* global number of this rank's device 0 */
static int dev_omp_n;      /* this rank's OpenMP devices */
static int dev_shared_gpu; /* some OpenMP device here has several */
static const proact__dev_ops_t *dev_ops; /* NULL when there is no device */
static proact__dev_counters_t dev_counters;

/* Per device: its description and what the generic layer counts. */
typedef struct dev_slot {
  proact__device_t props;
  uint64_t allocated; /* bytes from proact__dev_alloc not yet freed */
} dev_slot_t;
static dev_slot_t dev_slots[PROACT__DEV_MAX];

/* Order of preference; the generic omp backend always fits. */
static const proact__dev_ops_t *const dev_backends[] = {
    &proact__dev_cuda_ops, &proact__dev_host_ops, &proact__dev_omp_ops};

/* dev's index among this rank's devices, for the backend; -1 for a
 * remote device. */
static int dev_local(int dev) {
  return dev >= dev_base && dev < dev_base + dev_local_n ? dev - dev_base
                                                         : -1;
}

/* The OpenMP number of device dev, which must be this rank's. */
static int dev_omp(int dev) { return dev_slots[dev].props.omp_id; }

/* How many logical devices PROACT_DEVICES makes of OpenMP device omp_id:
 * K for D*K, else one. */
static int dev_copies_of(int omp_id) {
  const proact__devlist_t *list =
      &proact__param_get(PROACT__PARAM_DEVICES)->devices;
  if (!list->all)
    for (int i = 0; i < list->count; i++)
      if (list->ids[i] == omp_id)
        return list->copies[i];
  return 1;
}

/* This rank's devices into slots [0, dev_count): the backend describes
 * each OpenMP device once, and each of its logical devices gets that
 * description, with direct reach between logical devices wherever their
 * OpenMP devices have it (always between those of one). */
static void dev_describe_all(void) {
  static proact__device_t phys[PROACT__DEV_MAX];
  int n = 0;

  if (dev_omp_n > PROACT__DEV_MAX - 1) {
    proact__warn("%d openmp devices; using the first %d", dev_omp_n,
                 PROACT__DEV_MAX - 1);
    dev_omp_n = PROACT__DEV_MAX - 1;
  }
  for (int p = 0; p < dev_omp_n; p++) {
    proact__device_t *d = &phys[p];
    memset(d, 0, sizeof(*d));
    d->kind = PROACT__DEVICE_UNKNOWN;
    snprintf(d->backend, sizeof(d->backend), "%s", dev_ops->name);
    snprintf(d->name, sizeof(d->name), "OpenMP device %d", p);
    d->copy_queues = 1;
    d->has_agent = dev_ops->agent_start != NULL;
    d->has_host_queue = dev_ops->host_alloc != NULL;
    d->peer_mask = 1ull << p;
    if (dev_ops->describe != NULL)
      dev_ops->describe(p, dev_omp_n, d);
    n += dev_copies_of(p);
  }
  /* Bit 63 of validity masks stands for the host. */
  if (n > PROACT__DEV_MAX - 1)
    proact__fatal(NULL, 0, 0,
                  "PROACT_DEVICES makes %d devices of the %d OpenMP devices "
                  "here (an OpenMP device it does not list counts once); at "
                  "most %d can take part, logical devices included",
                  n, dev_omp_n, PROACT__DEV_MAX - 1);
  n = 0;
  for (int p = 0; p < dev_omp_n; p++) {
    const int k = dev_copies_of(p);
    dev_shared_gpu |= k > 1;
    for (int slot = 0; slot < k; slot++, n++) {
      proact__device_t *d = &dev_slots[n].props;
      *d = phys[p];
      d->id = n;
      d->omp_id = p;
      d->slot = slot;
      d->slots = k;
    }
  }
  for (int a = 0; a < n; a++) {
    proact__device_t *d = &dev_slots[a].props;
    const uint64_t reach = phys[d->omp_id].peer_mask;
    d->peer_mask = 0;
    for (int b = 0; b < n; b++)
      if ((reach >> dev_slots[b].props.omp_id) & 1u)
        d->peer_mask |= 1ull << b;
    char where[64] = "";
    if (d->slots > 1)
      snprintf(where, sizeof(where),
               "logical device %d of %d on OpenMP device %d, ", d->slot,
               d->slots, d->omp_id);
    proact__info(PROACT__SUBSYS_INIT,
                 "device %d: %s%s, %s, %d multiprocessors, %d threads per "
                 "team, %d copy queues",
                 a, where, d->name, proact__device_kind_name(d->kind),
                 d->multiprocessors, d->max_team_threads, d->copy_queues);
  }
  dev_count = n;
}

/* What the transports between ranks need of this rank's devices: what
 * their pointers point to, and the backend's queues for NCCL. */
static proact__xport_devs_t dev_xport_devs(void) {
  proact__xport_devs_t devs = {PROACT__RANK_MEM_OTHER, NULL, NULL};
  if (dev_ops == NULL)
    return devs;
  if (strcmp(dev_ops->name, "cuda") == 0)
    devs.mem = PROACT__RANK_MEM_CUDA;
  else if (strcmp(dev_ops->name, "host") == 0)
    devs.mem = PROACT__RANK_MEM_HOST;
  devs.queue = dev_ops->xfer_queue;
  devs.query = dev_ops->xfer_query;
  return devs;
}

/* Under several ranks: every rank's descriptions, in rank order, into the
 * global numbering (dev.h). A rank without devices, or more than 63
 * devices in all, ends every rank with an error. */
static void dev_join_ranks(void) {
  typedef struct dev_table {
    int n;
    proact__device_t props[PROACT__DEV_MAX];
  } dev_table_t;
  const int ranks = proact__rank_count(), me = proact__rank_self();
  const proact__xport_devs_t devs = dev_xport_devs();
  dev_table_t *mine = calloc(1, sizeof(*mine));
  dev_table_t *all = calloc((size_t)ranks, sizeof(*all));
  int total = 0;

  if (mine == NULL || all == NULL)
    proact__fatal(NULL, 0, 0, "out of host memory");
  mine->n = dev_count;
  for (int i = 0; i < dev_count && i < PROACT__DEV_MAX; i++)
    mine->props[i] = dev_slots[i].props;
  proact__rank_allgather(mine, all, sizeof(*mine),
                         "exchanging the ranks' devices at start-up");
  for (int r = 0; r < ranks; r++) {
    if (all[r].n == 0)
      proact__fatal(NULL, 0, 0,
                    "rank %d of %d has no offload device: every rank must "
                    "bring at least one (check OMP_TARGET_OFFLOAD and the "
                    "GPUs each rank sees)",
                    r, ranks);
    if (r == me)
      dev_base = total;
    total += all[r].n;
  }
  if (total >= PROACT__DEV_MAX)
    proact__fatal(NULL, 0, 0,
                  "the %d ranks have %d devices in all; at most %d can take "
                  "part (bit %d of validity masks stands for the host): "
                  "give each rank fewer (CUDA_VISIBLE_DEVICES, or fewer "
                  "logical devices in PROACT_DEVICES)",
                  ranks, total, PROACT__DEV_MAX - 1, PROACT__DEV_MAX - 1);
  memset(dev_slots, 0, sizeof(dev_slots));
  for (int r = 0, g = 0; r < ranks; r++) {
    for (int i = 0; i < all[r].n; i++, g++) {
      proact__device_t *d = &dev_slots[g].props;
      *d = all[r].props[i];
      d->id = g;
      d->rank = r;
      /* Direct reach stays within a rank; its bits move with its base. */
      d->peer_mask = all[r].props[i].peer_mask << (g - i);
    }
  }
  dev_local_n = dev_count;
  dev_count = total;
  free(mine);
  free(all);
  proact__xport_init(&devs, dev_base, dev_local_n, dev_count,
                     dev_shared_gpu);
}

/* Logical devices' tracks in a trace say which OpenMP device they share. */
static void dev_trace_notes(void) {
  for (int g = 0; g < dev_count && g < PROACT__DEV_MAX; g++) {
    const proact__device_t *d = &dev_slots[g].props;
    char note[48];
    if (d->slots <= 1)
      continue;
    snprintf(note, sizeof(note), "OpenMP device %d, logical %d of %d",
             d->omp_id, d->slot + 1, d->slots);
    proact__trace_device_note(g, note);
  }
}

static void dev_init_once(void) {
  dev_omp_n = omp_get_num_devices();
  if (dev_omp_n <= 0) {
    dev_omp_n = 0;
    proact__info(PROACT__SUBSYS_INIT, "omp_get_num_devices() is 0");
    if (proact__rank_count() > 1) /* the others wait for its devices */
      dev_join_ranks();
    return;
  }
  for (size_t i = 0; i < sizeof(dev_backends) / sizeof(dev_backends[0]);
       i++) {
    proact_status_t st = dev_backends[i]->probe(dev_omp_n);
    if (st == PROACT_OK) {
      dev_ops = dev_backends[i];
      break;
    }
    proact__info(PROACT__SUBSYS_INIT, "device backend %s does not fit: %s",
                 dev_backends[i]->name, proact_status_string(st));
    if (st != PROACT_ERR_UNSUPPORTED) {
      dev_ops = &proact__dev_omp_ops;
      break;
    }
  }
  proact__info(PROACT__SUBSYS_INIT, "%d openmp devices, backend %s",
               dev_omp_n, dev_ops->name);
  dev_describe_all();
  dev_local_n = dev_count;
  if (dev_ops->open != NULL) {
    int phys[PROACT__DEV_MAX];
    proact_status_t st;
    for (int d = 0; d < dev_local_n; d++)
      phys[d] = dev_omp(d);
    st = dev_ops->open(dev_local_n, phys);
    if (st != PROACT_OK)
      proact__fatal(NULL, 0, 0,
                    "preparing the %s backend's %d devices failed: %s",
                    dev_ops->name, dev_local_n, proact_status_string(st));
  }
  if (dev_ops->kernel_graph_wait != NULL)
    proact__omp_wait_set(proact__dev_kernel_graph_wait);
  if (proact__rank_count() > 1)
    dev_join_ranks();
  dev_trace_notes();
}

proact_status_t proact__dev_init(void) {
  pthread_once(&dev_once, dev_init_once);
  return dev_count > 0 ? PROACT_OK : PROACT_ERR_NO_DEVICE;
}

int proact__dev_count(void) {
  proact__dev_init();
  return dev_count;
}

const char *proact__dev_backend_name(void) {
  proact__dev_init();
  return dev_ops != NULL ? dev_ops->name : "none";
}

const char *proact_device_kind(void) { return proact__dev_backend_name(); }

const char *proact__device_kind_name(proact__device_kind_t kind) {
  switch (kind) {
  case PROACT__DEVICE_GPU:
    return "gpu";
  case PROACT__DEVICE_HOST_CPU:
    return "host-cpu";
  case PROACT__DEVICE_UNKNOWN:
    break;
  }
  return "unknown";
}

int proact__dev_local_base(void) {
  proact__dev_init();
  return dev_base;
}

int proact__dev_local_count(void) {
  proact__dev_init();
  return dev_local_n;
}

int proact__dev_omp_count(void) {
  proact__dev_init();
  return dev_omp_n;
}

int proact__dev_of_omp(int omp_id) {
  proact__dev_init();
  for (int i = 0; i < dev_local_n; i++)
    if (dev_omp(dev_base + i) == omp_id)
      return dev_base + i;
  return -1;
}

int proact__dev_is_local(int dev) {
  proact__dev_init();
  return dev_local(dev) >= 0;
}

int proact__dev_omp_id(int dev) {
  proact__dev_init();
  return dev_local(dev) >= 0 ? dev_omp(dev) : -1;
}

int proact__dev_rank(int dev) {
  proact__dev_init();
  return dev >= 0 && dev < dev_count && dev < PROACT__DEV_MAX
             ? dev_slots[dev].props.rank
             : -1;
}

const proact__device_t *proact__dev_get(int dev) {
  proact__dev_init();
  if (dev_ops == NULL || dev < 0 || dev >= dev_count ||
      dev >= PROACT__DEV_MAX)
    return NULL;
  return &dev_slots[dev].props;
}

int proact__dev_can_peer(int src, int dst) {
  const proact__device_t *d = proact__dev_get(src);
  return d != NULL && dst >= 0 && dst < PROACT__DEV_MAX &&
         ((d->peer_mask >> dst) & 1u);
}

static proact_status_t dev_check(int dev, const void *ptr, size_t bytes) {
  if (dev_ops == NULL)
    return PROACT_ERR_NO_DEVICE;
  if (dev < 0 || dev >= dev_count || (ptr == NULL && bytes > 0))
    return PROACT_ERR_INVALID_PARAM;
  return PROACT_OK;
}

/* dev_check for a device of this rank: a remote one is an invalid
 * parameter. */
static proact_status_t dev_check_local(int dev, const void *ptr,
                                       size_t bytes) {
  PROACT_CHECK(dev_check(dev, ptr, bytes));
  return dev_local(dev) < 0 ? PROACT_ERR_INVALID_PARAM : PROACT_OK;
}

/* Kernels launched as a graph and left running (kernel_graph_run without
 * wait) finish before anything else of this layer touches a device: a
 * copy, an allocation, a free or a wait may depend on what they write. */
static void dev_settle(void) {
  proact_status_t st;
  if (dev_ops == NULL || dev_ops->kernel_graph_wait == NULL ||
      (st = dev_ops->kernel_graph_wait()) == PROACT_OK)
    return;
  /* The backend said which loop; a stuck kernel may keep exit's own
   * waits from returning. */
  if (st == PROACT_ERR_TIMED_OUT)
    proact__fatal_hung(NULL, 0, "kernels launched as a CUDA graph did not "
                                "finish within PROACT_TIMEOUT");
  proact__fatal(NULL, 0, 0, "kernels launched as a CUDA graph failed "
                            "(PROACT_LAUNCH=omp launches each part's kernel "
                            "through OpenMP)");
}

void proact__dev_kernel_graph_wait(void) { dev_settle(); }

/* At exit, before libomptarget unloads the kernels: a failure there ends
 * the program with status 1, after stdio's buffers are written. */
static void graph_exit_wait(void) {
  if (dev_ops->kernel_graph_wait() == PROACT_OK)
    return;
  fflush(NULL);
  _exit(1);
}
static pthread_once_t graph_exit_once = PTHREAD_ONCE_INIT;
static void graph_exit_register(void) {
  if (atexit(graph_exit_wait) != 0)
    proact__warn("atexit failed: kernels launched as a CUDA graph may still "
                 "run when the program exits");
}

static void dev_count_copy(uint64_t *counter, size_t bytes) {
  __atomic_fetch_add(counter, bytes, __ATOMIC_RELAXED);
  __atomic_fetch_add(&dev_counters.copies, 1, __ATOMIC_RELAXED);
}

proact_status_t proact__dev_alloc(int dev, size_t bytes, void **ptr_p) {
  void *ptr;
  dev_settle();
  PROACT_CHECK(dev_check(dev, NULL, 0));
  if (bytes == 0 || dev_local(dev) < 0) { /* a remote one holds nothing here */
    *ptr_p = NULL;
    return PROACT_OK;
  }
  ptr = omp_target_alloc(bytes, dev_omp(dev));
  if (ptr == NULL)
    return PROACT_ERR_NO_MEMORY;
  proact__info(PROACT__SUBSYS_COPY, "allocated %zu bytes at %p on device %d",
               bytes, ptr, dev);
  if (dev < PROACT__DEV_MAX)
    __atomic_fetch_add(&dev_slots[dev].allocated, bytes, __ATOMIC_RELAXED);
  *ptr_p = ptr;
  return PROACT_OK;
}

void proact__dev_free(int dev, void *ptr, size_t bytes) {
  if (ptr == NULL || dev_check_local(dev, ptr, 0) != PROACT_OK)
    return;
  dev_settle();
  proact__info(PROACT__SUBSYS_COPY, "freeing %zu bytes at %p on device %d",
               bytes, ptr, dev);
  omp_target_free(ptr, dev_omp(dev));
  if (dev < PROACT__DEV_MAX)
    __atomic_fetch_sub(&dev_slots[dev].allocated, bytes, __ATOMIC_RELAXED);
}

uint64_t proact__dev_allocated(int dev) {
  if (dev < 0 || dev >= PROACT__DEV_MAX)
    return 0;
  return __atomic_load_n(&dev_slots[dev].allocated, __ATOMIC_RELAXED);
}

/* The copy's span on the track of src -> dst (-1: the host), started by
 * dev_copy_begin; both only under PROACT__TRACING(). A backend that times
 * its copies (the asynchronous cuda one) records them itself: the span is
 * then only the NVTX range of the call; the others' calls copy. */
static uint64_t dev_copy_begin(void) {
  return proact__trace_begin(NULL, NULL, 0);
}

static void dev_copy_end(uint64_t t0, int src, int dst, size_t bytes) {
  proact__trace_ev_t ev = {.kind = PROACT__TEV_COPY, .t0 = t0,
                           .src = src, .dst = dst,
                           .bytes = (long long)bytes,
                           .timing = "copy: the call, which copied "
                                     "synchronously"};
  if (dev_ops->copies_timed != NULL && dev_ops->copies_timed())
    proact__trace_pop();
  else
    proact__trace_end(&ev);
}

/* A wait for the copies in flight, on the calling thread's track: only
 * where copies are asynchronous, elsewhere it waits for nothing. */
static proact_status_t dev_sync_traced(int dev) {
  proact__trace_ev_t ev = {.kind = PROACT__TEV_PHASE,
                           .name = "wait for copies"};
  proact_status_t st;
  if (strcmp(dev_ops->name, "cuda") != 0)
    return dev >= 0 ? dev_ops->sync_dev(dev_local(dev)) : dev_ops->sync_all();
  ev.t0 = proact__trace_begin(ev.name, NULL, 0);
  st = dev >= 0 ? dev_ops->sync_dev(dev_local(dev)) : dev_ops->sync_all();
  proact__trace_end(&ev);
  return st;
}

proact_status_t proact__dev_copy_to_dev(int dev, void *dst, const void *src,
                                        size_t bytes) {
  dev_settle();
  /* A remote device's rank copies from its own host copy, which holds the
   * same bytes. */
  if (dev_check(dev, NULL, 0) == PROACT_OK && dev_local(dev) < 0)
    return PROACT_OK;
  PROACT_CHECK(dev_check(dev, dst, bytes));
  if (bytes == 0)
    return PROACT_OK;
  if (src == NULL)
    return PROACT_ERR_INVALID_PARAM;
  proact__info(PROACT__SUBSYS_COPY, "host %p -> device %d %p, %zu bytes",
               src, dev, dst, bytes);
  if (PROACT__TRACING()) {
    uint64_t t0 = dev_copy_begin();
    proact_status_t st = dev_ops->copy_to_dev(dev_local(dev), dst, src, bytes);
    dev_copy_end(t0, -1, dev, bytes);
    PROACT_CHECK(st);
  } else {
    PROACT_CHECK(dev_ops->copy_to_dev(dev_local(dev), dst, src, bytes));
  }
  dev_count_copy(&dev_counters.h2d_bytes, bytes);
  return PROACT_OK;
}

proact_status_t proact__dev_copy_to_host(void *dst, int dev, const void *src,
                                         size_t bytes) {
  dev_settle();
  PROACT_CHECK(dev_check_local(dev, src, bytes));
  if (bytes == 0)
    return PROACT_OK;
  if (dst == NULL)
    return PROACT_ERR_INVALID_PARAM;
  proact__info(PROACT__SUBSYS_COPY, "device %d %p -> host %p, %zu bytes",
               dev, src, dst, bytes);
  if (PROACT__TRACING()) {
    uint64_t t0 = dev_copy_begin();
    proact_status_t st = dev_ops->copy_to_host(dst, dev_local(dev), src, bytes);
    dev_copy_end(t0, dev, -1, bytes);
    PROACT_CHECK(st);
  } else {
    PROACT_CHECK(dev_ops->copy_to_host(dst, dev_local(dev), src, bytes));
  }
  dev_count_copy(&dev_counters.d2h_bytes, bytes);
  return PROACT_OK;
}

proact_status_t proact__dev_copy_to_hosts(void *dst, int dev,
                                          const void *src, size_t bytes) {
  const int ranks = proact__rank_count();
  PROACT_CHECK(dev_check(dev, NULL, 0));
  if (bytes == 0)
    return PROACT_OK;
  if (dev_local(dev) < 0) {
    proact__rank_recv(dev_slots[dev].props.rank, dst, bytes);
    return PROACT_OK;
  }
  PROACT_CHECK(proact__dev_copy_to_host(dst, dev, src, bytes));
  if (ranks == 1)
    return PROACT_OK;
  PROACT_CHECK(dev_ops->sync_dev(dev_local(dev)));
  for (int r = 0; r < ranks; r++)
    if (r != proact__rank_self())
      proact__rank_send(r, dst, bytes);
  return PROACT_OK;
}

/* A transfer through NCCL that failed or passed the deadline: the
 * communicators are aborted, then every rank ends (proact__fatal). */
static void dev_nccl_failed(int send, int peer_dev, size_t bytes, int rc,
                            const char *why) {
  const int peer = dev_slots[peer_dev].props.rank;
  proact__nccl_abort();
  proact__fatal(NULL, 0, 0,
                "rank %d of %d: %s %zu bytes %s rank %d through nccl "
                "(device %d): %s%s",
                proact__rank_self(), proact__rank_count(),
                send ? "sending" : "receiving", bytes, send ? "to" : "from",
                peer, peer_dev, why,
                rc == 1 ? " (PROACT_MPI_TIMEOUT): that rank died, stalled, "
                          "left early, or runs different loops"
                        : "");
}

/* dev_copy_rank without staging: the device's own bytes go to MPI
 * (mpi-direct) or NCCL, once the copies into them have finished. */
static proact_status_t dev_copy_rank_direct(proact__xport_t xport,
                                            int dst_dev, void *dst,
                                            int src_dev, const void *src,
                                            size_t bytes) {
  const double timeout =
      (double)proact__param_get(PROACT__PARAM_MPI_TIMEOUT)->i;
  char why[512];
  int rc;
  if (dev_local(src_dev) >= 0) {
    PROACT_CHECK(dev_ops->sync_dev(dev_local(src_dev)));
    if (xport == PROACT__XPORT_MPI_DIRECT)
      proact__rank_send(dev_slots[dst_dev].props.rank, src, bytes);
    else if ((rc = proact__nccl_send(dev_local(src_dev), src, bytes, dst_dev,
                                     timeout, why, sizeof(why))) != 0)
      dev_nccl_failed(1, dst_dev, bytes, rc, why);
  } else {
    /* Nothing may be writing dst while it arrives. */
    PROACT_CHECK(dev_ops->sync_dev(dev_local(dst_dev)));
    if (xport == PROACT__XPORT_MPI_DIRECT)
      proact__rank_recv(dev_slots[src_dev].props.rank, dst, bytes);
    else if ((rc = proact__nccl_recv(dev_local(dst_dev), dst, bytes, src_dev,
                                     timeout, why, sizeof(why))) != 0)
      dev_nccl_failed(0, src_dev, bytes, rc, why);
  }
  proact__xport_count(xport, bytes);
  return PROACT_OK;
}

/* One copy of the calling thread's open batch
 * (proact__dev_rank_batch_begin): a send whose stage is already filled, or
 * a receive whose stage goes to dst on dst_dev once it arrived. */
typedef struct dev_rank_op {
  proact__rank_req_t *req;
  void *stage;
  int dst_dev; /* -1: a send */
  void *dst;
  size_t bytes;
} dev_rank_op_t;

typedef struct dev_rank_batch {
  int open;
  int n, cap;
  dev_rank_op_t *ops;
} dev_rank_batch_t;

static _Thread_local dev_rank_batch_t dev_batch;

void proact__dev_rank_batch_begin(void) {
  dev_batch.open = 1;
  dev_batch.n = 0;
}

proact_status_t proact__dev_rank_batch_end(void) {
  dev_rank_batch_t *b = &dev_batch;
  proact__rank_req_t **reqs;
  proact_status_t st = PROACT_OK;

  b->open = 0;
  if (b->n == 0)
    return PROACT_OK;
  reqs = malloc((size_t)b->n * sizeof(*reqs));
  if (reqs == NULL)
    return PROACT_ERR_NO_MEMORY;
  for (int i = 0; i < b->n; i++)
    reqs[i] = b->ops[i].req;
  proact__rank_waitall(reqs, b->n);
  free(reqs);
  for (int i = 0; i < b->n; i++) {
    dev_rank_op_t *op = &b->ops[i];
    if (op->dst_dev >= 0 && st == PROACT_OK)
      st = proact__dev_copy_to_dev(op->dst_dev, op->dst, op->stage,
                                   op->bytes);
  }
  /* The stages are freed below. */
  for (int i = 0; i < b->n && st == PROACT_OK; i++)
    if (b->ops[i].dst_dev >= 0)
      st = dev_ops->sync_dev(dev_local(b->ops[i].dst_dev));
  for (int i = 0; i < b->n; i++)
    free(b->ops[i].stage);
  b->n = 0;
  return st;
}

/* Within a batch: stages and posts the copy, completed by batch_end. */
static proact_status_t dev_copy_rank_post(int dst_dev, void *dst,
                                          int src_dev, const void *src,
                                          size_t bytes) {
  dev_rank_batch_t *b = &dev_batch;
  dev_rank_op_t op = {NULL, malloc(bytes), -1, NULL, bytes};
  if (op.stage == NULL ||
      proact__grow((void **)&b->ops, &b->cap, b->n, sizeof(*b->ops)) !=
          PROACT_OK) {
    free(op.stage);
    return PROACT_ERR_NO_MEMORY;
  }
  if (dev_local(src_dev) >= 0) {
    const int peer = dev_slots[dst_dev].props.rank;
    proact_status_t st = proact__dev_copy_to_host(op.stage, src_dev, src,
                                                  bytes);
    if (st == PROACT_OK)
      st = dev_ops->sync_dev(dev_local(src_dev));
    if (st != PROACT_OK) {
      free(op.stage);
      return st;
    }
    op.req = proact__rank_isend(peer, proact__rank_reserve(peer, 1),
                                op.stage, bytes);
  } else {
    const int peer = dev_slots[src_dev].props.rank;
    op.dst_dev = dst_dev;
    op.dst = dst;
    op.req = proact__rank_irecv(peer, proact__rank_reserve(peer, 0),
                                op.stage, bytes);
  }
  b->ops[b->n++] = op;
  return PROACT_OK;
}

/* A copy between a device of this rank and one of another rank, by the
 * pair's transport (rank_xport.h); through host memory: copy to the host
 * and send, or receive and copy to the device. Both ranks issue it at the
 * same point (rank.h). */
static proact_status_t dev_copy_rank(int dst_dev, void *dst, int src_dev,
                                     const void *src, size_t bytes) {
  const proact__xport_t xport = proact__xport_between(
      dev_slots[src_dev].props.rank, dev_slots[dst_dev].props.rank);
  void *stage;
  proact_status_t st = PROACT_OK;
  if (xport != PROACT__XPORT_MPI)
    return dev_copy_rank_direct(xport, dst_dev, dst, src_dev, src, bytes);
  if (dev_batch.open)
    return dev_copy_rank_post(dst_dev, dst, src_dev, src, bytes);
  stage = malloc(bytes);
  if (stage == NULL)
    return PROACT_ERR_NO_MEMORY;
  if (dev_local(src_dev) >= 0) {
    st = proact__dev_copy_to_host(stage, src_dev, src, bytes);
    if (st == PROACT_OK)
      st = dev_ops->sync_dev(dev_local(src_dev));
    if (st == PROACT_OK)
      proact__rank_send(dev_slots[dst_dev].props.rank, stage, bytes);
  } else {
    proact__rank_recv(dev_slots[src_dev].props.rank, stage, bytes);
    st = proact__dev_copy_to_dev(dst_dev, dst, stage, bytes);
    if (st == PROACT_OK) /* the stage is freed below */
      st = dev_ops->sync_dev(dev_local(dst_dev));
  }
  free(stage);
  return st;
}

proact_status_t proact__dev_copy_peer(int dst_dev, void *dst, int src_dev,
                                      const void *src, size_t bytes) {
  dev_settle();
  PROACT_CHECK(dev_check(dst_dev, NULL, 0));
  PROACT_CHECK(dev_check(src_dev, NULL, 0));
  if (bytes == 0 || (dev_local(dst_dev) < 0 && dev_local(src_dev) < 0))
    return PROACT_OK; /* between two other ranks */
  if (dev_local(dst_dev) < 0 || dev_local(src_dev) < 0) {
    PROACT_CHECK(dev_check(dev_local(src_dev) < 0 ? dst_dev : src_dev,
                           dev_local(src_dev) < 0 ? dst : src, bytes));
    return dev_copy_rank(dst_dev, dst, src_dev, src, bytes);
  }
  PROACT_CHECK(dev_check(dst_dev, dst, bytes));
  PROACT_CHECK(dev_check(src_dev, src, bytes));
  proact__info(PROACT__SUBSYS_COPY, "device %d %p -> device %d %p, %zu bytes",
               src_dev, src, dst_dev, dst, bytes);
  if (PROACT__TRACING()) {
    uint64_t t0 = dev_copy_begin();
    proact_status_t st = dev_ops->copy_peer(dev_local(dst_dev), dst,
                                            dev_local(src_dev), src, bytes);
    dev_copy_end(t0, src_dev, dst_dev, bytes);
    PROACT_CHECK(st);
  } else {
    PROACT_CHECK(dev_ops->copy_peer(dev_local(dst_dev), dst,
                                    dev_local(src_dev), src, bytes));
  }
  dev_count_copy(src_dev == dst_dev ? &dev_counters.local_bytes
                                    : &dev_counters.peer_bytes,
                 bytes);
  return PROACT_OK;
}

proact_status_t proact__dev_sync_all(void) {
  if (dev_ops == NULL)
    return PROACT_OK;
  dev_settle();
  if (PROACT__TRACING())
    return dev_sync_traced(-1);
  return dev_ops->sync_all();
}

void proact__dev_get_counters(proact__dev_counters_t *counters_p) {
  counters_p->h2d_bytes =
      __atomic_load_n(&dev_counters.h2d_bytes, __ATOMIC_RELAXED);
  counters_p->d2h_bytes =
      __atomic_load_n(&dev_counters.d2h_bytes, __ATOMIC_RELAXED);
  counters_p->peer_bytes =
      __atomic_load_n(&dev_counters.peer_bytes, __ATOMIC_RELAXED);
  counters_p->local_bytes =
      __atomic_load_n(&dev_counters.local_bytes, __ATOMIC_RELAXED);
  counters_p->copies = __atomic_load_n(&dev_counters.copies, __ATOMIC_RELAXED);
}

proact_status_t proact__dev_sync_dev(int dev) {
  PROACT_CHECK(dev_check(dev, NULL, 0));
  dev_settle();
  if (dev_local(dev) < 0) /* nothing of this rank's runs there */
    return PROACT_OK;
  if (PROACT__TRACING())
    return dev_sync_traced(dev);
  return dev_ops->sync_dev(dev_local(dev));
}

proact_status_t proact__dev_host_alloc(int dev, size_t bytes, void **host_p,
                                       void **dev_p) {
  PROACT_CHECK(dev_check_local(dev, NULL, 0));
  if (dev_ops->host_alloc == NULL)
    return PROACT_ERR_UNSUPPORTED;
  return dev_ops->host_alloc(dev_local(dev), bytes, host_p, dev_p);
}

proact_status_t proact__dev_clock_offset(int dev, int64_t *offset_p) {
  PROACT_CHECK(dev_check_local(dev, NULL, 0));
  if (dev_ops->clock_offset == NULL)
    return PROACT_ERR_UNSUPPORTED;
  return dev_ops->clock_offset(dev_local(dev), offset_p);
}

void proact__dev_host_free(int dev, void *host) {
  dev_settle();
  if (host != NULL && dev_check_local(dev, NULL, 0) == PROACT_OK &&
      dev_ops->host_free != NULL)
    dev_ops->host_free(dev_local(dev), host);
}

proact_status_t proact__dev_shared_alloc(size_t bytes, void **ptr_p) {
  void *ptr = NULL;
  PROACT_CHECK(dev_check(0, NULL, 0));
  if (dev_ops->shared_alloc == NULL)
    return PROACT_ERR_UNSUPPORTED;
  PROACT_CHECK(dev_ops->shared_alloc(bytes > 0 ? bytes : 1, &ptr));
  proact__info(PROACT__SUBSYS_COPY, "allocated %zu shared bytes at %p",
               bytes, ptr);
  *ptr_p = ptr;
  return PROACT_OK;
}

void proact__dev_shared_free(void *ptr, size_t bytes) {
  if (ptr == NULL || dev_ops == NULL || dev_ops->shared_free == NULL)
    return;
  dev_settle();
  proact__info(PROACT__SUBSYS_COPY, "freeing %zu shared bytes at %p", bytes,
               ptr);
  dev_ops->shared_free(ptr);
}

proact_status_t proact__dev_shared_advise(void *ptr, size_t bytes,
                                          proact__shared_advice_t advice,
                                          int dev) {
  dev_settle();
  PROACT_CHECK(dev_check_local(dev, ptr, bytes));
  if (bytes == 0 || dev_ops->shared_advise == NULL)
    return PROACT_OK;
  return dev_ops->shared_advise(ptr, bytes, advice, dev_local(dev));
}

proact_status_t proact__dev_shared_prefetch(void *ptr, size_t bytes,
                                            int dev) {
  dev_settle();
  PROACT_CHECK(dev_check_local(dev, ptr, bytes));
  if (bytes == 0 || dev_ops->shared_prefetch == NULL)
    return PROACT_OK;
  proact__info(PROACT__SUBSYS_COPY, "prefetch %p, %zu bytes -> device %d",
               ptr, bytes, dev);
  return dev_ops->shared_prefetch(ptr, bytes, dev_local(dev));
}

proact_status_t proact__dev_agent_start(int dev, const proact__ready_t *rd,
                                        const proact__ready_t *host_view,
                                        int threads, uint64_t timeout_ns) {
  dev_settle();
  PROACT_CHECK(dev_check_local(dev, rd, 1));
  if (dev_ops->agent_start == NULL)
    return PROACT_ERR_UNSUPPORTED;
  proact__info(PROACT__SUBSYS_AGENT,
               "poll agent on device %d: %lld counters, %d threads", dev,
               host_view->ncounters, threads);
  return dev_ops->agent_start(dev_local(dev), rd, host_view, threads,
                              timeout_ns);
}

proact_status_t proact__dev_agent_wait(int dev,
                                       proact__agent_result_t *result) {
  dev_settle();
  PROACT_CHECK(dev_check_local(dev, NULL, 0));
  if (dev_ops->agent_wait == NULL)
    return PROACT_ERR_UNSUPPORTED;
  return dev_ops->agent_wait(dev_local(dev), result);
}

proact__replay_mode_t proact__dev_replay_mode(int dev) {
  return dev_ops != NULL && dev_ops->replay_mode != NULL && dev >= 0 &&
                 dev < PROACT__DEV_MAX && dev_local(dev) >= 0
             ? (proact__replay_mode_t)dev_ops->replay_mode(dev_local(dev))
             : PROACT__REPLAY_NEVER;
}

int proact__dev_replay_open(int dev) {
  if (proact__dev_replay_mode(dev) == PROACT__REPLAY_NEVER ||
      dev_ops->replay_open == NULL)
    return 0;
  dev_ops->replay_open();
  return proact__dev_can_replay(dev);
}

int proact__dev_can_replay(int dev) {
  return dev_ops != NULL && dev_ops->can_replay != NULL &&
         dev >= 0 && dev < PROACT__DEV_MAX && dev_local(dev) >= 0 &&
         dev_ops->can_replay(dev_local(dev));
}

int proact__dev_kernel_capture(int dev, int (*launch)(void *), void *arg,
                               proact__dev_kernel_rec_t *rec) {
  rec->func = NULL;
  rec->busy = 0;
  dev_settle(); /* launch goes through OpenMP, on its own stream */
  if (!proact__dev_can_replay(dev) || dev_ops->kernel_capture == NULL)
    return launch(arg);
  return dev_ops->kernel_capture(dev_local(dev), launch, arg, rec);
}

proact_status_t proact__dev_kernel_graph_run(
    void **graph_p, int n, const int *devs,
    const proact__dev_kernel_rec_t *recs, int wait,
    const proact__dev_graph_origin_t *origin, uint64_t *ns_p) {
  int local[PROACT__DEV_MAX];
  if (n < 1 || n > PROACT__DEV_MAX || dev_ops == NULL ||
      dev_ops->kernel_graph_run == NULL)
    return PROACT_ERR_INVALID_PARAM;
  for (int i = 0; i < n; i++) {
    if (!proact__dev_can_replay(devs[i]) || recs[i].func == NULL)
      return PROACT_ERR_INVALID_PARAM;
    local[i] = dev_local(devs[i]);
  }
  /* Timed alone: not from the end of graphs still running. */
  if (wait)
    dev_settle();
  else
    pthread_once(&graph_exit_once, graph_exit_register);
  return dev_ops->kernel_graph_run(graph_p, n, local, recs, wait, origin,
                                   ns_p);
}

void proact__dev_kernel_graph_free(void *graph) {
  if (graph != NULL && dev_ops != NULL && dev_ops->kernel_graph_free != NULL)
    dev_ops->kernel_graph_free(graph);
}

int proact__dev_has_agent(void) {
  return proact__dev_init() == PROACT_OK && dev_ops->agent_start != NULL;
}

int proact__dev_has_host_queue(void) {
  return proact__dev_init() == PROACT_OK && dev_ops->host_alloc != NULL;
}

void proact__dev_peer_access(int src, int dst) {
  if (src != dst && dev_check_local(src, NULL, 0) == PROACT_OK &&
      dev_check_local(dst, NULL, 0) == PROACT_OK &&
      dev_ops->peer_access != NULL)
    dev_ops->peer_access(dev_local(src), dev_local(dst));
}
