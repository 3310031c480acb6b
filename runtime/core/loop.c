/* Annotated loops: trip counts, parts, replicas, write-span checks, the
 * pulls that make each part's replicas (or windows) current, and the
 * transfer mechanism at the end.
 *
 * Consistency of region replicas (non-implicit entries) is lazy and
 * consumer-driven: each entry's validity map (validity.h) says which devices
 * hold the current value of each byte. Before the kernels (loop_begin), each
 * part pulls, device to device from the lowest-numbered valid device, the
 * bytes it needs and lacks: the spans of its reads (the whole section for a
 * non-affine read) and of its writes (it must hold current values for the
 * elements of a write span it does not write, since after the loop it is
 * the span's only owner). Distributed arrays first grow each part's window
 * to the hull of what the part needs (window.h), and pull from the host what
 * no device holds. After the kernels the mechanism records that each
 * part's write spans are valid only on its device (memcpy: in drain). Host
 * copies happen only at a region's end (gathered piece by piece from the
 * valid devices, replica.c). Loop-only (implicit) replicas are copied in
 * whole and their written spans copied back to the host, as before. */
#include <limits.h>
#include <omp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../libomptarget-plugin/dev.h"
#include "../base/check.h"
#include "../base/error.h"
#include "../base/log.h"
#include "devices.h"
#include "loop.h"
#include "partition.h"
#include "replica.h"
#include "span.h"
#include "validity.h"
#include "window.h"

static const char *const cmp_spelling[] = {"<", "<=", ">", ">="};

long long proact__trip_count(long long first, long long bound,
                             long long step, int cmp, const char *file,
                             int line) {
  long long n;
  if (cmp < PROACT__CMP_LT || cmp > PROACT__CMP_GE)
    proact__fatal(file, line, 0, "invalid loop comparison %d", cmp);
  n = proact__trip_count_checked(first, bound, step, cmp);
  if (n == -1)
    proact__fatal(file, line, 0,
                  "loop 'i = %lld; i %s %lld; i += %lld' never ends: the step "
                  "is %s",
                  first, cmp_spelling[cmp], bound, step,
                  step == 0 ? "0" : "of the wrong sign");
  if (n == -2)
    proact__fatal(file, line, 0, "loop 'i = %lld; i %s %lld; i += %lld' has "
                  "more than %lld iterations",
                  first, cmp_spelling[cmp], bound, step, LLONG_MAX);
  return n;
}

static long long saturate(__int128 v) {
  return v > LLONG_MAX ? LLONG_MAX : v < LLONG_MIN ? LLONG_MIN : (long long)v;
}

void proact__span_add(proact__access_t *site, long long coef,
                      long long first, long long bound, long long step,
                      int cmp) {
  long long n = proact__trip_count_checked(first, bound, step, cmp);
  __int128 x, y;

  if (n == -1)
    proact__fatal(NULL, 0, 0,
                  "inner loop of the access at line %d:%d never ends: its "
                  "step is %lld",
                  site->line, site->col, step);
  if (n == 0) {
    site->empty = 1;
    return;
  }
  /* n == -2 (huge) still has a last value below: first + (n-1)*step is
   * bounded by the loop's own bound. Use the bound itself. */
  x = (__int128)coef * first;
  y = (__int128)coef *
      (n > 0 ? (__int128)first + (__int128)(n - 1) * step : (__int128)bound);
  /* Saturated offsets make the span fall outside any region: reported. */
  site->off_min = saturate((__int128)site->off_min + (x < y ? x : y));
  site->off_max = saturate((__int128)site->off_max + (x < y ? y : x));
}

/* The loop's devices: its devices(...) clause (participating devices, no
 * repeats) or every participating device; one device, the host, in the
 * fallback. */
static void loop_parts(proact__loop_t *loop, const proact__loop_desc_t *desc) {
  int n = proact__devices_count();

  if (n == 0) {
    loop->devs[0] = omp_get_initial_device();
    loop->nparts = 1;
  } else {
    loop->nparts = proact__devices_of_clause(desc->devices, desc->ndevices,
                                             desc->file, desc->line,
                                             desc->col, loop->devs);
  }
  for (int p = 0; p < loop->nparts; p++)
    proact__partition_block(desc->trip, loop->nparts, p, &loop->lo[p],
                            &loop->hi[p]);
}

static void loop_mech(proact__loop_t *loop, const proact__loop_desc_t *desc) {
  int mech = desc->mech;
  if (mech < 0 || mech >= PROACT_MECH_COUNT_)
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid mechanism %d", mech);
  /* No profile yet: auto is the baseline. */
  if (mech == PROACT_MECH_AUTO)
    mech = PROACT_MECH_MEMCPY;
  loop->mech = proact__mechs[mech];
}

/* Finds array's replicas on every loop device, or creates loop-only ones.
 * Returns NULL when there is nothing to replicate (host fallback, empty
 * section). */
static proact__present_t *loop_array(proact__loop_t *loop,
                                     const proact__loop_desc_t *desc,
                                     const proact__array_t *array) {
  proact__present_t *entry = NULL;
  char *lo, *hi;

  proact__array_bytes(array, desc->file, desc->line, desc->col, &lo, &hi);
  if (proact__devices_count() == 0 || lo == hi)
    return NULL;
  switch (proact__present_find(lo, hi, &entry)) {
  case PROACT__PRESENT_CONTAINS:
    for (int p = 0; p < loop->nparts; p++)
      if (proact__present_dev_index(entry, loop->devs[p]) < 0)
        proact__fatal(desc->file, desc->line, desc->col,
                      "%s[%lld:%lld] is in the region of %s:%d, which has no "
                      "replica on device %d where the loop runs",
                      array->name, array->lo, array->len, entry->file,
                      entry->line, loop->devs[p]);
    return entry;
  case PROACT__PRESENT_PARTIAL:
    proact__fatal(desc->file, desc->line, desc->col,
                  "%s[%lld:%lld] partially overlaps %s[%lld:%lld] of the "
                  "region of %s:%d",
                  array->name, array->lo, array->len, entry->name, entry->lo,
                  entry->len, entry->file, entry->line);
  case PROACT__PRESENT_NONE:
    break;
  }
  /* Copied in now; only the written spans go back, in loop_end. */
  entry = proact__replica_create(array, loop->devs, loop->nparts,
                                 PROACT__MAP_COPYIN, 1, 0, desc->file,
                                 desc->line, desc->col);
  loop->implicit[loop->nimplicit++] = entry;
  return entry;
}

/* A written byte range of one part, before merging. */
typedef struct loop_write {
  const void *key; /* the replica entry, or the array when none */
  proact__present_t *entry; /* NULL: no replicas, nothing to transfer */
  int part;
  int site;
  char *lo;
  char *hi;
} loop_write_t;

static int write_cmp_addr(const void *pa, const void *pb) {
  const loop_write_t *a = pa, *b = pb;
  if (a->key != b->key)
    return (uintptr_t)a->key < (uintptr_t)b->key ? -1 : 1;
  if (a->lo != b->lo)
    return a->lo < b->lo ? -1 : 1;
  return a->part - b->part;
}

static int write_cmp_part(const void *pa, const void *pb) {
  const loop_write_t *a = pa, *b = pb;
  if (a->key != b->key)
    return (uintptr_t)a->key < (uintptr_t)b->key ? -1 : 1;
  if (a->part != b->part)
    return a->part - b->part;
  return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* The write span of every (site, part), checked against the array's section
 * and against the other parts' spans. */
static int loop_writes(const proact__loop_t *loop,
                       const proact__loop_desc_t *desc,
                       proact__present_t *const *entries,
                       loop_write_t *writes) {
  int n = 0;
  char b1[48], b2[48];

  for (int s = 0; s < desc->nwrites; s++) {
    const proact__access_t *site = &desc->writes[s];
    const proact__array_t *array;
    if (site->array < 0 || site->array >= desc->narrays)
      proact__fatal(desc->file, site->line, site->col,
                    "store refers to array %d of %d", site->array,
                    desc->narrays);
    array = &desc->arrays[site->array];
    for (int p = 0; p < loop->nparts; p++) {
      proact__span_t span;
      if (!proact__span_of_site(site, desc->first, desc->step, loop->lo[p],
                                loop->hi[p], &span))
        continue;
      if (span.lo < array->lo ||
          span.hi >= (__int128)array->lo + array->len) {
        /* Report the whole loop's range: the part split is no concern of
         * the user's. */
        proact__span_of_site(site, desc->first, desc->step, 0, desc->trip,
                             &span);
        proact__fatal(desc->file, site->line, site->col,
                      "loop writes %s[%s..%s] outside region(%s[%lld:%lld])",
                      array->name, proact__span_format(span.lo, b1),
                      proact__span_format(span.hi, b2), array->name,
                      array->lo, array->len);
      }
      /* Inside the section, so these byte offsets fit. */
      writes[n].entry = entries[site->array];
      writes[n].key = writes[n].entry != NULL ? (const void *)writes[n].entry
                                              : (const void *)array;
      writes[n].part = p;
      writes[n].site = s;
      writes[n].lo = (char *)array->base +
                     (ptrdiff_t)(span.lo * (__int128)array->elem_size);
      writes[n].hi = (char *)array->base +
                     (ptrdiff_t)((span.hi + 1) * (__int128)array->elem_size);
      n++;
    }
  }

  /* Sorted by address, two parts overlap iff some range starts before an
   * earlier one of another part ends. */
  qsort(writes, (size_t)n, sizeof(*writes), write_cmp_addr);
  for (int i = 0; i < n; i++) {
    for (int j = i + 1; j < n && writes[j].key == writes[i].key &&
                        writes[j].lo < writes[i].hi;
         j++) {
      const proact__access_t *site;
      const proact__array_t *array;
      if (writes[j].part == writes[i].part)
        continue;
      site = &desc->writes[writes[j].site];
      array = &desc->arrays[site->array];
      proact__fatal(desc->file, site->line, site->col,
                    "writes of '%s' by devices %d and %d overlap at %s[%lld]: "
                    "the loop is not parallel over its iterations or the "
                    "index cannot be split",
                    array->name, loop->devs[writes[i].part],
                    loop->devs[writes[j].part], array->name,
                    (long long)((writes[j].lo - (char *)array->base) /
                                (long long)array->elem_size));
    }
  }
  return n;
}

/* Merges the ranges of each (entry, part) into the loop's transfer list;
 * arrays without replicas need no transfer. */
static void loop_xfers(proact__loop_t *loop, loop_write_t *writes, int n,
                       const proact__loop_desc_t *desc) {
  qsort(writes, (size_t)n, sizeof(*writes), write_cmp_part);
  loop->xfers = calloc((size_t)(n > 0 ? n : 1), sizeof(*loop->xfers));
  if (loop->xfers == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  for (int i = 0; i < n; i++) {
    proact__loop_xfer_t *last =
        loop->nxfers > 0 ? &loop->xfers[loop->nxfers - 1] : NULL;
    if (writes[i].entry == NULL)
      continue;
    if (last != NULL && last->entry == writes[i].entry &&
        last->part == writes[i].part && writes[i].lo <= last->host_hi) {
      if (writes[i].hi > last->host_hi)
        last->host_hi = writes[i].hi;
      continue;
    }
    loop->xfers[loop->nxfers].entry = writes[i].entry;
    loop->xfers[loop->nxfers].part = writes[i].part;
    loop->xfers[loop->nxfers].host_lo = writes[i].lo;
    loop->xfers[loop->nxfers].host_hi = writes[i].hi;
    loop->nxfers++;
  }
}

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

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
  __int128 base = (__int128)(uintptr_t)array->base -
                  (__int128)(uintptr_t)entry->host_lo;
  if (lo < array->lo)
    lo = array->lo;
  if (hi > (__int128)array->lo + array->len - 1)
    hi = (__int128)array->lo + array->len - 1;
  if (lo > hi)
    return;
  needs[*n].entry = entry;
  needs[*n].part = part;
  needs[*n].lo = (uint64_t)(base + lo * (__int128)array->elem_size);
  needs[*n].hi = (uint64_t)(base + (hi + 1) * (__int128)array->elem_size);
  (*n)++;
}

/* Bytes [lo, hi) of entry that device dev holds once the pulls completed. */
typedef struct loop_mark {
  proact__present_t *entry;
  int dev;
  uint64_t lo;
  uint64_t hi;
} loop_mark_t;

/* The pulls of one (entry, part): pieces lacking the part's device, merged
 * while contiguous with the same source; each issued copy is also recorded
 * in marks[], applied once every copy completed. */
typedef struct loop_pull {
  const proact__loop_t *loop;
  proact__present_t *entry;
  int dst;
  int src;      /* -1: no pending copy */
  uint64_t lo;  /* pending copy */
  uint64_t hi;
  int nmarks;
  int cap;
  loop_mark_t *marks;
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
  else
    st = proact__dev_copy_peer(
        pl->dst, proact__present_dev_addr(entry, pl->dst, host), pl->src,
        proact__present_dev_addr(entry, pl->src, host), bytes);
  if (st != PROACT_OK) {
    pl->status = st;
    return st;
  }
  if (pl->nmarks == pl->cap) {
    int cap = pl->cap > 0 ? 2 * pl->cap : 16;
    loop_mark_t *m = realloc(pl->marks, (size_t)cap * sizeof(*m));
    if (m == NULL) {
      pl->status = PROACT_ERR_NO_MEMORY;
      return pl->status;
    }
    pl->marks = m;
    pl->cap = cap;
  }
  pl->marks[pl->nmarks].entry = entry;
  pl->marks[pl->nmarks].dev = pl->dst;
  pl->marks[pl->nmarks].lo = pl->lo;
  pl->marks[pl->nmarks].hi = pl->hi;
  pl->nmarks++;
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
static int loop_pull(proact__loop_t *loop, const proact__loop_desc_t *desc,
                     proact__present_t *const *entries) {
  loop_pull_t pl = {loop, NULL, -1, -1, 0, 0, 0, 0, NULL, PROACT_OK};
  loop_need_t *needs;
  int n = 0, whole = 0;

  if (desc->nreads < 0 || (desc->nreads > 0 && desc->reads == NULL))
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid loop: %d reads at %p", desc->nreads,
                  (const void *)desc->reads);
  needs = calloc((size_t)desc->nreads * (size_t)loop->nparts +
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
      proact__span_t span;
      if (loop->lo[p] >= loop->hi[p])
        continue;
      if (site->whole)
        need_add(needs, &n, entry, p, array, array->lo,
                 (__int128)array->lo + array->len - 1);
      else if (proact__span_of_site(site, desc->first, desc->step,
                                    loop->lo[p], loop->hi[p], &span))
        need_add(needs, &n, entry, p, array, span.lo, span.hi);
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
  for (int m = 0; m < pl.nmarks; m++)
    if (proact__validity_add(pl.marks[m].entry->valid, pl.marks[m].lo,
                             pl.marks[m].hi,
                             PROACT__DEVMASK(pl.marks[m].dev)) != PROACT_OK)
      proact__fatal(desc->file, desc->line, desc->col,
                    "out of host memory");
  free(pl.marks);
  return whole;
}

proact__loop_t *proact__loop_begin(const proact__loop_desc_t *desc) {
  proact__loop_t *loop = calloc(1, sizeof(*loop));
  proact__present_t **entries = NULL;
  loop_write_t *writes = NULL;
  proact_status_t st;
  int nwrites;

  proact__devices_init();
  if (loop != NULL)
    loop->t_begin = now_ns();
  if (loop == NULL ||
      (entries = calloc((size_t)desc->narrays + 1, sizeof(*entries))) ==
          NULL ||
      (loop->implicit = calloc((size_t)desc->narrays + 1,
                               sizeof(*loop->implicit))) == NULL ||
      (loop->arrays = calloc((size_t)desc->narrays + 1,
                             sizeof(*loop->arrays))) == NULL ||
      (writes = calloc((size_t)desc->nwrites * PROACT__DEV_MAX + 1,
                       sizeof(*writes))) == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  loop->file = desc->file;
  loop->line = desc->line;
  loop->col = desc->col;
  if (desc->trip < 0 || desc->step == 0)
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid loop: trip %lld, step %lld", desc->trip,
                  desc->step);
  loop_mech(loop, desc);
  loop_parts(loop, desc);
  for (int a = 0; a < desc->narrays; a++) {
    entries[a] = loop_array(loop, desc, &desc->arrays[a]);
    loop->arrays[a] = desc->arrays[a];
  }
  loop->narrays = desc->narrays;
  loop->entries = entries;

  nwrites = loop_writes(loop, desc, entries, writes);
  loop_xfers(loop, writes, nwrites, desc);
  free(writes);

  if (loop->nimplicit > 0 && proact__dev_sync_all() != PROACT_OK)
    proact__fatal(desc->file, desc->line, desc->col,
                  "copying the loop's arrays to the devices failed");
  loop->stats = proact__stats_node(desc->file, desc->line, loop->mech->name);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_EXECUTIONS, 1);
  {
    proact__dev_counters_t before, after;
    uint64_t t0 = now_ns();
    proact__dev_get_counters(&before);
    if (loop_pull(loop, desc, entries))
      PROACT__STATS_ADD(loop->stats, PROACT__STAT_WHOLE_READS, 1);
    proact__dev_get_counters(&after);
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_BEGIN_NSEC, now_ns() - t0);
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_PEER_BYTES,
                      after.peer_bytes - before.peer_bytes);
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_COPIES,
                      after.copies - before.copies);
  }
  st = loop->mech->setup(loop);
  for (int p = 0; p < loop->nparts && st == PROACT_OK; p++)
    st = loop->mech->arm(loop, p);
  if (st == PROACT_ERR_UNSUPPORTED)
    proact__fatal(desc->file, desc->line, desc->col,
                  "mechanism '%s' is not implemented", loop->mech->name);
  if (st != PROACT_OK)
    proact__fatal(desc->file, desc->line, desc->col,
                  "mechanism '%s' failed to start: %s", loop->mech->name,
                  proact_status_string(st));

  for (int p = 0; p < loop->nparts; p++)
    proact__info(PROACT__SUBSYS_PART, "%s:%d part %d: device %d, k in "
                 "[%lld, %lld)",
                 desc->file, desc->line, p, loop->devs[p], loop->lo[p],
                 loop->hi[p]);
  return loop;
}

int proact__loop_nparts(const proact__loop_t *loop) { return loop->nparts; }

int proact__loop_part_device(const proact__loop_t *loop, int part) {
  return loop->devs[part];
}

long long proact__loop_part_lo(const proact__loop_t *loop, int part) {
  return loop->lo[part];
}

long long proact__loop_part_hi(const proact__loop_t *loop, int part) {
  return loop->hi[part];
}

void proact__loop_part_section(const proact__loop_t *loop, int part,
                               int array, long long *lo_p,
                               long long *len_p) {
  const proact__present_t *entry;

  if (part < 0 || part >= loop->nparts || array < 0 ||
      array >= loop->narrays)
    proact__fatal(loop->file, loop->line, loop->col,
                  "no section of array %d in part %d (%d arrays, %d parts)",
                  array, part, loop->narrays, loop->nparts);
  entry = loop->entries[array];
  if (entry != NULL && entry->distribute) {
    proact__window_section(entry, loop->devs[part], &loop->arrays[array],
                           lo_p, len_p);
    return;
  }
  /* A replica, or the host arrays themselves in the fallback. */
  *lo_p = loop->arrays[array].lo;
  *len_p = loop->arrays[array].len;
}

/* Each part's host thread writes only its own slots. */
void proact__loop_part_begin(proact__loop_t *loop, int part) {
  loop->part_t0[part] = now_ns();
}

void proact__loop_part_end(proact__loop_t *loop, int part) {
  loop->part_ns[part] = now_ns() - loop->part_t0[part];
}

void proact__loop_end(proact__loop_t *loop) {
  proact__dev_counters_t before, after;
  uint64_t t0 = now_ns();
  proact_status_t st;

  proact__dev_get_counters(&before);
  st = loop->mech->drain(loop);
  if (st != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col,
                  "mechanism '%s' failed to deliver the loop's writes: %s",
                  loop->mech->name, proact_status_string(st));
  st = loop->mech->cleanup(loop);
  if (st != PROACT_OK)
    proact__warn("mechanism '%s' cleanup failed: %s", loop->mech->name,
                 proact_status_string(st));
  for (int i = loop->nimplicit - 1; i >= 0; i--)
    proact__replica_destroy(loop->implicit[i]);
  proact__dev_get_counters(&after);

  uint64_t t1 = now_ns(), kmax = 0, ksum = 0;
  for (int p = 0; p < loop->nparts; p++) {
    ksum += loop->part_ns[p];
    kmax = loop->part_ns[p] > kmax ? loop->part_ns[p] : kmax;
    proact__info(PROACT__SUBSYS_PART, "%s:%d part %d kernel on device %d: "
                 "%.1f us",
                 loop->file, loop->line, p, loop->devs[p],
                 (double)loop->part_ns[p] / 1e3);
  }
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_END_NSEC, t1 - t0);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_LOOP_NSEC, t1 - loop->t_begin);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_KERN_MAX_NSEC, kmax);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_KERN_SUM_NSEC, ksum);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_PEER_BYTES,
                    after.peer_bytes - before.peer_bytes);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_COPIES,
                    after.copies - before.copies);
  free(loop->xfers);
  free(loop->implicit);
  free(loop->entries);
  free(loop->arrays);
  free(loop);
}
