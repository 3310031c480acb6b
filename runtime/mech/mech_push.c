/* The proactive mechanisms: poll, trigger, dma and inline. They share the
 * plan (push.h: each part's write spans go to the devices that read them)
 * and the readiness state (ready.h); they differ in who moves a ready
 * chunk (docs/mechanisms.md):
 *   poll     an agent per device (a GPU kernel beside the loop's, a thread
 *            on a host device) polls the counters and copies;
 *   trigger  the team whose block made the chunk ready copies it;
 *   dma      that team appends the chunk to a host queue, and a host thread
 *            issues the peer copies on the copy engines;
 *   inline   every store is also written to the consumers' copies as it is
 *            made (the lowering's forwarding kernel), no counters.
 * Setup reuses the part's readiness state kept on the device when the
 * plan is the same as last time (ready_cache.h), else builds and uploads
 * one. Drain waits for the agents; what was pushed is then valid on its
 * destination (push_commit, in loop_end), the rest is pulled lazily as
 * with memcpy; the state is back at its initial values for the next
 * execution. */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "../../libomptarget-plugin/dev.h"
#include "../base/check.h"
#include "../base/clock.h"
#include "../base/error.h"
#include "../base/log.h"
#include "../base/param.h"
#include "../core/loop.h"
#include "../core/push.h"
#include "../core/ready.h"
#include "mech.h"

static uint64_t watchdog_ns(void) {
  return (uint64_t)proact__param_get(PROACT__PARAM_WATCHDOG_MS)->i *
         1000000u;
}

/* The dma agent of one part: a host thread that takes ready chunks from
 * the queue the part's teams append to, in order, and issues each chunk's
 * peer copies on the source device's copy queue. It empties each slot it
 * took, so the queue is all zeros again for the loop's next execution. */
typedef struct dma_agent {
  pthread_t thread;
  int running;
  const proact__loop_t *loop;
  int part;
  proact__agent_result_t result;
  proact_status_t status;
} dma_agent_t;

static dma_agent_t dma_agents[PROACT__DEV_MAX];

static void *dma_main(void *arg) {
  dma_agent_t *a = arg;
  const proact__part_ready_t *pr = &a->loop->ready[a->part];
  const proact__ready_t *rd = &pr->host_view;
  const int src = a->loop->devs[a->part];
  const uint64_t timeout = watchdog_ns();
  uint64_t last = proact__now_ns();

  for (long long head = 0; head < pr->nready; head++) {
    volatile long long *slot = &pr->q_slots[head];
    long long c;
    uint64_t t0;
    while (*slot == 0) {
      if (proact__now_ns() - last > timeout) {
        a->result.stalled = head + 1;
        a->result.remaining = pr->nready - head;
        return NULL;
      }
      sched_yield();
    }
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    c = *slot - 1;
    *slot = 0; /* empty for the next execution (the queue is kept) */
    t0 = proact__now_ns();
    if (c < 0 || c >= rd->ncounters) {
      a->status = PROACT_ERR_INVALID_PARAM;
      return NULL;
    }
    for (long long p = rd->piece_first[c]; p < rd->piece_first[c + 1]; p++) {
      const proact__ready_piece_t *pc = &rd->pieces[p];
      a->status = proact__dev_copy_peer((int)pc->dst_dev, pc->dst, src,
                                        pc->src, (size_t)pc->bytes);
      if (a->status != PROACT_OK)
        return NULL;
    }
    last = proact__now_ns();
    a->result.busy_ns += last - t0;
  }
  return NULL;
}

static proact_status_t push_setup(proact__loop_t *loop) {
  proact__push_plan(loop);
  for (int p = 0; p < loop->nparts; p++)
    PROACT_CHECK(proact__ready_setup(loop, p));
  return PROACT_OK;
}

static proact_status_t push_arm(proact__loop_t *loop, int part) {
  proact__part_ready_t *pr = &loop->ready[part];
  if (pr->dev_rd == NULL || pr->nready == 0)
    return PROACT_OK;
  if (loop->ready_mode == PROACT__READY_POLL)
    return proact__dev_agent_start(loop->devs[part], pr->dev_rd,
                                   &pr->host_view, loop->agent_threads,
                                   watchdog_ns());
  if (loop->ready_mode == PROACT__READY_DMA) {
    dma_agent_t *a = &dma_agents[part];
    memset(a, 0, sizeof(*a));
    a->loop = loop;
    a->part = part;
    if (pthread_create(&a->thread, NULL, dma_main, a) != 0)
      return PROACT_ERR_DEVICE;
    a->running = 1;
  }
  return PROACT_OK;
}

/* Names the chunk an agent waited for in vain, then ends the program. */
static void push_stalled(const proact__loop_t *loop, int part,
                         const proact__agent_result_t *r, const char *what) {
  proact__fatal(loop->file, loop->line, loop->col,
                "%s agent of device %d stalled: %s %lld not ready after %lld "
                "ms (%lld left); a kernel did not finish its blocks",
                loop->mech->name, loop->devs[part], what, r->stalled - 1,
                (long long)proact__param_get(PROACT__PARAM_WATCHDOG_MS)->i,
                r->remaining);
}

static proact_status_t push_drain(proact__loop_t *loop) {
  uint64_t t0 = proact__now_ns();
  proact_status_t st = PROACT_OK;

  for (int p = 0; p < loop->nparts; p++) {
    proact__part_ready_t *pr = &loop->ready[p];
    proact__agent_result_t r = {0, 0, 0, 0, 0};
    if (pr->dev_rd == NULL || pr->nready == 0)
      continue;
    if (loop->ready_mode == PROACT__READY_POLL) {
      PROACT_CHECK(proact__dev_agent_wait(loop->devs[p], &r));
      if (r.stalled)
        push_stalled(loop, p, &r, "counter");
      PROACT__STATS_ADD(loop->stats, PROACT__STAT_AGENT_EXECS, 1);
      PROACT__STATS_ADD(loop->stats, PROACT__STAT_AGENT_SLOT_NSEC,
                        r.run_ns * r.share_ppm / 1000000u);
    } else if (loop->ready_mode == PROACT__READY_DMA && dma_agents[p].running) {
      pthread_join(dma_agents[p].thread, NULL);
      dma_agents[p].running = 0;
      r = dma_agents[p].result;
      if (dma_agents[p].status != PROACT_OK)
        return dma_agents[p].status;
      if (r.stalled)
        push_stalled(loop, p, &r, "queue slot");
      PROACT__STATS_ADD(loop->stats, PROACT__STAT_AGENT_EXECS, 1);
    }
    loop->agent_busy_ns[p] = r.busy_ns;
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_PUSH_CHUNKS,
                      (uint64_t)pr->nready);
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_PUSH_BYTES,
                      (uint64_t)pr->push_bytes);
  }
  if (loop->ready_mode == PROACT__READY_DMA)
    PROACT_CHECK(proact__dev_sync_all()); /* the copies in flight */
  {
    uint64_t exposed = proact__now_ns() - t0, busy = 0;
    for (int p = 0; p < loop->nparts; p++)
      busy = loop->agent_busy_ns[p] > busy ? loop->agent_busy_ns[p] : busy;
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_EXPOSED_NSEC, exposed);
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_HIDDEN_NSEC,
                      busy > exposed ? busy - exposed : 0);
  }
  if (proact__param_get(PROACT__PARAM_READY_CHECK)->i)
    for (int p = 0; p < loop->nparts; p++)
      proact__ready_check(loop, p);
  /* Ownership of the written spans, as with memcpy. */
  st = proact__mech_memcpy_ops.drain(loop);
  loop->pushes_delivered = st == PROACT_OK;
  return st;
}

static proact_status_t push_cleanup(proact__loop_t *loop) {
  for (int p = 0; p < loop->nparts; p++)
    proact__ready_release(loop, p);
  return PROACT_OK;
}

#define PROACT_MECH_PUSH_(id, label)                                          \
  const proact__mech_ops_t id = {                                             \
      .name = label,                                                          \
      .setup = push_setup,                                                    \
      .arm = push_arm,                                                        \
      .progress = proact__mech_stub_progress, /* agents run on their own */  \
      .drain = push_drain,                                                    \
      .cleanup = push_cleanup,                                                \
  }

PROACT_MECH_PUSH_(proact__mech_poll_ops, "poll");
PROACT_MECH_PUSH_(proact__mech_trigger_ops, "trigger");
PROACT_MECH_PUSH_(proact__mech_dma_ops, "dma");
PROACT_MECH_PUSH_(proact__mech_inline_ops, "inline");
