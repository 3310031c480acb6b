/* Generic device layer: argument checks, logging and byte counts around the
 * backend ops; backend choice at init. */
#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "log.h"
#include "param.h"
#include "dev.h"
#include "dev_ops.h"
#include "proact.h"
#include "trace.h"

static pthread_once_t dev_once = PTHREAD_ONCE_INIT;
static int dev_count;
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

static void dev_describe_all(void) {
  const int n = dev_count < PROACT__DEV_MAX ? dev_count : PROACT__DEV_MAX;
  for (int dev = 0; dev < n; dev++) {
    proact__device_t *d = &dev_slots[dev].props;
    memset(d, 0, sizeof(*d));
    d->id = dev;
    d->kind = PROACT__DEVICE_UNKNOWN;
    d->backend = dev_ops->name;
    snprintf(d->name, sizeof(d->name), "OpenMP device %d", dev);
    d->copy_queues = 1;
    d->has_agent = dev_ops->agent_start != NULL;
    d->has_host_queue = dev_ops->host_alloc != NULL;
    d->peer_mask = 1ull << dev;
    if (dev_ops->describe != NULL)
      dev_ops->describe(dev, n, d);
    proact__info(PROACT__SUBSYS_INIT,
                 "device %d: %s, %s, %d multiprocessors, %d threads per "
                 "team, %d copy queues",
                 dev, d->name, proact__device_kind_name(d->kind),
                 d->multiprocessors, d->max_team_threads, d->copy_queues);
  }
}

static void dev_init_once(void) {
  dev_count = omp_get_num_devices();
  if (dev_count <= 0) {
    dev_count = 0;
    proact__info(PROACT__SUBSYS_INIT, "omp_get_num_devices() is 0");
    return;
  }
  for (size_t i = 0; i < sizeof(dev_backends) / sizeof(dev_backends[0]);
       i++) {
    proact_status_t st = dev_backends[i]->probe(dev_count);
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
               dev_count, dev_ops->name);
  dev_describe_all();
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

static void dev_count_copy(uint64_t *counter, size_t bytes) {
  __atomic_fetch_add(counter, bytes, __ATOMIC_RELAXED);
  __atomic_fetch_add(&dev_counters.copies, 1, __ATOMIC_RELAXED);
}

proact_status_t proact__dev_alloc(int dev, size_t bytes, void **ptr_p) {
  void *ptr;
  PROACT_CHECK(dev_check(dev, NULL, 0));
  if (bytes == 0) {
    *ptr_p = NULL;
    return PROACT_OK;
  }
  ptr = omp_target_alloc(bytes, dev);
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
  if (ptr == NULL || dev_check(dev, ptr, 0) != PROACT_OK)
    return;
  proact__info(PROACT__SUBSYS_COPY, "freeing %zu bytes at %p on device %d",
               bytes, ptr, dev);
  omp_target_free(ptr, dev);
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
    return dev >= 0 ? dev_ops->sync_dev(dev) : dev_ops->sync_all();
  ev.t0 = proact__trace_begin(ev.name, NULL, 0);
  st = dev >= 0 ? dev_ops->sync_dev(dev) : dev_ops->sync_all();
  proact__trace_end(&ev);
  return st;
}

proact_status_t proact__dev_copy_to_dev(int dev, void *dst, const void *src,
                                        size_t bytes) {
  PROACT_CHECK(dev_check(dev, dst, bytes));
  if (bytes == 0)
    return PROACT_OK;
  if (src == NULL)
    return PROACT_ERR_INVALID_PARAM;
  proact__info(PROACT__SUBSYS_COPY, "host %p -> device %d %p, %zu bytes",
               src, dev, dst, bytes);
  if (PROACT__TRACING()) {
    uint64_t t0 = dev_copy_begin();
    proact_status_t st = dev_ops->copy_to_dev(dev, dst, src, bytes);
    dev_copy_end(t0, -1, dev, bytes);
    PROACT_CHECK(st);
  } else {
    PROACT_CHECK(dev_ops->copy_to_dev(dev, dst, src, bytes));
  }
  dev_count_copy(&dev_counters.h2d_bytes, bytes);
  return PROACT_OK;
}

proact_status_t proact__dev_copy_to_host(void *dst, int dev, const void *src,
                                         size_t bytes) {
  PROACT_CHECK(dev_check(dev, src, bytes));
  if (bytes == 0)
    return PROACT_OK;
  if (dst == NULL)
    return PROACT_ERR_INVALID_PARAM;
  proact__info(PROACT__SUBSYS_COPY, "device %d %p -> host %p, %zu bytes",
               dev, src, dst, bytes);
  if (PROACT__TRACING()) {
    uint64_t t0 = dev_copy_begin();
    proact_status_t st = dev_ops->copy_to_host(dst, dev, src, bytes);
    dev_copy_end(t0, dev, -1, bytes);
    PROACT_CHECK(st);
  } else {
    PROACT_CHECK(dev_ops->copy_to_host(dst, dev, src, bytes));
  }
  dev_count_copy(&dev_counters.d2h_bytes, bytes);
  return PROACT_OK;
}

proact_status_t proact__dev_copy_peer(int dst_dev, void *dst, int src_dev,
                                      const void *src, size_t bytes) {
  PROACT_CHECK(dev_check(dst_dev, dst, bytes));
  PROACT_CHECK(dev_check(src_dev, src, bytes));
  if (bytes == 0)
    return PROACT_OK;
  proact__info(PROACT__SUBSYS_COPY, "device %d %p -> device %d %p, %zu bytes",
               src_dev, src, dst_dev, dst, bytes);
  if (PROACT__TRACING()) {
    uint64_t t0 = dev_copy_begin();
    proact_status_t st = dev_ops->copy_peer(dst_dev, dst, src_dev, src, bytes);
    dev_copy_end(t0, src_dev, dst_dev, bytes);
    PROACT_CHECK(st);
  } else {
    PROACT_CHECK(dev_ops->copy_peer(dst_dev, dst, src_dev, src, bytes));
  }
  dev_count_copy(src_dev == dst_dev ? &dev_counters.local_bytes
                                    : &dev_counters.peer_bytes,
                 bytes);
  return PROACT_OK;
}

proact_status_t proact__dev_sync_all(void) {
  if (dev_ops == NULL)
    return PROACT_OK;
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
  if (PROACT__TRACING())
    return dev_sync_traced(dev);
  return dev_ops->sync_dev(dev);
}

proact_status_t proact__dev_host_alloc(int dev, size_t bytes, void **host_p,
                                       void **dev_p) {
  PROACT_CHECK(dev_check(dev, NULL, 0));
  if (dev_ops->host_alloc == NULL)
    return PROACT_ERR_UNSUPPORTED;
  return dev_ops->host_alloc(dev, bytes, host_p, dev_p);
}

proact_status_t proact__dev_clock_offset(int dev, int64_t *offset_p) {
  PROACT_CHECK(dev_check(dev, NULL, 0));
  if (dev_ops->clock_offset == NULL)
    return PROACT_ERR_UNSUPPORTED;
  return dev_ops->clock_offset(dev, offset_p);
}

void proact__dev_host_free(int dev, void *host) {
  if (host != NULL && dev_check(dev, NULL, 0) == PROACT_OK &&
      dev_ops->host_free != NULL)
    dev_ops->host_free(dev, host);
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
  proact__info(PROACT__SUBSYS_COPY, "freeing %zu shared bytes at %p", bytes,
               ptr);
  dev_ops->shared_free(ptr);
}

proact_status_t proact__dev_shared_advise(void *ptr, size_t bytes,
                                          proact__shared_advice_t advice,
                                          int dev) {
  PROACT_CHECK(dev_check(dev, ptr, bytes));
  if (bytes == 0 || dev_ops->shared_advise == NULL)
    return PROACT_OK;
  return dev_ops->shared_advise(ptr, bytes, advice, dev);
}

proact_status_t proact__dev_shared_prefetch(void *ptr, size_t bytes,
                                            int dev) {
  PROACT_CHECK(dev_check(dev, ptr, bytes));
  if (bytes == 0 || dev_ops->shared_prefetch == NULL)
    return PROACT_OK;
  proact__info(PROACT__SUBSYS_COPY, "prefetch %p, %zu bytes -> device %d",
               ptr, bytes, dev);
  return dev_ops->shared_prefetch(ptr, bytes, dev);
}

proact_status_t proact__dev_agent_start(int dev, const proact__ready_t *rd,
                                        const proact__ready_t *host_view,
                                        int threads, uint64_t timeout_ns) {
  PROACT_CHECK(dev_check(dev, rd, 1));
  if (dev_ops->agent_start == NULL)
    return PROACT_ERR_UNSUPPORTED;
  proact__info(PROACT__SUBSYS_AGENT,
               "poll agent on device %d: %lld counters, %d threads", dev,
               host_view->ncounters, threads);
  return dev_ops->agent_start(dev, rd, host_view, threads, timeout_ns);
}

proact_status_t proact__dev_agent_wait(int dev,
                                       proact__agent_result_t *result) {
  PROACT_CHECK(dev_check(dev, NULL, 0));
  if (dev_ops->agent_wait == NULL)
    return PROACT_ERR_UNSUPPORTED;
  return dev_ops->agent_wait(dev, result);
}

int proact__dev_has_agent(void) {
  return proact__dev_init() == PROACT_OK && dev_ops->agent_start != NULL;
}

int proact__dev_has_host_queue(void) {
  return proact__dev_init() == PROACT_OK && dev_ops->host_alloc != NULL;
}

void proact__dev_peer_access(int src, int dst) {
  if (src != dst && dev_check(src, NULL, 0) == PROACT_OK &&
      dev_check(dst, NULL, 0) == PROACT_OK && dev_ops->peer_access != NULL)
    dev_ops->peer_access(src, dst);
}
