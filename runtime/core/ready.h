/* Building each part's readiness state (proact/ready.h) for the loop's
 * pushes: chunk counters, the pieces of each chunk, inline forwards. The
 * device copies live in per-device scratch memory reused loop after loop
 * (a loop's state is dead once loop_end returns). */
#ifndef PROACT_CORE_READY_H
#define PROACT_CORE_READY_H

#include "loop.h"

/* Builds and uploads (synchronously) part's state in mode
 * loop->ready_mode; leaves loop->ready[part].dev_rd NULL when the part
 * pushes nothing (its kernel then runs without instrumentation). */
proact_status_t proact__ready_setup(proact__loop_t *loop, int part);

/* Frees the host image (device scratch is kept). */
void proact__ready_release(proact__loop_t *loop, int part);

#endif
