/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The poll mechanism: an agent per device polls the part's counters and
 * pushes each chunk they report ready, beside the kernel (the device
 * layer's agent_start: a GPU kernel on its own stream, or a persistent
 * thread of a host-offload device). Arm starts it before the part's kernel
 * is launched; drain waits for it and names a chunk it waited for in vain.
 */
#include "check.h"
#include "clock.h"
#include "loop.h"
#include "mech.h"
#include "ready.h"

/* Wherever the backend has an agent. */
static int poll_can_run(const proact__loop_desc_t *desc, const char **why_p) {
  (void)desc;
  if (proact__dev_has_agent())
    return 1;
  *why_p = "this device backend has no poll agent";
  return 0;
}

static proact_status_t poll_setup(proact__loop_t *loop) {
  return proact__mech_push_setup(loop, PROACT__READY_POLL);
}

/* A GPU agent's blocks of 256 threads each take chunks in turn: no more
 * of them than chunks with pieces, since an agent of idle blocks beside a
 * short loop's kernel slowed that kernel several times over. */
static int poll_agent_threads(const proact__part_ready_t *pr, int threads) {
  const long long most = 256 * (pr->nready > 0 ? pr->nready : 1);
  return threads > most ? (int)most : threads;
}

static proact_status_t poll_arm(proact__loop_t *loop, int part) {
  proact__part_ready_t *pr = &loop->mech_state->part[part];
  if (!proact__mech_push_active(loop, part))
    return PROACT_OK;
  proact__mech_push_arm_watchdog(loop, part);
  return proact__dev_agent_start(
      loop->plan->devs[part], pr->dev_rd, &pr->host_view,
      poll_agent_threads(pr, loop->mech_state->agent_threads),
      proact__mech_watchdog_ns());
}

static proact_status_t poll_drain(proact__loop_t *loop) {
  uint64_t t0 = proact__now_ns();

  for (int p = 0; p < loop->plan->nparts; p++) {
    proact__agent_result_t r = {0, 0, 0, 0, 0};
    if (!proact__mech_push_active(loop, p))
      continue;
    PROACT_CHECK(proact__dev_agent_wait(loop->plan->devs[p], &r));
    if (r.stalled)
      proact__mech_push_stalled(loop, p, &r, "counter");
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_AGENT_EXECS, 1);
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_AGENT_SLOT_NSEC,
                      r.run_ns * r.share_ppm / 1000000u);
    proact__mech_push_account(loop, p, &r);
  }
  return proact__mech_push_finish(loop, t0);
}

const proact__mech_ops_t proact__mech_poll_ops = {
    .id = PROACT_MECH_POLL,
    .caps = PROACT__MECH_CAP_PUSH,
    .auto_rank = 3, /* where the backend has an agent: no SM time */
    .can_run = poll_can_run,
    .setup = poll_setup,
    .arm = poll_arm,
    .part_kernel = proact__mech_push_part_kernel,
    .part_end = proact__mech_push_part_end,
    .drain = poll_drain,
    .cleanup = proact__mech_push_cleanup,
};
