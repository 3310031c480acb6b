/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Readiness states kept on the devices between executions of a loop
 * (proact/detail/device_ready.h). An iterative solver runs the same loops again and
 * again with the same plan; their states are then identical but for the
 * counters, which the kernels and agents put back as they consume them. So
 * a built state stays in a device allocation of its own, and an execution
 * whose state would be the same (the same key) reuses it: no rebuild, no
 * upload, no synchronisation.
 *
 * An entry belongs to a loop site (file, line) and part, and is found
 * only by the full key of what its image depends on (compared whole, never
 * by a hash alone). A site's part may have several (a loop run on swapped
 * arrays alternates between two), at most PROACT__READY_CACHE_PER_SITE; on
 * each device the entries not in use are evicted least recently used first
 * so that the cached images stay within PROACT_READY_CACHE bytes (0: no
 * caching; each execution builds and frees its own). Everything is freed
 * at exit. */
#ifndef PROACT_MECH_READY_CACHE_H
#define PROACT_MECH_READY_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include <proact/detail/device_ready.h>

/* Entries of one (site, part) on a device at most: a loop whose key
 * changes at every execution (shrinking bounds) then cannot push out the
 * other loops'; a few to spare for the one-off keys of the first execution
 * after a change (its pushes follow the readers the old plan recorded). */
#define PROACT__READY_CACHE_PER_SITE 8

/* One readiness state: the host image (the initial state: counters at
 * their initial values, owners and queue empty), its device copy and the
 * dma queue. */
typedef struct proact__ready_img {
  const char *file; /* the loop site and part it belongs to */
  int line;
  int part;
  int dev;
  long long *key; /* what the image depends on (ready.c), key_len values */
  size_t key_len;
  char *image;    /* host image, bytes long */
  size_t bytes;
  void *dev_base; /* the device copy (proact__ready_t at its start) */
  void *q_host;   /* dma: the queue's host address, NULL otherwise */
  volatile int *done_host;   /* its kernel_done flag (host address), NULL
                                where the backend has no such memory */
  unsigned long long *stamps_host; /* PROACT_TRACE: the state's stamps
                                      (host address), else NULL */
  proact__ready_t host_view; /* the header with host addresses of the
                                image's tables (pieces keep device ones) */
  long long nready;          /* counters with pieces: chunks to push */
  long long npushes;         /* (chunk, destination) pairs */
  long long push_bytes;
  int in_use;     /* an execution holds it: not evicted, not shared */
  int cached;     /* in the cache (else freed when given back) */
  uint64_t last_use;
  struct proact__ready_img *next;
} proact__ready_img_t;

/* The idle entry of (file, line, part) on dev whose key equals key, now in
 * use; NULL when there is none. */
proact__ready_img_t *proact__ready_cache_take(const char *file, int line,
                                              int part, int dev,
                                              const long long *key,
                                              size_t key_len);

/* Enters img (built, in use, its device copy allocated) into the cache,
 * evicting idle entries as the limits require; one that does not fit even
 * then stays out of it (it is freed when given back). */
void proact__ready_cache_add(proact__ready_img_t *img);

/* Frees the idle cached entries of dev (to retry an allocation that found
 * the device full). Returns how many bytes of device memory it freed. */
size_t proact__ready_cache_drop_idle(int dev);

/* The execution is over: img is idle again (freed if it is not cached). */
void proact__ready_cache_give(proact__ready_img_t *img);

/* Frees an entry's memory and the entry (not one in the cache). */
void proact__ready_img_free(proact__ready_img_t *img);

/* Frees every idle entry (at exit; one still in use is left to the
 * process's end). */
void proact__ready_cache_clear(void);

/* Executions served from the cache and states built since start (for the
 * tests and the log). */
void proact__ready_cache_counts(uint64_t *hits_p, uint64_t *builds_p);

#endif
