/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Exact sets of the elements an affine access touches in a range of
 * iterations: runs of `len` consecutive elements, repeated by up to
 * PROACT__RUNS_LEVELS levels. Level l repeats the block that the levels
 * below it form count[l] times, stride[l] apart, and stride[l] is at least
 * that block's extent, so the runs are disjoint and come in increasing
 * order (a mixed-radix number). A row-major or 1-D store is one run (no
 * levels); a column store `a[j*n + i]` over i in [lo, hi) is one level:
 * n runs of hi - lo elements, n apart. The description has a fixed size
 * whatever the number of runs, so checks between parts cost per level or
 * per run of the smaller set, never per element. */
#ifndef PROACT_CORE_RUNS_H
#define PROACT_CORE_RUNS_H

#include "proact/detail/codegen.h"

#define PROACT__RUNS_LEVELS (PROACT__ACCESS_DIMS + 1)

typedef struct proact__runs {
  __int128 start; /* first element */
  __int128 len;   /* elements per run, >= 1 */
  int nlevels;
  __int128 stride[PROACT__RUNS_LEVELS]; /* >= the extent below it */
  long long count[PROACT__RUNS_LEVELS]; /* >= 2 */
} proact__runs_t;

/* One term of an affine index: it adds r * stride, r in [0, count). */
typedef struct proact__term {
  __int128 stride; /* any sign; 0 repeats elements */
  long long count; /* >= 1 */
} proact__term_t;

/* The set {base + t + sum_d r_d * |terms[d].stride|}, t in [0, base_len)
 * (base_len >= 1), as runs. Returns 1 when *runs_p is that set exactly; 0
 * when the terms overlap in a way runs cannot describe (then *runs_p is
 * the set's hull, one run, which contains it). Sorts terms in place. */
int proact__runs_build(__int128 base, __int128 base_len,
                       proact__term_t *terms, int nterms,
                       proact__runs_t *runs_p);

/* Whether the map (t, r_0, ..., r_n-1) -> t + sum_d r_d * terms[d].stride
 * is one-to-one on its box (t in [0, base_len)): sorted by |stride|, each
 * stride at least the extent of the smaller terms (mixed radix). A sound
 * test: it proves that different index tuples give different elements,
 * and may fail for some maps that are one-to-one. Sorts terms in
 * place. */
int proact__runs_injective(__int128 base_len, proact__term_t *terms,
                           int nterms);

/* Last element of the set (the first is runs->start). */
__int128 proact__runs_last(const proact__runs_t *runs);

/* Number of runs (saturated at 2^62). */
long long proact__runs_count(const proact__runs_t *runs);

/* Calls func on every run [lo, hi] (inclusive) in increasing order; a
 * nonzero return stops the walk and is returned. */
typedef int (*proact__runs_func_t)(void *arg, __int128 lo, __int128 hi);
int proact__runs_each(const proact__runs_t *runs, proact__runs_func_t func,
                      void *arg);

/* The first element of runs in [lo, hi] into *at_p: 1, or 0 when none. Costs
 * O(levels). */
int proact__runs_first_in(const proact__runs_t *runs, __int128 lo,
                          __int128 hi, __int128 *at_p);

/* Whether a and b share an element (one of them into *at_p): walks the
 * runs of the set with fewer runs, at most max_runs of them; returns -1
 * when both have more. */
int proact__runs_meet(const proact__runs_t *a, const proact__runs_t *b,
                      long long max_runs, __int128 *at_p);

/* The terms of site's index over iterations k in [klo, khi) of
 * `i = first + k * step` (the loop's, then the recorded inner loops') into
 * terms (PROACT__RUNS_LEVELS entries) and the length of its base run into
 * *base_len_p; returns how many, or -1 when site records no exact terms
 * (ndims < 0, whole). */
int proact__site_terms(const proact__access_t *site, long long step,
                       long long klo, long long khi, proact__term_t *terms,
                       __int128 *base_len_p);

/* The elements site accesses in iterations [klo, khi): 0 when none (an
 * empty site or range); else 1, with *runs_p the set and *exact_p whether
 * it is exact (otherwise the hull, as proact__span_of_site gives it). */
int proact__runs_of_site(const proact__access_t *site, long long first,
                         long long step, long long klo, long long khi,
                         proact__runs_t *runs_p, int *exact_p);

#endif
