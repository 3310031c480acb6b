/* Readiness: the block-to-chunk function the runtime and the kernels share,
 * and the host poll agent (delivery and watchdog). */
#include <pthread.h>
#include <stdint.h>
#include <time.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "dev.h"
#include "ready_table.h"
#include "proact.h"
#include "runner.h"

/* The readiness state of one part writing one array of 8-byte elements
 * with 64-byte chunks, step 1, its nsites store sites and iterations it. */
static void one_array(proact__ready_t *rd, int nsites,
                      proact__ready_site_t *sites, proact__ready_array_t *arr,
                      proact__part_iters_t it, long long nblocks,
                      long long ncounters) {
  memset(rd, 0, sizeof(*rd));
  rd->nsites = nsites;
  rd->narrays = 1;
  rd->step = 1;
  rd->it = it;
  rd->chunk_bytes = 64;
  rd->nblocks = nblocks;
  rd->ncounters = ncounters;
  rd->sites = sites;
  rd->arrays = arr;
}

/* a[2k + 1] and a[2k + 2] (two sites), 8-byte elements, 64-byte chunks,
 * blocks of 5 iterations: block b writes elements [10b + 1, 10b + 10], so
 * bytes [80b + 8, 80b + 88). */
TEST_IMPL(ready_block_chunks) {
  proact__ready_site_t sites[2] = {{0, 2, 1, 1}, {0, 2, 2, 2}};
  proact__ready_array_t arr = {0, 8, 0, 1000, 0, NULL, 0, 0};
  proact__ready_t rd;
  long long c0, c1;
  /* the last block is short: k in [10, 12) */
  one_array(&rd, 2, sites, &arr,
            (proact__part_iters_t){0, 12, 12, 12, 5, 3, 0, 0}, 0, 0);
  proact__ready_block_chunks(&rd, 0, 0, &c0, &c1); /* elems 1..9 odd */
  ASSERT_EQ(c0, 0);
  ASSERT_EQ(c1, 2); /* bytes [8, 80): chunks 0, 1 */
  proact__ready_block_chunks(&rd, 1, 1, &c0, &c1); /* elems 12..20 */
  ASSERT_EQ(c0, 1);
  ASSERT_EQ(c1, 3); /* bytes [96, 168): chunks 1, 2 */
  proact__ready_block_chunks(&rd, 2, 0, &c0, &c1); /* k 10, 11: 21, 23 */
  ASSERT_EQ(c0, 2);
  ASSERT_EQ(c1, 3);
  proact__ready_block_chunks(&rd, 3, 0, &c0, &c1); /* past the part */
  ASSERT_EQ(c1 - c0, 0);
  /* Counters clipped to the array's chunks. */
  arr.chunk_first = 1;
  arr.nchunks = 1;
  arr.counter0 = 5;
  proact__ready_block_chunks(&rd, 0, 0, &c0, &c1);
  ASSERT_EQ(c0, 5);
  ASSERT_EQ(c1, 6);
  /* Only chunk 2 counted (bytes [128, 192): elements 16..23): blocks 1
   * and 2 touch it, block 0 (elements 1..10) does not, and then skips the
   * fence, the decrement and inline's forwarding. */
  arr.chunk_first = 2;
  {
    /* The table the runtime uploads: blocks 1 and 2 touch chunk 2
     * (counter 5). */
    long long first[5];
    int ctr[8];
    ASSERT_EQ(proact__ready_block_table(&rd, 4, NULL, NULL, NULL), 4);
    ASSERT_EQ(proact__ready_block_table(&rd, 4, NULL, first, ctr), 4);
    ASSERT_EQ(first[0], 0);
    ASSERT_EQ(first[1], 0);
    ASSERT_EQ(first[2], 2); /* blocks 1 and 2: sites 0 and 1 each */
    ASSERT_EQ(first[3], 4);
    ASSERT_EQ(first[4], 4); /* block 3 is past the part */
    for (int e = 0; e < 4; e++)
      ASSERT_EQ(ctr[e], 5);
    rd.nblocks = 4;
    rd.blk_first = first;
    rd.blk_ctr = ctr;
  }
  ASSERT_EQ(proact__ready_block_touches(&rd, 0), 0);
  ASSERT_EQ(proact__ready_block_touches(&rd, 1), 1);
  ASSERT_EQ(proact__ready_block_touches(&rd, 2), 1);
  ASSERT_EQ(proact__ready_block_touches(&rd, 3), 0);
  ASSERT_EQ(proact__ready_block_touches(&rd, 4), 0); /* past the table */
  ASSERT_EQ(proact__ready_block_touches(NULL, 1), 0);
  rd.nsites = 0; /* nothing counted: every block forwards */
  ASSERT_EQ(proact__ready_block_touches(&rd, 0), 1);
}

/* The cached block table equals a fresh one, and a changed loop (another
 * chunk size, another store offset) is rebuilt, not served stale. */
/* Inline's forward of a store: every byte of the store inside a planned
 * range reaches that range's peer, also where a range's edge cuts the
 * store (ranges planned at a finer grain than the store, or a whole
 * element forwarded for a member's store); bytes outside every range do
 * not. Ranges in the planned order: [4, 12) to peers 1 and 2, [12, 20)
 * to peer 1, [20, 28) to peer 2. */
TEST_IMPL(ready_forward_cut_stores) {
  char src[32], d1[32], d2[32];
  proact__ready_fwd_t fwds[4];
  proact__ready_array_t arr;
  proact__ready_t rd;
  for (int k = 0; k < 32; k++)
    src[k] = (char)(k + 1);
  memset(&arr, 0, sizeof(arr));
  arr.local = src;
  arr.fwd0 = 0;
  arr.nfwd = 4;
  fwds[0] = (proact__ready_fwd_t){4, 12, d1};
  fwds[1] = (proact__ready_fwd_t){4, 12, d2};
  fwds[2] = (proact__ready_fwd_t){12, 20, d1};
  fwds[3] = (proact__ready_fwd_t){20, 28, d2};
  memset(&rd, 0, sizeof(rd));
  rd.narrays = 1;
  rd.nfwds = 4;
  rd.arrays = &arr;
  rd.fwds = fwds;
  for (int lo = 0; lo < 32; lo++)
    for (int size = 1; lo + size <= 32 && size <= 12; size++) {
      memset(d1, 0, sizeof(d1));
      memset(d2, 0, sizeof(d2));
      proact__ready_forward_long(&rd, 0, src + lo, (unsigned long)size);
      for (int k = 0; k < 32; k++) {
        const int in = k >= lo && k < lo + size;
        ASSERT_EQ(d1[k], in && k >= 4 && k < 20 ? src[k] : 0);
        ASSERT_EQ(d2[k], in && ((k >= 4 && k < 12) || (k >= 20 && k < 28))
                             ? src[k]
                             : 0);
      }
    }
  /* An array the part's plan does not write forwards nothing. */
  memset(d1, 0, sizeof(d1));
  proact__ready_forward_long(&rd, -1, src + 4, 8);
  proact__ready_forward_long(&rd, 1, src + 4, 8);
  ASSERT_EQ(d1[4], 0);
}

TEST_IMPL(ready_table_cache) {
  proact__ready_site_t sites[2] = {{0, 2, 1, 1}, {0, 2, 2, 2}};
  proact__ready_array_t arr = {0, 8, 0, 4, 0, NULL, 0, 0};
  proact__ready_t rd;
  long long first[5], want_first[5];
  int ctr[16], want_ctr[16], counts[4];
  one_array(&rd, 2, sites, &arr,
            (proact__part_iters_t){0, 12, 12, 12, 5, 3, 0, 0}, 4, 4);
  for (int round = 0; round < 3; round++) {
    long long n = proact__ready_block_table(&rd, 4, NULL, want_first, want_ctr);
    for (int again = 0; again < 2; again++) { /* build, then hit */
      memset(counts, 0, sizeof(counts));
      ASSERT_EQ(proact__ready_table_get("t.c", 7, 1, &rd, NULL, first, ctr, counts),
                n);
      for (int b = 0; b <= 4; b++)
        ASSERT_EQ(first[b], want_first[b]);
      for (long long e = 0; e < n; e++)
        ASSERT_EQ(ctr[e], want_ctr[e]);
      for (int c = 0; c < 4; c++) {
        int k = 0;
        for (long long e = 0; e < n; e++)
          k += want_ctr[e] == c;
        ASSERT_EQ(counts[c], k);
      }
    }
    if (round == 0)
      rd.chunk_bytes = 32; /* more chunks per block */
    else
      sites[1].off_min = sites[1].off_max = 20; /* another store */
  }
  proact__ready_table_clear();
}

/* Only the counted chunks (those some push covers) get entries: a part
 * whose pushes go to both ends must not make every block between them
 * fence, decrement and forward. The cache keeps tables of different
 * masks apart. */
TEST_IMPL(ready_table_counted) {
  proact__ready_site_t sites[1] = {{0, 1, 0, 0}};
  proact__ready_array_t arr = {0, 8, 0, 4, 0, NULL, 0, 0};
  proact__ready_t rd;
  /* a[k], k in [0, 32), 8-byte elements, 64-byte chunks (8 elements):
   * 4 chunks; blocks of 4 iterations: two blocks per chunk. */
  const unsigned char ends[4] = {1, 0, 0, 1};
  long long first[9];
  int ctr[16], counts[4];
  one_array(&rd, 1, sites, &arr,
            (proact__part_iters_t){0, 32, 32, 32, 4, 8, 0, 0}, 8, 4);
  ASSERT_EQ(proact__ready_block_table(&rd, 8, NULL, NULL, NULL), 8);
  for (int round = 0; round < 3; round++) { /* build, other mask, hit */
    const unsigned char *mask = round == 1 ? NULL : ends;
    const long long want = mask == NULL ? 8 : 4;
    memset(counts, 0, sizeof(counts));
    ASSERT_EQ(proact__ready_table_get("t.c", 9, 0, &rd, mask, first, ctr,
                                      counts),
              want);
    for (int c = 0; c < 4; c++)
      ASSERT_EQ(counts[c], mask == NULL || mask[c] ? 2 : 0);
    if (mask != NULL) {
      for (int b = 0; b < 8; b++) /* blocks 0, 1, 6, 7: one entry each */
        ASSERT_EQ(first[b + 1] - first[b], b < 2 || b > 5 ? 1 : 0);
      rd.blk_first = first;
      rd.blk_ctr = ctr;
      ASSERT_EQ(proact__ready_block_touches(&rd, 1), 1);
      ASSERT_EQ(proact__ready_block_touches(&rd, 3), 0);
      ASSERT_EQ(proact__ready_block_touches(&rd, 6), 1);
    }
  }
  proact__ready_table_clear();
}

/* The readiness kernels' block order: the blocks that touch a counted
 * chunk first, then the rest, each ascending; no table where every place
 * would run its own block. Teams at once (1): in order of place; teams one
 * after another (> 1): team 0's places t, t + teams, ... first. Block b
 * touches one where first[b] < first[b + 1]. */
TEST_IMPL(ready_block_order) {
  static const struct {
    long long first[9]; /* 8 blocks */
    int teams;
    int reorder;
    int order[8];
  } cases[] = {
      /* a part's last rows pushed (its lower neighbour's halo) */
      {{0, 0, 0, 0, 0, 0, 0, 1, 2}, 1, 1, {6, 7, 0, 1, 2, 3, 4, 5}},
      /* a middle part: both ends */
      {{0, 1, 2, 2, 2, 2, 2, 3, 4}, 1, 1, {0, 1, 6, 7, 2, 3, 4, 5}},
      /* pieces of a cyclic split: each piece's edges */
      {{0, 1, 1, 2, 3, 3, 4, 4, 4}, 1, 1, {0, 2, 3, 5, 1, 4, 6, 7}},
      /* the first rows only: already first */
      {{0, 2, 3, 3, 3, 3, 3, 3, 3}, 1, 0, {0}},
      /* every block, or none */
      {{0, 1, 2, 3, 4, 5, 6, 7, 8}, 1, 0, {0}},
      {{0, 0, 0, 0, 0, 0, 0, 0, 0}, 1, 0, {0}},
      /* teams in turn: team 0 (places 0, 2, 4, 6) runs 6, 7, 0, 1 */
      {{0, 0, 0, 0, 0, 0, 0, 1, 2}, 2, 1, {6, 2, 7, 3, 0, 4, 1, 5}},
      /* the first rows, but the second team would run half of them late */
      {{0, 2, 3, 3, 3, 3, 3, 3, 3}, 2, 1, {0, 4, 1, 5, 2, 6, 3, 7}},
      /* 3 teams: places 0 3 6 | 1 4 7 | 2 5 */
      {{0, 0, 0, 0, 0, 0, 0, 1, 2}, 3, 1, {6, 1, 4, 7, 2, 5, 0, 3}},
      /* more teams than blocks: one place each, in order of place */
      {{0, 0, 0, 0, 0, 0, 0, 1, 2}, 10, 1, {6, 7, 0, 1, 2, 3, 4, 5}},
      {{0, 1, 2, 3, 4, 5, 6, 7, 8}, 2, 0, {0}},
  };
  for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    proact__ready_t rd;
    int order[8];
    memset(&rd, 0, sizeof(rd));
    memset(order, 0xff, sizeof(order));
    rd.nsites = 1;
    rd.nblocks = 8;
    rd.blk_first = (long long *)cases[k].first;
    ASSERT_EQ(proact__ready_block_order(&rd, cases[k].teams, order),
              cases[k].reorder);
    ASSERT_EQ(proact__ready_block_order(&rd, cases[k].teams, NULL),
              cases[k].reorder);
    for (int p = 0; p < 8; p++)
      ASSERT_EQ(order[p], cases[k].reorder ? cases[k].order[p] : -1);
  }
  {
    /* No sites: every block reports (nothing counted), in its own order. */
    proact__ready_t rd;
    memset(&rd, 0, sizeof(rd));
    rd.nblocks = 8;
    ASSERT_EQ(proact__ready_block_order(&rd, 2, NULL), 0);
  }
}

/* A counted chunk in a gap of the write hull, which no block's stores
 * touch, is block 0's to report: else its counter never reaches zero (dma
 * waited for it until the watchdog, trigger never pushed it). */
TEST_IMPL(ready_table_adopts_gap_chunks) {
  /* a[16k + 0..7], k in [0, 4), 8-byte elements, 64-byte chunks: block k
   * stores chunk 2k; chunks 1, 3 and 5 lie between them. */
  proact__ready_site_t sites[1] = {{0, 16, 0, 7}};
  proact__ready_array_t arr = {0, 8, 0, 7, 0, NULL, 0, 0};
  const unsigned char all[7] = {1, 1, 1, 1, 1, 1, 1};
  const int want_b0[4] = {1, 3, 5, 0};
  proact__ready_t rd;
  long long first[5];
  int ctr[16], counts[7];
  one_array(&rd, 1, sites, &arr,
            (proact__part_iters_t){0, 4, 4, 4, 1, 4, 0, 0}, 4, 7);
  ASSERT_EQ(proact__ready_table_get("gap.c", 3, 0, &rd, all, first, ctr,
                                    counts),
            7);
  for (int c = 0; c < 7; c++)
    ASSERT_EQ(counts[c], 1);
  ASSERT_EQ(first[0], 0);
  ASSERT_EQ(first[1], 4);
  for (int e = 0; e < 4; e++)
    ASSERT_EQ(ctr[e], want_b0[e]);
  for (int b = 1; b < 4; b++) {
    ASSERT_EQ(first[b + 1] - first[b], 1);
    ASSERT_EQ(ctr[first[b]], 2 * b);
  }
  proact__ready_table_clear();
}

/* BLOCK-CYCLIC blocks: trip 10, 3 parts, blocks of 2 iterations: part 0
 * has iterations {0, 1, 6, 7}, part 1 {2, 3, 8, 9}; kernel blocks of at
 * most 2 iterations, 1 per piece; a block past the end is empty. */
TEST_IMPL(part_block_cyclic) {
  proact__part_iters_t p0 = {0, 10, 2, 6, 2, 1, 0, 0},
                       p1 = {2, 10, 2, 6, 1, 2, 0, 0};
  long long lo, hi;
  proact__part_block(&p0, 0, &lo, &hi);
  ASSERT_EQ(lo, 0);
  ASSERT_EQ(hi, 2);
  proact__part_block(&p0, 1, &lo, &hi);
  ASSERT_EQ(lo, 6);
  ASSERT_EQ(hi, 8);
  proact__part_block(&p0, 2, &lo, &hi); /* would start at 12 */
  ASSERT_EQ(hi - lo, 0);
  proact__part_block(&p1, 3, &lo, &hi); /* piece 1, second block */
  ASSERT_EQ(lo, 9);
  ASSERT_EQ(hi, 10);
  /* BLOCK: one piece cut into blocks of 4, the last short. */
  proact__part_iters_t b = {5, 15, 10, 10, 4, 3, 0, 0};
  proact__part_block(&b, 2, &lo, &hi);
  ASSERT_EQ(lo, 13);
  ASSERT_EQ(hi, 15);
}

/* The kernels' block walk gives every team the blocks team, team + teams,
 * ... with the ranges proact__part_block gives, for BLOCK and cyclic
 * pieces, more teams than blocks per piece, empty last pieces, and blocks
 * per piece past 32 bits. */
TEST_IMPL(block_walk_matches_part_block) {
  const proact__part_iters_t cases[] = {
      {0, 10, 2, 6, 2, 1, 0, 0},       {2, 10, 2, 6, 1, 2, 0, 0},
      {5, 15, 10, 10, 4, 3, 0, 0},     {0, 1000, 7, 21, 3, 3, 0, 0},
      {3, 997, 50, 150, 8, 7, 0, 0},   {0, 100, 100, 100, 1, 100, 0, 0},
      {0, 5000000000LL, 5000000000LL, 5000000000LL, 1, 5000000000LL, 0, 0},
      {0, 3LL << 33, 1LL << 33, 1LL << 33, 1, 1LL << 33, 0, 0},
  };
  for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
    const proact__part_iters_t *it = &cases[c];
    const long long pieces = (it->end - it->lo + it->stride - 1) / it->stride;
    const long long nb = pieces * it->bpp;
    for (int teams = 1; teams <= 70; teams += 3) {
      for (int team = 0; team < teams; team++) {
        proact__block_walk_t w;
        long long b = team, steps = 0;
        proact__block_walk_start(it, team, teams, &w);
        for (; w.b < nb && steps < 200; proact__block_walk_next(it, teams, &w),
                                        b += teams, steps++) {
          long long lo, hi, wlo, whi;
          ASSERT_EQ(w.b, b);
          proact__part_block(it, b, &lo, &hi);
          proact__block_walk_range(it, &w, &wlo, &whi);
          ASSERT_EQ(wlo, lo);
          ASSERT_EQ(whi, hi);
        }
      }
    }
  }
}

/* Column-walk cases for the tile tests: tiles of one or several per row
 * block, block-cyclic pieces and bpp past 32 bits. Sets *it to case c and
 * returns its number of blocks. */
#define TILE_CASES (6 * 5)
static long long tile_case(int c, proact__part_iters_t *it) {
  static const proact__part_iters_t rows[6] = {
      {0, 10, 2, 6, 2, 1, 0, 0},     {2, 10, 2, 6, 1, 2, 0, 0},
      {5, 15, 10, 10, 4, 3, 0, 0},   {3, 997, 50, 150, 8, 7, 0, 0},
      {0, 100, 100, 100, 32, 4, 0, 0},
      {0, 5000000000LL, 5000000000LL, 5000000000LL, 1, 5000000000LL, 0, 0},
  };
  static const long long tiles[5] = {1, 2, 3, 128, 1000};
  long long pieces;
  *it = rows[c / 5];
  it->tiles = tiles[c % 5];
  it->tile = 8;
  pieces = (it->end - it->lo + it->stride - 1) / it->stride;
  return pieces * it->bpp * it->tiles;
}

/* The column walk's teams see the blocks b = team, team + teams, ...
 * with proact__part_block's rows and tile b mod tiles, in every case. */
TEST_IMPL(tile_walk_matches_part_block) {
  for (int c = 0; c < TILE_CASES; c++) {
    proact__part_iters_t it;
    const long long nb = tile_case(c, &it);
    for (int teams = 1; teams <= 2100; teams += teams < 20 ? 1 : 97) {
      for (int team = 0; team < teams; team += 1 + teams / 16) {
        proact__tile_walk_t w;
        long long b = team, steps = 0;
        proact__tile_walk_start(&it, team, teams, &w);
        for (; w.b < nb && steps < 100; proact__tile_walk_next(&it, teams, &w),
                                        b += teams, steps++) {
          long long lo, hi, wlo, whi;
          ASSERT_EQ(w.b, b);
          ASSERT_EQ(w.c, b % it.tiles);
          proact__part_block(&it, b, &lo, &hi);
          proact__tile_walk_range(&it, &w, &wlo, &whi);
          ASSERT_EQ(wlo, lo);
          ASSERT_EQ(whi, hi);
        }
      }
    }
  }
}

/* The instrumented column kernel's lookup of block b (below 2^31,
 * loop.c) gives proact__part_block's rows and tile b mod tiles, in every
 * case. */
TEST_IMPL(tile_at_matches_part_block) {
  for (int c = 0; c < TILE_CASES; c++) {
    proact__part_iters_t it;
    const long long all = tile_case(c, &it);
    const long long nb = all < 0x7fffffffLL ? all : 0x7fffffffLL;
    /* every block of a small walk; a sample of a large one and its last */
    for (long long b = 0; b < nb; b += nb < 5000 ? 1 : 1 + nb / 3000) {
      for (int last = 0; last < 2; last++) {
        const long long bb = last ? nb - 1 : b;
        proact__tile_t w;
        long long lo, hi, wlo, whi;
        proact__tile_at(&it, (unsigned)bb, &w);
        ASSERT_EQ((long long)w.c, bb % it.tiles);
        proact__part_block(&it, bb, &lo, &hi);
        proact__tile_range(&it, &w, &wlo, &whi);
        ASSERT_EQ(wlo, lo);
        ASSERT_EQ(whi, hi);
      }
    }
  }
}

/* A thread's digits in an inner trip count's radix, 32-bit or not. */
TEST_IMPL(thread_digit_matches_division) {
  const long long radices[] = {1, 2, 3, 7, 255, 256, 16382, 0x7fffffffLL,
                               0x80000000LL, 1LL << 40};
  for (size_t r = 0; r < sizeof(radices) / sizeof(radices[0]); r++)
    for (long long t = 0; t < 1100; t += 37) {
      long long x = t, X = 1024, td, sd;
      proact__thread_digit(&x, &X, radices[r], &td, &sd);
      ASSERT_EQ(td, t % radices[r]);
      ASSERT_EQ(sd, 1024 % radices[r]);
      ASSERT_EQ(x, t / radices[r]);
      ASSERT_EQ(X, 1024 / radices[r]);
    }
}

/* Trigger's team copy, its threads run one after the other: every byte of
 * the range copied, none outside, whatever the two ends' alignment (the
 * 16-byte path takes a head of bytes when both are equally misaligned),
 * for a host team of one thread and GPU-sized teams. */
TEST_IMPL(team_copy_any_alignment) {
  static char src[256] __attribute__((aligned(16)));
  static char dst[256] __attribute__((aligned(16)));
  const long long sizes[] = {0, 1, 5, 15, 16, 17, 31, 40, 100, 161};
  const int teams[] = {1, 16, 32, 256};
  for (int i = 0; i < 256; i++)
    src[i] = (char)(i * 7 + 3);
  for (int so = 0; so < 16; so++)
    for (int dd = 0; dd < 3; dd++) { /* same alignment, then two others */
      const int dof = dd == 0 ? so : (so + 4 * dd + 1) % 16;
      for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++)
        for (size_t t = 0; t < sizeof(teams) / sizeof(teams[0]); t++) {
          const long long n = sizes[z];
          memset(dst, 0x5a, sizeof(dst));
          for (int tid = 0; tid < teams[t]; tid++)
            proact__team_copy(dst + 32 + dof, src + 32 + so, n, tid,
                              teams[t]);
          for (int i = 0; i < 256; i++) {
            const int k = i - 32 - dof;
            const char want = k >= 0 && k < n ? src[32 + so + k] : 0x5a;
            ASSERT_EQ(dst[i], want);
          }
        }
    }
}

/* Chunk 0 is ready and delivered, and its counter restored; chunk 1's
 * counter stays at 1: the agent gives up after the timeout and names it. */
TEST_IMPL(host_agent_delivers_and_reports_stall) {
  static int counters[2] = {0, 1}, counters_init[2] = {3, 1};
  static long long piece_first[3] = {0, 1, 2};
  static char src[64], dst0[64], dst1[64];
  proact__ready_piece_t pieces[2] = {{dst0, src, 64, 1, 0}, {dst1, src, 64, 1, 0}};
  proact__agent_result_t r;
  proact__ready_t rd;
  memset(&rd, 0, sizeof(rd));
  memset(src, 7, sizeof(src));
  rd.ncounters = 2;
  rd.counters = counters;
  rd.counters_init = counters_init;
  rd.piece_first = piece_first;
  rd.pieces = pieces;
  ASSERT_EQ(proact__dev_init(), PROACT_OK);
  ASSERT_TRUE(proact__dev_has_agent());
  ASSERT_EQ(proact__dev_agent_start(0, &rd, &rd, 32, 50 * 1000 * 1000),
            PROACT_OK);
  ASSERT_EQ(proact__dev_agent_wait(0, &r), PROACT_OK);
  ASSERT_EQ(r.stalled, 2);
  ASSERT_EQ(r.remaining, 1);
  ASSERT_EQ(dst0[0], 7);
  ASSERT_EQ(dst0[63], 7);
  ASSERT_EQ(dst1[0], 0);
  /* The delivered chunk's counter is back at its initial value for the
   * next execution; the stalled one is left as it was. */
  ASSERT_EQ(counters[0], 3);
  ASSERT_EQ(counters[1], 1);
  /* It ran at least until the watchdog (50 ms) and holds one core's share. */
  ASSERT_TRUE(r.run_ns >= 50u * 1000 * 1000);
  ASSERT_EQ(r.share_ppm,
            1000000u / (uint64_t)sysconf(_SC_NPROCESSORS_ONLN));
}

static volatile int kernel_done_flag;

static void *end_kernel_later(void *arg) {
  const struct timespec wait = {0, 200 * 1000 * 1000};
  (void)arg;
  nanosleep(&wait, NULL);
  __atomic_store_n(&kernel_done_flag, 1, __ATOMIC_RELEASE);
  return NULL;
}

/* With kernel_done, the watchdog (50 ms) starts when the kernel ended
 * (200 ms after the start here, set by another thread), not before: the
 * agent reports chunk 1 stalled between 250 ms and well under a second. */
TEST_IMPL(host_agent_watchdog_waits_for_the_kernel) {
  static int counters[2] = {0, 1}, counters_init[2] = {3, 1};
  static long long piece_first[3] = {0, 1, 2};
  static char src[64], dst0[64], dst1[64];
  proact__ready_piece_t pieces[2] = {{dst0, src, 64, 1, 0},
                                     {dst1, src, 64, 1, 0}};
  proact__agent_result_t r;
  proact__ready_t rd;
  pthread_t ender;
  uint64_t t0, waited;
  memset(&rd, 0, sizeof(rd));
  rd.ncounters = 2;
  rd.counters = counters;
  rd.counters_init = counters_init;
  rd.piece_first = piece_first;
  rd.pieces = pieces;
  rd.kernel_done = &kernel_done_flag;
  kernel_done_flag = 0;
  ASSERT_EQ(proact__dev_init(), PROACT_OK);
  t0 = proact__now_ns();
  ASSERT_EQ(proact__dev_agent_start(0, &rd, &rd, 32, 50 * 1000 * 1000),
            PROACT_OK);
  ASSERT_EQ(pthread_create(&ender, NULL, end_kernel_later, NULL), 0);
  ASSERT_EQ(proact__dev_agent_wait(0, &r), PROACT_OK);
  waited = proact__now_ns() - t0;
  pthread_join(ender, NULL);
  ASSERT_EQ(r.stalled, 2);
  ASSERT_EQ(dst0[0], 0); /* src is zero here: delivered, unchanged */
  ASSERT_TRUE(waited >= 250u * 1000 * 1000);
  ASSERT_TRUE(waited < 900u * 1000 * 1000);
}
