/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The pulls before a loop's kernels (pull.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "check.h"
#include "error_report.h"
#include "grow.h"
#include "log.h"
#include "core_param.h"
#include "pull.h"
#include "push.h"
#include "replica.h"
#include "runs.h"
#include "span.h"
#include "trace.h"
#include "validity.h"
#include "window.h"

/* Byte offsets [lo, hi) of a region entry that one part needs current on
 * its device before its kernel runs. */
typedef struct loop_need {
  proact__present_t *entry;
  int part;
  uint64_t lo;
  uint64_t hi;
} loop_need_t;

static int need_cmp(const void *pa, const void *pb) {
  const loop_need_t *a = pa, *b = pb;
  if (a->entry != b->entry) /* by serial: the same order on every rank */
    return proact__present_order(a->entry, b->entry);
  if (a->part != b->part)
    return a->part - b->part;
  return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* The needs of a loop, growing. */
typedef struct need_list {
  proact__loop_t *loop;
  loop_need_t *v;
  int n;
  int cap;
} need_list_t;

/* Appends elements [lo, hi] (inclusive) of array, clamped to its section,
 * as byte offsets of entry; a read (read != 0) is also recorded for the
 * pushes of later loops. Reads outside the section are the user's bug:
 * the section is all a replica holds. */
static void need_add(need_list_t *l, proact__present_t *entry, int part,
                     const proact__array_t *array, __int128 lo, __int128 hi,
                     int read) {
  loop_need_t *nd;
  if (proact__grow((void **)&l->v, &l->cap, l->n, sizeof(*l->v)) !=
      PROACT_OK)
    proact__fatal(l->loop->file, l->loop->line, l->loop->col,
                  "out of host memory");
  nd = &l->v[l->n];
  if (!proact__span_bytes(array, entry->host_lo, lo, hi, &nd->lo, &nd->hi))
    return;
  nd->entry = entry;
  nd->part = part;
  l->n++;
  if (read) /* the consumers later loops push to (push.h) */
    proact__push_note_read(l->loop, entry, l->loop->plan->devs[part], nd->lo,
                           nd->hi);
}

/* The runs of one read (site, piece) are recorded one by one rather than
 * as their hull when they are at most PULL_READ_RUNS_MAX and the gaps
 * between them at least PULL_READ_GAP_MIN bytes: a column read then moves
 * its columns, not the rows between them, while a[2*i], whose gaps are
 * cheaper to copy along than to copy around, stays one range
 * (docs/user/limits.md). */
#define PULL_READ_RUNS_MAX 4096
#define PULL_READ_GAP_MIN 128

typedef struct need_runs {
  need_list_t *list;
  proact__present_t *entry;
  int part;
  const proact__array_t *array;
} need_runs_t;

static int need_add_run(void *arg, __int128 lo, __int128 hi) {
  need_runs_t *nr = arg;
  need_add(nr->list, nr->entry, nr->part, nr->array, lo, hi, 1);
  return 0;
}

/* What part reads of site in iterations [klo, khi). */
static void need_add_read(need_list_t *l, const proact__loop_desc_t *desc,
                          const proact__access_t *site,
                          proact__present_t *entry, int part,
                          const proact__array_t *array, long long klo,
                          long long khi) {
  proact__runs_t runs;
  int exact;
  if (!proact__runs_of_site(site, desc->first, desc->step, klo, khi, &runs,
                            &exact))
    return;
  if (exact && runs.nlevels > 0 &&
      proact__runs_count(&runs) <= PULL_READ_RUNS_MAX &&
      (runs.stride[0] - runs.len) * (__int128)array->elem_size >=
          PULL_READ_GAP_MIN) {
    need_runs_t nr = {l, entry, part, array};
    proact__runs_each(&runs, need_add_run, &nr);
    return;
  }
  need_add(l, entry, part, array, runs.start, proact__runs_last(&runs), 1);
}

/* The pulls of one (entry, part): pieces lacking the part's device, merged
 * while contiguous with the same source; each issued copy is also recorded
 * in marks[] (its bytes become valid on the device), applied once every
 * copy completed. */
typedef struct loop_pull {
  proact__loop_t *loop;
  proact__present_t *entry;
  int dst;
  int src;      /* -1: no pending copy */
  uint64_t lo;  /* pending copy */
  uint64_t hi;
  int nmarks;
  int cap;
  proact__validity_mark_t *marks;
  int part;    /* whose needs are walked */
  int issued;  /* a copy was issued here, not left to a part */
  proact_status_t status;
} loop_pull_t;

/* Leaves a pull between this rank's devices (or from the host) to its
 * part's thread; returns 0 for one that involves another rank. */
static int pull_defer(loop_pull_t *pl, void *to, const void *from,
                      size_t bytes) {
  proact__loop_t *loop = pl->loop;
  const int host = pl->src == PROACT__DEVMASK_HOST_BIT;
  if (!proact__dev_is_local(pl->dst) ||
      (!host && !proact__dev_is_local(pl->src)))
    return 0;
  if (proact__grow((void **)&loop->pull_copies, &loop->cap_pull_copies,
                   loop->npull_copies, sizeof(*loop->pull_copies)) !=
      PROACT_OK) {
    pl->status = PROACT_ERR_NO_MEMORY;
    return 1;
  }
  loop->pull_copies[loop->npull_copies++] = (proact__pull_copy_t){
      pl->part, host ? -1 : pl->src, pl->dst, to, from, bytes};
  return 1;
}

static proact_status_t pull_flush(loop_pull_t *pl) {
  proact__present_t *entry = pl->entry;
  char *host = entry->host_lo + pl->lo;
  size_t bytes = (size_t)(pl->hi - pl->lo);
  size_t elem = entry->elem_size;
  char from[16];
  proact_status_t st;

  if (pl->src < 0)
    return PROACT_OK;
  if (pl->src == PROACT__DEVMASK_HOST_BIT) {
    /* From the host array: memory the program unmapped would crash the
     * copy. */
    char when[256];
    snprintf(when, sizeof(when), "the loop at %s:%d", pl->loop->file,
             pl->loop->line);
    if (!entry->implicit)
      proact__replica_check_host(entry, when);
    snprintf(from, sizeof(from), "host");
  } else
    snprintf(from, sizeof(from), "device %d", pl->src);
  proact__info(PROACT__SUBSYS_MECH,
               "%s:%d pull %s[%lld..%lld] (%zu bytes) %s -> device %d",
               pl->loop->file, pl->loop->line, entry->name,
               entry->lo + (long long)(pl->lo / elem),
               entry->lo + (long long)((pl->hi - 1) / elem), bytes, from,
               pl->dst);
  if (pl->src != PROACT__DEVMASK_HOST_BIT &&
      proact__param_get(PROACT__PARAM_ELIDE)->i) {
    st = PROACT_OK; /* the infinite-bandwidth bound: as if it arrived */
  } else {
    void *to = proact__present_dev_addr(entry, pl->dst, host);
    const void *at = pl->src == PROACT__DEVMASK_HOST_BIT /* no device */
                         ? host
                         : proact__present_dev_addr(entry, pl->src, host);
    if (pull_defer(pl, to, at, bytes)) {
      st = pl->status;
    } else {
      pl->issued = 1;
      st = pl->src == PROACT__DEVMASK_HOST_BIT
               ? proact__dev_copy_to_dev(pl->dst, to, at, bytes)
               : proact__dev_copy_peer(pl->dst, to, pl->src, at, bytes);
    }
  }
  if (st != PROACT_OK) {
    pl->status = st;
    return st;
  }
  if (proact__grow((void **)&pl->marks, &pl->cap, pl->nmarks,
                   sizeof(*pl->marks)) != PROACT_OK) {
    pl->status = PROACT_ERR_NO_MEMORY;
    return pl->status;
  }
  pl->marks[pl->nmarks++] = (proact__validity_mark_t){
      entry->valid, {pl->lo, pl->hi, PROACT__DEVMASK(pl->dst)}};
  pl->src = -1;
  return PROACT_OK;
}

static proact_status_t pull_piece(void *arg, uint64_t lo, uint64_t hi,
                                  proact__devmask_t mask) {
  loop_pull_t *pl = arg;
  int src;

  if (mask == 0) {
    /* Cannot happen: every byte is valid somewhere (the host included). */
    proact__error("no replica of %s holds bytes [%llu, %llu)",
                  pl->entry->name, (unsigned long long)lo,
                  (unsigned long long)hi);
    return pl->status = PROACT_ERR_INVALID_PARAM;
  }
  src = proact__devmask_first(mask);
  if (src == pl->src && lo == pl->hi) {
    pl->hi = hi;
    return PROACT_OK;
  }
  PROACT_CHECK(pull_flush(pl));
  pl->src = src;
  pl->lo = lo;
  pl->hi = hi;
  return PROACT_OK;
}

/* Sorted needs merged in place into disjoint ranges per (entry, part);
 * returns how many are left. */
static int need_merge(loop_need_t *needs, int n) {
  int m = 0;
  for (int i = 0; i < n; i++) {
    loop_need_t *last = m > 0 ? &needs[m - 1] : NULL;
    if (last != NULL && last->entry == needs[i].entry &&
        last->part == needs[i].part && needs[i].lo <= last->hi) {
      if (needs[i].hi > last->hi)
        last->hi = needs[i].hi;
      continue;
    }
    needs[m++] = needs[i];
  }
  return m;
}

/* Grows each part's window of a distributed entry to the hull of the
 * part's merged needs, before any pull reads or writes a window. */
static void loop_windows(const proact__loop_t *loop,
                         const proact__loop_desc_t *desc,
                         const loop_need_t *needs, int n) {
  for (int i = 0, j; i < n; i = j) {
    proact__present_t *entry = needs[i].entry;
    for (j = i + 1; j < n && needs[j].entry == entry &&
                    needs[j].part == needs[i].part;
         j++)
      ;
    if (entry->distribute)
      proact__window_cover(
          entry,
          proact__present_dev_index(entry, loop->plan->devs[needs[i].part]),
          needs[i].lo, needs[j - 1].hi, desc->file, desc->line, desc->col);
  }
}

/* Makes every part's replicas current where the part reads or writes
 * (see the top of this file); returns whether the loop has a read of
 * unknown extent (whole). The copies are waited for here, unless none was
 * issued. */
int proact__loop_pull(proact__loop_t *loop, const proact__loop_desc_t *desc,
                      proact__present_t *const *entries) {
  loop_pull_t pl = {loop, NULL, -1, -1, 0, 0, 0, 0, NULL, 0, 0, PROACT_OK};
  need_list_t l = {loop, NULL, 0, 0};
  loop_need_t *needs;
  int n, whole = 0;

  if (desc->nreads < 0 || (desc->nreads > 0 && desc->reads == NULL))
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid loop: %d reads at %p", desc->nreads,
                  (const void *)desc->reads);

  for (int r = 0; r < desc->nreads; r++) {
    const proact__access_t *site = &desc->reads[r];
    const proact__array_t *array;
    proact__present_t *entry;
    if (site->array < 0 || site->array >= desc->narrays)
      proact__fatal(desc->file, site->line, site->col,
                    "load refers to array %d of %d", site->array,
                    desc->narrays);
    if (site->empty)
      continue;
    whole |= site->whole != 0;
    array = &desc->arrays[site->array];
    entry = entries[site->array];
    if (!proact__present_tracked(entry))
      continue;
    for (int p = 0; p < loop->plan->nparts; p++) {
      if (loop->plan->lo[p] >= loop->plan->hi[p])
        continue;
      if (site->whole) { /* once per part */
        need_add(&l, entry, p, array, array->lo,
                 (__int128)array->lo + array->len - 1, 1);
        continue;
      }
      for (long long j = 0; j < proact__plan_part_npieces(loop->plan, p); j++) {
        long long klo, khi;
        proact__plan_part_piece(loop->plan, p, j, &klo, &khi);
        need_add_read(&l, desc, site, entry, p, array, klo, khi);
      }
    }
  }
  /* Write spans: inside the section (checked), merged per (entry, part). */
  for (int x = 0; x < loop->plan->nxfers; x++) {
    const proact__loop_xfer_t *xf = &loop->plan->xfers[x];
    if (!proact__present_tracked(xf->entry))
      continue;
    if (proact__grow((void **)&l.v, &l.cap, l.n, sizeof(*l.v)) != PROACT_OK)
      proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
    l.v[l.n].entry = xf->entry;
    l.v[l.n].part = xf->part;
    l.v[l.n].lo = (uint64_t)(xf->host_lo - xf->entry->host_lo);
    l.v[l.n].hi = (uint64_t)(xf->host_hi - xf->entry->host_lo);
    l.n++;
  }
  needs = l.v;
  n = l.n;

  /* Per (entry, part), the union of its ranges, walked for what the part's
   * device lacks. The maps are changed only after every copy completed: a
   * pulled range must not serve as a source while still in flight. */
  qsort(needs, (size_t)n, sizeof(*needs), need_cmp);
  n = need_merge(needs, n);
  loop_windows(loop, desc, needs, n);
  proact__dev_rank_batch_begin(); /* the pulls between ranks, all at once */
  for (int i = 0; i < n && pl.status == PROACT_OK; i++) {
    pl.entry = needs[i].entry;
    pl.part = needs[i].part;
    pl.dst = loop->plan->devs[needs[i].part];
    pl.src = -1;
    if (proact__validity_walk_lacking(pl.entry->valid, needs[i].lo,
                                      needs[i].hi, pl.dst, pull_piece,
                                      &pl) == PROACT_OK)
      pull_flush(&pl);
  }
  free(needs);
  {
    proact_status_t st = proact__dev_rank_batch_end();
    if (pl.status == PROACT_OK)
      pl.status = st;
  }
  if (pl.issued || pl.status != PROACT_OK) {
    proact_status_t st = proact__dev_sync_all();
    if (pl.status == PROACT_OK)
      pl.status = st;
  }
  if (pl.status != PROACT_OK)
    proact__fatal(desc->file, desc->line, desc->col,
                  "copying what the loop reads between devices failed: %s",
                  proact_status_string(pl.status));
  if (proact__validity_apply_marks(pl.marks, pl.nmarks, 1) != PROACT_OK)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  free(pl.marks);
  return whole;
}

void proact__loop_pull_part(proact__loop_t *loop, int part) {
  uint64_t wait = 0; /* devices whose queues carry the part's copies */
  proact_status_t st = PROACT_OK;

  proact__trace_phase_t phase;
  int n = 0;

  if (loop->pulled[part])
    return;
  loop->pulled[part] = 1;
  for (int i = 0; i < loop->npull_copies; i++)
    n += loop->pull_copies[i].part == part;
  if (n == 0)
    return;
  proact__trace_phase_begin(&phase, "part pull", "pull", loop->file,
                            loop->line);
  for (int i = 0; i < loop->npull_copies && st == PROACT_OK; i++) {
    const proact__pull_copy_t *c = &loop->pull_copies[i];
    if (c->part != part)
      continue;
    if (c->src < 0) {
      st = proact__dev_copy_to_dev(c->dst, c->to, c->from, c->bytes);
      wait |= 1ull << c->dst;
    } else {
      st = proact__dev_copy_peer(c->dst, c->to, c->src, c->from, c->bytes);
      wait |= 1ull << c->src;
    }
  }
  for (int d = 0; d < PROACT__DEV_MAX && wait != 0 && st == PROACT_OK; d++)
    if (wait & (1ull << d))
      st = proact__dev_sync_dev(d);
  proact__trace_phase_end(&phase);
  if (st != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col,
                  "copying what part %d of the loop reads to device %d "
                  "failed: %s",
                  part, loop->plan->devs[part], proact_status_string(st));
}

void proact__loop_pull_parts(proact__loop_t *loop) {
  for (int p = 0; p < loop->plan->nparts; p++)
    proact__loop_pull_part(loop, p);
}
