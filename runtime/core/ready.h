/* Building each part's readiness state (proact/detail/device_ready.h) for the loop's
 * pushes: chunk counters, the pieces of each chunk, inline forwards. A
 * state is built and uploaded once per plan and kept on the device for
 * the loop's next executions (ready_cache.h): the kernels and agents put
 * back what they change. */
#ifndef PROACT_CORE_READY_H
#define PROACT_CORE_READY_H

#include "loop.h"

/* Whether piece p is the first of pieces [p0, p) to its destination
 * device: a chunk's pieces to one device make one push. */
static inline int proact__ready_first_to_dst(const proact__ready_piece_t *pieces,
                                             long long p0, long long p) {
  for (long long q = p0; q < p; q++)
    if (pieces[q].dst_dev == pieces[p].dst_dev)
      return 0;
  return 1;
}

/* Points loop->ready[part] at part's state in mode loop->ready_mode: the
 * kept one when the plan is the same as an earlier execution's, else one
 * built and uploaded (synchronously). Leaves loop->ready[part].dev_rd NULL
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
