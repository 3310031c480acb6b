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
#include "../base/grow.h"
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
 * the queue the part's teams append to, in order, and issues their peer
 * copies on the source device's copy queues. It takes every slot filled so
 * far at once and merges the pieces of one push that continue one another
 * (source and destination both contiguous) into one copy: chunks become
 * ready a wave of blocks at a time, and a copy costs the host 6-7 us to
 * issue (DESIGN.md section 4); with one copy per chunk the microbenchmark
 * took 1.64 ms per iteration with 1 MB chunks, merged 1.52
 * (bench/results/2026-11-22-h200x2-session8.md). It empties each slot it
 * took, so the queue is all zeros again for the loop's next execution. */
typedef struct dma_agent {
  pthread_t thread;
  int running;
  const proact__loop_t *loop;
  int part;
  proact__agent_result_t result;
  proact_status_t status;
  proact__ready_piece_t *batch; /* the pieces of the chunks taken at once */
  int batch_cap;
} dma_agent_t;

static dma_agent_t dma_agents[PROACT__DEV_MAX];

static int piece_order(const void *x, const void *y) {
  const proact__ready_piece_t *a = x, *b = y;
  if (a->push != b->push)
    return a->push < b->push ? -1 : 1;
  return a->src < b->src ? -1 : a->src > b->src;
}

/* Issues the batch's pieces, sorted, as few copies as contiguity allows.
 * Only pieces of one push merge: two arrays' buffers may lie end to end on
 * both devices, and a copy must not span two allocations. */
static proact_status_t dma_issue(dma_agent_t *a, int npieces, int src) {
  proact__ready_piece_t *pc = a->batch;
  qsort(pc, (size_t)npieces, sizeof(*pc), piece_order);
  for (int i = 0; i < npieces;) {
    proact__ready_piece_t run = pc[i++];
    while (i < npieces && pc[i].push == run.push &&
           pc[i].src == run.src + run.bytes &&
           pc[i].dst == run.dst + run.bytes)
      run.bytes += pc[i++].bytes;
    PROACT_CHECK(proact__dev_copy_peer((int)run.dst_dev, run.dst, src,
                                       run.src, (size_t)run.bytes));
  }
  return PROACT_OK;
}

static void *dma_main(void *arg) {
  dma_agent_t *a = arg;
  const proact__part_ready_t *pr = &a->loop->ready[a->part];
  const proact__ready_t *rd = &pr->host_view;
  volatile long long *slots = pr->q_slots; /* the teams fill them */
  const int src = a->loop->devs[a->part];
  const uint64_t timeout = watchdog_ns();
  uint64_t last = proact__now_ns();

  for (long long head = 0; head < pr->nready;) {
    int npieces = 0;
    uint64_t t0;
    while (slots[head] == 0) {
      if (proact__now_ns() - last > timeout) {
        a->result.stalled = head + 1;
        a->result.remaining = pr->nready - head;
        return NULL;
      }
      sched_yield();
    }
    t0 = proact__now_ns();
    /* Every slot filled so far: the first is, the rest may be. */
    for (; head < pr->nready && slots[head] != 0; head++) {
      __atomic_thread_fence(__ATOMIC_ACQUIRE);
      const long long c = slots[head] - 1;
      slots[head] = 0; /* empty for the next execution */
      if (c < 0 || c >= rd->ncounters) {
        a->status = PROACT_ERR_INVALID_PARAM;
        return NULL;
      }
      for (long long p = rd->piece_first[c]; p < rd->piece_first[c + 1];
           p++) {
        if (proact__grow((void **)&a->batch, &a->batch_cap, npieces,
                         sizeof(*a->batch)) != PROACT_OK) {
          a->status = PROACT_ERR_NO_MEMORY;
          return NULL;
        }
        a->batch[npieces++] = rd->pieces[p];
      }
    }
    a->status = dma_issue(a, npieces, src);
    if (a->status != PROACT_OK)
      return NULL;
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
    proact__ready_piece_t *batch = a->batch; /* kept between executions */
    int cap = a->batch_cap;
    memset(a, 0, sizeof(*a));
    a->batch = batch;
    a->batch_cap = cap;
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
