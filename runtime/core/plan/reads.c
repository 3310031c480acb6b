/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The checks of a loop's loads against its sections and reads(...)
 * clauses (plan.h). */
#include <stdint.h>

#include "error_report.h"
#include "iterations.h"
#include "plan.h"
#include "span.h"

/* Whether elements [lo, hi] of array lie in the host bytes [blo, bhi). */
static int loop_inside(const proact__array_t *array, __int128 lo, __int128 hi,
                       const char *blo, const char *bhi) {
  __int128 base = (__int128)(uintptr_t)array->base;
  return base + lo * (__int128)array->elem_size >= (__int128)(uintptr_t)blo &&
         base + (hi + 1) * (__int128)array->elem_size <=
             (__int128)(uintptr_t)bhi;
}

/* Every affine load, over the whole loop, must lie in its array's section:
 * a device holds only that, so a load outside it would read whatever the
 * device memory holds there instead of the host's value. A load whose
 * index is not affine (whole = 1), or that may not run at every iteration
 * (guarded), is checked by the kernels instead (read_check.c). */
static void loop_check_reads(const proact__loop_desc_t *desc,
                             proact__present_t *const *entries) {
  char b1[48], b2[48];

  for (int r = 0; r < desc->nreads; r++) {
    const proact__access_t *site = &desc->reads[r];
    const proact__array_t *array;
    const proact__present_t *entry;
    proact__span_t span;
    if (site->array < 0 || site->array >= desc->narrays)
      proact__fatal(desc->file, site->line, site->col,
                    "load refers to array %d of %d", site->array,
                    desc->narrays);
    array = &desc->arrays[site->array];
    if (site->whole || site->guarded ||
        !proact__span_of_site(site, desc->first, desc->step, 0, desc->trip,
                              &span))
      continue;
    if (span.lo >= array->lo && span.hi < (__int128)array->lo + array->len)
      continue;
    /* The message gives the hull of all the array's affine loads. */
    for (int q = 0; q < desc->nreads; q++) {
      proact__span_t other;
      if (desc->reads[q].array == site->array && !desc->reads[q].whole &&
          !desc->reads[q].guarded &&
          proact__span_of_site(&desc->reads[q], desc->first, desc->step, 0,
                               desc->trip, &other)) {
        span.lo = other.lo < span.lo ? other.lo : span.lo;
        span.hi = other.hi > span.hi ? other.hi : span.hi;
      }
    }
    proact__span_format(span.lo, b1);
    proact__span_format(span.hi - span.lo + 1, b2);
    entry = entries != NULL ? entries[site->array] : NULL;
    if (entry != NULL && !entry->implicit &&
        !loop_inside(array, span.lo, span.hi, entry->host_lo, entry->host_hi))
      proact__fatal(desc->file, desc->line, 0,
                    "the loop reads %s[%s:%s] (line %d) but the data region "
                    "maps %s[%lld:%lld] (%s:%d)",
                    array->name, b1, b2, site->line, entry->name, entry->lo,
                    entry->len, entry->file, entry->line);
    proact__fatal(desc->file, desc->line, 0,
                  "the loop reads %s[%s:%s] (line %d) but region(...) names "
                  "%s[%lld:%lld]",
                  array->name, b1, b2, site->line, array->name, array->lo,
                  array->len);
  }
}

/* A reads(...) clause replaces the loop's affine loads of its array
 * (desc->implied) in the pulls, so each of them must lie inside the clause's
 * section at every iteration, or a device would compute with stale values.
 * Both ends are affine in the iteration, so the first and the last
 * iteration decide. */
static void loop_check_implied(const proact__loop_desc_t *desc) {
  const long long ks[2] = {0, desc->trip - 1};
  char b1[48], b2[48], b3[48], b4[48];

  for (int x = 0; x < desc->nimplied && desc->trip > 0; x++) {
    const proact__access_t *site = &desc->implied[x];
    const proact__access_t *clause = NULL;
    if (site->whole || site->guarded || site->array < 0 ||
        site->array >= desc->narrays)
      continue;
    for (int r = 0; r < desc->nreads; r++)
      if (desc->reads[r].array == site->array && !desc->reads[r].whole)
        clause = &desc->reads[r];
    if (clause == NULL)
      continue;
    for (int e = 0; e < 2; e++) {
      proact__span_t got, named = {0, 0};
      int has_named;
      if (!proact__span_of_site(site, desc->first, desc->step, ks[e],
                                ks[e] + 1, &got))
        continue;
      has_named = proact__span_of_site(clause, desc->first, desc->step,
                                       ks[e], ks[e] + 1, &named);
      if (has_named && named.lo <= got.lo && got.hi <= named.hi)
        continue;
      /* The message gives the hull of the array's loads there. */
      for (int q = 0; q < desc->nimplied; q++) {
        proact__span_t other;
        if (desc->implied[q].array == site->array &&
            !desc->implied[q].whole && !desc->implied[q].guarded &&
            proact__span_of_site(&desc->implied[q], desc->first, desc->step,
                                 ks[e], ks[e] + 1, &other)) {
          got.lo = other.lo < got.lo ? other.lo : got.lo;
          got.hi = other.hi > got.hi ? other.hi : got.hi;
        }
      }
      proact__fatal(desc->file, desc->line, 0,
                    "at loop index %lld the loop reads %s[%s:%s] (line %d) "
                    "but reads(...) names %s[%s:%s] (line %d)",
                    desc->first + ks[e] * desc->step,
                    desc->arrays[site->array].name,
                    proact__span_format(got.lo, b1),
                    proact__span_format(got.hi - got.lo + 1, b2), site->line,
                    desc->arrays[site->array].name,
                    proact__span_format(has_named ? named.lo : 0, b3),
                    proact__span_format(has_named ? named.hi - named.lo + 1
                                                  : 0, b4),
                    clause->line);
    }
  }
}

void proact__plan_check_accesses(const proact__loop_desc_t *desc,
                                 proact__present_t *const *entries) {
  loop_check_reads(desc, entries);
  loop_check_implied(desc);
  proact__loop_check_iterations(desc);
}
