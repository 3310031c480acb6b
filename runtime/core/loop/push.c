/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Push planning and bookkeeping (push.h). */
#include <stdlib.h>

#include "dev.h"
#include "error_report.h"
#include "grow.h"
#include "log.h"
#include "presence.h"
#include "push.h"
#include "rank_push.h"
#include "validity.h"

typedef struct push_walk {
  proact__loop_t *loop;
  const proact__loop_xfer_t *xfer;
  int rank_push; /* PROACT_RANK_PUSH under several ranks */
} push_walk_t;

static void push_append(proact__loop_t *loop, const proact__push_t *push) {
  if (proact__grow((void **)&loop->pushes, &loop->cap_pushes, loop->npushes,
                   sizeof(*loop->pushes)) != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col, "out of host memory");
  loop->pushes[loop->npushes++] = *push;
}

static void push_append_rank(proact__loop_t *loop,
                             const proact__push_t *push) {
  if (proact__grow((void **)&loop->rpushes, &loop->cap_rpushes,
                   loop->nrpushes, sizeof(*loop->rpushes)) != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col, "out of host memory");
  loop->rpushes[loop->nrpushes++] = *push;
}

/* Whether dev's copy of entry covers offsets [lo, hi). */
/* Whether dev's copy holds [lo, hi): a replica, or a window that covers
 * it. From the window's bounds, which every rank keeps for every device
 * (window.c), so that every rank plans the same pushes. */
static int push_covered(const proact__present_t *entry, int dev, uint64_t lo,
                        uint64_t hi) {
  int i = proact__present_dev_index(entry, dev);
  return i >= 0 && entry->wlo[i] < entry->whi[i] &&
         (entry->ptrs[i] != NULL || !proact__dev_is_local(dev)) &&
         entry->wlo[i] <= lo && hi <= entry->whi[i];
}

static proact_status_t push_piece(void *arg, uint64_t lo, uint64_t hi,
                                  proact__devmask_t readers) {
  push_walk_t *w = arg;
  const proact__loop_xfer_t *x = w->xfer;
  int src = w->loop->plan->devs[x->part];

  readers &= ~(PROACT__DEVMASK(src) | PROACT__DEVMASK_HOST);
  while (readers != 0) {
    int dst = proact__devmask_first(readers);
    readers &= readers - 1;
    if (!push_covered(x->entry, dst, lo, hi))
      continue;
    /* Between ranks: sent during the loop (rank_push.h), or pulled by
     * the next loop when that is off. */
    if (proact__dev_rank(dst) != proact__dev_rank(src)) {
      if (w->rank_push)
        push_append_rank(w->loop,
                         &(proact__push_t){x->entry, x->part, dst, lo, hi});
      continue;
    }
    push_append(w->loop, &(proact__push_t){x->entry, x->part, dst, lo, hi});
  }
  return PROACT_OK;
}

void proact__push_plan(proact__loop_t *loop) {
  push_walk_t w = {loop, NULL, proact__rank_push_on()};
  for (int i = 0; i < loop->plan->nxfers; i++) {
    const proact__loop_xfer_t *x = &loop->plan->xfers[i];
    if (!proact__present_tracked(x->entry) || x->entry->implicit)
      continue;
    w.xfer = x;
    proact__validity_walk(x->entry->readers,
                          (uint64_t)(x->host_lo - x->entry->host_lo),
                          (uint64_t)(x->host_hi - x->entry->host_lo),
                          push_piece, &w);
  }
  for (int i = 0; i < loop->npushes; i++)
    proact__info(PROACT__SUBSYS_MECH,
                 "%s:%d plan push %s bytes [%llu, %llu) device %d -> %d",
                 loop->file, loop->line, loop->pushes[i].entry->name,
                 (unsigned long long)loop->pushes[i].lo,
                 (unsigned long long)loop->pushes[i].hi,
                 loop->plan->devs[loop->pushes[i].part], loop->pushes[i].dst);
  for (int i = 0; i < loop->nrpushes; i++)
    proact__info(PROACT__SUBSYS_MECH,
                 "%s:%d plan push %s bytes [%llu, %llu) device %d -> %d "
                 "(between ranks)",
                 loop->file, loop->line, loop->rpushes[i].entry->name,
                 (unsigned long long)loop->rpushes[i].lo,
                 (unsigned long long)loop->rpushes[i].hi,
                 loop->plan->devs[loop->rpushes[i].part], loop->rpushes[i].dst);
}

void proact__push_note_read(proact__loop_t *loop, proact__present_t *entry,
                            int dev, uint64_t lo, uint64_t hi) {
  if (proact__grow((void **)&loop->readrecs, &loop->cap_readrecs,
                   loop->nreadrecs, sizeof(*loop->readrecs)) != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col, "out of host memory");
  loop->readrecs[loop->nreadrecs++] = (proact__read_rec_t){entry, dev, lo, hi};
}

/* Each step is one pass per map (maps are NULL-skipped by apply_marks):
 * pushed ranges become valid on their destinations, the readers of what
 * the loop wrote are reset, then this loop's reads are recorded. */
void proact__push_commit(proact__loop_t *loop, int delivered) {
  int cap = loop->npushes + loop->nrpushes + loop->plan->nxfers +
                loop->nreadrecs + 1,
      n = 0;
  proact__validity_mark_t *m = malloc((size_t)cap * sizeof(*m));
  proact_status_t st = m != NULL ? PROACT_OK : PROACT_ERR_NO_MEMORY;

  for (int i = 0; st == PROACT_OK && delivered && i < loop->npushes; i++)
    m[n++] = (proact__validity_mark_t){
        loop->pushes[i].entry->valid,
        {loop->pushes[i].lo, loop->pushes[i].hi,
         PROACT__DEVMASK(loop->pushes[i].dst)}};
  /* Every rank marks the pushes between ranks, as every rank planned them:
   * the maps stay equal. rank_push_finish delivered them or ended the
   * program. */
  for (int i = 0; st == PROACT_OK && i < loop->nrpushes; i++)
    m[n++] = (proact__validity_mark_t){
        loop->rpushes[i].entry->valid,
        {loop->rpushes[i].lo, loop->rpushes[i].hi,
         PROACT__DEVMASK(loop->rpushes[i].dst)}};
  if (st == PROACT_OK)
    st = proact__validity_apply_marks(m, n, 1);
  n = 0;
  for (int i = 0; st == PROACT_OK && i < loop->plan->nxfers; i++) {
    const proact__loop_xfer_t *x = &loop->plan->xfers[i];
    m[n++] = (proact__validity_mark_t){
        x->entry->readers,
        {(uint64_t)(x->host_lo - x->entry->host_lo),
         (uint64_t)(x->host_hi - x->entry->host_lo), 0}};
  }
  if (st == PROACT_OK)
    st = proact__validity_apply_marks(m, n, 0);
  n = 0;
  for (int i = 0; st == PROACT_OK && i < loop->nreadrecs; i++) {
    const proact__read_rec_t *r = &loop->readrecs[i];
    m[n++] = (proact__validity_mark_t){
        r->entry->readers, {r->lo, r->hi, PROACT__DEVMASK(r->dev)}};
  }
  if (st == PROACT_OK)
    st = proact__validity_apply_marks(m, n, 1);
  free(m);
  if (st != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col, "out of host memory");
}
