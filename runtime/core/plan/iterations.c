/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
#include <stdint.h>
#include <stdlib.h>

#include "iterations.h"

#include "error_report.h"
#include "runs.h"
#include "span.h"

/* Runs of a set proact__runs_meet walks before it gives up. */
#define ITER_MEET_MAX_RUNS ((long long)1 << 22)

static __int128 abs128(__int128 v) { return v < 0 ? -v : v; }

/* Whether a nonzero multiple of m (> 0) lies in [lo, hi]. */
static int iter_multiple_in(__int128 m, __int128 lo, __int128 hi) {
  __int128 up = lo > m ? lo : m;      /* the least positive one >= lo */
  __int128 down = hi < -m ? hi : -m;  /* the greatest negative one <= hi */
  up = (up + m - 1) / m * m;
  down = -((-down + m - 1) / m * m);
  return up <= hi || down >= lo;
}

/* The exact set of site's elements over iterations [klo, khi), or 0. */
static int iter_runs(const proact__loop_desc_t *desc,
                     const proact__access_t *site, long long klo,
                     long long khi, proact__runs_t *runs) {
  int exact = 0;
  return proact__runs_of_site(site, desc->first, desc->step, klo, khi, runs,
                              &exact) &&
         exact;
}

static int iter_cmp128(const void *pa, const void *pb) {
  const __int128 a = *(const __int128 *)pa, b = *(const __int128 *)pb;
  return a < b ? -1 : a > b;
}

/* Whether the index tuples of terms (overlapping, so that no runs describe
 * their set: b[j * 2 + k * 2]) give points distinct offsets: listed and
 * sorted where there are at most 65536; -1 beyond. */
static int iter_tuples_distinct(__int128 base_len, const proact__term_t *terms,
                                int n, __int128 points) {
  __int128 *v;
  int distinct = 1;
  if (points > 65536 || points <= 0 ||
      (v = malloc((size_t)points * sizeof(*v))) == NULL)
    return -1;
  for (long long p = 0; p < (long long)points; p++) {
    __int128 x = p % base_len;
    long long rest = (long long)(p / base_len);
    for (int d = 0; d < n; d++) {
      x += (__int128)(rest % terms[d].count) * terms[d].stride;
      rest /= terms[d].count;
    }
    v[p] = x;
  }
  qsort(v, (size_t)points, sizeof(*v), iter_cmp128);
  for (long long p = 1; p < (long long)points && distinct; p++)
    distinct = v[p] != v[p - 1];
  free(v);
  return distinct;
}

/* Whether one iteration of the annotated loop stores distinct elements at
 * site over the inner loops' iterations: 1 yes, 0 no, -1 unknown. */
static int iter_inner_injective(const proact__loop_desc_t *desc,
                                const proact__access_t *site) {
  proact__term_t terms[PROACT__RUNS_LEVELS];
  proact__runs_t runs;
  __int128 base_len, points;
  int n = proact__site_terms(site, desc->step, 0, 1, terms, &base_len);
  if (n < 0)
    return -1;
  points = base_len;
  for (int d = 0; d < n; d++)
    points *= terms[d].count;
  /* A store of the collapsed body runs at each of their points: fewer index
   * tuples means a term whose coefficient is 0 at run time (x[i + z * j],
   * z == 0), which span_add leaves out. */
  if (points < desc->inner_trip)
    return 0;
  if (proact__runs_injective(base_len, terms, n))
    return 1;
  /* Exact where the set is runs: injective iff it has as many elements as
   * index tuples (runs_build takes the terms in any order). */
  if (!proact__runs_build((__int128)site->off_min, base_len, terms, n, &runs))
    return iter_tuples_distinct(base_len, terms, n, points);
  return (__int128)proact__runs_count(&runs) * runs.len == points;
}

/* Whether a and b touch the same elements in every iteration. */
static int iter_same_form(const proact__access_t *a,
                          const proact__access_t *b) {
  if (a->coef != b->coef || a->off_min != b->off_min ||
      a->off_max != b->off_max || a->ndims != b->ndims || a->ndims < 0)
    return 0;
  for (int d = 0; d < a->ndims; d++)
    if (a->dim_stride[d] != b->dim_stride[d] ||
        a->dim_count[d] != b->dim_count[d])
      return 0;
  return 1;
}

/* Whether site's index is one-to-one over all the loop's iterations and
 * its inner loops' (a sound test: 0 may still be one-to-one). */
static int iter_injective(const proact__loop_desc_t *desc,
                          const proact__access_t *site) {
  proact__term_t terms[PROACT__RUNS_LEVELS];
  __int128 base_len;
  int n = proact__site_terms(site, desc->step, 0, desc->trip, terms,
                             &base_len);
  return n >= 0 && proact__runs_injective(base_len, terms, n);
}

/* Pairs of iteration ranges iter_meet_split compares before it gives up. */
#define ITER_SPLIT_MAX 4096

/* Whether a in some iteration of [alo, ahi) and b in a different one of
 * [blo, bhi) touch one element (*at_p): 1, 0, or -1 when unknown. The
 * ranges are halved where their sets meet, so that stores whose
 * coefficients differ (a[i] and a[2 * i]), whose sets meet along the
 * diagonal k == k' at most, cost a few ranges per halving. */
static int iter_meet_split(const proact__loop_desc_t *desc,
                           const proact__access_t *a, long long alo,
                           long long ahi, const proact__access_t *b,
                           long long blo, long long bhi, int *budget,
                           __int128 *at_p) {
  /* A form exact only for one iteration (inexact 2: inner bounds that
   * move with i) proves a meet of different iterations only there. */
  const int each = a->inexact || b->inexact;
  proact__runs_t ra, rb;
  int met, exact_a = 0, exact_b = 0;
  if (alo >= ahi || blo >= bhi)
    return 0;
  if (--*budget < 0 ||
      !proact__runs_of_site(a, desc->first, desc->step, alo, ahi, &ra,
                            &exact_a) ||
      !proact__runs_of_site(b, desc->first, desc->step, blo, bhi, &rb,
                            &exact_b))
    return -1;
  /* Without exact runs (a window's elements overlap from one iteration
   * to the next: a[2 * j], j = i .. i + 1) the hulls say where the sets
   * may meet: halve there, down to single iterations, whose runs are. */
  met = proact__runs_meet(&ra, &rb, ITER_MEET_MAX_RUNS, at_p);
  if (met < 0 || (met == 0 && exact_a && exact_b))
    return met;
  if (met == 0) /* hulls apart: so are the sets */
    return 0;
  if (exact_a && exact_b && (ahi <= blo || bhi <= alo) &&
      (!each || (ahi - alo == 1 && bhi - blo == 1)))
    return 1; /* different iterations for sure */
  if (ahi - alo == 1 && bhi - blo == 1) /* one iteration, or unknown */
    return exact_a && exact_b ? 0 : -1;
  {
    /* Halve the longer range. */
    const int split_a = ahi - alo >= bhi - blo;
    const long long amid = split_a ? alo + (ahi - alo) / 2 : ahi;
    const long long bmid = split_a ? bhi : blo + (bhi - blo) / 2;
    int r1 = iter_meet_split(desc, a, alo, amid, b, blo, bmid, budget, at_p);
    if (r1 == 1)
      return 1;
    met = split_a ? iter_meet_split(desc, a, amid, ahi, b, blo, bhi, budget,
                                    at_p)
                  : iter_meet_split(desc, a, alo, ahi, b, bmid, bhi, budget,
                                    at_p);
    return met == 1 ? 1 : r1 < 0 || met < 0 ? -1 : 0;
  }
}

/* Iteration 0's elements of a site, listed (at most ITER_ELEMENTS_MAX). */
#define ITER_ELEMENTS_MAX 2048
typedef struct iter_elements {
  __int128 v[ITER_ELEMENTS_MAX];
  int n;
} iter_elements_t;

static int iter_element_run(void *arg, __int128 lo, __int128 hi) {
  iter_elements_t *e = arg;
  for (__int128 x = lo; x <= hi; x++) {
    if (e->n == ITER_ELEMENTS_MAX)
      return 1;
    e->v[e->n++] = x;
  }
  return 0;
}

/* Whether a and b, whose iteration k touches their iteration 0's elements
 * a0, b0 moved by c * k, touch one element in different iterations: x of
 * a0 and y of b0 meet where y - x is c times a nonzero iteration distance
 * below the trip count. 1, 0, or -1 (too many elements to list). */
static int iter_meet_elements(const proact__loop_desc_t *desc,
                              const proact__runs_t *a0,
                              const proact__runs_t *b0, __int128 c,
                              __int128 *at_p) {
  iter_elements_t *ea = malloc(sizeof(*ea)), *eb = malloc(sizeof(*eb));
  int met = -1;
  if (ea == NULL || eb == NULL)
    goto done;
  ea->n = eb->n = 0;
  if (proact__runs_each(a0, iter_element_run, ea) ||
      proact__runs_each(b0, iter_element_run, eb))
    goto done;
  met = 0;
  for (int i = 0; i < ea->n && !met; i++)
    for (int j = 0; j < eb->n && !met; j++) {
      const __int128 d = eb->v[j] - ea->v[i], m = d / c;
      if (d % c != 0 || m == 0 || abs128(m) >= desc->trip)
        continue;
      *at_p = m > 0 ? eb->v[j] : ea->v[i];
      met = 1;
    }
done:
  free(ea);
  free(eb);
  return met;
}

/* An element that a (in iteration 0) and b (in a later iteration) both
 * touch, or the reverse, into *at_p; 0 when none, -1 when unknown. The sets
 * of later iterations are those of iteration 0 moved by coef * step each,
 * so comparing iteration 0 with the others finds every pair. */
static int iter_pair_meet(const proact__loop_desc_t *desc,
                          const proact__access_t *a,
                          const proact__access_t *b, __int128 *at_p) {
  const __int128 c = (__int128)a->coef * desc->step;
  proact__runs_t a0, b0, arest, brest;
  int met;
  if (a->bounded || b->bounded)
    return -1;
  if (a->inexact || b->inexact) { /* each iteration's own form */
    int budget = ITER_SPLIT_MAX;
    if (a == b && iter_injective(desc, a)) /* its hull proves it */
      return 0;
    return iter_meet_split(desc, a, 0, desc->trip, b, 0, desc->trip,
                           &budget, at_p);
  }
  if (a->coef != b->coef) {
    int budget = ITER_SPLIT_MAX;
    return iter_meet_split(desc, a, 0, desc->trip, b, 0, desc->trip,
                           &budget, at_p);
  }
  /* b touches a's elements in each iteration, and a's iterations touch
   * distinct ones: the commonest pairs, a store and itself or the load of
   * its own element, cost no walk. */
  if (iter_same_form(a, b) && iter_injective(desc, a))
    return 0;
  /* Iteration k of a and k' of b meet only where c * (k' - k) is a
   * difference of their offsets. */
  if (c != 0 && !iter_multiple_in(abs128(c), (__int128)a->off_min - b->off_max,
                                  (__int128)a->off_max - b->off_min))
    return 0;
  if (!iter_runs(desc, a, 0, 1, &a0) || !iter_runs(desc, b, 0, 1, &b0))
    return -1;
  if (c == 0) /* every iteration touches the same elements */
    return proact__runs_meet(&a0, &b0, ITER_MEET_MAX_RUNS, at_p);
  if (!iter_runs(desc, a, 1, desc->trip, &arest) ||
      !iter_runs(desc, b, 1, desc->trip, &brest))
    /* The later iterations' sets overlap one another (b[i * 4 + j * 4]):
     * no runs describe them, iteration 0's elements do. */
    return iter_meet_elements(desc, &a0, &b0, c, at_p);
  met = proact__runs_meet(&a0, &brest, ITER_MEET_MAX_RUNS, at_p);
  if (met != 0)
    return met;
  return proact__runs_meet(&b0, &arest, ITER_MEET_MAX_RUNS, at_p);
}

/* Accesses whose form proves nothing about single iterations: not affine,
 * a superset of what an iteration touches, or after a condition that may
 * hold at one iteration alone (`if (i == 0) a[0] = ...`). */
static int iter_skip(const proact__access_t *site) {
  return site->whole || site->empty || site->inexact == 1 || site->guarded;
}

int proact__sections_meet(const proact__array_t *x,
                          const proact__array_t *y) {
  const __int128 x0 = (__int128)(intptr_t)x->base +
                      (__int128)x->lo * x->elem_size,
                 x1 = x0 + (__int128)x->len * x->elem_size,
                 y0 = (__int128)(intptr_t)y->base +
                      (__int128)y->lo * y->elem_size,
                 y1 = y0 + (__int128)y->len * y->elem_size;
  return x->len > 0 && y->len > 0 && x0 < y1 && y0 < x1;
}

/* Whether region arrays a and b of the loop share host memory (b = a + 1
 * names a's elements from a[1]): 1 with b's element 0 at a's element
 * *delta_p; -1 when they overlap in a way no element offset describes
 * (other element sizes, a misaligned start); 0 when they do not meet. */
static int iter_alias(const proact__loop_desc_t *desc, int a, int b,
                      long long *delta_p) {
  const proact__array_t *x = &desc->arrays[a], *y = &desc->arrays[b];
  const __int128 xs = (__int128)(intptr_t)x->base,
                 ys = (__int128)(intptr_t)y->base;
  if (a == b || !proact__sections_meet(x, y))
    return 0;
  if (x->elem_size != y->elem_size || x->elem_size == 0 ||
      (ys - xs) % (__int128)x->elem_size != 0)
    return -1;
  *delta_p = (long long)((ys - xs) / (__int128)x->elem_size);
  return 1;
}

/* Site v of array b as an access of array a, b's element 0 being a's
 * element delta. */
static proact__access_t iter_shifted(const proact__access_t *v, int a,
                                     long long delta) {
  proact__access_t s = *v;
  s.array = a;
  s.off_min += delta;
  s.off_max += delta;
  if (s.bounded) {
    s.boff_min += delta;
    s.boff_max += delta;
  }
  return s;
}

/* Stores and loads through two names of the same memory, each name's
 * accesses shifted into the other's numbering: a dependence or an
 * overlap between them is the same error as through one name. */
static void iter_check_aliases(const proact__loop_desc_t *desc) {
  char b1[48];
  for (int s = 0; s < desc->nwrites; s++) {
    const proact__access_t *w = &desc->writes[s];
    if (iter_skip(w) || w->array < 0 || w->array >= desc->narrays)
      continue;
    for (int b = 0; b < desc->narrays; b++) {
      const proact__array_t *A = &desc->arrays[w->array],
                            *B = &desc->arrays[b];
      long long delta = 0;
      int kind = iter_alias(desc, w->array, b, &delta);
      __int128 at;
      if (kind == 0)
        continue;
      if (kind < 0)
        proact__fatal(desc->file, w->line, w->col,
                      "the loop at line %d stores '%s', whose section "
                      "shares memory with that of '%s' without lining up "
                      "element by element, so PROACT cannot tell which "
                      "iterations touch the same bytes; name the memory "
                      "through one array",
                      desc->line, A->name, B->name);
      for (int t = 0; t < desc->nwrites + desc->nreads; t++) {
        const int load = t >= desc->nwrites;
        const proact__access_t *v =
            load ? &desc->reads[t - desc->nwrites] : &desc->writes[t];
        proact__access_t sv;
        if (iter_skip(v) || v->array != b)
          continue;
        sv = iter_shifted(v, w->array, delta);
        if (iter_pair_meet(desc, w, &sv, &at) != 1)
          continue;
        proact__fatal(desc->file, v->line, v->col,
                      "this %s of '%s' and the store at line %d to '%s' "
                      "touch one element, %s[%s] (%s[k] is %s[k %c %lld]), "
                      "in different iterations of the loop at line %d: the "
                      "two names share memory, so the loop carries a "
                      "dependence%s",
                      load ? "load" : "store", B->name, w->line, A->name,
                      A->name, proact__span_format(at, b1), B->name,
                      A->name, delta < 0 ? '-' : '+',
                      delta < 0 ? -delta : delta, desc->line,
                      load ? "; write the results to another array" : "");
      }
    }
  }
}

int proact__loop_arrays_share(const proact__loop_desc_t *desc) {
  for (int a = 0; a < desc->narrays; a++)
    for (int b = a + 1; b < desc->narrays; b++) {
      long long delta;
      if (iter_alias(desc, a, b, &delta) != 0)
        return 1;
    }
  return 0;
}

void proact__loop_check_iterations(const proact__loop_desc_t *desc) {
  char b1[48];
  /* A loop that runs no iteration, or whose collapsed inner loops run
   * none, stores and loads nothing: no two accesses can meet. */
  if (desc->trip <= 0 || desc->inner_trip <= 0)
    return;
  iter_check_aliases(desc);
  for (int s = 0; s < desc->nwrites; s++) {
    const proact__access_t *w = &desc->writes[s];
    const char *name;
    __int128 at;
    if (iter_skip(w) || w->array < 0 || w->array >= desc->narrays)
      continue;
    name = desc->arrays[w->array].name;
    if (desc->inner_trip > 1 && iter_inner_injective(desc, w) == 0)
      proact__fatal(desc->file, w->line, w->col,
                    "two iterations of the inner loops collapsed with the "
                    "loop at line %d store one element of '%s', and they "
                    "run in parallel: give each collapsed variable its own "
                    "stride in the index (a[(i * n + j) * m + k] with "
                    "k < m)",
                    desc->line, name);
    if (desc->trip < 2)
      continue;
    for (int t = s; t < desc->nwrites; t++) {
      const proact__access_t *v = &desc->writes[t];
      if (iter_skip(v) || v->array != w->array ||
          iter_pair_meet(desc, w, v, &at) != 1)
        continue;
      if (t == s)
        proact__fatal(desc->file, w->line, w->col,
                      "different iterations of the loop at line %d store "
                      "%s[%s]: its iterations must be independent, each "
                      "element stored by one iteration at most; accumulate "
                      "over an inner loop or with reduction(...)",
                      desc->line, name, proact__span_format(at, b1));
      proact__fatal(desc->file, w->line, w->col,
                    "this store and the one at line %d store %s[%s] in "
                    "different iterations of the loop at line %d: its "
                    "iterations must be independent, each element stored "
                    "by one iteration at most",
                    v->line, name, proact__span_format(at, b1), desc->line);
    }
    for (int r = 0; r < desc->nreads; r++) {
      const proact__access_t *x = &desc->reads[r];
      /* A load after a condition may not run where its hull says
       * (`j > 0 ? a[i * n + j - 1] : 0`): no proof either way. */
      if (iter_skip(x) || x->array != w->array ||
          iter_pair_meet(desc, w, x, &at) != 1)
        continue;
      proact__fatal(desc->file, x->line, x->col,
                    "this load of %s[%s] and the store at line %d touch one "
                    "element in different iterations of the loop at line "
                    "%d: the loop carries a dependence, and its iterations "
                    "run in parallel; write the results to another array "
                    "(porting guide, \"Dependences between iterations\")",
                    name, proact__span_format(at, b1), w->line, desc->line);
    }
  }
}
