/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The dma mechanism: the team whose block makes a chunk ready appends it
 * to a queue in host memory the kernels can write (proact/detail/
 * device_ready.h), and a host thread of the source device takes the
 * chunks from it, in order, and issues their peer copies on the device's
 * copy queues. The thread is persistent (agent_thread.h:
 * "proact-dma-<dev>"); arm hands it the part, drain waits for it, then for
 * the copies it issued. No SM time. */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "agent_thread.h"
#include "check.h"
#include "clock.h"
#include "grow.h"
#include "loop.h"
#include "mech.h"
#include "rank_push.h"
#include "ready.h"
#include "trace.h"

/* The dma agent of one device, for the part of the loop it runs. It takes
 * every slot filled so far at once and merges the pieces of one push that
 * continue one another (source and destination both contiguous) into one
 * copy: chunks become ready a wave of blocks at a time, and issuing a copy
 * costs the host several microseconds. It empties each slot it
 * took, so the queue is all zeros again for the loop's next execution. */
typedef struct dma_agent {
  proact__agent_thread_t *thread; /* created on first use, kept */
  int armed;                      /* posted, not yet waited for */
  proact__loop_t *loop;
  int part;
  uint64_t timeout_ns;
  proact__agent_result_t result;
  proact_status_t status;
  proact__ready_piece_t *batch; /* the pieces of the chunks taken at once */
  int batch_cap;                /* (kept between executions) */
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
 * both devices, and a copy must not span two allocations. A piece of a
 * push to another rank's device (numbered after the loop's own pushes) is
 * staged for its push's message instead (rank_push.h). */
static proact_status_t dma_issue(dma_agent_t *a, int npieces, int src) {
  proact__ready_piece_t *pc = a->batch;
  proact__loop_t *loop = a->loop;
  qsort(pc, (size_t)npieces, sizeof(*pc), piece_order);
  for (int i = 0; i < npieces;) {
    proact__ready_piece_t run = pc[i++];
    const int to_rank = run.push >= loop->npushes;
    while (i < npieces && pc[i].push == run.push &&
           pc[i].src == run.src + run.bytes &&
           (to_rank || pc[i].dst == run.dst + run.bytes))
      run.bytes += pc[i++].bytes;
    if (to_rank)
      PROACT_CHECK(proact__rank_push_piece(
          loop, (int)(run.push - loop->npushes), run.src, (size_t)run.bytes));
    else
      PROACT_CHECK(proact__dev_copy_peer((int)run.dst_dev, run.dst, src,
                                         run.src, (size_t)run.bytes));
  }
  return PROACT_OK;
}

/* The job the agent thread runs for one execution of the part. */
static void dma_run(void *arg) {
  dma_agent_t *a = arg;
  const proact__part_ready_t *pr = &a->loop->mech_state->part[a->part];
  const proact__ready_t *rd = &pr->host_view;
  volatile long long *slots = pr->q_slots; /* the teams fill them */
  const int src = a->loop->plan->devs[a->part];
  uint64_t last = proact__now_ns();
  int ended = 0; /* the part's kernel returned */

  if (PROACT__TRACING())
    proact__trace_label("push");

  for (long long head = 0; head < pr->nready;) {
    int npieces = 0;
    uint64_t t0;
    while (slots[head] == 0) {
      if (proact__agent_stalled(pr->kernel_done, &ended, &last,
                                a->timeout_ns)) {
        a->result.stalled = head + 1;
        a->result.remaining = pr->nready - head;
        return;
      }
      if (proact__agent_thread_quitting())
        return;
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
        return;
      }
      if (PROACT__TRACING()) { /* seen ready when its slot was taken */
        proact__trace_ev_t ev = {.kind = PROACT__TEV_READY,
                                 .t0 = proact__now_ns(),
                                 .dev = src, .chunk = c};
        proact__trace_add(&ev);
      }
      for (long long p = rd->piece_first[c]; p < rd->piece_first[c + 1];
           p++) {
        if (proact__grow((void **)&a->batch, &a->batch_cap, npieces,
                         sizeof(*a->batch)) != PROACT_OK) {
          a->status = PROACT_ERR_NO_MEMORY;
          return;
        }
        a->batch[npieces++] = rd->pieces[p];
      }
    }
    a->status = dma_issue(a, npieces, src);
    if (a->status != PROACT_OK)
      return;
    last = proact__now_ns();
    a->result.busy_ns += last - t0;
  }
}

/* Wherever the backend has host memory the kernels write. */
static int dma_can_run(const proact__loop_desc_t *desc, const char **why_p) {
  (void)desc;
  if (proact__dev_has_host_queue())
    return 1;
  *why_p = "this device backend has no host queue";
  return 0;
}

static proact_status_t dma_setup(proact__loop_t *loop) {
  return proact__mech_push_setup(loop, PROACT__READY_DMA);
}

/* An active part's readiness state holds the pieces of its pushes to other
 * ranks (ready.c), which its agent stages as they become ready. */
static int dma_sends_rank_pushes(const proact__loop_t *loop, int part) {
  return proact__mech_push_active(loop, part);
}

static proact_status_t dma_arm(proact__loop_t *loop, int part) {
  const int dev = loop->plan->devs[part];
  dma_agent_t *a = &dma_agents[dev];

  if (!proact__mech_push_active(loop, part))
    return PROACT_OK;
  if (a->armed) /* its job must not change under it */
    return PROACT_ERR_INVALID_PARAM;
  a->loop = loop;
  a->part = part;
  a->timeout_ns = proact__mech_watchdog_ns();
  proact__mech_push_arm_watchdog(loop, part);
  memset(&a->result, 0, sizeof(a->result));
  a->status = PROACT_OK;
  PROACT_CHECK(proact__agent_thread_post(&a->thread, "dma", dev, dma_run, a));
  a->armed = 1;
  return PROACT_OK;
}

/* Waits for every part's agent, even after one failed, so that none still
 * reads the loop's state when the error ends the program. */
static proact_status_t dma_drain(proact__loop_t *loop) {
  uint64_t t0 = proact__now_ns();
  proact_status_t st = PROACT_OK;

  for (int p = 0; p < loop->plan->nparts; p++) {
    dma_agent_t *a = &dma_agents[loop->plan->devs[p]];
    proact__agent_result_t r = {0, 0, 0, 0, 0};
    int ran = a->armed;
    if (!proact__mech_push_active(loop, p))
      continue;
    if (ran) {
      proact__agent_thread_wait(a->thread);
      a->armed = 0;
      r = a->result;
      PROACT_CHECK_KEEP(a->status, st);
    }
    if (st != PROACT_OK)
      continue;
    if (r.stalled)
      proact__mech_push_stalled(loop, p, &r, "queue slot");
    if (ran)
      PROACT__STATS_ADD(loop->stats, PROACT__STAT_AGENT_EXECS, 1);
    proact__mech_push_account(loop, p, &r);
  }
  if (st != PROACT_OK)
    return st;
  PROACT_CHECK(proact__dev_sync_all()); /* the copies in flight */
  return proact__mech_push_finish(loop, t0);
}

const proact__mech_ops_t proact__mech_dma_ops = {
    .id = PROACT_MECH_DMA,
    .caps = PROACT__MECH_CAP_PUSH,
    .can_run = dma_can_run,
    .setup = dma_setup,
    .arm = dma_arm,
    .part_kernel = proact__mech_push_part_kernel,
    .part_end = proact__mech_push_part_end,
    .sends_rank_pushes = dma_sends_rank_pushes,
    .drain = dma_drain,
    .cleanup = proact__mech_push_cleanup,
};
