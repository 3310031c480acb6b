/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Exact element sets of affine accesses (runs.h). */
#include <stdlib.h>

#include "runs.h"
#include "span.h"

#define RUNS_COUNT_MAX ((long long)1 << 62)

static __int128 abs128(__int128 v) { return v < 0 ? -v : v; }

static int term_cmp(const void *pa, const void *pb) {
  __int128 a = abs128(((const proact__term_t *)pa)->stride);
  __int128 b = abs128(((const proact__term_t *)pb)->stride);
  return (a > b) - (a < b);
}

int proact__runs_build(__int128 base, __int128 base_len,
                       proact__term_t *terms, int nterms,
                       proact__runs_t *runs_p) {
  proact__runs_t r = {.start = base, .len = base_len, .nlevels = 0};
  __int128 extent = base_len; /* of everything so far */
  int exact = base_len >= 1;

  qsort(terms, (size_t)nterms, sizeof(*terms), term_cmp);
  for (int d = 0; d < nterms; d++) {
    const __int128 s = abs128(terms[d].stride);
    const long long c = terms[d].count;
    if (c <= 1 || s == 0)
      continue; /* repeats of the same elements */
    if (exact && r.nlevels == 0 && s <= r.len) {
      r.len += (__int128)(c - 1) * s; /* copies touch: still one run */
    } else if (!exact || s < extent) {
      exact = 0; /* copies interleave with the gaps below */
    } else if (r.nlevels > 0 &&
               s == r.stride[r.nlevels - 1] * r.count[r.nlevels - 1] &&
               r.count[r.nlevels - 1] <= RUNS_COUNT_MAX / c) {
      r.count[r.nlevels - 1] *= c; /* the level's progression goes on */
    } else if (r.nlevels < PROACT__RUNS_LEVELS) {
      r.stride[r.nlevels] = s;
      r.count[r.nlevels++] = c;
    } else {
      exact = 0;
    }
    extent += (__int128)(c - 1) * s;
  }
  if (!exact) {
    r.nlevels = 0;
    r.len = extent;
  }
  *runs_p = r;
  return exact;
}

int proact__runs_injective(__int128 base_len, proact__term_t *terms,
                           int nterms) {
  __int128 extent = base_len;
  qsort(terms, (size_t)nterms, sizeof(*terms), term_cmp);
  for (int d = 0; d < nterms; d++) {
    const __int128 s = abs128(terms[d].stride);
    if (terms[d].count <= 1)
      continue;
    if (s < extent)
      return 0;
    extent += (__int128)(terms[d].count - 1) * s;
  }
  return 1;
}

/* ext[l]: the extent of the block levels below l form (ext[0] = len). */
static void runs_extents(const proact__runs_t *r,
                         __int128 ext[PROACT__RUNS_LEVELS + 1]) {
  ext[0] = r->len;
  for (int l = 0; l < r->nlevels; l++)
    ext[l + 1] = (__int128)(r->count[l] - 1) * r->stride[l] + ext[l];
}

__int128 proact__runs_last(const proact__runs_t *runs) {
  __int128 ext[PROACT__RUNS_LEVELS + 1];
  runs_extents(runs, ext);
  return runs->start + ext[runs->nlevels] - 1;
}

long long proact__runs_count(const proact__runs_t *runs) {
  long long n = 1;
  for (int l = 0; l < runs->nlevels; l++)
    n = n > RUNS_COUNT_MAX / runs->count[l] ? RUNS_COUNT_MAX
                                            : n * runs->count[l];
  return n;
}

int proact__runs_each(const proact__runs_t *runs, proact__runs_func_t func,
                      void *arg) {
  long long idx[PROACT__RUNS_LEVELS] = {0};
  __int128 at = runs->start;
  for (;;) {
    int rc = func(arg, at, at + runs->len - 1), l = 0;
    if (rc != 0)
      return rc;
    /* the next mixed-radix number: the lowest level that can still grow */
    while (l < runs->nlevels && idx[l] + 1 == runs->count[l]) {
      at -= (__int128)idx[l] * runs->stride[l];
      idx[l++] = 0;
    }
    if (l == runs->nlevels)
      return 0;
    idx[l]++;
    at += runs->stride[l];
  }
}

/* The first element in [lo, hi] of the block of levels below L at o. Its
 * sub-blocks are disjoint and each starts and ends with an element, so
 * when [lo, hi] reaches past the first sub-block it meets, the next one's
 * start is the answer. */
static int runs_first_at(const proact__runs_t *r, const __int128 *ext, int L,
                         __int128 o, __int128 lo, __int128 hi, __int128 *at) {
  __int128 s, e, num, rlo, rhi;
  if (hi < o || lo > o + ext[L] - 1)
    return 0;
  if (L == 0) {
    *at = lo > o ? lo : o;
    return 1;
  }
  s = r->stride[L - 1];
  e = ext[L - 1];
  num = lo - o - e + 1;
  rlo = num <= 0 ? 0 : (num + s - 1) / s;
  rhi = (hi - o) / s;
  if (rhi > r->count[L - 1] - 1)
    rhi = r->count[L - 1] - 1;
  if (rlo > rhi)
    return 0;
  if (runs_first_at(r, ext, L - 1, o + rlo * s, lo, hi, at))
    return 1;
  if (rlo + 1 <= rhi) {
    *at = o + (rlo + 1) * s;
    return 1;
  }
  return 0;
}

int proact__runs_first_in(const proact__runs_t *runs, __int128 lo,
                          __int128 hi, __int128 *at_p) {
  __int128 ext[PROACT__RUNS_LEVELS + 1];
  runs_extents(runs, ext);
  return runs_first_at(runs, ext, runs->nlevels, runs->start, lo, hi, at_p);
}

typedef struct runs_meet_walk {
  const proact__runs_t *other;
  __int128 at;
} runs_meet_walk_t;

static int runs_meet_run(void *arg, __int128 lo, __int128 hi) {
  runs_meet_walk_t *w = arg;
  return proact__runs_first_in(w->other, lo, hi, &w->at);
}

int proact__runs_meet(const proact__runs_t *a, const proact__runs_t *b,
                      long long max_runs, __int128 *at_p) {
  runs_meet_walk_t w;
  const proact__runs_t *walked = a;
  if (proact__runs_last(a) < b->start || proact__runs_last(b) < a->start)
    return 0;
  if (proact__runs_count(b) < proact__runs_count(a)) {
    walked = b;
    b = a;
  }
  if (proact__runs_count(walked) > max_runs)
    return -1;
  w.other = b;
  if (!proact__runs_each(walked, runs_meet_run, &w))
    return 0;
  *at_p = w.at;
  return 1;
}

int proact__site_terms(const proact__access_t *site, long long step,
                       long long klo, long long khi, proact__term_t *terms,
                       __int128 *base_len_p) {
  __int128 len = (__int128)site->off_max - site->off_min + 1;
  int n = 0;
  /* A bounded site's clamp (the last tile) is kept only by its hull
   * (proact__span_of_site intersects both forms), so it has no runs. */
  if (site->whole || site->bounded || site->ndims < 0 ||
      site->ndims > PROACT__ACCESS_DIMS)
    return -1;
  terms[n++] = (proact__term_t){(__int128)site->coef * step, khi - klo};
  for (int d = 0; d < site->ndims; d++) {
    if (site->dim_count[d] < 1)
      return -1;
    terms[n++] = (proact__term_t){site->dim_stride[d], site->dim_count[d]};
    len -= abs128(site->dim_stride[d]) * (__int128)(site->dim_count[d] - 1);
  }
  if (len < 1)
    return -1; /* not what proact__span_add records */
  *base_len_p = len;
  return n;
}

static __int128 runs_floor_div(__int128 a, __int128 b) {
  __int128 q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/* A guarded store's elements: the store's own, unguarded, cut to the
 * constant range its conditions allow (site->bounded with bcoef 0). Exact
 * where the cut leaves whole runs of one level (odd elements of a range);
 * 0 where it would cut a run or leave none. */
static int runs_clipped(const proact__access_t *site_in, long long first,
                        long long step, long long klo, long long khi,
                        proact__runs_t *runs_p) {
  proact__access_t open = *site_in, narrowed;
  proact__term_t terms[PROACT__RUNS_LEVELS];
  proact__span_t span;
  proact__runs_t r;
  __int128 base_len, lo = site_in->boff_min, hi = site_in->boff_max;
  long long mlo, mhi;
  int n;
  if (!site_in->bounded || site_in->bcoef != 0)
    return 0;
  open.bounded = 0;
  if (!proact__site_narrow(&open, first, step, klo, khi, &narrowed) ||
      !proact__span_of_site(&narrowed, first, step, klo, khi, &span))
    return 0;
  n = proact__site_terms(&narrowed, step, klo, khi, terms, &base_len);
  if (n <= 0 || !proact__runs_build(span.lo, base_len, terms, n, &r) ||
      proact__runs_last(&r) != span.hi || r.nlevels > 1)
    return 0;
  if (r.nlevels == 0) {
    const __int128 a = r.start > lo ? r.start : lo;
    const __int128 b = r.start + r.len - 1 < hi ? r.start + r.len - 1 : hi;
    if (a > b)
      return 0;
    *runs_p = (proact__runs_t){.start = a, .len = b - a + 1};
    return 1;
  }
  /* Runs m in [mlo, mhi] lie inside [lo, hi]; the ones next to them must
   * lie outside, not across an end. */
  mlo = lo <= r.start ? 0
                      : (long long)runs_floor_div(lo - r.start + r.stride[0] - 1,
                                                  r.stride[0]);
  mhi = hi - r.len + 1 < r.start
            ? -1
            : (long long)runs_floor_div(hi - r.len + 1 - r.start, r.stride[0]);
  if (mhi > r.count[0] - 1)
    mhi = r.count[0] - 1;
  if (mlo > mhi)
    return 0;
  if (mlo > 0 && r.start + (mlo - 1) * r.stride[0] + r.len - 1 >= lo)
    return 0;
  if (mhi + 1 < r.count[0] && r.start + (mhi + 1) * r.stride[0] <= hi)
    return 0;
  r.start += mlo * r.stride[0];
  r.count[0] = mhi - mlo + 1;
  if (r.count[0] == 1)
    r.nlevels = 0;
  *runs_p = r;
  return 1;
}

int proact__runs_of_site(const proact__access_t *site_in, long long first,
                         long long step, long long klo, long long khi,
                         proact__runs_t *runs_p, int *exact_p) {
  proact__term_t terms[PROACT__RUNS_LEVELS];
  proact__span_t span;
  proact__access_t narrowed;
  const proact__access_t *site = &narrowed;
  __int128 base_len;
  int n;
  if (!proact__site_narrow(site_in, first, step, klo, khi, &narrowed) ||
      !proact__span_of_site(site, first, step, klo, khi, &span))
    return 0;
  n = proact__site_terms(site, step, klo, khi, terms, &base_len);
  *exact_p = n > 0 && proact__runs_build(span.lo, base_len, terms, n, runs_p);
  if (!*exact_p || proact__runs_last(runs_p) != span.hi) {
    *exact_p = runs_clipped(site_in, first, step, klo, khi, runs_p);
    if (!*exact_p)
      *runs_p =
          (proact__runs_t){.start = span.lo, .len = span.hi - span.lo + 1};
  }
  return 1;
}
