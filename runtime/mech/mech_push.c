/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* What the proactive mechanisms (poll, trigger, dma, inline) share. They
 * have the same plan (push.h: each part's write spans go to the devices
 * that read them) and the same readiness state (ready.h); they differ in
 * who moves a ready chunk (docs/design/mechanisms.md), each in its own file:
 *   poll     an agent per device (a GPU kernel beside the loop's, a thread
 *            on a host device) polls the counters and copies (mech_poll.c);
 *   trigger  the team whose block made the chunk ready copies it
 *            (mech_trigger.c);
 *   dma      that team appends the chunk to a host queue, and a host thread
 *            issues the peer copies on the copy engines (mech_dma.c);
 *   inline   every store is also written to the consumers' copies as it is
 *            made (the lowering's forwarding kernel), no counters
 *            (mech_inline.c).
 * Setup reuses the part's readiness state kept on the device when the
 * plan is the same as last time (ready_cache.h), else builds and uploads
 * one. Drain waits for the agents; what was pushed is then valid on its
 * destination (push_commit, in loop_end), the rest is pulled lazily as
 * with memcpy; the state is back at its initial values for the next
 * execution. */
#include "check.h"
#include "clock.h"
#include "error_report.h"
#include "mech_param.h"
#include "loop.h"
#include "push.h"
#include "ready.h"
#include "trace.h"
#include "mech.h"

uint64_t proact__mech_watchdog_ns(void) {
  return (uint64_t)proact__param_get(PROACT__PARAM_WATCHDOG_MS)->i *
         1000000u;
}

void proact__mech_push_arm_watchdog(proact__loop_t *loop, int part) {
  volatile int *done = loop->mech_state->part[part].kernel_done;
  if (done != NULL)
    __atomic_store_n(done, 0, __ATOMIC_RELEASE);
}

void proact__mech_push_part_end(proact__loop_t *loop, int part) {
  volatile int *done = loop->mech_state->part[part].kernel_done;
  if (done != NULL)
    __atomic_store_n(done, 1, __ATOMIC_RELEASE);
}

void proact__mech_push_part_kernel(const proact__loop_t *loop, int part,
                                   proact__ready_t **ready_p,
                                   int *forward_p) {
  *ready_p = loop->mech_state->part[part].dev_rd;
  *forward_p = 0;
}

proact_status_t proact__mech_push_setup(proact__loop_t *loop, int mode) {
  PROACT_CHECK(proact__ready_state_create(loop, mode));
  for (int p = 0; p < loop->plan->nparts; p++)
    PROACT_CHECK(proact__ready_setup(loop, p));
  return PROACT_OK;
}

proact_status_t proact__mech_push_cleanup(proact__loop_t *loop) {
  if (loop->mech_state == NULL)
    return PROACT_OK;
  for (int p = 0; p < loop->plan->nparts; p++)
    proact__ready_release(loop, p);
  proact__ready_state_destroy(loop);
  return PROACT_OK;
}

int proact__mech_push_active(const proact__loop_t *loop, int part) {
  const proact__part_ready_t *pr = &loop->mech_state->part[part];
  return pr->dev_rd != NULL && pr->nready > 0;
}

void proact__mech_push_stalled(const proact__loop_t *loop, int part,
                               const proact__agent_result_t *r,
                               const char *what) {
  proact__fatal(loop->file, loop->line, loop->col,
                "%s agent of device %d stalled: %s %lld not ready %lld ms "
                "after the part's kernel ended (%lld left); the kernel did "
                "not report all its blocks",
                proact_mech_name(loop->plan->mech->id), loop->plan->devs[part],
                what, r->stalled - 1,
                (long long)proact__param_get(PROACT__PARAM_WATCHDOG_MS)->i,
                r->remaining);
}

void proact__mech_push_account(proact__loop_t *loop, int part,
                               const proact__agent_result_t *r) {
  const proact__part_ready_t *pr = &loop->mech_state->part[part];
  loop->mech_state->agent_busy_ns[part] = r->busy_ns;
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_PUSH_CHUNKS,
                    (uint64_t)pr->nready);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_PUSHES, (uint64_t)pr->npushes);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_PUSH_BYTES,
                    (uint64_t)pr->push_bytes);
}

proact_status_t proact__mech_push_finish(proact__loop_t *loop, uint64_t t0) {
  proact_status_t st;
  uint64_t exposed = proact__now_ns() - t0, busy = 0;

  for (int p = 0; p < loop->plan->nparts; p++)
    busy = loop->mech_state->agent_busy_ns[p] > busy
               ? loop->mech_state->agent_busy_ns[p]
               : busy;
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_EXPOSED_NSEC, exposed);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_HIDDEN_NSEC,
                    busy > exposed ? busy - exposed : 0);
  if (PROACT__TRACING())
    for (int p = 0; p < loop->plan->nparts; p++)
      proact__ready_trace(loop, p);
  if (proact__param_get(PROACT__PARAM_READY_CHECK)->i)
    for (int p = 0; p < loop->plan->nparts; p++)
      proact__ready_check(loop, p);
  /* Ownership of the written spans, as with memcpy. */
  st = proact__mech_memcpy_drain(loop);
  loop->pushes_delivered = st == PROACT_OK;
  return st;
}

proact_status_t proact__mech_push_drain_in_kernel(proact__loop_t *loop) {
  const proact__agent_result_t none = {0, 0, 0, 0, 0};
  uint64_t t0 = proact__now_ns();

  for (int p = 0; p < loop->plan->nparts; p++)
    if (proact__mech_push_active(loop, p))
      proact__mech_push_account(loop, p, &none);
  return proact__mech_push_finish(loop, t0);
}
