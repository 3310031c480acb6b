/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The device layer: what the runtime needs from each OpenMP offload device
 * (allocation, copies between host and devices and between devices, a
 * barrier). Generic functions here validate, log (subsystem copy) and count,
 * then call the backend chosen at init (dev_ops.h). Uses the transports
 * between ranks (transport/) and the support layer.
 *
 * Copies are asynchronous: source and destination must stay untouched until
 * proact__dev_sync_all() returns. */
#ifndef PROACT_DEV_H
#define PROACT_DEV_H

#include <stddef.h>
#include <stdint.h>

#include "param.h"
#include "proact/detail/ready_types.h"
#include "proact/status.h"

/* PROACT_DEVICES (a device list): the OpenMP devices that take part, and
 * how many logical devices each is. */
extern const proact__param_t proact__param_devices;
#define PROACT__PARAM_DEVICES (&proact__param_devices)

/* Finds the devices and chooses the backend; idempotent and thread-safe.
 * Under several ranks (rank.h) it also learns every rank's devices.
 *
 * A device here is a logical device: each OpenMP device, or K of them for
 * an OpenMP device PROACT_DEVICES lists as D*K, with its own allocations,
 * copy queues and agent; numbered in OpenMP device order, a device's
 * logical devices in a row. Device numbers are global: rank 0's devices
 * first, then rank 1's, and so on (alone, without D*K, they are the OpenMP
 * device numbers). A device of
 * another rank is remote: nothing runs on it here, a copy to it from the
 * host is left to its rank (every rank's host holds the same values), a
 * copy between it and a device of this rank goes through the transport
 * (host staging), one between two remote devices is not this rank's. */
proact_status_t proact__dev_init(void);

/* Every rank's devices (omp_get_num_devices() as seen at init, alone). */
int proact__dev_count(void);

/* Whether device dev is this rank's; its OpenMP device number here (for
 * target regions and omp_target_* calls; logical devices of one OpenMP
 * device share it), -1 when remote; its rank. */
int proact__dev_is_local(int dev);
int proact__dev_omp_id(int dev);
int proact__dev_rank(int dev);
/* This rank's first device's global number and its count of devices. */
int proact__dev_local_base(void);
int proact__dev_local_count(void);
/* This rank's OpenMP devices (omp_get_num_devices()), and the global
 * number of the first logical device of OpenMP device omp_id here (-1
 * when there is none). */
int proact__dev_omp_count(void);
int proact__dev_of_omp(int omp_id);

/* "cuda", "host", "omp" (generic fallback) or "none" (no device). */
const char *proact__dev_backend_name(void);

/* What runs a device's kernels: the runtime picks their geometry and
 * reduction layout by it. */
typedef enum proact__device_kind {
  PROACT__DEVICE_GPU = 0,      /* GPU code (the cuda backend's devices) */
  PROACT__DEVICE_HOST_CPU = 1, /* host threads (host-offload devices) */
  PROACT__DEVICE_UNKNOWN = 2   /* the generic omp backend cannot tell */
} proact__device_kind_t;

/* "gpu", "host-cpu" or "unknown". */
const char *proact__device_kind_name(proact__device_kind_t kind);

/* One OpenMP device as its backend described it at init; fixed after.
 * A count of 0 means the backend cannot tell. */
typedef struct proact__device {
  int id; /* global device number (the OpenMP one when alone) */
  int rank;   /* the rank that drives it */
  int omp_id; /* its OpenMP device number on that rank */
  /* Logical devices (PROACT_DEVICES=D*K): the K devices that share OpenMP
   * device D are slots 0..K-1 of slots K; a device alone is slot 0 of 1. */
  int slot, slots;
  proact__device_kind_t kind;
  char backend[8];      /* "cuda", "host" or "omp" */
  char name[96];        /* the driver's name of the device */
  int multiprocessors;  /* a GPU's SMs; a host device's CPUs */
  int max_team_threads; /* threads one team (a CUDA block) may have */
  int copy_queues;      /* queues its device-to-device copies take in turn */
  int has_agent;        /* a poll agent (proact__dev_agent_start) */
  int has_host_queue;   /* host memory its kernels write (the dma queue) */
  uint64_t memory_bytes;
  uint64_t peer_mask;   /* bit j: its kernels and copies reach device j's
                           memory directly (its own bit always set) */
} proact__device_t;

/* Device dev's description; NULL unless 0 <= dev < proact__dev_count()
 * (and dev < PROACT__DEV_MAX). */
const proact__device_t *proact__dev_get(int dev);

/* Whether src reaches dst's memory directly (proact__device_t.peer_mask). */
int proact__dev_can_peer(int src, int dst);

/* Device memory from omp_target_alloc, so that OpenMP can associate it with
 * host memory. bytes == 0 gives NULL. Free gets the size allocated, for the
 * count of bytes allocated on each device. */
proact_status_t proact__dev_alloc(int dev, size_t bytes, void **ptr_p);
void proact__dev_free(int dev, void *ptr, size_t bytes);
/* Bytes allocated on dev through proact__dev_alloc and not yet freed. */
uint64_t proact__dev_allocated(int dev);

proact_status_t proact__dev_copy_to_dev(int dev, void *dst, const void *src,
                                        size_t bytes);
/* To this process's memory from a device of this rank (a remote dev is
 * an invalid parameter). */
proact_status_t proact__dev_copy_to_host(void *dst, int dev, const void *src,
                                         size_t bytes);
/* To the host copy of a region array, which every rank keeps: dev's rank
 * copies and sends the bytes to every other rank, which receives them.
 * Synchronous: dst holds the bytes when it returns. */
proact_status_t proact__dev_copy_to_hosts(void *dst, int dev,
                                          const void *src, size_t bytes);
/* Device to device, issued on the source device's queue; src_dev ==
 * dst_dev is a copy within one device (counted as local, not peer). */
proact_status_t proact__dev_copy_peer(int dst_dev, void *dst, int src_dev,
                                      const void *src, size_t bytes);
/* Between begin and end, the calling thread's copies between a device of
 * this rank and one of another (copy_peer) are staged and posted without
 * waiting; end waits for all of them (PROACT_MPI_TIMEOUT) and copies what
 * arrived to this rank's devices, so that a loop's pulls between ranks
 * overlap. Every rank must post its copies in the same order, as without
 * a batch. */
void proact__dev_rank_batch_begin(void);
proact_status_t proact__dev_rank_batch_end(void);
/* Waits for every copy issued so far. */
proact_status_t proact__dev_sync_all(void);

/* Waits for the copies issued on dev's queue only. */
proact_status_t proact__dev_sync_dev(int dev);

/* Host memory that dev's kernels can write: *host_p for the host, *dev_p
 * for kernels (pinned, mapped host memory on a GPU; plain memory on a host
 * device); zeroed. PROACT_ERR_UNSUPPORTED where the backend has none. */
proact_status_t proact__dev_host_alloc(int dev, size_t bytes, void **host_p,
                                       void **dev_p);
void proact__dev_host_free(int dev, void *host);

/* The clock dev's kernels stamp with (proact__ready_clock) minus the host's
 * CLOCK_MONOTONIC, in ns, measured now and then (clocks drift apart).
 * PROACT_ERR_UNSUPPORTED where the backend cannot tell. */
proact_status_t proact__dev_clock_offset(int dev, int64_t *offset_p);

/* Shared memory (PROACT_MEMORY=unified): one allocation at one address
 * that the kernels and copies of every device use, which the driver moves
 * between devices as they touch it (CUDA managed memory; plain memory on
 * host devices). Zeroed. PROACT_ERR_UNSUPPORTED where the backend or the
 * devices have none. Free gets the size allocated. */
proact_status_t proact__dev_shared_alloc(size_t bytes, void **ptr_p);
void proact__dev_shared_free(void *ptr, size_t bytes);

/* Hints on shared memory (CUDA's cuMemAdvise); no-ops on backends whose
 * devices share one memory. */
typedef enum proact__shared_advice {
  PROACT__SHARED_ACCESSED_BY, /* dev's kernels reach it where it lies, with
                                 no fault (remote loads over NVLink) */
  PROACT__SHARED_PREFER,      /* it should live on dev */
  PROACT__SHARED_READ_MOSTLY, /* each reader gets a copy of its own (dev
                                 unused) */
  PROACT__SHARED_WRITTEN      /* not read-mostly any more (dev unused) */
} proact__shared_advice_t;
proact_status_t proact__dev_shared_advise(void *ptr, size_t bytes,
                                          proact__shared_advice_t advice,
                                          int dev);
/* Moves [ptr, ptr + bytes) of shared memory to dev (under READ_MOSTLY:
 * copies it there), on dev's first copy queue: wait with sync_all. */
proact_status_t proact__dev_shared_prefetch(void *ptr, size_t bytes, int dev);

/* What a poll agent reports when it ends. */
typedef struct proact__agent_result {
  long long stalled;   /* 0, or 1 + the counter it waited for in vain */
  long long remaining; /* that counter's value then */
  uint64_t busy_ns;    /* time spent copying */
  uint64_t run_ns;     /* time from its start to its end */
  uint64_t share_ppm;  /* millionths of the device's thread slots (GPU: SM
                          threads; host: cores) it holds while it runs */
} proact__agent_result_t;

/* The poll agent of dev (ready.h): polls rd's counters and pushes each
 * ready chunk's pieces, with `threads` transfer threads, until every chunk
 * with pieces is delivered, or until no chunk became ready for timeout_ns
 * (then result.stalled names the chunk). PROACT_ERR_UNSUPPORTED where the
 * backend has no agent. agent_wait blocks until the agent ended. */
proact_status_t proact__dev_agent_start(int dev, const proact__ready_t *rd,
                                        const proact__ready_t *host_view,
                                        int threads, uint64_t timeout_ns);
proact_status_t proact__dev_agent_wait(int dev,
                                       proact__agent_result_t *result);

/* A kernel launch as the driver ran it: the backend's kernel, its shape and
 * its argument bytes, enough to launch it again without OpenMP. */
enum { PROACT__KERNEL_ARG_BYTES = 512 };
typedef struct proact__dev_kernel_rec {
  void *func; /* the backend's handle; NULL: none */
  unsigned grid, block, shared;
  size_t nargs; /* bytes of args */
  int busy;     /* kernel_capture: the watch was not ready; try later */
  unsigned char args[PROACT__KERNEL_ARG_BYTES];
} proact__dev_kernel_rec_t;

/* When kernels launched through OpenMP on dev may be watched and launched
 * again (CUDA with CUPTI and graphs; PROACT_LAUNCH). */
typedef enum proact__replay_mode {
  PROACT__REPLAY_NEVER = 0,  /* omp, or a backend without replay */
  PROACT__REPLAY_ALWAYS = 1, /* graph: open from the devices' start */
  PROACT__REPLAY_AUTO = 2    /* auto: once the core calls replay_open */
} proact__replay_mode_t;
proact__replay_mode_t proact__dev_replay_mode(int dev);
/* Opens replay where the mode is auto (CUPTI's set-up, about 20 ms, on the
 * calling thread): between loops, while no agent kernel runs. Returns
 * whether dev can replay now. Idempotent. */
int proact__dev_replay_open(int dev);
/* Whether kernels launched through OpenMP on dev can be watched and
 * launched again now. */
int proact__dev_can_replay(int dev);
/* Returns launch(arg), which launches one kernel through OpenMP on dev, run
 * with the driver's launches watched: *rec gets that kernel (func NULL:
 * none seen, or nothing can be watched; busy: the watch was still starting
 * or taken, and launch ran unwatched). */
int proact__dev_kernel_capture(int dev, int (*launch)(void *), void *arg,
                               proact__dev_kernel_rec_t *rec);
/* Where kernels launched without waiting come from, for the wait's
 * reports: the loop's pragma, and how long a wait for them may take
 * before the program ends (0: no limit; PROACT_TIMEOUT). */
typedef struct proact__dev_graph_origin {
  const char *file;
  int line;
  uint64_t limit_ns;
} proact__dev_graph_origin_t;

/* Launches n captured kernels, recs[i] on devs[i] with its own arguments,
 * all at once: one graph per GPU, kept in *graph_p (NULL at first) and
 * reused by the next call with the same kernels and shapes. With wait, it
 * waits for them and *ns_p gets the time from launch to the last kernel's
 * end; without, it returns at once (*ns_p 0) and they are waited for by
 * the next call of this layer that touches a device or waits, by OpenMP's
 * own entry points (omp_wait.c), or by proact__dev_kernel_graph_wait. */
proact_status_t proact__dev_kernel_graph_run(void **graph_p, int n,
                                             const int *devs,
                                             const proact__dev_kernel_rec_t *recs,
                                             int wait,
                                             const proact__dev_graph_origin_t *origin,
                                             uint64_t *ns_p);
void proact__dev_kernel_graph_free(void *graph);
/* Waits for the graphs launched without waiting, warning as the wait
 * grows; a failed kernel there (in any later wait too) or a wait past its
 * origin's limit ends the program. Cheap when none is in flight. */
void proact__dev_kernel_graph_wait(void);

/* Lets kernels running on src store directly to dst's memory (the
 * in-kernel pushes of trigger and inline, the poll agent's stores); once
 * per ordered pair. */
void proact__dev_peer_access(int src, int dst);

/* Whether the backend has a poll agent (agent_start) and host memory its
 * kernels can write (host_alloc, for the dma queue). */
int proact__dev_has_agent(void);
int proact__dev_has_host_queue(void);

/* Totals since init, read by the runtime to fill per-loop statistics. */
typedef struct proact__dev_counters {
  uint64_t h2d_bytes;
  uint64_t d2h_bytes;
  uint64_t peer_bytes;
  uint64_t local_bytes; /* within one device */
  uint64_t copies;
} proact__dev_counters_t;

void proact__dev_get_counters(proact__dev_counters_t *counters_p);

#endif
