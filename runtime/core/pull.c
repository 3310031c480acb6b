/* The pulls before a loop's kernels (pull.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "check.h"
#include "error_report.h"
#include "grow.h"
#include "log.h"
#include "pull.h"
#include "push.h"
#include "span.h"
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
  if (a->entry != b->entry)
    return (uintptr_t)a->entry < (uintptr_t)b->entry ? -1 : 1;
  if (a->part != b->part)
    return a->part - b->part;
  return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* Appends elements [lo, hi] (inclusive) of array, clamped to its section,
 * as byte offsets of entry. Reads outside the section are the user's bug:
 * the section is all a replica holds. */
static void need_add(loop_need_t *needs, int *n, proact__present_t *entry,
                     int part, const proact__array_t *array, __int128 lo,
                     __int128 hi) {
  if (!proact__span_bytes(array, entry->host_lo, lo, hi, &needs[*n].lo,
                          &needs[*n].hi))
    return;
  needs[*n].entry = entry;
  needs[*n].part = part;
  (*n)++;
}

/* The pulls of one (entry, part): pieces lacking the part's device, merged
 * while contiguous with the same source; each issued copy is also recorded
 * in marks[] (its bytes become valid on the device), applied once every
 * copy completed. */
typedef struct loop_pull {
  const proact__loop_t *loop;
  proact__present_t *entry;
  int dst;
  int src;      /* -1: no pending copy */
  uint64_t lo;  /* pending copy */
  uint64_t hi;
  int nmarks;
  int cap;
  proact__validity_mark_t *marks;
  proact_status_t status;
} loop_pull_t;

static proact_status_t pull_flush(loop_pull_t *pl) {
  proact__present_t *entry = pl->entry;
  char *host = entry->host_lo + pl->lo;
  size_t bytes = (size_t)(pl->hi - pl->lo);
  size_t elem = entry->elem_size;
  char from[16];
  proact_status_t st;

  if (pl->src < 0)
    return PROACT_OK;
  if (pl->src == PROACT__DEVMASK_HOST_BIT)
    snprintf(from, sizeof(from), "host");
  else
    snprintf(from, sizeof(from), "device %d", pl->src);
  proact__info(PROACT__SUBSYS_MECH,
               "%s:%d pull %s[%lld..%lld] (%zu bytes) %s -> device %d",
               pl->loop->file, pl->loop->line, entry->name,
               entry->lo + (long long)(pl->lo / elem),
               entry->lo + (long long)((pl->hi - 1) / elem), bytes, from,
               pl->dst);
  if (pl->src == PROACT__DEVMASK_HOST_BIT) /* no device holds it */
    st = proact__dev_copy_to_dev(
        pl->dst, proact__present_dev_addr(entry, pl->dst, host), host, bytes);
  else if (proact__param_get(PROACT__PARAM_ELIDE)->i)
    st = PROACT_OK; /* the infinite-bandwidth bound: as if it arrived */
  else
    st = proact__dev_copy_peer(
        pl->dst, proact__present_dev_addr(entry, pl->dst, host), pl->src,
        proact__present_dev_addr(entry, pl->src, host), bytes);
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
          entry, proact__present_dev_index(entry, loop->devs[needs[i].part]),
          needs[i].lo, needs[j - 1].hi, desc->file, desc->line, desc->col);
  }
}

/* Makes every part's replicas current where the part reads or writes
 * (see the top of this file); returns whether the loop has a read of
 * unknown extent (whole). The copies are waited for here, unless none was
 * issued. */
int proact__loop_pull(proact__loop_t *loop, const proact__loop_desc_t *desc,
                      proact__present_t *const *entries) {
  loop_pull_t pl = {loop, NULL, -1, -1, 0, 0, 0, 0, NULL, PROACT_OK};
  loop_need_t *needs;
  int n = 0, whole = 0;

  if (desc->nreads < 0 || (desc->nreads > 0 && desc->reads == NULL))
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid loop: %d reads at %p", desc->nreads,
                  (const void *)desc->reads);
  long long pieces = 0;
  for (int p = 0; p < loop->nparts; p++)
    pieces += proact__loop_part_npieces(loop, p);
  needs = calloc((size_t)desc->nreads * (size_t)(pieces + loop->nparts) +
                     (size_t)loop->nxfers + 1,
                 sizeof(*needs));
  if (needs == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");

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
    for (int p = 0; p < loop->nparts; p++) {
      if (loop->lo[p] >= loop->hi[p])
        continue;
      if (site->whole) { /* once per part */
        int before = n;
        need_add(needs, &n, entry, p, array, array->lo,
                 (__int128)array->lo + array->len - 1);
        if (n > before) /* the consumers later loops push to (push.h) */
          proact__push_note_read(loop, entry, loop->devs[p],
                                 needs[n - 1].lo, needs[n - 1].hi);
        continue;
      }
      for (long long j = 0; j < proact__loop_part_npieces(loop, p); j++) {
        proact__span_t span;
        long long klo, khi;
        int before = n;
        proact__loop_part_piece(loop, p, j, &klo, &khi);
        if (proact__span_of_site(site, desc->first, desc->step, klo, khi,
                                 &span))
          need_add(needs, &n, entry, p, array, span.lo, span.hi);
        if (n > before)
          proact__push_note_read(loop, entry, loop->devs[p],
                                 needs[n - 1].lo, needs[n - 1].hi);
      }
    }
  }
  /* Write spans: inside the section (checked), merged per (entry, part). */
  for (int x = 0; x < loop->nxfers; x++) {
    const proact__loop_xfer_t *xf = &loop->xfers[x];
    if (!proact__present_tracked(xf->entry))
      continue;
    needs[n].entry = xf->entry;
    needs[n].part = xf->part;
    needs[n].lo = (uint64_t)(xf->host_lo - xf->entry->host_lo);
    needs[n].hi = (uint64_t)(xf->host_hi - xf->entry->host_lo);
    n++;
  }

  /* Per (entry, part), the union of its ranges, walked for what the part's
   * device lacks. The maps are changed only after every copy completed: a
   * pulled range must not serve as a source while still in flight. */
  qsort(needs, (size_t)n, sizeof(*needs), need_cmp);
  n = need_merge(needs, n);
  loop_windows(loop, desc, needs, n);
  for (int i = 0; i < n && pl.status == PROACT_OK; i++) {
    pl.entry = needs[i].entry;
    pl.dst = loop->devs[needs[i].part];
    pl.src = -1;
    if (proact__validity_walk_lacking(pl.entry->valid, needs[i].lo,
                                      needs[i].hi, pl.dst, pull_piece,
                                      &pl) == PROACT_OK)
      pull_flush(&pl);
  }
  free(needs);
  if (pl.nmarks > 0 || pl.status != PROACT_OK) {
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
