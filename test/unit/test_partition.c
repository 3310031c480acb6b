/* Tests of the loop arithmetic: BLOCK partition, trip counts, spans. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "balance.h"
#include "partition.h"
#include "plan.h"
#include "span.h"
#include "proact.h"
#include "proact/detail/codegen.h"
#include "runner.h"

/* Parts must tile [0, trip) in order, sizes differing by at most one. */
static void check_tiling(long long trip, int nparts) {
  long long prev_hi = 0, min = LLONG_MAX, max = 0;
  for (int p = 0; p < nparts; p++) {
    long long lo, hi;
    proact__partition_block(trip, nparts, p, &lo, &hi);
    ASSERT_EQ(lo, prev_hi);
    ASSERT_LE(lo, hi);
    if (hi - lo < min)
      min = hi - lo;
    if (hi - lo > max)
      max = hi - lo;
    prev_hi = hi;
  }
  ASSERT_EQ(prev_hi, trip);
  ASSERT_LE(max - min, 1);
}

TEST_IMPL(partition_small_trips) {
  long long lo, hi;
  check_tiling(0, 4);
  check_tiling(1, 4);
  check_tiling(3, 4);
  /* trip < parts: empty parts are listed, not dropped. */
  proact__partition_block(3, 4, 0, &lo, &hi);
  ASSERT_EQ(lo, 0);
  ASSERT_EQ(hi, 0);
  proact__partition_block(3, 4, 3, &lo, &hi);
  ASSERT_EQ(lo, 2);
  ASSERT_EQ(hi, 3);
}

TEST_IMPL(partition_not_divisible) {
  long long lo, hi;
  check_tiling(10, 3);
  check_tiling(100003, 7);
  proact__partition_block(10, 3, 1, &lo, &hi);
  ASSERT_EQ(lo, 3);
  ASSERT_EQ(hi, 6);
  proact__partition_block(10, 3, 2, &lo, &hi);
  ASSERT_EQ(lo, 6);
  ASSERT_EQ(hi, 10);
}

TEST_IMPL(partition_huge_trip) {
  check_tiling(LLONG_MAX, 1);
  check_tiling(LLONG_MAX, 7);
  check_tiling(LLONG_MAX - 1, 64);
  check_tiling(LLONG_MAX / 3 * 2 + 5, 8);
}

TEST_IMPL(trip_count_all_comparisons) {
  ASSERT_EQ(proact__trip_count(0, 10, 1, PROACT__CMP_LT, "t.c", 1), 10);
  ASSERT_EQ(proact__trip_count(0, 10, 3, PROACT__CMP_LT, "t.c", 1), 4);
  ASSERT_EQ(proact__trip_count(0, 9, 3, PROACT__CMP_LT, "t.c", 1), 3);
  ASSERT_EQ(proact__trip_count(0, 10, 1, PROACT__CMP_LE, "t.c", 1), 11);
  ASSERT_EQ(proact__trip_count(0, 9, 3, PROACT__CMP_LE, "t.c", 1), 4);
  ASSERT_EQ(proact__trip_count(10, 0, -1, PROACT__CMP_GT, "t.c", 1), 10);
  ASSERT_EQ(proact__trip_count(10, 0, -3, PROACT__CMP_GT, "t.c", 1), 4);
  ASSERT_EQ(proact__trip_count(10, 0, -1, PROACT__CMP_GE, "t.c", 1), 11);
  ASSERT_EQ(proact__trip_count(9, 0, -3, PROACT__CMP_GE, "t.c", 1), 4);
  ASSERT_EQ(proact__trip_count(-5, 5, 2, PROACT__CMP_LT, "t.c", 1), 5);
  /* No iteration: 0, whatever the step (the loop ends at once). */
  ASSERT_EQ(proact__trip_count(10, 10, 1, PROACT__CMP_LT, "t.c", 1), 0);
  ASSERT_EQ(proact__trip_count(11, 10, 1, PROACT__CMP_LE, "t.c", 1), 0);
  ASSERT_EQ(proact__trip_count(10, 10, -1, PROACT__CMP_GT, "t.c", 1), 0);
  ASSERT_EQ(proact__trip_count(9, 10, -1, PROACT__CMP_GE, "t.c", 1), 0);
  ASSERT_EQ(proact__trip_count(10, 0, 0, PROACT__CMP_LT, "t.c", 1), 0);
}

/* PROACT__LOOP_BOUND against the loops C runs, where C compares the
 * variable and the bound in another type than the variable's: every first
 * value from -6 to 6, bounds around 0 and at their type's limits (NaN and
 * the infinities for floating ones), every comparison with steps of 1 and
 * 2 in its direction. Loops of more than 64 iterations (those that would
 * run out of the variable's range) are not compared. */
#define BOUND_CASE(T, BT, f, b, OP, cmp, st)                                   \
  do {                                                                        \
    const BT bb = (b);                                                        \
    long long want = 0, got;                                                  \
    for (T i = (T)(f); i OP bb && want <= 64; i += (T)(st))                   \
      want++;                                                                 \
    if (want <= 64) {                                                         \
      const long long first = (long long)(T)(f);                              \
      __typeof__((T)0 + bb) const v = (__typeof__((T)0 + bb))bb;              \
      got = proact__trip_count(first, PROACT__LOOP_BOUND(v, first, cmp),      \
                               (st), cmp, "t.c", 1);                          \
      if (got != want)                                                        \
        ASSERT_FAIL_("%s i = %d; i %s (%s)%.17g: %lld iterations, C runs "    \
                     "%lld", #T, (int)(f), #OP, #BT, (double)bb, got, want);   \
    }                                                                         \
  } while (0)
#define BOUND_ALL(T, BT, b)                                                   \
  for (int f = -6; f <= 6; f++)                                               \
    for (int st = 1; st <= 2; st++) {                                         \
      BOUND_CASE(T, BT, f, b, <, PROACT__CMP_LT, st);                         \
      BOUND_CASE(T, BT, f, b, <=, PROACT__CMP_LE, st);                        \
      BOUND_CASE(T, BT, f, b, >, PROACT__CMP_GT, -st);                        \
      BOUND_CASE(T, BT, f, b, >=, PROACT__CMP_GE, -st);                       \
    }

TEST_IMPL(trip_count_c_comparisons) {
  for (long long k = -8; k <= 8; k++) {
    BOUND_ALL(int, unsigned, (unsigned)k)
    BOUND_ALL(int, unsigned, UINT_MAX + (unsigned)k)
    BOUND_ALL(long, unsigned long, (unsigned long)k)
    BOUND_ALL(long, unsigned long, ULONG_MAX / 2 + (unsigned long)k)
    BOUND_ALL(int, unsigned long, (unsigned long)k)
    BOUND_ALL(long long, unsigned long long, ULLONG_MAX + (unsigned long long)k)
    BOUND_ALL(unsigned, int, (int)k)
    BOUND_ALL(unsigned, long, k)
    BOUND_ALL(long, unsigned, (unsigned)k)
    BOUND_ALL(short, unsigned short, (unsigned short)k)
    BOUND_ALL(int, double, k * 0.75)
    BOUND_ALL(long, float, (float)k * 0.5f)
  }
  BOUND_ALL(int, double, NAN)
  BOUND_ALL(int, double, INFINITY)
  BOUND_ALL(int, double, -INFINITY)
  BOUND_ALL(long, double, 1e30)
  BOUND_ALL(long, double, -1e30)
}

TEST_IMPL(trip_count_extremes) {
  ASSERT_EQ(proact__trip_count(LLONG_MIN, LLONG_MAX, LLONG_MAX,
                               PROACT__CMP_LT, "t.c", 1),
            3);
  ASSERT_EQ(proact__trip_count(0, LLONG_MAX, 1, PROACT__CMP_LT, "t.c", 1),
            LLONG_MAX);
  ASSERT_EQ(proact__trip_count(LLONG_MAX, LLONG_MIN, LLONG_MIN,
                               PROACT__CMP_GE, "t.c", 1),
            2);
  /* 2^64 - 1 iterations do not fit: reported. */
  ASSERT_EQ(proact__trip_count_checked(LLONG_MIN, LLONG_MAX, 1,
                                       PROACT__CMP_LT),
            -2);
  ASSERT_EQ(proact__trip_count_checked(0, 5, 1, 7), -1);
}

TEST_IMPL(trip_count_step_zero_is_fatal) {
  proact__trip_count(0, 10, 0, PROACT__CMP_LT, "t.c", 3);
}

TEST_IMPL(trip_count_wrong_sign_is_fatal) {
  proact__trip_count(10, 0, 1, PROACT__CMP_GE, "t.c", 3);
}

TEST_IMPL(span_of_site) {
  proact__access_t site = {0, 0, 0, 1, 0, 0, 1, 1};
  proact__span_t s;
  char buf[48];

  /* i = 1 + 2k, k in [3, 5): i in {7, 9} */
  ASSERT_EQ(proact__span_of_site(&site, 1, 2, 3, 5, &s), 1);
  ASSERT_EQ((long long)s.lo, 7);
  ASSERT_EQ((long long)s.hi, 9);
  site.coef = -2;
  site.off_min = -1;
  site.off_max = 4;
  ASSERT_EQ(proact__span_of_site(&site, 1, 2, 3, 5, &s), 1);
  ASSERT_EQ((long long)s.lo, -19);
  ASSERT_EQ((long long)s.hi, -10);
  /* Descending loop: i = 100 - k */
  site.coef = 1;
  site.off_min = site.off_max = 0;
  ASSERT_EQ(proact__span_of_site(&site, 100, -1, 0, 10, &s), 1);
  ASSERT_EQ((long long)s.lo, 91);
  ASSERT_EQ((long long)s.hi, 100);
  /* Empty part, empty site. */
  ASSERT_EQ(proact__span_of_site(&site, 0, 1, 5, 5, &s), 0);
  site.empty = 1;
  ASSERT_EQ(proact__span_of_site(&site, 0, 1, 0, 5, &s), 0);
  /* No 64-bit overflow: coef * i beyond LLONG_MAX. */
  site.empty = 0;
  site.coef = LLONG_MAX;
  ASSERT_EQ(proact__span_of_site(&site, 0, 1, 0, 3, &s), 1);
  ASSERT_STR_EQ(proact__span_format(s.hi, buf), "18446744073709551614");
  ASSERT_STR_EQ(proact__span_format(-(__int128)12345, buf), "-12345");
  /* Intersection is inclusive. */
  {
    proact__span_t a = {0, 4}, b = {4, 9}, c = {5, 9};
    ASSERT_EQ(proact__span_intersect(&a, &b), 1);
    ASSERT_EQ(proact__span_intersect(&a, &c), 0);
  }
}

TEST_IMPL(span_add_inner_loops) {
  proact__access_t site = {0, 0, 0, 1, 0, 0, 1, 1};
  /* a[i + 3*j], j in [0, 4): offsets 0..9 */
  proact__span_add(&site, 3, 0, 4, 1, PROACT__CMP_LT);
  ASSERT_EQ(site.off_min, 0);
  ASSERT_EQ(site.off_max, 9);
  /* plus -1*k, k = 5, 3, 1 (k >= 0, step -2): offsets -5..-1 more */
  proact__span_add(&site, -1, 5, 0, -2, PROACT__CMP_GE);
  ASSERT_EQ(site.off_min, -5);
  ASSERT_EQ(site.off_max, 8);
  ASSERT_EQ(site.empty, 0);
  /* An inner loop with no iteration: no store at all. */
  proact__span_add(&site, 1, 4, 4, 1, PROACT__CMP_LT);
  ASSERT_EQ(site.empty, 1);
}

/* A tile `for (i = ii; i < MIN(ii + 4, 10); i++) a[i]` over ii = 0, 4, 8:
 * the shifted form ii + [0, 3] over-claims 10 and 11 at the last tile;
 * the bounded form [0, 9] clamps it, and a part whose forms do not meet
 * accesses nothing. */
TEST_IMPL(span_of_bounded_site) {
  proact__access_t site = {.coef = 1, .line = 1, .col = 1};
  proact__span_t s;
  proact__span_add(&site, 1, 0, 4, 1, PROACT__CMP_LT);
  site.bounded = 1;
  site.bcoef = 0;
  site.boff_min = 0;
  site.boff_max = 9;
  ASSERT_EQ(proact__span_of_site(&site, 0, 4, 0, 2, &s), 1); /* ii 0, 4 */
  ASSERT_EQ((long long)s.lo, 0);
  ASSERT_EQ((long long)s.hi, 7);
  ASSERT_EQ(proact__span_of_site(&site, 0, 4, 2, 3, &s), 1); /* ii 8 */
  ASSERT_EQ((long long)s.lo, 8);
  ASSERT_EQ((long long)s.hi, 9);
  site.boff_max = 5;
  ASSERT_EQ(proact__span_of_site(&site, 0, 4, 2, 3, &s), 0);
}

/* A descending loop is renumbered from its lowest index; its last value
 * may lie a full 64-bit range below first. */
TEST_IMPL(loop_ascend) {
  proact__loop_desc_t d;
  memset(&d, 0, sizeof(d));
  d.first = 98;
  d.step = -3; /* 98, 95, ..., 2 */
  d.trip = proact__trip_count(d.first, 0, d.step, PROACT__CMP_GT, "t.c", 1);
  ASSERT_EQ(d.trip, 33);
  proact__loop_ascend(&d);
  ASSERT_EQ(d.first, 2);
  ASSERT_EQ(d.step, 3);
  d.first = LLONG_MAX;
  d.step = -4;
  d.trip = proact__trip_count(d.first, LLONG_MIN, d.step, PROACT__CMP_GE,
                              "t.c", 1);
  proact__loop_ascend(&d);
  ASSERT_EQ(d.first, LLONG_MIN + 3);
  ASSERT_EQ(d.step, 4);
  /* Ascending loops and loops without iterations stay as they are. */
  d.first = 5;
  d.step = 1;
  d.trip = 4;
  proact__loop_ascend(&d);
  ASSERT_EQ(d.first, 5);
  ASSERT_EQ(d.step, 1);
  d.step = -1;
  d.trip = 0;
  proact__loop_ascend(&d);
  ASSERT_EQ(d.first, 5);
  ASSERT_EQ(d.step, -1);
}

/* Part p of trip under b's current shares. */
static void cut(const proact__balance_t *b, long long trip, int p,
                long long *lo_p, long long *hi_p) {
  proact__shares_t s;
  proact__balance_shares(b, &s);
  proact__balance_cut(&s, trip, p, lo_p, hi_p);
}

/* Balanced parts (balance.h) tile [0, trip) in order. */
static void check_balanced_tiling(const proact__balance_t *b, long long trip,
                                  int n) {
  long long prev_hi = 0;
  for (int p = 0; p < n; p++) {
    long long lo, hi;
    cut(b, trip, p, &lo, &hi);
    ASSERT_EQ(lo, prev_hi);
    ASSERT_LE(lo, hi);
    prev_hi = hi;
  }
  ASSERT_EQ(prev_hi, trip);
}

/* Feeds `times` executions of n parts: part p runs its share of trip at
 * rate[p] ns per iteration. Returns how many changed the shares. */
static int balance_feed(proact__balance_t *b, long long trip, int n,
                        const double *rate, int times) {
  int changes = 0;
  for (int t = 0; t < times; t++) {
    long long iters[8];
    uint64_t ns[8];
    for (int p = 0; p < n; p++) {
      long long lo, hi;
      cut(b, trip, p, &lo, &hi);
      iters[p] = hi - lo;
      ns[p] = (uint64_t)(rate[p] * (double)(hi - lo));
    }
    changes += proact__balance_observe(b, iters, ns);
  }
  return changes;
}

/* Two devices, the second 1.3x slower per iteration:
 * equal parts until a window is measured, then steps halfway toward the
 * split that finishes both together, until a step would save under 3%;
 * cuts tile any trip. */
TEST_IMPL(balance_follows_speeds) {
  setenv("PROACT_BALANCE", "1", 1); /* the runner turns it off */
  const int devs[2] = {0, 1};
  const double rate[2] = {460.0, 600.0};
  proact__balance_t *b = proact__balance_of(16382, 2, devs);
  long long lo, hi;
  int changes;
  ASSERT_TRUE(b != NULL);
  ASSERT_TRUE(proact__balance_of(16382, 2, devs) == b);
  ASSERT_TRUE(proact__balance_of(16383, 2, devs) != b);
  for (long long trip = 0; trip < 9; trip++) { /* equal: BLOCK's split */
    long long plo, phi;
    cut(b, trip, 1, &lo, &hi);
    proact__partition_block(trip, 2, 1, &plo, &phi);
    ASSERT_EQ(lo, plo);
    ASSERT_EQ(hi, phi);
  }
  ASSERT_EQ(balance_feed(b, 16382, 2, rate, PROACT__BALANCE_WINDOW - 1), 0);
  ASSERT_EQ(balance_feed(b, 16382, 2, rate, 1), 1);
  /* halfway from 1/2 to 600 / (460 + 600) */
  ASSERT_TRUE(fabs(proact__balance_share(b, 0) -
                   0.5 * (0.5 + 600.0 / 1060.0)) <= 1e-3);
  changes = balance_feed(b, 16382, 2, rate, 20 * PROACT__BALANCE_WINDOW);
  ASSERT_LE(1, changes);
  ASSERT_LE(changes, 3);
  ASSERT_TRUE(fabs(proact__balance_share(b, 0) - 600.0 / 1060.0) <= 0.02);
  cut(b, 16382, 0, &lo, &hi);
  ASSERT_EQ(lo, 0);
  ASSERT_LE(llabs(hi - (long long)(16382 * proact__balance_share(b, 0))),
            1);
  check_balanced_tiling(b, 16382, 2);
  check_balanced_tiling(b, 0, 2);
  check_balanced_tiling(b, 1, 2);
  check_balanced_tiling(b, 1LL << 62, 2);
}

/* A change that makes the slowest part slower is taken back for good. */
TEST_IMPL(balance_reverts_when_slower) {
  setenv("PROACT_BALANCE", "1", 1);
  const int devs[2] = {1, 0};
  const double skewed[2] = {300.0, 600.0}, worse[2] = {900.0, 900.0};
  proact__balance_t *b = proact__balance_of(1 << 20, 2, devs);
  ASSERT_EQ(balance_feed(b, 1 << 20, 2, skewed, PROACT__BALANCE_WINDOW), 1);
  ASSERT_LE(proact__balance_share(b, 1) * 1000, 420); /* 1/2 -> 5/12 */
  ASSERT_EQ(balance_feed(b, 1 << 20, 2, worse, PROACT__BALANCE_WINDOW), 1);
  ASSERT_TRUE(proact__balance_share(b, 0) == 0.5); /* back to equal */
  check_balanced_tiling(b, (1 << 20) + 1, 2);
  {
    long long lo, hi, plo, phi;
    cut(b, 1001, 1, &lo, &hi);
    proact__partition_block(1001, 2, 1, &plo, &phi);
    ASSERT_EQ(lo, plo);
  }
  /* and it stays, whatever the speeds */
  ASSERT_EQ(balance_feed(b, 1 << 20, 2, skewed, 10 * PROACT__BALANCE_WINDOW),
            0);
}

/* A device 100x slower ends at 1/(8n) of the iterations; the others share
 * the rest by speed. */
TEST_IMPL(balance_floor) {
  setenv("PROACT_BALANCE", "1", 1);
  const int devs[4] = {3, 1, 2, 0};
  const double slow[4] = {100.0, 100.0, 10000.0, 100.0};
  proact__balance_t *b = proact__balance_of(1 << 20, 4, devs);
  double sum = 0;
  ASSERT_LE(1, balance_feed(b, 1 << 20, 4, slow,
                            40 * PROACT__BALANCE_WINDOW));
  ASSERT_TRUE(proact__balance_share(b, 2) >= 1.0 / 32 - 1e-9);
  ASSERT_TRUE(proact__balance_share(b, 2) <= 1.0 / 32 + 0.01);
  for (int p = 0; p < 4; p++)
    sum += proact__balance_share(b, p);
  ASSERT_TRUE(fabs(sum - 1.0) <= 1e-9);
  check_balanced_tiling(b, (1 << 20) + 3, 4);
}

/* Executions shorter than PROACT_BALANCE_MIN_US do not count; one part
 * has no state. */
TEST_IMPL(balance_min_time) {
  setenv("PROACT_BALANCE", "1", 1);
  const int devs[2] = {0, 1};
  const double fast[2] = {1.0, 3.0}; /* 16382 iterations: under 100 us */
  proact__balance_t *b = proact__balance_of(16382, 2, devs);
  ASSERT_EQ(balance_feed(b, 16382, 2, fast, 10 * PROACT__BALANCE_WINDOW), 0);
  ASSERT_TRUE(proact__balance_of(16382, 1, devs) == NULL);
}

/* PROACT_BALANCE=0: equal parts, no state. */
TEST_IMPL(balance_off) {
  const int devs[2] = {0, 1};
  setenv("PROACT_BALANCE", "0", 1);
  ASSERT_TRUE(proact__balance_of(16382, 2, devs) == NULL);
}

/* The split of a loop of trip iterations over nparts parts by
 * BLOCK_CYCLIC(bc), blocks of block iterations, tiles per row block. */
static void split(proact__plan_t *plan, long long trip, int nparts,
                  long long bc, long long block, long long tiles) {
  memset(plan, 0, sizeof(*plan));
  plan->trip = trip;
  plan->nparts = nparts;
  plan->decomp = PROACT__DECOMP_BLOCK_CYCLIC;
  plan->decomp_block = bc;
  plan->block = block;
  plan->tiles = tiles;
  proact__plan_split_all(plan);
}

/* A block_cyclic block far above the trip count is the trip count: part 0
 * walks the iterations, not B's; counts that pass 64 bits saturate, so
 * that the mechanisms' 32-bit limit still sees them. */
TEST_IMPL(split_bounded_by_trip) {
  proact__plan_t plan;
  split(&plan, 4489, 2, 1LL << 40, 64, 0);
  ASSERT_EQ(plan.decomp_block, 4489);
  ASSERT_EQ(plan.npieces[0], 1);
  ASSERT_EQ(plan.hi[0], 4489);
  ASSERT_EQ(plan.iters[0].piece, 4489);
  ASSERT_EQ(plan.nblocks[0], (4489 + 63) / 64);
  ASSERT_EQ(plan.nblocks[1], 0);
  /* 2^62 one-iteration blocks in one piece, times 2^20 tiles */
  split(&plan, 1LL << 62, 1, 1LL << 62, 1, 1LL << 20);
  ASSERT_EQ(plan.nblocks[0], LLONG_MAX);
  split(&plan, 1LL << 40, 2, 1, 1, 1LL << 30);
  ASSERT_EQ(plan.npieces[0], 1LL << 39);
  ASSERT_EQ(plan.nblocks[0], LLONG_MAX);
}

/* The column walk's tile width (geometry.c): the widest of a GPU's 256,
 * 128, 64, 32 lanes that keeps 3/4 of them busy; for a nest that pushes
 * from its column kernels alone, else 32 lanes half busy (an innermost
 * loop of 33 to 47 iterations fits no tile 3/4 busy), none below 16
 * iterations (the loop then runs memcpy), and a host device's 8 down to
 * one lane always finds one. */
TEST_IMPL(column_width_keeps_lanes_busy) {
  proact__loop_desc_t d;
  long long tiles = -1;
  memset(&d, 0, sizeof(d));
  d.columns = 1;
  d.inner_last = 1000;
  d.inner_trip = 5 * 1000;
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 1, &tiles), 256);
  ASSERT_EQ(tiles, 5 * 4);
  d.inner_last = d.inner_trip = 300; /* 2 x 256 lanes: 59% busy */
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 1, &tiles), 128);
  ASSERT_EQ(tiles, 3);
  d.inner_last = d.inner_trip = 24;
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 1, &tiles), 32);
  ASSERT_EQ(tiles, 1);
  d.inner_last = d.inner_trip = 40; /* 64 lanes (or 2 x 32): 62% busy */
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 1, &tiles), 32);
  ASSERT_EQ(tiles, 2);
  d.inner_last = d.inner_trip = 16;
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 1, &tiles), 32);
  ASSERT_EQ(tiles, 1);
  d.inner_last = d.inner_trip = 15;
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 1, &tiles), 0);
  ASSERT_EQ(tiles, 0);
  d.inner_last = 3;
  d.inner_trip = 3 * 7;
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 1, &tiles), 0);
  ASSERT_EQ(proact__plan_column_width(&d, 8, 1, 1, &tiles), 4);
  ASSERT_EQ(tiles, 7);
  for (long long last = 1; last <= 600; last++) { /* every width rule */
    long long w;
    d.inner_last = d.inner_trip = last;
    w = proact__plan_column_width(&d, 256, 32, 1, &tiles);
    ASSERT_EQ(w == 0, last < 16);
    if (w > 0)
      ASSERT_TRUE(4 * last >= 2 * tiles * w);
    ASSERT_TRUE(proact__plan_column_width(&d, 8, 1, 1, &tiles) > 0);
  }
  /* A nest that does not push takes no tile half busy: 40 and 18
   * iterations walk flat, 300 and 128 in 128 lanes, 130 and 24 in 32. */
  d.inner_last = d.inner_trip = 40;
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 0, &tiles), 0);
  ASSERT_EQ(tiles, 0);
  d.inner_last = d.inner_trip = 18;
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 0, &tiles), 0);
  d.inner_last = d.inner_trip = 300;
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 0, &tiles), 128);
  d.inner_last = d.inner_trip = 128;
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 0, &tiles), 128);
  d.inner_last = d.inner_trip = 130;
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 0, &tiles), 32);
  ASSERT_EQ(tiles, 5);
  d.inner_last = d.inner_trip = 24;
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 0, &tiles), 32);
  /* tiles past 2^31 per row block at every width */
  d.inner_last = 1LL << 20;
  d.inner_trip = 1LL << 40;
  ASSERT_EQ(proact__plan_column_width(&d, 8, 1, 1, &tiles), 0);
  ASSERT_EQ(tiles, 0);
  d.columns = 0; /* no column kernels */
  d.inner_last = d.inner_trip = 1000;
  ASSERT_EQ(proact__plan_column_width(&d, 256, 32, 1, &tiles), 0);
}
