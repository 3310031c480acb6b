/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Building each part's readiness state (proact/detail/device_ready.h) for the loop's
 * pushes: chunk counters, the pieces of each chunk, inline forwards. A
 * state is built and uploaded once per plan and kept on the device for
 * the loop's next executions (ready_cache.h): the kernels and agents put
 * back what they change. */
#ifndef PROACT_MECH_READY_H
#define PROACT_MECH_READY_H

#include <stdint.h>

#include "loop.h"

/* One part's readiness state for this execution: the kept state it uses
 * (ready_cache.h) and what the host-side agents need of it. */
typedef struct proact__part_ready {
  proact__ready_t *dev_rd; /* device address; NULL: no instrumentation */
  struct proact__ready_img *img; /* the state, in use until loop_end */
  proact__ready_t host_view; /* the image's header with host addresses of
                                its tables (pieces keep device addresses) */
  long long nready;        /* counters with pieces: chunks to push */
  long long npushes;       /* (chunk, destination) pairs among them */
  volatile int *kernel_done; /* poll, dma: the state's flag (host address),
                                0 when armed, 1 once the part's kernel
                                returned (loop_part_end); may be NULL */
  long long push_bytes;
  long long *q_slots;      /* dma: host queue (mapped), nready slots */
} proact__part_ready_t;

/* The proactive mechanisms' state for one execution (mechanism.h): created
 * by their setup, freed by their cleanup. */
struct proact__mech_state {
  int mode;              /* PROACT__READY_* the kernels run */
  long long chunk_bytes; /* chunk(...), PROACT_CHUNK */
  int agent_threads;     /* a poll agent's threads: PROACT_THREADS */
  proact__part_ready_t part[PROACT__DEV_MAX];
  uint64_t agent_busy_ns[PROACT__DEV_MAX]; /* reported by the agents */
};

/* Creates loop->mech_state for readiness protocol mode, its chunk size and
 * agent threads from the parameters and the loop's clauses. */
proact_status_t proact__ready_state_create(proact__loop_t *loop, int mode);

/* Frees loop->mech_state (its parts released already). */
void proact__ready_state_destroy(proact__loop_t *loop);

/* Whether piece p is the first of pieces [p0, p) to its destination
 * device: a chunk's pieces to one device make one push. */
static inline int proact__ready_first_to_dst(const proact__ready_piece_t *pieces,
                                             long long p0, long long p) {
  for (long long q = p0; q < p; q++)
    if (pieces[q].dst_dev == pieces[p].dst_dev)
      return 0;
  return 1;
}

/* Points part's entry of loop->mech_state at its state in the state's
 * mode: the kept one when the plan is the same as an earlier execution's,
 * else one built and uploaded (synchronously). Leaves its dev_rd NULL
 * when the part pushes nothing (its kernel then runs without
 * instrumentation). */
proact_status_t proact__ready_setup(proact__loop_t *loop, int part);

/* After the kernels and agents of the execution ended: reads part's state
 * back and ends the program with an error unless its counters, owners,
 * queue tail and queue slots are at their initial values again
 * (PROACT_READY_CHECK=1; ready_check.c). */
void proact__ready_check(const proact__loop_t *loop, int part);

/* After the kernels and agents of the execution ended, under PROACT_TRACE:
 * records the chunk times part's kernels and GPU agent stamped on the
 * device (ready_trace.c). */
void proact__ready_trace(const proact__loop_t *loop, int part);

/* The execution is over: gives the state back to the cache. */
void proact__ready_release(proact__loop_t *loop, int part);

#endif
