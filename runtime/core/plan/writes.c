/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A loop's write spans: checked against the sections and, between parts,
 * element by element; merged into the transfers its mechanism records
 * (plan.h). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "error_report.h"
#include "grow.h"
#include "log.h"
#include "note_once.h"
#include "plan.h"
#include "runs.h"
#include "span.h"

/* The write hull of one (site, piece) as host bytes, before merging. */
typedef struct loop_write {
  const void *key; /* the replica entry, or the array when none */
  proact__present_t *entry; /* NULL: no replicas, nothing to transfer */
  int part;
  int site;
  long long klo; /* the piece's iterations */
  long long khi;
  int meets; /* its hull meets another part's: recorded run by run */
  char *lo;
  char *hi;
} loop_write_t;

/* Region arrays by serial, the same order on every rank (their writes
 * become transfers); arrays of no entry, which move nothing, after them
 * by address. */
static int write_cmp_key(const loop_write_t *a, const loop_write_t *b) {
  if (a->entry != NULL && b->entry != NULL)
    return proact__present_order(a->entry, b->entry);
  if ((a->entry == NULL) != (b->entry == NULL))
    return a->entry == NULL ? 1 : -1;
  return (uintptr_t)a->key < (uintptr_t)b->key ? -1 : 1;
}

static int write_cmp_addr(const void *pa, const void *pb) {
  const loop_write_t *a = pa, *b = pb;
  if (a->key != b->key)
    return write_cmp_key(a, b);
  if (a->lo != b->lo)
    return a->lo < b->lo ? -1 : 1;
  return a->part - b->part;
}

static int write_cmp_part(const void *pa, const void *pb) {
  const loop_write_t *a = pa, *b = pb;
  if (a->key != b->key)
    return write_cmp_key(a, b);
  if (a->part != b->part)
    return a->part - b->part;
  return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* Whether stores s and t of one array (s == t: one store) never write, in
 * one iteration of the loop, an element another iteration writes: then no
 * two parts write the same element, whatever the split. Proved when t's
 * index is s's moved by a constant delta (same coefficients and inner
 * loops) and the map (iteration, inner iterations, which store) -> element
 * is one-to-one by the mixed-radix test of runs.h; a column store
 * `a[j*n + i]` passes, a store `a[j]` made by every i does not. */
static int loop_sites_disjoint(const proact__loop_desc_t *desc, int s,
                               int t) {
  const proact__access_t *a = &desc->writes[s], *b = &desc->writes[t];
  proact__term_t ta[PROACT__RUNS_LEVELS + 1], tb[PROACT__RUNS_LEVELS];
  __int128 la, lb, delta = (__int128)b->off_min - a->off_min;
  int na, nb;
  if (a->empty || b->empty)
    return 1;
  na = proact__site_terms(a, desc->step, 0, desc->trip, ta, &la);
  nb = proact__site_terms(b, desc->step, 0, desc->trip, tb, &lb);
  if (na < 0 || nb < 0)
    return 0;
  if (s != t) {
    if (a->coef != b->coef || a->ndims != b->ndims || la != lb)
      return 0;
    for (int d = 0; d < a->ndims; d++)
      if (a->dim_stride[d] != b->dim_stride[d] ||
          a->dim_count[d] != b->dim_count[d])
        return 0;
    if (delta != 0)
      ta[na++] = (proact__term_t){delta, 2};
  }
  return proact__runs_injective(la, ta, na);
}

/* What loop_write_t.key is for store s. */
static const void *loop_site_key(const proact__loop_desc_t *desc,
                                 proact__present_t *const *entries, int s) {
  int a = desc->writes[s].array;
  return entries[a] != NULL ? (const void *)entries[a]
                            : (const void *)&desc->arrays[a];
}

/* Marks each write of writes[g0, g1) (one array, sorted by address) whose
 * hull meets a write hull of another part: before it, some other part's
 * hull ends after its start; after it, some other part's starts before its
 * end. */
static void loop_mark_meets(const proact__plan_t *plan, loop_write_t *writes,
                            int g0, int g1) {
  char *edge[PROACT__DEV_MAX];
  for (int p = 0; p < plan->nparts; p++)
    edge[p] = NULL;
  for (int i = g0; i < g1; i++) {
    for (int p = 0; p < plan->nparts; p++)
      if (p != writes[i].part && edge[p] != NULL && edge[p] > writes[i].lo)
        writes[i].meets = 1;
    if (edge[writes[i].part] == NULL || writes[i].hi > edge[writes[i].part])
      edge[writes[i].part] = writes[i].hi;
  }
  for (int p = 0; p < plan->nparts; p++)
    edge[p] = NULL;
  for (int i = g1 - 1; i >= g0; i--) {
    for (int p = 0; p < plan->nparts; p++)
      if (p != writes[i].part && edge[p] != NULL && edge[p] < writes[i].hi)
        writes[i].meets = 1;
    if (edge[writes[i].part] == NULL || writes[i].lo < edge[writes[i].part])
      edge[writes[i].part] = writes[i].lo;
  }
}

/* Runs of the smaller set an exact overlap test walks before it gives up
 * (only stores that loop_sites_disjoint cannot clear get there). */
#define LOOP_MEET_MAX_RUNS ((long long)1 << 22)

/* Says once per loop why it runs on one device: stores a and b (maybe
 * the same) follow inner loops whose bounds move with i, and their hulls
 * meet across devices. */
static void loop_unproven_note(const proact__loop_desc_t *desc,
                               const proact__access_t *a,
                               const proact__access_t *b) {
  static proact__note_once_t notes;
  if (!proact__note_once(&notes, desc))
    return;
  if (!a->inexact && !b->inexact) {
    const proact__access_t *g = b->guarded ? b : a;
    proact__info(PROACT__SUBSYS_PART,
                 "%s:%d:%d: the store to '%s' runs only under a condition, "
                 "and the elements it may store on different devices meet, "
                 "so PROACT cannot tell which device stores them; the loop "
                 "at line %d runs on one device",
                 desc->file, g->line, g->col, desc->arrays[g->array].name,
                 desc->line);
    return;
  }
  if (a->line == b->line && a->col == b->col)
    proact__info(PROACT__SUBSYS_PART,
                 "%s:%d:%d: the store to '%s' follows an inner loop whose "
                 "bounds move with the loop's variable, so PROACT cannot "
                 "tell which elements each device stores; the loop at line "
                 "%d runs on one device. Give the inner loop bounds that do "
                 "not move with the loop's variable to split it",
                 desc->file, b->line, b->col, desc->arrays[b->array].name,
                 desc->line);
  else
    proact__info(PROACT__SUBSYS_PART,
                 "%s:%d:%d: this store to '%s' and the one at line %d "
                 "follow inner loops whose bounds move with the loop's "
                 "variable, so PROACT cannot tell that different devices "
                 "store different elements; the loop at line %d runs on one "
                 "device. Put each store in a loop of its own to split them",
                 desc->file, b->line, b->col, desc->arrays[b->array].name,
                 a->line, desc->line);
}

/* The iteration of [klo, khi) in which site touches element at, or -1
 * (not found among the first 2^22). */
static long long loop_iteration_of(const proact__loop_desc_t *desc,
                                   const proact__access_t *site,
                                   long long klo, long long khi,
                                   __int128 at) {
  for (long long k = klo; k < khi && k - klo < ((long long)1 << 22); k++) {
    proact__runs_t runs;
    int exact;
    __int128 hit;
    if (proact__runs_of_site(site, desc->first, desc->step, k, k + 1, &runs,
                             &exact) &&
        proact__runs_first_in(&runs, at, at, &hit))
      return k;
  }
  return -1;
}

/* Two writes of different parts whose hulls meet: fatal unless their exact
 * sets are disjoint. A store after an inner loop whose bounds move with i
 * (inexact) has only a hull, which proves nothing, and one under a
 * condition may run in one iteration alone (`if (found) where[0] = i`):
 * *unproven is set and the caller runs the loop on one device. */
static void loop_check_pair(const proact__plan_t *plan,
                            const proact__loop_desc_t *desc,
                            const loop_write_t *w, const loop_write_t *v,
                            int *unproven) {
  const proact__access_t *site = &desc->writes[v->site];
  const proact__array_t *array = &desc->arrays[site->array];
  proact__runs_t ra, rb;
  int ea = 0, eb = 0, met = 1;
  __int128 at = (__int128)((v->lo - (char *)array->base) /
                           (long long)array->elem_size);
  char b1[48];

  /* Exact sets are element indices of their own array: two names of one
   * replica compare by their byte hulls only. */
  if (desc->writes[w->site].array == site->array &&
      proact__runs_of_site(&desc->writes[w->site], desc->first, desc->step,
                           w->klo, w->khi, &ra, &ea) &&
      proact__runs_of_site(site, desc->first, desc->step, v->klo, v->khi,
                           &rb, &eb) &&
      ea && eb)
    met = proact__runs_meet(&ra, &rb, LOOP_MEET_MAX_RUNS, &at);
  if (met == 0)
    return;
  if (desc->writes[w->site].inexact || site->inexact ||
      desc->writes[w->site].guarded || site->guarded) {
    if (!*unproven) {
      *unproven = 1;
      loop_unproven_note(desc, &desc->writes[w->site], site);
    }
    return;
  }
  if (met < 0)
    proact__fatal(desc->file, site->line, site->col,
                  "writes of '%s' by devices %d and %d may overlap: more "
                  "than %lld strided runs to compare; write the index so "
                  "that each iteration's elements follow one pattern",
                  array->name, plan->devs[w->part], plan->devs[v->part],
                  LOOP_MEET_MAX_RUNS);
  {
    const long long kw = loop_iteration_of(desc, &desc->writes[w->site],
                                           w->klo, w->khi, at);
    const long long kv = loop_iteration_of(desc, site, v->klo, v->khi, at);
    char b2[48], b3[48];
    if (kw >= 0 && kv >= 0)
      proact__fatal(desc->file, site->line, site->col,
                    "iterations %s (device %d, the store at line %d) and %s "
                    "(device %d, this store) of the loop at line %d both "
                    "store %s[%s]: its iterations must be independent. Make "
                    "each iteration store only elements no other iteration "
                    "stores (a store to a member stores the whole element), "
                    "or, where the stores accumulate numbers, use "
                    "reduction(+: %s[lo:len])",
                    proact__span_format((__int128)desc->first +
                                            (__int128)kw * desc->step,
                                        b2),
                    plan->devs[w->part], desc->writes[w->site].line,
                    proact__span_format((__int128)desc->first +
                                            (__int128)kv * desc->step,
                                        b3),
                    plan->devs[v->part], desc->line, array->name,
                    proact__span_format(at, b1), array->name);
  }
  proact__fatal(desc->file, site->line, site->col,
                "writes of '%s' by devices %d and %d overlap at %s[%s]: "
                "the loop is not parallel over its iterations or the "
                "index cannot be split",
                array->name, plan->devs[w->part], plan->devs[v->part],
                array->name, proact__span_format(at, b1));
}

/* The write hull of every (site, piece), checked against the array's
 * section and, where the hulls of different parts meet, against the other
 * parts' writes element-exactly (runs.h). */
static int loop_writes(const proact__plan_t *plan,
                       const proact__loop_desc_t *desc,
                       proact__present_t *const *entries,
                       loop_write_t *writes, int *unproven) {
  int n = 0;
  char b1[48], b2[48];
  unsigned char *ok;

  for (int s = 0; s < desc->nwrites; s++) {
    const proact__access_t *site = &desc->writes[s];
    const proact__array_t *array;
    if (site->array < 0 || site->array >= desc->narrays)
      proact__fatal(desc->file, site->line, site->col,
                    "store refers to array %d of %d", site->array,
                    desc->narrays);
    if (site->ndims < -1 || site->ndims > PROACT__ACCESS_DIMS)
      proact__fatal(desc->file, site->line, site->col,
                    "store has %d inner-loop terms (at most %d)", site->ndims,
                    PROACT__ACCESS_DIMS);
    array = &desc->arrays[site->array];
    for (int p = 0; p < plan->nparts; p++)
    for (long long j = 0; j < plan->npieces[p]; j++) {
      proact__span_t span;
      long long klo, khi;
      proact__plan_part_piece(plan, p, j, &klo, &khi);
      if (site->whole) { /* the only part: it may write any element */
        if (site->empty || array->len <= 0 || klo >= khi)
          continue;
        span.lo = array->lo;
        span.hi = (__int128)array->lo + array->len - 1;
      } else if (!proact__span_of_site(site, desc->first, desc->step, klo,
                                       khi, &span)) {
        continue;
      } else if (span.lo < array->lo ||
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
      writes[n].klo = klo;
      writes[n].khi = khi;
      writes[n].meets = 0;
      writes[n].lo = (char *)array->base +
                     (ptrdiff_t)(span.lo * (__int128)array->elem_size);
      writes[n].hi = (char *)array->base +
                     (ptrdiff_t)((span.hi + 1) * (__int128)array->elem_size);
      n++;
    }
  }

  /* Pairs of stores proved never to write one element in two iterations
   * need no comparison of their parts' writes. */
  ok = calloc((size_t)desc->nwrites * (size_t)desc->nwrites + 1, 1);
  if (ok == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  for (int s = 0; s < desc->nwrites && plan->nparts > 1; s++)
    for (int t = s; t < desc->nwrites; t++)
      ok[s * desc->nwrites + t] = ok[t * desc->nwrites + s] =
          (unsigned char)(loop_site_key(desc, entries, s) !=
                              loop_site_key(desc, entries, t) ||
                          (desc->writes[s].array == desc->writes[t].array &&
                           loop_sites_disjoint(desc, s, t)));

  /* Sorted by address, per array: two parts' hulls meet iff some hull
   * starts before an earlier one of another part ends. */
  qsort(writes, (size_t)n, sizeof(*writes), write_cmp_addr);
  for (int g0 = 0, g1; g0 < n; g0 = g1) {
    int proved = 1;
    for (g1 = g0; g1 < n && writes[g1].key == writes[g0].key; g1++)
      ;
    for (int s = 0; s < desc->nwrites; s++)
      for (int t = 0; t < desc->nwrites; t++)
        if (loop_site_key(desc, entries, s) == writes[g0].key &&
            loop_site_key(desc, entries, t) == writes[g0].key &&
            !ok[s * desc->nwrites + t])
          proved = 0;
    loop_mark_meets(plan, writes, g0, g1);
    /* Once one pair proves nothing the loop runs on one device, and the
     * other pairs need no look (every piece's hull may meet every other's). */
    for (int i = g0; i < g1 && !proved && !*unproven; i++) {
      if (!writes[i].meets)
        continue;
      for (int j = i + 1; j < g1 && writes[j].lo < writes[i].hi && !*unproven;
           j++)
        if (writes[j].part != writes[i].part &&
            !ok[writes[i].site * desc->nwrites + writes[j].site])
          loop_check_pair(plan, desc, &writes[i], &writes[j], unproven);
    }
  }
  free(ok);
  return n;
}

typedef struct loop_run_walk {
  loop_write_t *ranges;
  int n, cap;
  const loop_write_t *w;
  const proact__array_t *array;
} loop_run_walk_t;

static int loop_add_range(loop_run_walk_t *rw, char *lo, char *hi) {
  if (proact__grow((void **)&rw->ranges, &rw->cap, rw->n,
                   sizeof(*rw->ranges)) != PROACT_OK)
    return 1;
  rw->ranges[rw->n] = *rw->w;
  rw->ranges[rw->n].lo = lo;
  rw->ranges[rw->n++].hi = hi;
  return 0;
}

static int loop_add_run(void *arg, __int128 lo, __int128 hi) {
  loop_run_walk_t *rw = arg;
  const size_t es = rw->array->elem_size;
  return loop_add_range(
      rw, (char *)rw->array->base + (ptrdiff_t)(lo * (__int128)es),
      (char *)rw->array->base + (ptrdiff_t)((hi + 1) * (__int128)es));
}

/* Merges the ranges of each (entry, part) into the loop's transfer list;
 * arrays without replicas need no transfer. A write whose hull no other
 * part's meets is taken whole: its part pulled the hull's current values
 * first (pull.c), so it may own the gaps too, one range whatever the
 * stride. One whose hull meets another part's is taken run by run, so
 * that each device owns exactly the elements it wrote. */
static void loop_xfers(proact__plan_t *plan, loop_write_t *writes, int n,
                       const proact__loop_desc_t *desc) {
  loop_run_walk_t rw = {NULL, 0, 0, NULL, NULL};
  for (int i = 0; i < n; i++) {
    const proact__access_t *site = &desc->writes[writes[i].site];
    proact__runs_t runs;
    int exact = 0, fail;
    if (writes[i].entry == NULL)
      continue;
    rw.w = &writes[i];
    rw.array = &desc->arrays[site->array];
    if (writes[i].meets &&
        proact__runs_of_site(site, desc->first, desc->step, writes[i].klo,
                             writes[i].khi, &runs, &exact) &&
        exact)
      fail = proact__runs_each(&runs, loop_add_run, &rw);
    else
      fail = loop_add_range(&rw, writes[i].lo, writes[i].hi);
    if (fail)
      proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  }
  qsort(rw.ranges, (size_t)rw.n, sizeof(*rw.ranges), write_cmp_part);
  plan->xfers = calloc((size_t)(rw.n > 0 ? rw.n : 1), sizeof(*plan->xfers));
  if (plan->xfers == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  for (int i = 0; i < rw.n; i++) {
    const loop_write_t *r = &rw.ranges[i];
    proact__loop_xfer_t *last =
        plan->nxfers > 0 ? &plan->xfers[plan->nxfers - 1] : NULL;
    if (last != NULL && last->entry == r->entry && last->part == r->part &&
        r->lo <= last->host_hi) {
      if (r->hi > last->host_hi)
        last->host_hi = r->hi;
      continue;
    }
    plan->xfers[plan->nxfers].entry = r->entry;
    plan->xfers[plan->nxfers].part = r->part;
    plan->xfers[plan->nxfers].host_lo = r->lo;
    plan->xfers[plan->nxfers].host_hi = r->hi;
    plan->nxfers++;
  }
  free(rw.ranges);
}

void proact__plan_writes(proact__plan_t *plan,
                         const proact__loop_desc_t *desc,
                         proact__present_t *const *entries) {
  loop_write_t *writes;
  int nwrites;

  for (;;) {
    long long pieces = 0;
    int unproven = 0;
    for (int p = 0; p < plan->nparts; p++)
      pieces += plan->npieces[p];
    if ((writes = calloc((size_t)desc->nwrites * (size_t)(pieces + 1) + 1,
                         sizeof(*writes))) == NULL)
      proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
    nwrites = loop_writes(plan, desc, entries, writes, &unproven);
    if (!unproven || plan->nparts == 1)
      break;
    /* Stores whose devices' hulls meet and prove nothing: one device. */
    free(writes);
    plan->nparts = 1;
    plan->balance = NULL;
    proact__plan_geometry(plan, desc);
  }
  loop_xfers(plan, writes, nwrites, desc);
  free(writes);
}
