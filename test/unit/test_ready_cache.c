/* Readiness states kept on the devices between executions
 * (runtime/mech/ready/ready_cache.h): repeated loops reuse them, any change of
 * what an image depends on rebuilds it, and after every execution the
 * counters, owners and dma queue are back at their initial values. The
 * kernels below are instrumented by hand as the plugin's are
 * (proact/detail/codegen.h); built with host offloading (4 devices), whose
 * device memory this process can read directly. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "loop.h"
#include "loop_parts.h"
#include "presence.h"
#include "ready.h"
#include "ready_cache.h"
#include "proact.h"
#include "runner.h"

enum { CN = 3000 };
static double xa[CN], ya[CN], xb[CN], yb[CN]; /* two sets of arrays */
static double rx[CN], ry[CN];                 /* the reference */

/* The bits of *forward that parts with a readiness state got
 * (proact__loop_part_kernel): bit 1 on these host devices, whose images
 * the plugin gives one kernel per loop. */
static int part_forward_bits;

/* dst[i] = (src[i-w] + 2 src[i] + src[i+w]) / 4 for i = w + k, as the
 * plugin's instrumented (or, with inline, forwarding) kernel runs it. */
static void sweep_part(proact__loop_t *loop, int p, double *dst,
                       double *src, int dst_index, long long w) {
  int nt, nth, fwd;
  proact__part_iters_t it;
  long long nb;
  proact__ready_t *rd;
  const int dev = proact__loop_part_device(loop, p);
  if (proact__loop_part_lo(loop, p) >= proact__loop_part_hi(loop, p))
    return;
  proact__loop_part_kernel(loop, p, &nt, &nth, &it, &nb, &rd, &fwd);
  if (rd != NULL)
    part_forward_bits |= fwd;
#pragma omp target teams num_teams(nt) thread_limit(nth) device(dev)          \
    map(alloc : dst[0 : CN], src[0 : CN]) firstprivate(it) is_device_ptr(rd)
#pragma omp parallel num_threads(nth)
  for (long long b = omp_get_team_num(); b < nb; b += omp_get_num_teams()) {
    long long blo, bhi;
    const int fw = (fwd & 1) && proact__ready_block_touches(rd, b);
    proact__part_block(&it, b, &blo, &bhi);
    for (long long k = blo + omp_get_thread_num(); k < bhi;
         k += omp_get_num_threads()) {
      long long i = w + k;
      dst[i] = (src[i - w] + 2.0 * src[i] + src[i + w]) * 0.25;
      if (fw)
        proact__ready_forward(rd, dst_index, &dst[i], sizeof(double));
    }
    if (rd != NULL && !(fwd & 1))
      proact__ready_block_done(rd, b, 0);
  }
}

static void sweep_ref(double *dst, const double *src, long long w,
                      long long trip) {
  for (long long i = w; i < w + trip; i++)
    dst[i] = (src[i - w] + 2.0 * src[i] + src[i + w]) * 0.25;
}

/* Where and how a loop runs. */
typedef struct cfg {
  int mech;
  long long chunk;
  long long trip;
  const int *devices; /* NULL: all participating */
  int ndevices;
  long long width; /* of the stencil: reads i - width and i + width */
} cfg_t;

static void *dev_addr(const void *host, int dev) {
  proact__present_t *e = NULL;
  ASSERT_EQ(proact__present_find(host, (const char *)host + 1, &e),
            PROACT__PRESENT_CONTAINS);
  return proact__present_dev_addr(e, dev, host);
}

/* Whether [p, p + n) lies in some device's copy of x or y. */
static int in_copy(const char *p, long long n, const double *x,
                   const double *y, int dev) {
  const char *bx = dev_addr(x, dev), *by = dev_addr(y, dev);
  const long long sz = CN * (long long)sizeof(double);
  return (p >= bx && p + n <= bx + sz) || (p >= by && p + n <= by + sz);
}

/* The state a part's kernel gets describes this execution, not an earlier
 * one: its geometry, chunk size, local copies and every piece's ends. */
static void check_current(const proact__loop_t *loop, int p,
                          const double *x, const double *y) {
  const proact__mech_state_t *st = loop->mech_state;
  const proact__ready_t *rd = st != NULL ? st->part[p].dev_rd : NULL;
  const int dev = loop->plan->devs[p]; /* rd: host memory here */
  if (rd == NULL)
    return;
  ASSERT_EQ(rd->mode, st->mode);
  ASSERT_EQ(rd->chunk_bytes, st->chunk_bytes);
  ASSERT_EQ(rd->nblocks, loop->plan->nblocks[p]);
  ASSERT_TRUE(memcmp(&rd->it, &loop->plan->iters[p], sizeof(rd->it)) == 0);
  for (int a = 0; a < rd->narrays; a++)
    if (rd->arrays[a].nfwd > 0)
      ASSERT_TRUE(rd->arrays[a].local ==
                  (char *)dev_addr(a == 0 ? x : y, dev));
  for (long long i = 0; i < rd->piece_first[rd->ncounters]; i++) {
    const proact__ready_piece_t *pc = &rd->pieces[i];
    ASSERT_TRUE(pc->dst_dev != dev); /* a reader, maybe not in the loop */
    ASSERT_TRUE(in_copy(pc->src, pc->bytes, x, y, dev));
    ASSERT_TRUE(in_copy(pc->dst, pc->bytes, x, y, (int)pc->dst_dev));
  }
}

/* The kept state is as it was uploaded: counters at their initial values,
 * no owner, an empty dma queue. */
static void check_restored(const proact__ready_img_t *img) {
  const proact__ready_t *rd = (const proact__ready_t *)img->image;
  for (long long c = 0; c < rd->ncounters; c++) {
    ASSERT_EQ(rd->counters[c], rd->counters_init[c]);
    ASSERT_EQ(rd->counters[c], img->host_view.counters[c]);
    ASSERT_EQ(rd->owner[c], 0);
  }
  ASSERT_EQ(*rd->q_tail, 0);
  for (long long s = 0; img->q_host != NULL && s < img->nready; s++)
    ASSERT_EQ(((long long *)img->q_host)[s], 0);
}

/* One execution of dst <- src at line `line` (x is array 0, y array 1),
 * checked; the reference follows. Returns the number of parts that pushed
 * (had a state). */
static int run_sweep(const cfg_t *c, int line, double *x, double *y,
                      int to_x) {
  proact__array_t arrs[2] = {{"x", x, sizeof(double), 0, CN},
                             {"y", y, sizeof(double), 0, CN}};
  proact__access_t w = {.array = to_x ? 0 : 1, .coef = 1};
  proact__access_t r = {.array = to_x ? 1 : 0, .coef = 1,
                        .off_min = -c->width, .off_max = c->width};
  proact__loop_desc_t d = {"cache.c", line, 1, c->width, 1, c->trip, c->mech,
                           c->chunk, 0, c->devices, c->ndevices, 2, arrs,
                           1, &w, 1, &r, .inner_trip = 1, .inline_ok = 1,
                           .decomp = PROACT__DECOMP_BLOCK};
  proact__ready_img_t *kept[PROACT__DEV_MAX];
  proact__loop_t *loop = test_loop_begin(&d);
  int nparts = proact__loop_nparts(loop), nstates = 0;

  for (int p = 0; p < nparts; p++) {
    const proact__part_ready_t *pr =
        loop->mech_state != NULL ? &loop->mech_state->part[p] : NULL;
    check_current(loop, p, x, y);
    nstates += pr != NULL && pr->dev_rd != NULL;
    kept[p] = pr != NULL && pr->img != NULL && pr->img->cached ? pr->img
                                                               : NULL;
    sweep_part(loop, p, to_x ? x : y, to_x ? y : x, to_x ? 0 : 1, c->width);
  }
  proact__loop_end(loop);
  for (int p = 0; p < nparts; p++)
    if (kept[p] != NULL)
      check_restored(kept[p]);
  sweep_ref(to_x ? rx : ry, to_x ? ry : rx, c->width, c->trip);
  return nstates;
}

static void assert_same(const double *x, const double *r) {
  for (int i = 0; i < CN; i++)
    if (memcmp(&x[i], &r[i], sizeof(double)) != 0)
      ASSERT_FAIL_("element %d differs: %a vs %a", i, x[i], r[i]);
}

static void counts(uint64_t *hits, uint64_t *builds) {
  proact__ready_cache_counts(hits, builds);
}

/* A data region of x and y (slot: 0 or 1, two may be open at once). */
static proact__data_t *region(double *x, double *y, int slot) {
  static proact__map_t all_maps[2][2];
  static proact__data_desc_t all_dd[2];
  proact__map_t *maps = all_maps[slot];
  proact__data_desc_t *dd = &all_dd[slot];
  proact__array_t ax = {"x", x, sizeof(double), 0, CN};
  proact__array_t ay = {"y", y, sizeof(double), 0, CN};
  maps[0] = (proact__map_t){ax, PROACT__MAP_COPY, 0};
  maps[1] = (proact__map_t){ay, PROACT__MAP_COPY, 0};
  *dd = (proact__data_desc_t){"cache.c", 10 + slot, 1, NULL, 0, 2, maps};
  return proact__data_begin(dd);
}

static void env(void) {
  setenv("PROACT_DEVICES", "0-3", 1);
  setenv("PROACT_READY_CHECK", "1", 1); /* the runtime's own check too */
  setenv("PROACT_TEAM_THREADS", "2", 1); /* the teams' barriers */
  setenv("PROACT_WATCHDOG_MS", "3000", 1); /* a stale counter: quick */
  ASSERT_EQ(proact_num_devices(), 4);
}

static void fill(double *x, double *y) {
  for (int i = 0; i < CN; i++) {
    x[i] = rx[i] = (double)((i * 7919) % 1000) / 7.0;
    y[i] = ry[i] = (double)((i * 104729) % 1000) / 3.0;
  }
}

/* Jacobi's two loops (lines 30 and 31) on set A, repeated on 4 devices:
 * from the third sweep on, both loops' 4 parts' states are kept and every
 * execution is a hit. Then each change
 * of what the images depend on (arrays, chunk size, devices, bounds)
 * builds anew; going back hits again. Results are bit-identical
 * throughout. */
static void reuse_and_rebuild(int mech) {
  static const int two[2] = {2, 3};
  cfg_t base = {mech, 256, CN - 2, NULL, 0, 1};
  cfg_t c;
  uint64_t h0, b0, h1, b1;
  part_forward_bits = 0;
  proact__data_t *data, *data_a;

  env();
  fill(xa, ya);
  data_a = region(xa, ya, 0);
  for (int s = 0; s < 8; s++) {
    int n;
    counts(&h0, &b0);
    n = run_sweep(&base, 30, xa, ya, 0);
    n += run_sweep(&base, 31, xa, ya, 1);
    counts(&h1, &b1);
    if (s >= 2) { /* both loops' readers known since the first sweep */
      ASSERT_EQ(n, 2 * 4); /* every part has a neighbour that reads */
      ASSERT_EQ(b1 - b0, 0);
      ASSERT_EQ(h1 - h0, n);
    }
  }
  proact__data_end(data_a); /* copies set A back */
  assert_same(xa, rx);
  assert_same(ya, ry);

  /* Other arrays (set A's copies allocated again meanwhile: other device
   * addresses), then other chunks, devices, bounds: each builds; each is
   * right. */
  data_a = region(xa, ya, 0);
  fill(xb, yb);
  data = region(xb, yb, 1);
  for (int change = 0; change < 5; change++) {
    c = base;
    if (change == 1)
      c.chunk = 512;
    else if (change == 2)
      c.devices = two, c.ndevices = 2;
    else if (change == 3)
      c.trip = CN - 40;
    for (int s = 0; s < 4; s++) {
      int n;
      counts(&h0, &b0);
      n = run_sweep(&c, 30, xb, yb, 0);
      n += run_sweep(&c, 31, xb, yb, 1);
      counts(&h1, &b1);
      if (change < 4 && s == 0)
        ASSERT_TRUE(b1 - b0 > 0); /* a new key: no stale state */
      /* From the second sweep of set B's first settings on (change 4:
       * once the readers are those of these settings again), all kept. */
      if (s >= 2 || (change == 4 && s >= 1)) {
        ASSERT_EQ(b1 - b0, 0);
        ASSERT_EQ(h1 - h0, n);
      }
    }
  }
  proact__data_end(data);
  proact__data_end(data_a);
  assert_same(xb, rx);
  assert_same(yb, ry);
  ASSERT_EQ(part_forward_bits, mech == PROACT_MECH_INLINE ? 3 : 2);
}

TEST_IMPL(ready_cache_poll) { reuse_and_rebuild(PROACT_MECH_POLL); }
TEST_IMPL(ready_cache_trigger) { reuse_and_rebuild(PROACT_MECH_TRIGGER); }
TEST_IMPL(ready_cache_dma) { reuse_and_rebuild(PROACT_MECH_DMA); }
TEST_IMPL(ready_cache_inline) { reuse_and_rebuild(PROACT_MECH_INLINE); }

/* One loop site run on swapped arrays (y <- x, then x <- y at the same
 * line, as a solver that swaps pointers): both states stay kept. */
TEST_IMPL(ready_cache_swapped_arrays) {
  cfg_t c = {PROACT_MECH_TRIGGER, 256, CN - 2, NULL, 0, 1};
  uint64_t h0, b0, h1, b1;
  proact__data_t *data;

  env();
  fill(xa, ya);
  data = region(xa, ya, 0);
  for (int s = 0; s < 8; s++) {
    int n;
    counts(&h0, &b0);
    n = run_sweep(&c, 40, xa, ya, 0);
    n += run_sweep(&c, 40, xa, ya, 1);
    counts(&h1, &b1);
    if (s >= 2) {
      ASSERT_EQ(n, 2 * 4);
      ASSERT_EQ(b1 - b0, 0);
      ASSERT_EQ(h1 - h0, n);
    }
  }
  proact__data_end(data);
  assert_same(xa, rx);
  assert_same(ya, ry);
}

/* The consumer reads 1 element on each side twice, then 3 twice, and so
 * on: the producer's geometry stays the same, only its pushes (the halo's
 * width, from the consumer before) change, and an execution whose plan is
 * the wide halo must push all of it: the consumer after it reads it, and
 * the runtime counts it as delivered. Both plans stay kept. */
static void readers_change(int mech) {
  cfg_t c1 = {mech, 256, CN - 2, NULL, 0, 1}, c3 = {mech, 256, CN - 6,
                                                     NULL, 0, 3};
  uint64_t h0, b0, h1, b1;
  proact__data_t *data;

  env();
  fill(xa, ya);
  data = region(xa, ya, 0);
  for (int s = 0; s < 12; s++) {
    int n;
    counts(&h0, &b0);
    n = run_sweep(&c1, 60, xa, ya, 0);
    counts(&h1, &b1);
    if (s >= 4) {
      ASSERT_EQ(n, 4);
      ASSERT_EQ(b1 - b0, 0);
      ASSERT_EQ(h1 - h0, n);
    }
    run_sweep(s % 4 < 2 ? &c1 : &c3, 61, xa, ya, 1);
  }
  proact__data_end(data);
  assert_same(xa, rx);
  assert_same(ya, ry);
}

TEST_IMPL(ready_cache_readers_change) { readers_change(PROACT_MECH_POLL); }
TEST_IMPL(ready_cache_readers_change_inline) {
  readers_change(PROACT_MECH_INLINE);
}

/* The limits: a site keeps at most PROACT__READY_CACHE_PER_SITE states per
 * part (that many keys cycling hit, one more always miss), and
 * PROACT_READY_CACHE=0 keeps none: every execution builds, and nothing
 * stays allocated. */
static void limits(int keep) {
  cfg_t c = {PROACT_MECH_DMA, 256, CN - 2, NULL, 0, 1}, c51 = c;
  uint64_t h0, b0, h1, b1;
  proact__data_t *data;

  if (!keep)
    setenv("PROACT_READY_CACHE", "0", 1);
  env();
  fill(xa, ya);
  data = region(xa, ya, 0);
  run_sweep(&c, 50, xa, ya, 0); /* the readers of y: x <- y reads it */
  run_sweep(&c51, 51, xa, ya, 1);
  for (int nkeys = PROACT__READY_CACHE_PER_SITE;
       nkeys <= PROACT__READY_CACHE_PER_SITE + 1; nkeys++) {
    for (int round = 0; round < 3; round++)
      for (int k = 0; k < nkeys; k++) {
        int n;
        /* A key per (nkeys, k): the chunk size is in every part's. */
        c.chunk = 256 * (k + 1) + 8 * (nkeys - PROACT__READY_CACHE_PER_SITE);
        counts(&h0, &b0);
        n = run_sweep(&c, 50, xa, ya, 0);
        counts(&h1, &b1);
        ASSERT_TRUE(n > 0);
        if (!keep || nkeys > PROACT__READY_CACHE_PER_SITE || round == 0) {
          ASSERT_EQ(b1 - b0, n);
          ASSERT_EQ(h1 - h0, 0);
        } else {
          ASSERT_EQ(b1 - b0, 0);
          ASSERT_EQ(h1 - h0, n);
        }
        run_sweep(&c51, 51, xa, ya, 1); /* the same readers of y again */
      }
  }
  proact__data_end(data);
  assert_same(xa, rx);
  assert_same(ya, ry);
  if (keep)
    proact__ready_cache_clear(); /* as at exit */
  for (int d = 0; d < 4; d++)
    ASSERT_EQ(proact__dev_allocated(d), 0);
}

TEST_IMPL(ready_cache_limits) { limits(1); }
TEST_IMPL(ready_cache_disabled) { limits(0); }
