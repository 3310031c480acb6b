/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Backend interface of the device layer (LLVM PluginInterface style: the
 * generic layer in dev.c checks arguments, the backend only acts). Internal
 * to libomptarget-plugin/. */
#ifndef PROACT_DEV_OPS_H
#define PROACT_DEV_OPS_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "dev.h"
#include "proact/detail/ready_types.h"
#include "proact/status.h"

/* The ops' `dev` is one of this rank's logical devices, 0..nlocal-1 (dev.h):
 * the backend keeps its queues and agents per logical device and reaches
 * the hardware through the OpenMP device `open` gave for it (several
 * logical devices may share one). */
typedef struct proact__dev_ops {
  const char *name;
  /* Decides whether this backend drives OpenMP devices 0..ndev-1 and
   * prepares it: PROACT_OK: use it; PROACT_ERR_UNSUPPORTED: not these
   * devices, try the next backend; another error: these devices are of this
   * kind but cannot be driven here, use the generic fallback. */
  proact_status_t (*probe)(int ndev);
  /* Fills what only the backend knows of OpenMP device dev (of ndev) after
   * a successful probe: kind, name, counts, memory, peer_mask (bits of
   * OpenMP devices). The generic layer has set backend, has_agent,
   * has_host_queue, copy_queues 1, peer_mask to dev's own bit and the rest
   * to 0 (unknown). NULL: nothing more is known. */
  void (*describe)(int dev, int ndev, proact__device_t *device);
  /* Prepares the per-device state of logical devices 0..nlocal-1, once,
   * after describe; phys[d] is logical device d's OpenMP device. NULL: the
   * backend keeps none and needs no OpenMP device numbers. */
  proact_status_t (*open)(int nlocal, const int *phys);
  proact_status_t (*copy_to_dev)(int dev, void *dst, const void *src,
                                 size_t bytes);
  proact_status_t (*copy_to_host)(void *dst, int dev, const void *src,
                                  size_t bytes);
  proact_status_t (*copy_peer)(int dst_dev, void *dst, int src_dev,
                               const void *src, size_t bytes);
  proact_status_t (*sync_all)(void);
  /* Waits for the copies issued on dev's queue. */
  proact_status_t (*sync_dev)(int dev);
  /* Host memory dev's kernels can write (pinned and mapped on a GPU);
   * *dev_p is the address kernels use. NULL: not available here. */
  proact_status_t (*host_alloc)(int dev, size_t bytes, void **host_p,
                                void **dev_p);
  void (*host_free)(int dev, void *host);
  /* Whether the backend traces its copies with the times they ran (the
   * generic layer then traces no issue spans). NULL: it does not. */
  int (*copies_timed)(void);
  /* dev's kernel clock minus the host's (dev.h). NULL: unknown. */
  proact_status_t (*clock_offset)(int dev, int64_t *offset_p);
  /* The poll agent of dev: starts it on rd (a device address; host_view
   * is the same state with host addresses of its tables), and waits for
   * its end. NULL: this backend has none. */
  proact_status_t (*agent_start)(int dev, const proact__ready_t *rd,
                                 const proact__ready_t *host_view,
                                 int threads, uint64_t timeout_ns);
  proact_status_t (*agent_wait)(int dev, proact__agent_result_t *result);
  /* Lets kernels on src store to dst's memory. NULL: nothing to do. */
  void (*peer_access)(int src, int dst);
  /* Memory at one address that every device's kernels and copies use
   * (PROACT_MEMORY=unified; dev.h). NULL: none on this backend. */
  proact_status_t (*shared_alloc)(size_t bytes, void **ptr_p);
  void (*shared_free)(void *ptr);
  /* Hints on where shared memory lives, and moving it there ahead of the
   * kernels (on dev's first copy queue). NULL: nothing to hint. */
  proact_status_t (*shared_advise)(void *ptr, size_t bytes,
                                   proact__shared_advice_t advice, int dev);
  proact_status_t (*shared_prefetch)(void *ptr, size_t bytes, int dev);
  /* The queue transfers between ranks run on for dev (NCCL's stream),
   * with dev's context made current on the calling thread; and whether
   * everything issued there has finished (PROACT_OK) or not
   * (PROACT_IN_PROGRESS). NULL: transfers are synchronous here. */
  void *(*xfer_queue)(int dev);
  proact_status_t (*xfer_query)(int dev);
  /* Kernels launched again without OpenMP (dev.h: kernel_capture,
   * kernel_graph_run, on logical devices). NULL: not on this backend. */
  int (*replay_mode)(int dev);
  int (*replay_open)(void);
  int (*can_replay)(int dev);
  int (*kernel_capture)(int dev, int (*launch)(void *), void *arg,
                        proact__dev_kernel_rec_t *rec);
  proact_status_t (*kernel_graph_run)(void **graph_p, int n, const int *devs,
                                      const proact__dev_kernel_rec_t *recs,
                                      int wait,
                                      const proact__dev_graph_origin_t *origin,
                                      uint64_t *ns_p);
  void (*kernel_graph_free)(void *graph);
  /* Waits for the graphs kernel_graph_run left running; returns at once
   * when none is (it runs before every other op of the layer). */
  proact_status_t (*kernel_graph_wait)(void);
} proact__dev_ops_t;

/* The ops of backends whose copies are synchronous (sync_all and sync_dev:
 * nothing to wait for) and whose devices share the host's memory
 * (host_alloc, shared_alloc: calloc). Inline, so that a backend depends on
 * the generic layer only through this header. */
static inline proact_status_t proact__dev_sync_nothing(void) {
  return PROACT_OK;
}
static inline proact_status_t proact__dev_sync_dev_nothing(int dev) {
  (void)dev;
  return PROACT_OK;
}
static inline proact_status_t proact__dev_host_alloc_plain(int dev,
                                                           size_t bytes,
                                                           void **host_p,
                                                           void **dev_p) {
  (void)dev;
  *host_p = *dev_p = calloc(1, bytes > 0 ? bytes : 1);
  return *host_p != NULL ? PROACT_OK : PROACT_ERR_NO_MEMORY;
}
/* Host devices' kernels run in this process and stamp with its clock. */
static inline proact_status_t proact__dev_clock_same(int dev,
                                                     int64_t *offset_p) {
  (void)dev;
  *offset_p = 0;
  return PROACT_OK;
}
static inline void proact__dev_host_free_plain(int dev, void *host) {
  (void)dev;
  free(host);
}
static inline proact_status_t proact__dev_shared_alloc_plain(size_t bytes,
                                                             void **ptr_p) {
  *ptr_p = calloc(1, bytes);
  return *ptr_p != NULL ? PROACT_OK : PROACT_ERR_NO_MEMORY;
}
static inline void proact__dev_shared_free_plain(void *ptr) { free(ptr); }

/* The cuda backend's poll agent kernel (cuda/agent_cuda.c), for nlocal
 * logical devices. */
void proact__cuda_agents_open(int nlocal);
proact_status_t proact__cuda_agent_start(int dev, const proact__ready_t *rd,
                                         const proact__ready_t *host_view,
                                         int threads, uint64_t timeout_ns);
proact_status_t proact__cuda_agent_wait(int dev,
                                        proact__agent_result_t *result);
/* The global timer of GPU dev minus the host's clock, measured by a probe
 * kernel of the agent's module (cuda/agent_cuda.c). */
proact_status_t proact__cuda_clock_offset(int dev, int64_t *offset_p);

/* The host backend's poll agent: a thread per device (host/agent_host.c). */
proact_status_t proact__host_agent_start(int dev, const proact__ready_t *rd,
                                         const proact__ready_t *host_view,
                                         int threads, uint64_t timeout_ns);
proact_status_t proact__host_agent_wait(int dev,
                                        proact__agent_result_t *result);

extern const proact__dev_ops_t proact__dev_cuda_ops; /* cuda/dev_cuda.c */
extern const proact__dev_ops_t proact__dev_host_ops; /* host/dev_host.c */
extern const proact__dev_ops_t proact__dev_omp_ops;  /* dev_omp.c */

#endif
