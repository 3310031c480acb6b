/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The placement hints of a loop's arrays in shared memory (unified.h),
 * from its write spans and the reads the pulls recorded. */
#include <stdint.h>
#include <stdlib.h>

#include "dev.h"
#include "error_report.h"
#include "grow.h"
#include "unified.h"
#include "unified_place.h"

/* Appends [lo, hi) on dev to spans. */
static void unified_span_add(proact__unified_span_t **spans, int *n, int *cap,
                             uint64_t lo, uint64_t hi, int dev,
                             const proact__loop_t *loop) {
  if (proact__grow((void **)spans, cap, *n, sizeof(**spans)) != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col, "out of host memory");
  (*spans)[(*n)++] = (proact__unified_span_t){lo, hi, dev};
}

static int unified_span_cmp(const void *pa, const void *pb) {
  const proact__unified_span_t *a = pa, *b = pb;
  if (a->dev != b->dev)
    return a->dev - b->dev;
  return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* Sorts spans by device and offset and merges those of one device that
 * touch (a part's pieces, the reads of neighbouring iterations); returns
 * how many are left. */
static int unified_span_merge(proact__unified_span_t *spans, int n) {
  int m = 0;
  qsort(spans, (size_t)n, sizeof(*spans), unified_span_cmp);
  for (int i = 0; i < n; i++) {
    proact__unified_span_t *last = m > 0 ? &spans[m - 1] : NULL;
    if (last != NULL && last->dev == spans[i].dev &&
        spans[i].lo <= last->hi) {
      if (spans[i].hi > last->hi)
        last->hi = spans[i].hi;
      continue;
    }
    spans[m++] = spans[i];
  }
  return m;
}

/* The layout this loop asks of entry: its write spans on their parts'
 * devices when it writes the array (*writes set), else, for an array no
 * loop wrote yet, the spans each device reads. Empty: no hint. */
static int unified_layout(const proact__loop_t *loop,
                          const proact__present_t *entry,
                          proact__unified_span_t **spans, int *cap,
                          int *writes_p) {
  int n = 0;

  *writes_p = 0;
  for (int x = 0; x < loop->plan->nxfers; x++) {
    const proact__loop_xfer_t *xf = &loop->plan->xfers[x];
    if (xf->entry != entry || xf->host_lo >= xf->host_hi)
      continue;
    *writes_p = 1;
    unified_span_add(spans, &n, cap, (uint64_t)(xf->host_lo - entry->host_lo),
                     (uint64_t)(xf->host_hi - entry->host_lo),
                     loop->plan->devs[xf->part], loop);
  }
  if (*writes_p || proact__unified_written(entry))
    return unified_span_merge(*spans, n);
  for (int r = 0; r < loop->nreadrecs; r++) {
    const proact__read_rec_t *rd = &loop->readrecs[r];
    if (rd->entry == entry && rd->lo < rd->hi)
      unified_span_add(spans, &n, cap, rd->lo, rd->hi, rd->dev, loop);
  }
  return unified_span_merge(*spans, n);
}

void proact__unified_place(const proact__loop_t *loop) {
  int prefetched = 0;

  for (int a = 0; a < loop->narrays; a++) {
    proact__present_t *entry = loop->entries[a];
    int seen = 0;
    if (entry == NULL || !entry->unified || entry->hints == NULL)
      continue;
    for (int b = 0; b < a && !seen; b++) /* an array named twice */
      seen = loop->entries[b] == entry;
    if (!seen) {
      proact__unified_span_t *spans = NULL;
      int cap = 0, writes;
      int n = unified_layout(loop, entry, &spans, &cap, &writes);
      prefetched |= proact__unified_place_entry(entry, spans, n, writes,
                                                loop->file, loop->line,
                                                loop->col);
    }
  }
  if (prefetched && proact__dev_sync_all() != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col,
                  "prefetching the loop's arrays to their devices failed");
}
