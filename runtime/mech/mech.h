/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The transfer mechanisms' tables (core's mechanism.h), registered with the
 * core when libproact loads (mech.c), and what the proactive ones share
 * (mech_push.c). */
#ifndef PROACT_MECH_MECH_H
#define PROACT_MECH_MECH_H

#include <stdint.h>

#include "dev.h"
#include "mechanism.h"

extern const proact__mech_ops_t proact__mech_memcpy_ops;  /* mech_memcpy.c */
extern const proact__mech_ops_t proact__mech_poll_ops;    /* mech_poll.c */
extern const proact__mech_ops_t proact__mech_trigger_ops; /* mech_trigger.c */
extern const proact__mech_ops_t proact__mech_dma_ops;     /* mech_dma.c */
extern const proact__mech_ops_t proact__mech_inline_ops;  /* mech_inline.c */

/* memcpy's drain: each part's write spans become valid on its device (or
 * go back to the host for loop-only replicas). The proactive mechanisms
 * end their drains with it. */
proact_status_t proact__mech_memcpy_drain(proact__loop_t *loop);

/* The proactive mechanisms' setup: their state for readiness protocol
 * mode (PROACT__READY_*), the push plan (push.h) and each part's readiness
 * state (ready.h). */
proact_status_t proact__mech_push_setup(proact__loop_t *loop, int mode);

/* Their cleanup: gives the readiness states back to the cache and frees
 * the state. */
proact_status_t proact__mech_push_cleanup(proact__loop_t *loop);

/* Their part_kernel: part's readiness state, with the kernel that reports
 * to counters (not the forwarding one). */
void proact__mech_push_part_kernel(const proact__loop_t *loop, int part,
                                   proact__ready_t **ready_p,
                                   int *forward_p);

/* Their part_end: the part's kernel returned (the agents' watchdog). */
void proact__mech_push_part_end(proact__loop_t *loop, int part);

/* Whether part's kernel is instrumented and has chunks to push, so that
 * an agent has work and the drain has pushes to count. */
int proact__mech_push_active(const proact__loop_t *loop, int part);

/* PROACT_WATCHDOG_MS in ns: how long an agent waits for a chunk once the
 * part's kernel ended (a kernel that runs long is never cut short). */
uint64_t proact__mech_watchdog_ns(void);

/* Before part's agent and kernel start: its kernel has not ended yet. */
void proact__mech_push_arm_watchdog(proact__loop_t *loop, int part);

/* Names the chunk part's agent waited for in vain (what: "counter",
 * "queue slot"), then ends the program. */
_Noreturn void proact__mech_push_stalled(const proact__loop_t *loop, int part,
                                         const proact__agent_result_t *r,
                                         const char *what);

/* Records an active part's pushes and its agent's busy time (0 where no
 * agent ran). */
void proact__mech_push_account(proact__loop_t *loop, int part,
                               const proact__agent_result_t *r);

/* The end of every proactive drain once the pushes are complete (the drain
 * started at t0, ns): exposed and hidden time, the PROACT_READY_CHECK
 * check, then the ownership of the written spans as with memcpy. */
proact_status_t proact__mech_push_finish(proact__loop_t *loop, uint64_t t0);

/* The drain of a mechanism whose kernels push by themselves (trigger,
 * inline): when they have completed, every push is delivered. */
proact_status_t proact__mech_push_drain_in_kernel(proact__loop_t *loop);

#endif
