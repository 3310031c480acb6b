/* Tests of the validity map (runtime/core/data/validity.h): set, add, the
 * walks, coalescing, edge cases, and a random sequence checked byte by
 * byte against a plain array of masks. */
#include <stdint.h>
#include <stdlib.h>

#include "validity.h"
#include "proact.h"
#include "proact/detail/codegen.h"
#include "runner.h"

/* Records the pieces a walk yields. */
typedef struct pieces {
  int n;
  uint64_t lo[64], hi[64];
  proact__devmask_t mask[64];
} pieces_t;

static proact_status_t record(void *arg, uint64_t lo, uint64_t hi,
                              proact__devmask_t mask) {
  pieces_t *p = arg;
  if (p->n == 64)
    return PROACT_ERR_NO_MEMORY;
  p->lo[p->n] = lo;
  p->hi[p->n] = hi;
  p->mask[p->n] = mask;
  p->n++;
  return PROACT_OK;
}

static proact_status_t stop_at_second(void *arg, uint64_t lo, uint64_t hi,
                                      proact__devmask_t mask) {
  int *calls = arg;
  (void)lo;
  (void)hi;
  (void)mask;
  return ++*calls == 2 ? PROACT_ERR_TIMED_OUT : PROACT_OK;
}

static proact__validity_t *make(uint64_t lo, uint64_t hi,
                                proact__devmask_t mask) {
  proact__validity_t *map = NULL;
  ASSERT_EQ(proact__validity_create(lo, hi, mask, &map), PROACT_OK);
  ASSERT_TRUE(map != NULL);
  return map;
}

TEST_IMPL(validity_set_add_walk) {
  proact__validity_t *map = make(100, 200, 0x3);
  pieces_t p = {0};

  ASSERT_EQ(proact__validity_count(map), 1);
  ASSERT_EQ(proact__validity_mask_at(map, 100), 0x3);
  ASSERT_EQ(proact__validity_mask_at(map, 199), 0x3);
  ASSERT_EQ(proact__validity_mask_at(map, 99), 0);
  ASSERT_EQ(proact__validity_mask_at(map, 200), 0);

  /* Device 0 owns [100, 150), device 1 [150, 200). */
  ASSERT_EQ(proact__validity_set(map, 100, 150, 0x1), PROACT_OK);
  ASSERT_EQ(proact__validity_set(map, 150, 200, 0x2), PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 2);
  ASSERT_EQ(proact__validity_mask_at(map, 149), 0x1);
  ASSERT_EQ(proact__validity_mask_at(map, 150), 0x2);

  /* What device 0 lacks in [140, 170): [150, 170) held by device 1. */
  ASSERT_EQ(proact__validity_walk_lacking(map, 140, 170, 0, record, &p),
            PROACT_OK);
  ASSERT_EQ(p.n, 1);
  ASSERT_EQ(p.lo[0], 150);
  ASSERT_EQ(p.hi[0], 170);
  ASSERT_EQ(p.mask[0], 0x2);

  /* A halo: device 0 also gets [150, 158). */
  ASSERT_EQ(proact__validity_add(map, 150, 158, 0x1), PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 3);
  p.n = 0;
  ASSERT_EQ(proact__validity_walk(map, 0, 1000, record, &p), PROACT_OK);
  ASSERT_EQ(p.n, 3);
  ASSERT_EQ(p.lo[0], 100);
  ASSERT_EQ(p.hi[0], 150);
  ASSERT_EQ(p.mask[0], 0x1);
  ASSERT_EQ(p.lo[1], 150);
  ASSERT_EQ(p.hi[1], 158);
  ASSERT_EQ(p.mask[1], 0x3);
  ASSERT_EQ(p.lo[2], 158);
  ASSERT_EQ(p.hi[2], 200);
  ASSERT_EQ(p.mask[2], 0x2);

  /* Device 0 drops what device 1 holds too: [150, 158), not [100, 150). */
  ASSERT_EQ(proact__validity_drop_shared(map, 0, 1000, 0x1), PROACT_OK);
  ASSERT_EQ(proact__validity_mask_at(map, 120), 0x1);
  ASSERT_EQ(proact__validity_mask_at(map, 155), 0x2);
  ASSERT_EQ(proact__validity_count(map), 2);
  ASSERT_EQ(proact__validity_add(map, 150, 158, 0x1), PROACT_OK);

  /* Walk of a sub-range clips the pieces. */
  p.n = 0;
  ASSERT_EQ(proact__validity_walk(map, 152, 160, record, &p), PROACT_OK);
  ASSERT_EQ(p.n, 2);
  ASSERT_EQ(p.lo[0], 152);
  ASSERT_EQ(p.hi[1], 160);

  /* Lacking device 1: only [100, 150). */
  p.n = 0;
  ASSERT_EQ(proact__validity_walk_lacking(map, 0, 1000, 1, record, &p),
            PROACT_OK);
  ASSERT_EQ(p.n, 1);
  ASSERT_EQ(p.lo[0], 100);
  ASSERT_EQ(p.hi[0], 150);

  /* A callback's error stops the walk. */
  {
    int calls = 0;
    ASSERT_EQ(proact__validity_walk(map, 100, 200, stop_at_second, &calls),
              PROACT_ERR_TIMED_OUT);
    ASSERT_EQ(calls, 2);
  }
  ASSERT_EQ(proact__validity_walk_lacking(map, 100, 200, 64, record, &p),
            PROACT_ERR_INVALID_PARAM);
  proact__validity_destroy(map);
}

TEST_IMPL(validity_coalesce_and_edges) {
  proact__validity_t *map = make(0, 64, 0xf);
  pieces_t p = {0};

  /* Empty and inverted ranges, ranges outside: nothing changes. */
  ASSERT_EQ(proact__validity_set(map, 10, 10, 0x1), PROACT_OK);
  ASSERT_EQ(proact__validity_set(map, 20, 10, 0x1), PROACT_OK);
  ASSERT_EQ(proact__validity_add(map, 64, 100, 0x10), PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 1);
  ASSERT_EQ(proact__validity_walk(map, 30, 30, record, &p), PROACT_OK);
  ASSERT_EQ(p.n, 0);

  /* Clamped to the map. */
  ASSERT_EQ(proact__validity_set(map, 0, 1000, 0x2), PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 1);
  ASSERT_EQ(proact__validity_mask_at(map, 63), 0x2);

  /* Adjacent sets with equal masks merge; a set equal to both neighbours
   * merges all three. */
  ASSERT_EQ(proact__validity_set(map, 8, 16, 0x1), PROACT_OK);
  ASSERT_EQ(proact__validity_set(map, 24, 32, 0x1), PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 5);
  ASSERT_EQ(proact__validity_set(map, 16, 24, 0x1), PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 3);
  ASSERT_EQ(proact__validity_set(map, 8, 32, 0x2), PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 1);

  /* add over pieces that then become equal merges them. */
  ASSERT_EQ(proact__validity_set(map, 0, 32, 0x1), PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 2);
  ASSERT_EQ(proact__validity_add(map, 0, 64, 0x3), PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 1);
  ASSERT_EQ(proact__validity_mask_at(map, 0), 0x3);

  /* Set on the exact full range; first and last byte alone. */
  ASSERT_EQ(proact__validity_set(map, 0, 64, 0x8), PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 1);
  ASSERT_EQ(proact__validity_set(map, 0, 1, 0x1), PROACT_OK);
  ASSERT_EQ(proact__validity_set(map, 63, 64, 0x1), PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 3);
  ASSERT_EQ(proact__validity_mask_at(map, 0), 0x1);
  ASSERT_EQ(proact__validity_mask_at(map, 1), 0x8);
  ASSERT_EQ(proact__validity_mask_at(map, 62), 0x8);
  ASSERT_EQ(proact__validity_mask_at(map, 63), 0x1);

  /* Device 63 (the last bit) and all 64 devices. */
  ASSERT_EQ(proact__validity_add(map, 0, 64, PROACT__DEVMASK(63)),
            PROACT_OK);
  ASSERT_EQ((long long)(proact__validity_mask_at(map, 0) >> 63), 1);
  ASSERT_EQ(proact__devmask_first(PROACT__DEVMASK(63)), 63);
  ASSERT_EQ(proact__devmask_first(0x6), 1);
  p.n = 0;
  ASSERT_EQ(proact__validity_walk_lacking(map, 0, 64, 63, record, &p),
            PROACT_OK);
  ASSERT_EQ(p.n, 0);
  ASSERT_EQ(proact__validity_set(map, 0, 64, ~(proact__devmask_t)0),
            PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 1);
  for (int d = 0; d < 64; d++) {
    p.n = 0;
    ASSERT_EQ(proact__validity_walk_lacking(map, 0, 64, d, record, &p),
              PROACT_OK);
    ASSERT_EQ(p.n, 0);
  }
  proact__validity_destroy(map);

  /* An empty map. */
  map = make(5, 5, 0x1);
  ASSERT_EQ(proact__validity_count(map), 0);
  ASSERT_EQ(proact__validity_set(map, 0, 10, 0x2), PROACT_OK);
  ASSERT_EQ(proact__validity_add(map, 0, 10, 0x2), PROACT_OK);
  ASSERT_EQ(proact__validity_walk(map, 0, 10, record, &p), PROACT_OK);
  ASSERT_EQ(proact__validity_count(map), 0);
  ASSERT_EQ(proact__validity_mask_at(map, 5), 0);
  proact__validity_destroy(map);
  proact__validity_destroy(NULL);
  {
    proact__validity_t *bad = NULL;
    ASSERT_EQ(proact__validity_create(10, 5, 0x1, &bad),
              PROACT_ERR_INVALID_PARAM);
    ASSERT_TRUE(bad == NULL);
  }
}

/* Random sets and adds on 8 devices, compared after each step with a
 * per-byte reference; neighbours must always have different masks. */
TEST_IMPL(validity_random_against_reference) {
  enum { LO = 1000, N = 300, STEPS = 5000 };
  proact__devmask_t ref[N];
  proact__validity_t *map = make(LO, LO + N, 0xff);
  unsigned seed = 12345;

  for (int i = 0; i < N; i++)
    ref[i] = 0xff;
  for (int step = 0; step < STEPS; step++) {
    uint64_t lo = LO - 5 + (uint64_t)(rand_r(&seed) % (N + 10));
    uint64_t hi = lo + (uint64_t)(rand_r(&seed) % 40);
    proact__devmask_t mask = (proact__devmask_t)(rand_r(&seed) % 4 == 0
                                                     ? 0xff
                                                     : 1u << (rand_r(&seed) % 8));
    int add = rand_r(&seed) % 2;
    pieces_t p = {0};
    uint64_t pos = LO;

    if (add)
      ASSERT_EQ(proact__validity_add(map, lo, hi, mask), PROACT_OK);
    else
      ASSERT_EQ(proact__validity_set(map, lo, hi, mask), PROACT_OK);
    for (uint64_t b = lo; b < hi; b++)
      if (b >= LO && b < LO + N)
        ref[b - LO] = add ? ref[b - LO] | mask : mask;

    if (proact__validity_count(map) > 64)
      continue; /* too many for pieces_t: checked by mask_at below */
    ASSERT_EQ(proact__validity_walk(map, 0, UINT64_MAX, record, &p),
              PROACT_OK);
    ASSERT_EQ(p.n, proact__validity_count(map));
    for (int i = 0; i < p.n; i++) {
      ASSERT_EQ(p.lo[i], pos); /* contiguous, covering */
      ASSERT_LT(p.lo[i], p.hi[i]);
      if (i > 0)
        ASSERT_NE(p.mask[i], p.mask[i - 1]); /* coalesced */
      for (uint64_t b = p.lo[i]; b < p.hi[i]; b++)
        ASSERT_EQ(p.mask[i], ref[b - LO]);
      pos = p.hi[i];
    }
    ASSERT_EQ(pos, LO + N);
  }
  for (int i = 0; i < N; i++)
    ASSERT_EQ(proact__validity_mask_at(map, LO + (uint64_t)i), ref[i]);
  proact__validity_destroy(map);
}

/* proact__validity_apply against a per-byte reference: batches of up to 12
 * ranges, OR batches overlapping freely, SET batches disjoint (or with the
 * mask of what they overlap); neighbours always differ. */
TEST_IMPL(validity_apply_against_reference) {
  enum { LO = 500, N = 200, STEPS = 3000 };
  proact__devmask_t ref[N];
  proact__validity_t *map = make(LO, LO + N, 0x3);
  unsigned seed = 777;

  for (int i = 0; i < N; i++)
    ref[i] = 0x3;
  for (int step = 0; step < STEPS; step++) {
    proact__validity_range_t r[12];
    int n = rand_r(&seed) % 12, or_mode = rand_r(&seed) % 2;
    proact__devmask_t setmask = (proact__devmask_t)1 << (rand_r(&seed) % 6);
    uint64_t at = LO - 5;
    for (int k = 0; k < n; k++) {
      uint64_t lo = or_mode ? LO - 5 + (uint64_t)(rand_r(&seed) % (N + 10))
                            : at + (uint64_t)(rand_r(&seed) % 20);
      uint64_t hi = lo + (uint64_t)(rand_r(&seed) % 25);
      at = hi;
      r[k] = (proact__validity_range_t){
          lo, hi,
          or_mode ? (proact__devmask_t)1 << (rand_r(&seed) % 6)
                  : (rand_r(&seed) % 3 ? setmask : 0)};
    }
    if (!or_mode) /* disjoint: one mask per batch would also do; mix two */
      for (int k = 0; k < n; k++)
        for (uint64_t b = r[k].lo; b < r[k].hi; b++)
          if (b >= LO && b < LO + N)
            ref[b - LO] = r[k].mask;
    if (or_mode)
      for (int k = 0; k < n; k++)
        for (uint64_t b = r[k].lo; b < r[k].hi; b++)
          if (b >= LO && b < LO + N)
            ref[b - LO] |= r[k].mask;
    ASSERT_EQ(proact__validity_apply(map, r, n, or_mode), PROACT_OK);
    for (int i = 0; i < N; i++)
      ASSERT_EQ(proact__validity_mask_at(map, LO + (uint64_t)i), ref[i]);
    {
      pieces_t p = {0};
      if (proact__validity_count(map) <= 64) {
        ASSERT_EQ(proact__validity_walk(map, 0, UINT64_MAX, record, &p),
                  PROACT_OK);
        for (int i = 1; i < p.n; i++)
          ASSERT_NE(p.mask[i], p.mask[i - 1]); /* coalesced */
      }
    }
  }
  proact__validity_destroy(map);
}
