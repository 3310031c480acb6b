/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Pushes between ranks (rank_push.h). */
#include <stdlib.h>

#include "check.h"
#include "dev.h"
#include "error_report.h"
#include "log.h"
#include "core_param.h"
#include "rank.h"
#include "rank_push.h"

/* The state of one push between ranks on this rank: its tag, stage and
 * transfer; all zero where this rank is neither end. */
struct proact__rank_xfer {
  int tag;
  int peer; /* -1: not this rank's */
  void *stage;
  proact__rank_req_t *req;
  int by_agent;    /* sent by the dma agent, chunk by chunk */
  const char *src; /* the source device's address of the push's byte lo */
  size_t left;     /* bytes the agent has not staged yet */
};

int proact__rank_push_on(void) {
  return proact__rank_count() > 1 &&
         proact__param_get(PROACT__PARAM_RANK_PUSH)->i != 0;
}

static int rp_src(const proact__loop_t *loop, const proact__push_t *p) {
  return loop->plan->devs[p->part];
}

void proact__rank_push_post(proact__loop_t *loop) {
  const int me = proact__rank_self();
  if (loop->nrpushes == 0)
    return;
  loop->rxfers = calloc((size_t)loop->nrpushes, sizeof(*loop->rxfers));
  if (loop->rxfers == NULL)
    proact__fatal(loop->file, loop->line, loop->col, "out of host memory");
  for (int i = 0; i < loop->nrpushes; i++) {
    const proact__push_t *p = &loop->rpushes[i];
    proact__rank_xfer_t *x = &loop->rxfers[i];
    const int from = proact__dev_rank(rp_src(loop, p));
    const int to = proact__dev_rank(p->dst);
    const size_t bytes = (size_t)(p->hi - p->lo);
    x->peer = -1;
    if (from == me) {
      x->peer = to;
      x->tag = proact__rank_reserve(to, 1);
      /* Under dma an instrumented part's readiness state holds the push's
       * pieces, and its agent stages them as they become ready. */
      x->by_agent = loop->mech->sends_rank_pushes != NULL &&
                    loop->mech->sends_rank_pushes(loop, p->part);
      if (x->by_agent) {
        const int src = rp_src(loop, p);
        x->src = proact__present_dev_addr(p->entry, src,
                                          p->entry->host_lo + p->lo);
        x->left = bytes;
        if ((x->stage = malloc(bytes > 0 ? bytes : 1)) == NULL)
          proact__fatal(loop->file, loop->line, loop->col,
                        "out of host memory");
      }
    } else if (to == me) {
      x->peer = from;
      x->tag = proact__rank_reserve(from, 0);
      if ((x->stage = malloc(bytes > 0 ? bytes : 1)) == NULL)
        proact__fatal(loop->file, loop->line, loop->col,
                      "out of host memory");
      x->req = proact__rank_irecv(from, x->tag, x->stage, bytes);
    }
  }
}

void proact__rank_push_send(proact__loop_t *loop, int part) {
  const int src = loop->plan->devs[part];
  for (int i = 0; i < loop->nrpushes; i++) {
    const proact__push_t *p = &loop->rpushes[i];
    proact__rank_xfer_t *x = &loop->rxfers[i];
    const size_t bytes = (size_t)(p->hi - p->lo);
    proact_status_t st;
    if (p->part != part || x->peer < 0 || x->by_agent)
      continue;
    if ((x->stage = malloc(bytes > 0 ? bytes : 1)) == NULL)
      proact__fatal(loop->file, loop->line, loop->col, "out of host memory");
    st = proact__dev_copy_to_host(
        x->stage, src,
        proact__present_dev_addr(p->entry, src, p->entry->host_lo + p->lo),
        bytes);
    if (st == PROACT_OK)
      st = proact__dev_sync_dev(src);
    if (st != PROACT_OK)
      proact__fatal(loop->file, loop->line, loop->col,
                    "staging %s bytes [%llu, %llu) of device %d for rank %d "
                    "failed: %s",
                    p->entry->name, (unsigned long long)p->lo,
                    (unsigned long long)p->hi, src, x->peer,
                    proact_status_string(st));
    proact__info(PROACT__SUBSYS_MECH,
                 "%s:%d push %s bytes [%llu, %llu) device %d -> %d (rank %d)",
                 loop->file, loop->line, p->entry->name,
                 (unsigned long long)p->lo, (unsigned long long)p->hi, src,
                 p->dst, x->peer);
    x->req = proact__rank_isend(x->peer, x->tag, x->stage, bytes);
  }
}

proact_status_t proact__rank_push_piece(proact__loop_t *loop, int r,
                                        const void *src, size_t bytes) {
  const proact__push_t *p;
  proact__rank_xfer_t *x;
  int dev;
  if (r < 0 || r >= loop->nrpushes || !loop->rxfers[r].by_agent)
    return PROACT_ERR_INVALID_PARAM;
  p = &loop->rpushes[r];
  x = &loop->rxfers[r];
  dev = rp_src(loop, p);
  if ((const char *)src < x->src || bytes > x->left ||
      (size_t)((const char *)src - x->src) + bytes > (size_t)(p->hi - p->lo))
    return PROACT_ERR_INVALID_PARAM;
  PROACT_CHECK(proact__dev_copy_to_host(
      (char *)x->stage + ((const char *)src - x->src), dev, src, bytes));
  x->left -= bytes;
  if (x->left > 0)
    return PROACT_OK;
  PROACT_CHECK(proact__dev_sync_dev(dev)); /* the stage is filled */
  proact__info(PROACT__SUBSYS_MECH,
               "%s:%d push %s bytes [%llu, %llu) device %d -> %d (rank %d, "
               "by the dma agent)",
               loop->file, loop->line, p->entry->name,
               (unsigned long long)p->lo, (unsigned long long)p->hi, dev,
               p->dst, x->peer);
  x->req = proact__rank_isend(x->peer, x->tag, x->stage, (size_t)(p->hi - p->lo));
  return PROACT_OK;
}

void proact__rank_push_finish(proact__loop_t *loop) {
  proact__rank_req_t **reqs;
  uint64_t bytes = 0;
  proact_status_t st = PROACT_OK;

  if (loop->nrpushes == 0)
    return;
  reqs = malloc((size_t)loop->nrpushes * sizeof(*reqs));
  if (reqs == NULL)
    proact__fatal(loop->file, loop->line, loop->col, "out of host memory");
  for (int i = 0; i < loop->nrpushes; i++) {
    const proact__rank_xfer_t *x = &loop->rxfers[i];
    /* A send its part did not issue (a part with no iterations writes
     * nothing, so it has no pushes) would leave its receiver waiting. */
    if (x->peer >= 0 && x->req == NULL)
      proact__fatal(loop->file, loop->line, loop->col,
                    "push %d to rank %d was never sent", i, x->peer);
    reqs[i] = x->req;
  }
  proact__rank_waitall(reqs, loop->nrpushes);
  free(reqs);
  for (int i = 0; i < loop->nrpushes && st == PROACT_OK; i++) {
    const proact__push_t *p = &loop->rpushes[i];
    proact__rank_xfer_t *x = &loop->rxfers[i];
    x->req = NULL;
    if (x->peer < 0)
      continue;
    bytes += p->hi - p->lo;
    if (proact__dev_rank(p->dst) == proact__rank_self())
      st = proact__dev_copy_to_dev(
          p->dst,
          proact__present_dev_addr(p->entry, p->dst,
                                   p->entry->host_lo + p->lo),
          x->stage, (size_t)(p->hi - p->lo));
  }
  if (st == PROACT_OK)
    st = proact__dev_sync_all(); /* the stages are freed below */
  if (st != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col,
                  "copying what other ranks pushed to this rank's devices "
                  "failed: %s",
                  proact_status_string(st));
  for (int i = 0; i < loop->nrpushes; i++)
    free(loop->rxfers[i].stage);
  free(loop->rxfers);
  loop->rxfers = NULL;
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_RANK_PUSH_BYTES, bytes);
}
