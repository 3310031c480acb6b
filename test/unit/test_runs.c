/* Exact element sets of affine accesses (runtime/core/base/runs.h), against
 * brute-force enumeration, and the terms proact__span_add records. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runs.h"
#include "span.h"
#include "proact/detail/codegen.h"
#include "runner.h"

typedef struct collect {
  __int128 lo[64], hi[64];
  int n;
} collect_t;

static int collect_run(void *arg, __int128 lo, __int128 hi) {
  collect_t *c = arg;
  if (c->n == 64)
    return 1;
  c->lo[c->n] = lo;
  c->hi[c->n++] = hi;
  return 0;
}

TEST_IMPL(runs_column_strided_and_merged) {
  proact__runs_t r;
  collect_t c = {.n = 0};
  /* a[j*10 + i], i in [5, 9), j in [0, 3): 3 runs of 4, 10 apart */
  proact__term_t col[2] = {{10, 3}, {1, 4}};
  ASSERT_EQ(proact__runs_build(5, 1, col, 2, &r), 1);
  ASSERT_EQ((long long)r.start, 5);
  ASSERT_EQ((long long)r.len, 4);
  ASSERT_EQ(r.nlevels, 1);
  ASSERT_EQ(proact__runs_count(&r), 3);
  ASSERT_EQ((long long)proact__runs_last(&r), 28);
  ASSERT_EQ(proact__runs_each(&r, collect_run, &c), 0);
  ASSERT_EQ(c.n, 3);
  ASSERT_EQ((long long)c.lo[1], 15);
  ASSERT_EQ((long long)c.hi[2], 28);
  /* A part holding whole rows: the copies touch, one run. */
  {
    proact__term_t row[2] = {{4, 3}, {1, 4}};
    ASSERT_EQ(proact__runs_build(0, 1, row, 2, &r), 1);
    ASSERT_EQ(r.nlevels, 0);
    ASSERT_EQ((long long)r.len, 12);
  }
  /* a[k*30 + j*10 + i]: the planes continue the rows' progression. */
  {
    proact__term_t cube[3] = {{30, 2}, {1, 2}, {10, 3}};
    ASSERT_EQ(proact__runs_build(0, 1, cube, 3, &r), 1);
    ASSERT_EQ(r.nlevels, 1);
    ASSERT_EQ(r.count[0], 6);
    ASSERT_EQ(proact__runs_count(&r), 6);
  }
  /* a[2*i]: one element per run; negative and zero strides. */
  {
    proact__term_t even[3] = {{-2, 5}, {0, 7}, {4, 1}};
    ASSERT_EQ(proact__runs_build(0, 1, even, 3, &r), 1);
    ASSERT_EQ((long long)r.len, 1);
    ASSERT_EQ(r.nlevels, 1);
    ASSERT_EQ((long long)r.stride[0], 2);
    ASSERT_EQ(r.count[0], 5);
  }
  /* Terms that interleave with the gaps below: the hull, not exact. */
  {
    proact__term_t mix[2] = {{2, 3}, {3, 2}};
    ASSERT_EQ(proact__runs_build(0, 1, mix, 2, &r), 0);
    ASSERT_EQ(r.nlevels, 0);
    ASSERT_EQ((long long)r.len, 8);
  }
  /* A base run of 3 (a reads(...) section) then a stride of 5. */
  {
    proact__term_t t[1] = {{5, 4}};
    ASSERT_EQ(proact__runs_build(-7, 3, t, 1, &r), 1);
    ASSERT_EQ((long long)r.len, 3);
    ASSERT_EQ((long long)proact__runs_last(&r), -7 + 15 + 2);
  }
}

TEST_IMPL(runs_injective_mixed_radix) {
  enum { N = 100 };
  proact__term_t col[2] = {{1, N}, {N, N}};      /* a[j*N + i] */
  proact__term_t every[2] = {{0, N}, {1, 8}};    /* a[j] for every i */
  proact__term_t pair[2] = {{2, N}, {1, 2}};     /* a[2i], a[2i+1] */
  proact__term_t shifted[2] = {{1, N}, {1, 2}};  /* a[i], a[i+1] */
  proact__term_t wide[2] = {{1, N}, {N - 1, N}}; /* a[j*(N-1) + i] */
  ASSERT_EQ(proact__runs_injective(1, col, 2), 1);
  ASSERT_EQ(proact__runs_injective(1, every, 2), 0);
  ASSERT_EQ(proact__runs_injective(1, pair, 2), 1);
  ASSERT_EQ(proact__runs_injective(1, shifted, 2), 0);
  ASSERT_EQ(proact__runs_injective(1, wide, 2), 0);
  ASSERT_EQ(proact__runs_injective(1, NULL, 0), 1);
}

/* Random small sets against a bitmap of their elements. */
enum { SPAN = 640, ORIGIN = 300 };

static void brute(__int128 base, int len, const proact__term_t *t, int n,
                  unsigned char *map, int *dups) {
  long long idx[4] = {0, 0, 0, 0};
  memset(map, 0, SPAN);
  *dups = 0;
  for (;;) {
    __int128 at = base;
    int d = 0;
    for (int k = 0; k < n; k++)
      at += (t[k].stride < 0 ? -t[k].stride : t[k].stride) * idx[k];
    for (int x = 0; x < len; x++) {
      *dups += map[(int)(at + x) + ORIGIN] != 0;
      map[(int)(at + x) + ORIGIN] = 1;
    }
    while (d < n && ++idx[d] == t[d].count)
      idx[d++] = 0;
    if (d == n)
      return;
  }
}

typedef struct mark {
  unsigned char *map;
  int bad;
} mark_t;

static int mark_run(void *arg, __int128 lo, __int128 hi) {
  mark_t *m = arg;
  for (__int128 x = lo; x <= hi; x++) {
    m->bad += m->map[(int)x + ORIGIN] != 0;
    m->map[(int)x + ORIGIN] = 1;
  }
  return 0;
}

static long long rnd(unsigned *s, long long lo, long long hi) {
  *s = *s * 1103515245u + 12345u;
  return lo + (long long)((*s >> 8) % (unsigned)(hi - lo + 1));
}

TEST_IMPL(runs_random_against_reference) {
  unsigned seed = 12345;
  int exact_seen = 0, inexact_seen = 0, met_seen = 0;
  for (int iter = 0; iter < 3000; iter++) {
    proact__term_t t[2][4], tc[4];
    proact__runs_t r[2];
    unsigned char ref[2][SPAN], got[SPAN];
    int n[2], len[2], exact[2], dups;
    __int128 base[2];
    for (int s = 0; s < 2; s++) {
      n[s] = (int)rnd(&seed, 0, 3);
      len[s] = (int)rnd(&seed, 1, 3);
      base[s] = rnd(&seed, -20, 20);
      for (int k = 0; k < n[s]; k++)
        t[s][k] = (proact__term_t){rnd(&seed, -14, 14), rnd(&seed, 1, 4)};
      brute(base[s], len[s], t[s], n[s], ref[s], &dups);
      memcpy(tc, t[s], sizeof(tc));
      exact[s] = proact__runs_build(base[s], len[s], tc, n[s], &r[s]);
      {
        mark_t m = {got, 0};
        memset(got, 0, SPAN);
        proact__runs_each(&r[s], mark_run, &m);
        ASSERT_EQ(m.bad, 0); /* runs are disjoint and increasing */
      }
      for (int x = 0; x < SPAN; x++)
        if (exact[s])
          ASSERT_EQ(got[x], ref[s][x]);
        else
          ASSERT_TRUE(got[x] || !ref[s][x]); /* the hull contains it */
      exact_seen += exact[s];
      inexact_seen += !exact[s];
      memcpy(tc, t[s], sizeof(tc));
      if (proact__runs_injective(len[s], tc, n[s]))
        ASSERT_EQ(dups, 0);
      /* first_in against the bitmap */
      {
        long long lo = rnd(&seed, -40, 200), hi = lo + rnd(&seed, 0, 30);
        __int128 at;
        long long want = LLONG_MIN;
        for (long long x = lo; x <= hi && want == LLONG_MIN; x++)
          if (got[x + ORIGIN])
            want = x;
        if (proact__runs_first_in(&r[s], lo, hi, &at))
          ASSERT_EQ((long long)at, want);
        else
          ASSERT_EQ(want, LLONG_MIN);
      }
    }
    if (exact[0] && exact[1]) {
      __int128 at;
      int both = 0, met = proact__runs_meet(&r[0], &r[1], 1000, &at);
      for (int x = 0; x < SPAN; x++)
        both |= ref[0][x] && ref[1][x];
      ASSERT_EQ(met, both);
      if (met) {
        ASSERT_TRUE(ref[0][(int)at + ORIGIN] && ref[1][(int)at + ORIGIN]);
        met_seen++;
      }
    }
  }
  ASSERT_TRUE(exact_seen > 1000 && inexact_seen > 50 && met_seen > 100);
}

/* Inner loops whose bounds move with i: the term holds the hull over the
 * loop, and a range of iterations sees its own hull; one iteration sees
 * exactly its elements. Checked against enumeration for triangles both
 * ways, rows and columns, and a band. */
TEST_IMPL(span_add_dep_narrows) {
  enum { N = 23 };
  /* (row coef, column coef, lo_a, lo_b, hi_a, hi_b): j in [lo, hi] */
  static const long long shapes[][6] = {
      {N, 1, 1, 1, 0, N - 1},  /* c[i*N + j], j in [i+1, N-1] */
      {1, N, 1, 1, 0, N - 1},  /* c[j*N + i], j in [i+1, N-1] */
      {N, 1, 0, 0, 1, 0},      /* c[i*N + j], j in [0, i] */
      {N, -1, 1, -3, 1, 3},    /* c[i*N - j + 40], j in [i-3, i+3] */
  };
  for (int s = 0; s < 4; s++) {
    const long long *sh = shapes[s];
    proact__access_t site = {.coef = sh[0], .line = 1, .col = 1};
    site.off_min = site.off_max = 40;
    proact__span_add_dep(&site, sh[1], sh[2], sh[3], sh[4], sh[5], 0, N - 1);
    ASSERT_EQ(site.ndims, 1);
    ASSERT_EQ(site.dep[0], 1);
    for (long long klo = 0; klo < N; klo += 3)
      for (long long khi = klo + 1; khi <= N; khi += 4) {
        long long want_lo = LLONG_MAX, want_hi = LLONG_MIN;
        proact__span_t span;
        proact__runs_t r;
        int exact, any;
        for (long long i = klo; i < khi; i++)
          for (long long j = sh[2] * i + sh[3]; j <= sh[4] * i + sh[5]; j++) {
            long long e = sh[0] * i + sh[1] * j + 40;
            want_lo = e < want_lo ? e : want_lo;
            want_hi = e > want_hi ? e : want_hi;
          }
        any = want_lo <= want_hi;
        ASSERT_EQ(proact__span_of_site(&site, 0, 1, klo, khi, &span), any);
        if (!any)
          continue;
        /* a superset of the elements, no wider than the range's hull */
        ASSERT_TRUE(span.lo <= want_lo && span.hi >= want_hi);
        ASSERT_EQ(proact__runs_of_site(&site, 0, 1, klo, khi, &r, &exact),
                  1);
        for (long long i = klo; i < khi; i++)
          for (long long j = sh[2] * i + sh[3]; j <= sh[4] * i + sh[5];
               j++) {
            __int128 at;
            long long e = sh[0] * i + sh[1] * j + 40;
            ASSERT_TRUE(proact__runs_first_in(&r, e, e, &at));
          }
        if (khi == klo + 1) { /* one iteration: exactly its elements */
          ASSERT_EQ((long long)span.lo, want_lo);
          ASSERT_EQ((long long)span.hi, want_hi);
          ASSERT_EQ(exact, 1);
        }
      }
  }
}

TEST_IMPL(span_add_records_terms) {
  proact__access_t site = {.coef = 1, .line = 1, .col = 1};
  proact__runs_t r;
  int exact;
  /* a[i + 10*j], j in [0, 10) */
  proact__span_add(&site, 10, 0, 10, 1, PROACT__CMP_LT);
  ASSERT_EQ(site.ndims, 1);
  ASSERT_EQ(site.dim_stride[0], 10);
  ASSERT_EQ(site.dim_count[0], 10);
  /* iterations 2..4 of `i = 0; i += 1`: columns 2..4 of every row */
  ASSERT_EQ(proact__runs_of_site(&site, 0, 1, 2, 5, &r, &exact), 1);
  ASSERT_EQ(exact, 1);
  ASSERT_EQ((long long)r.start, 2);
  ASSERT_EQ((long long)r.len, 3);
  ASSERT_EQ(r.nlevels, 1);
  ASSERT_EQ(proact__runs_count(&r), 10);
  /* -1*k, k = 5, 3, 1: a term of stride 2; a zero term and a loop of one
   * iteration add nothing */
  proact__span_add(&site, -1, 5, 0, -2, PROACT__CMP_GE);
  proact__span_add(&site, 0, 0, 9, 1, PROACT__CMP_LT);
  proact__span_add(&site, 7, 3, 4, 1, PROACT__CMP_LT);
  ASSERT_EQ(site.ndims, 2);
  ASSERT_EQ(site.dim_stride[1], 2);
  ASSERT_EQ(site.dim_count[1], 3);
  /* offsets {-5, -3, -1} + {0, 10, ..., 90} + 21 (the 7*3 term) */
  ASSERT_EQ(site.off_min, -5 + 21);
  ASSERT_EQ(site.off_max, 90 - 1 + 21);
  ASSERT_EQ(proact__runs_of_site(&site, 0, 1, 0, 1, &r, &exact), 1);
  ASSERT_EQ(exact, 1);
  ASSERT_EQ(proact__runs_count(&r), 30);
  /* More terms than the descriptor holds: the hull only. */
  for (int d = 0; d < PROACT__ACCESS_DIMS; d++)
    proact__span_add(&site, 1000 << d, 0, 2, 1, PROACT__CMP_LT);
  ASSERT_EQ(site.ndims, -1);
  ASSERT_EQ(proact__runs_of_site(&site, 0, 1, 0, 1, &r, &exact), 1);
  ASSERT_EQ(exact, 0);
  ASSERT_EQ(r.nlevels, 0);
  ASSERT_EQ((long long)(r.start + r.len - 1), site.off_max);
}

/* Marks each element of a run in a 0/1 table of 512 (offset 64). */
static int mark_clip(void *arg, __int128 lo, __int128 hi) {
  unsigned char *seen = arg;
  for (__int128 e = lo; e <= hi; e++)
    if (e + 64 >= 0 && e + 64 < 512)
      seen[e + 64]++;
  return 0;
}

/* A guarded store a[c*i + o] under `if (lo <= c*i + o <= hi)` (a constant
 * second form): its runs are exactly the clipped elements where they say
 * exact, and hold them otherwise; in one iteration range and its pieces. */
TEST_IMPL(runs_of_clipped_site) {
  for (int c = 1; c <= 5; c++)
    for (int o = 0; o < 3; o++)
      for (int lo = -3; lo < 30; lo += 4)
        for (int hi = lo; hi < 70; hi += 5)
          for (int klo = 0; klo < 6; klo += 2)
            for (int khi = klo + 1; khi < 16; khi += 3) {
              proact__access_t site = {.coef = c, .off_min = o, .off_max = o,
                                       .line = 1, .col = 1, .bounded = 1,
                                       .bcoef = 0, .boff_min = lo,
                                       .boff_max = hi};
              unsigned char want[512] = {0}, got[512] = {0};
              proact__runs_t r;
              int exact = -1, any = 0;
              for (int i = klo; i < khi; i++)
                if (c * i + o >= lo && c * i + o <= hi)
                  want[c * i + o + 64] = 1, any = 1;
              if (!proact__runs_of_site(&site, 0, 1, klo, khi, &r, &exact)) {
                ASSERT_EQ(any, 0);
                continue;
              }
              ASSERT_EQ(proact__runs_each(&r, mark_clip, got), 0);
              for (int e = 0; e < 512; e++) {
                ASSERT_TRUE(got[e] <= 1);
                if (want[e])
                  ASSERT_EQ(got[e], 1);
                if (exact)
                  ASSERT_EQ(got[e], want[e]);
              }
              /* a store of stride 1 or one element: always exact */
              if (any && (c == 1 || khi == klo + 1))
                ASSERT_EQ(exact, 1);
            }
  {
    /* a[4*i + 1], i in [0, 32), kept below 32: 1, 5, ..., 29 */
    proact__access_t site = {.coef = 4, .off_min = 1, .off_max = 1,
                             .line = 1, .col = 1, .bounded = 1, .bcoef = 0,
                             .boff_min = PROACT__LL_MIN, .boff_max = 31};
    proact__runs_t r;
    int exact;
    ASSERT_EQ(proact__runs_of_site(&site, 0, 1, 0, 32, &r, &exact), 1);
    ASSERT_EQ(exact, 1);
    ASSERT_EQ((long long)r.start, 1);
    ASSERT_EQ((long long)r.len, 1);
    ASSERT_EQ(proact__runs_count(&r), 8);
  }
}
