/* Tests of loops and data regions on real offload devices: this file is
 * built with -fopenmp-targets=x86_64-pc-linux-gnu, which gives 4 host
 * devices. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "loop.h"
#include "loop_parts.h"
#include "stats.h"
#include "presence.h"
#include "validity.h"
#include "proact.h"
#include "proact/detail/codegen.h"
#include "runner.h"

enum { LEN = 16 };
static double a[LEN];
static proact__array_t arr_a = {"a", a, sizeof(double), 0, LEN};

/* A loop over i in [0, LEN) with one write site (coef, off). */
static proact__loop_desc_t loop_desc(proact__access_t *site) {
  proact__loop_desc_t d = {"t.c", 5, 1, 0, 1, LEN, PROACT_MECH_MEMCPY, 0, 0,
                           NULL, 0, 1, &arr_a, 1, site, 0, NULL, 1, 0, 0, 0, 0, 0, 0, 0};
  return d;
}

TEST_IMPL(loop_parts_and_devices_clause) {
  static const int devs[2] = {2, 0};
  proact__access_t site = {0, 0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__loop_t *loop;

  ASSERT_EQ(proact_num_devices(), omp_get_num_devices());
  ASSERT_TRUE(proact_num_devices() >= 2);
  ASSERT_EQ(proact_device_id(1), 1);
  ASSERT_EQ(proact_device_id(proact_num_devices()), -1);
  ASSERT_STR_EQ(proact_device_kind(), "host");

  d.devices = devs;
  d.ndevices = 2;
  loop = test_loop_begin(&d);
  ASSERT_EQ(proact__loop_nparts(loop), 2);
  ASSERT_EQ(proact__loop_part_device(loop, 0), 2);
  ASSERT_EQ(proact__loop_part_device(loop, 1), 0);
  ASSERT_EQ(proact__loop_part_lo(loop, 0), 0);
  ASSERT_EQ(proact__loop_part_hi(loop, 0), LEN / 2);
  ASSERT_EQ(proact__loop_part_hi(loop, 1), LEN);
  proact__loop_end(loop);
}

TEST_IMPL(loop_overlap_is_fatal) {
  /* a[0] = ... in every iteration: not parallel. */
  proact__access_t site = {0, 0, 0, 0, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__loop_begin(&d);
}

/* A column store a[j*4 + i] over i in [0, 4) on devices 0 and 1: each
 * part owns its two columns of every row exactly (4 ranges each), where
 * hulls would have overlapped. A store a[2*i] whose parts' hulls do not
 * meet keeps one range per part. */
TEST_IMPL(loop_column_store_exact_xfers) {
  static const int devs[2] = {0, 1};
  proact__access_t site = {0, 0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__loop_t *loop;
  proact__span_add(&site, 4, 0, 4, 1, PROACT__CMP_LT);
  d.trip = 4;
  d.devices = devs;
  d.ndevices = 2;
  loop = test_loop_begin(&d);
  ASSERT_EQ(loop->plan->nxfers, 8);
  for (int x = 0; x < 8; x++) {
    const proact__loop_xfer_t *xf = &loop->plan->xfers[x];
    ASSERT_EQ(xf->part, x / 4);
    ASSERT_EQ(xf->host_lo - (char *)a,
              (long long)sizeof(double) * (4 * (x % 4) + 2 * (x / 4)));
    ASSERT_EQ(xf->host_hi - xf->host_lo, (long long)(2 * sizeof(double)));
  }
  proact__loop_end(loop);

  site = (proact__access_t){0, 0, 0, 2, 0, 0, 7, 3};
  d = loop_desc(&site);
  d.trip = 8;
  d.devices = devs;
  d.ndevices = 2;
  loop = test_loop_begin(&d);
  ASSERT_EQ(loop->plan->nxfers, 2);
  ASSERT_EQ(loop->plan->xfers[1].host_lo - (char *)a,
            (long long)(8 * sizeof(double)));
  ASSERT_EQ(loop->plan->xfers[1].host_hi - (char *)a,
            (long long)(15 * sizeof(double)));
  proact__loop_end(loop);
}

TEST_IMPL(loop_inner_overlap_is_fatal) {
  /* a[j] for j in [0, 4) in every iteration: each element is written by
   * every part. */
  proact__access_t site = {0, 0, 0, 0, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__span_add(&site, 1, 0, 4, 1, PROACT__CMP_LT);
  proact__loop_begin(&d);
}

/* a[i] and a[LEN - 1 - i]: different coefficients, found by halving the
 * iterations where the two stores' elements meet. */
TEST_IMPL(loop_reversed_overlap_is_fatal) {
  static const int devs[2] = {0, 1};
  proact__access_t sites[2] = {{0, 0, 0, 1, 0, 0, 7, 3},
                               {0, 0, 0, -1, LEN - 1, LEN - 1, 8, 3}};
  proact__loop_desc_t d = loop_desc(sites);
  d.nwrites = 2;
  d.devices = devs;
  d.ndevices = 2;
  proact__loop_begin(&d);
}

/* a[i + 1] and a[i]: iteration i's first store is iteration i + 1's
 * second, on one device as on two. */
TEST_IMPL(loop_shifted_stores_overlap_is_fatal) {
  proact__access_t sites[2] = {{0, 0, 0, 1, 1, 1, 7, 3},
                               {0, 0, 0, 1, 0, 0, 8, 3}};
  proact__loop_desc_t d = loop_desc(sites);
  d.trip = LEN - 1;
  d.nwrites = 2;
  proact__loop_begin(&d);
}

/* a[i + 1] = a[i]: each iteration loads what the one before stored. */
TEST_IMPL(loop_dependence_is_fatal) {
  proact__access_t site = {0, 0, 0, 1, 1, 1, 7, 3};
  proact__access_t load = {0, 0, 0, 1, 0, 0, 9, 4};
  proact__loop_desc_t d = loop_desc(&site);
  d.trip = LEN - 1;
  d.nreads = 1;
  d.reads = &load;
  proact__loop_begin(&d);
}

/* a[i * 8 + j + k], j and k collapsed over [0, 4): (j, k + 1) and
 * (j + 1, k) store one element. */
TEST_IMPL(loop_collapsed_overlap_is_fatal) {
  proact__access_t site = {0, 0, 0, 8, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  d.trip = 2;
  d.inner_trip = 16;
  proact__span_add(&site, 1, 0, 4, 1, PROACT__CMP_LT);
  proact__span_add(&site, 1, 0, 4, 1, PROACT__CMP_LT);
  proact__loop_begin(&d);
}

/* Accesses that look alike but never meet across iterations: a[i] updated
 * in place, a[2i + 1] = a[2i], a column store a[j * 4 + i] with its own
 * element read back, collapsed j and k with strides 4 and 1, and a[i + 1]
 * stored where a[i] is not (different arrays' elements). */
TEST_IMPL(loop_independent_accesses_pass) {
  proact__access_t site = {0, 0, 0, 1, 0, 0, 7, 3};
  proact__access_t load = {0, 0, 0, 1, 0, 0, 7, 9};
  proact__loop_desc_t d = loop_desc(&site);
  d.nreads = 1;
  d.reads = &load;
  proact__loop_end(proact__loop_begin(&d));

  site = (proact__access_t){0, 0, 0, 2, 1, 1, 7, 3};
  load = (proact__access_t){0, 0, 0, 2, 0, 0, 7, 9};
  d = loop_desc(&site);
  d.trip = LEN / 2;
  d.nreads = 1;
  d.reads = &load;
  proact__loop_end(proact__loop_begin(&d));

  site = (proact__access_t){0, 0, 0, 1, 0, 0, 7, 3};
  load = (proact__access_t){0, 0, 0, 1, 0, 0, 7, 9};
  proact__span_add(&site, 4, 0, 4, 1, PROACT__CMP_LT);
  proact__span_add(&load, 4, 0, 4, 1, PROACT__CMP_LT);
  d = loop_desc(&site);
  d.trip = 4;
  d.nreads = 1;
  d.reads = &load;
  proact__loop_end(proact__loop_begin(&d));

  site = (proact__access_t){0, 0, 0, 0, 0, 0, 7, 3};
  proact__span_add(&site, 4, 0, 4, 1, PROACT__CMP_LT);
  proact__span_add(&site, 1, 0, 4, 1, PROACT__CMP_LT);
  d = loop_desc(&site);
  d.trip = 1;
  d.inner_trip = 16;
  proact__loop_end(proact__loop_begin(&d));
}

TEST_IMPL(loop_outside_region_is_fatal) {
  /* a[i + 1] for i in [0, 16): writes a[16]. */
  proact__access_t site = {0, 0, 0, 1, 1, 1, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__loop_begin(&d);
}

TEST_IMPL(loop_invalid_mech_env_is_fatal) {
  proact__access_t site = {0, 0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  setenv("PROACT_MECH", "bogus", 1);
  proact__loop_begin(&d);
}

TEST_IMPL(loop_invalid_chunk_env_is_fatal) {
  proact__access_t site = {0, 0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  setenv("PROACT_CHUNK", "12", 1);
  proact__loop_begin(&d);
}

TEST_IMPL(loop_non_participating_device_is_fatal) {
  static const int devs[2] = {0, 3};
  proact__access_t site = {0, 0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  setenv("PROACT_DEVICES", "0-2", 1);
  d.devices = devs;
  d.ndevices = 2;
  proact__loop_begin(&d);
}

TEST_IMPL(data_partial_overlap_is_fatal) {
  proact__map_t m1 = {{"a", a, sizeof(double), 0, 8}, PROACT__MAP_COPY, 0};
  proact__map_t m2 = {{"a", a, sizeof(double), 4, 8}, PROACT__MAP_COPY, 0};
  proact__data_desc_t d1 = {"t.c", 1, 1, NULL, 0, 1, &m1};
  proact__data_desc_t d2 = {"t.c", 2, 1, NULL, 0, 1, &m2};
  proact__data_begin(&d1);
  proact__data_begin(&d2);
}

/* a[i] = 10 * i on each part's device, inside an outer copyout region and
 * an inner region that reuses a sub-section; every device's replica must
 * end up with every value, and the host gets them at the outer end. */
TEST_IMPL(data_nested_reuse_and_copyout) {
  proact__map_t outer_map = {{"a", a, sizeof(double), 0, LEN},
                             PROACT__MAP_COPYOUT, 0};
  proact__map_t inner_map = {{"a", a, sizeof(double), 2, 4},
                             PROACT__MAP_COPY, 0};
  proact__data_desc_t outer = {"t.c", 1, 1, NULL, 0, 1, &outer_map};
  proact__data_desc_t inner = {"t.c", 2, 1, NULL, 0, 1, &inner_map};
  proact__access_t site = {0, 0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__data_t *r1, *r2;
  proact__loop_t *loop;
  int ndev = proact_num_devices();

  for (int i = 0; i < LEN; i++)
    a[i] = -1.0;
  r1 = proact__data_begin(&outer);
  r2 = proact__data_begin(&inner);
  loop = test_loop_begin(&d);
  for (int p = 0; p < proact__loop_nparts(loop); p++) {
    long long lo = proact__loop_part_lo(loop, p);
    long long hi = proact__loop_part_hi(loop, p);
    int dev = proact__loop_part_device(loop, p);
#pragma omp target teams distribute parallel for device(dev)                  \
    map(alloc : a[0 : LEN])
    for (long long k = lo; k < hi; k++)
      a[k] = 10.0 * (double)k;
  }
  proact__loop_end(loop);
  proact__data_end(r2);
  /* Still on the devices only: the host copy is untouched. */
  ASSERT_EQ((long long)a[3], -1);
  /* s[i] = sum of a, one iteration per device, reading a in whole: every
   * device pulls what the others wrote. s is loop-only (copied back). */
  {
    double s[PROACT__DEV_MAX] = {0};
    proact__array_t arrs[2] = {arr_a, {"s", s, sizeof(double), 0, ndev}};
    proact__access_t wsite = {.array = 1, .coef = 1};
    proact__access_t rsite = {.array = 0, .whole = 1};
    proact__loop_desc_t ds = {"t.c", 9, 1, 0, 1, ndev, PROACT_MECH_MEMCPY,
                              0, 0, NULL, 0, 2, arrs, 1, &wsite, 1, &rsite, 1, 0, 0, 0, 0, 0, 0, 0};
    loop = test_loop_begin(&ds);
    ASSERT_EQ(proact__loop_nparts(loop), ndev);
    for (int p = 0; p < proact__loop_nparts(loop); p++) {
      long long lo = proact__loop_part_lo(loop, p);
      long long hi = proact__loop_part_hi(loop, p);
      int dev = proact__loop_part_device(loop, p);
      ASSERT_EQ(hi - lo, 1);
#pragma omp target device(dev) map(alloc : a[0 : LEN], s[0 : ndev])
      for (long long k = lo; k < hi; k++) {
        double sum = 0;
        for (int i = 0; i < LEN; i++)
          sum += a[i];
        s[k] = sum;
      }
    }
    proact__loop_end(loop);
    for (int i = 0; i < ndev; i++)
      ASSERT_EQ((long long)s[i], 10 * LEN * (LEN - 1) / 2);
  }
  proact__data_end(r1);
  for (int i = 0; i < LEN; i++)
    ASSERT_EQ((long long)a[i], 10 * i);
}

/* ---- Lazy, consumer-driven transfers (validity maps) ---- */

enum { SN = 1000, SWEEPS = 50 };
static double sx[SN], sy[SN], rx[SN], ry[SN];
static proact__array_t arr_sx = {"x", sx, sizeof(double), 0, SN};
static proact__array_t arr_sy = {"y", sy, sizeof(double), 0, SN};

/* Kernels of the tests below, i = k (first 0, step 1) unless noted. */
enum {
  K_SMOOTH, /* y[i] = (x[i-1] + x[i] + x[i+1]) / 3, i = 1 + k */
  K_UPDATE, /* x[i] = y[i] * 0.5 + i * 1e-3, i = 1 + k */
  K_FILL,   /* x[i] = i * 2 + 1 */
  K_GATHER, /* y[i] = x[(7 * i) % SN] (not affine: whole read) */
  K_SUM3    /* y[i] = x[i-1] + x[i] + x[i+1], i = 1 + k */
};

static void kernel(int kind, int dev, long long lo, long long hi) {
  switch (kind) {
  case K_SMOOTH:
#pragma omp target teams distribute parallel for device(dev)                  \
    map(alloc : sx[0 : SN], sy[0 : SN])
    for (long long k = lo; k < hi; k++) {
      long long i = 1 + k;
      sy[i] = (sx[i - 1] + sx[i] + sx[i + 1]) / 3.0;
    }
    break;
  case K_UPDATE:
#pragma omp target teams distribute parallel for device(dev)                  \
    map(alloc : sx[0 : SN], sy[0 : SN])
    for (long long k = lo; k < hi; k++) {
      long long i = 1 + k;
      sx[i] = sy[i] * 0.5 + (double)i * 1e-3;
    }
    break;
  case K_FILL:
#pragma omp target teams distribute parallel for device(dev)                  \
    map(alloc : sx[0 : SN])
    for (long long k = lo; k < hi; k++)
      sx[k] = (double)k * 2.0 + 1.0;
    break;
  case K_GATHER:
#pragma omp target teams distribute parallel for device(dev)                  \
    map(alloc : sx[0 : SN], sy[0 : SN])
    for (long long k = lo; k < hi; k++)
      sy[k] = sx[(7 * k) % SN];
    break;
  default:
#pragma omp target teams distribute parallel for device(dev)                  \
    map(alloc : sx[0 : SN], sy[0 : SN])
    for (long long k = lo; k < hi; k++) {
      long long i = 1 + k;
      sy[i] = sx[i - 1] + sx[i] + sx[i + 1];
    }
    break;
  }
}

/* Runs one loop (begin, every part's kernel, end); returns the peer bytes
 * and copies counted under it. */
static void run(const proact__loop_desc_t *d, int kind, uint64_t *bytes_p,
                uint64_t *copies_p) {
  proact__stats_node_t *node = proact__stats_node(d->file, d->line, "memcpy", 0);
  uint64_t b0, c0;
  proact__loop_t *loop;

  ASSERT_TRUE(node != NULL); /* PROACT_STATS=1 */
  b0 = proact__stats_read(node, PROACT__STAT_PEER_BYTES);
  c0 = proact__stats_read(node, PROACT__STAT_COPIES);
  loop = test_loop_begin(d);
  for (int p = 0; p < proact__loop_nparts(loop); p++)
    kernel(kind, proact__loop_part_device(loop, p),
           proact__loop_part_lo(loop, p), proact__loop_part_hi(loop, p));
  proact__loop_end(loop);
  *bytes_p = proact__stats_read(node, PROACT__STAT_PEER_BYTES) - b0;
  *copies_p = proact__stats_read(node, PROACT__STAT_COPIES) - c0;
}

static proact__present_t *entry_of(double *x) {
  proact__present_t *e = NULL;
  ASSERT_EQ(proact__present_find((char *)x, (char *)(x + SN), &e),
            PROACT__PRESENT_CONTAINS);
  return e;
}

static void assert_identical(const double *x, const double *r) {
  for (int i = 0; i < SN; i++)
    if (memcmp(&x[i], &r[i], sizeof(double)) != 0)
      ASSERT_FAIL_("element %d differs: %a vs %a", i, x[i], r[i]);
}

/* A 3-point stencil in a data region on ndev devices: after the first
 * sweep, each smoothing loop moves only the halos, one element each way at
 * each of the ndev - 1 boundaries; the update loop moves nothing; the maps
 * stay short; the result is bit-identical. */
static void stencil_halos(const char *devices, int ndev) {
  proact__map_t maps[2] = {{arr_sx, PROACT__MAP_COPY, 0},
                           {arr_sy, PROACT__MAP_COPY, 0}};
  proact__data_desc_t dd = {"t.c", 20, 1, NULL, 0, 2, maps};
  proact__array_t arrs[2] = {arr_sx, arr_sy};
  proact__access_t w_smooth = {.array = 1, .coef = 1, .line = 21};
  proact__access_t r_smooth = {.array = 0, .coef = 1, .off_min = -1,
                               .off_max = 1, .line = 21};
  proact__access_t w_update = {.array = 0, .coef = 1, .line = 22};
  proact__access_t r_update = {.array = 1, .coef = 1, .line = 22};
  proact__loop_desc_t smooth = {"t.c", 21, 1, 1, 1, SN - 2,
                                PROACT_MECH_MEMCPY, 0, 0, NULL, 0, 2, arrs,
                                1, &w_smooth, 1, &r_smooth, 1, 0, 0, 0, 0, 0, 0, 0};
  proact__loop_desc_t update = {"t.c", 22, 1, 1, 1, SN - 2,
                                PROACT_MECH_MEMCPY, 0, 0, NULL, 0, 2, arrs,
                                1, &w_update, 1, &r_update, 1, 0, 0, 0, 0, 0, 0, 0};
  proact__data_t *data;
  uint64_t halo = 2 * (uint64_t)(ndev - 1) * sizeof(double);

  setenv("PROACT_DEVICES", devices, 1);
  setenv("PROACT_STATS", "1", 1);
  ASSERT_EQ(proact_num_devices(), ndev);
  for (int i = 0; i < SN; i++) {
    sx[i] = rx[i] = (double)((i * 7919) % 1000) / 7.0;
    sy[i] = ry[i] = 0.0;
  }
  for (int s = 0; s < SWEEPS; s++) {
    for (int i = 1; i < SN - 1; i++)
      ry[i] = (rx[i - 1] + rx[i] + rx[i + 1]) / 3.0;
    for (int i = 1; i < SN - 1; i++)
      rx[i] = ry[i] * 0.5 + (double)i * 1e-3;
  }

  data = proact__data_begin(&dd);
  for (int s = 0; s < SWEEPS; s++) {
    uint64_t bytes, copies;
    run(&smooth, K_SMOOTH, &bytes, &copies);
    /* First sweep: every replica is current (copy-in). */
    ASSERT_EQ(bytes, (s == 0 ? 0 : halo));
    ASSERT_EQ(copies, (s == 0 ? 0 : 2 * (ndev - 1)));
    if (s == 1)
      fprintf(stderr, "stencil on %d devices: %llu halo bytes per loop\n",
              ndev, (unsigned long long)bytes);
    run(&update, K_UPDATE, &bytes, &copies);
    ASSERT_EQ(bytes, 0);
    ASSERT_EQ(copies, 0);
    ASSERT_LE(proact__validity_count(entry_of(sx)->valid), 3 * ndev + 2);
    ASSERT_LE(proact__validity_count(entry_of(sy)->valid), 3 * ndev + 2);
  }
  proact__data_end(data);
  assert_identical(sx, rx);
  assert_identical(sy, ry);
}

TEST_IMPL(lazy_stencil_halos_1dev) { stencil_halos("0", 1); }
TEST_IMPL(lazy_stencil_halos_2dev) { stencil_halos("0,1", 2); }
TEST_IMPL(lazy_stencil_halos_4dev) { stencil_halos("0-3", 4); }

/* A read of unknown extent (whole = 1) pulls everything the device lacks,
 * and is counted as such; create and copyout sections start on the host. */
TEST_IMPL(lazy_whole_reads) {
  proact__map_t maps[2] = {{arr_sx, PROACT__MAP_CREATE, 0},
                           {arr_sy, PROACT__MAP_COPYOUT, 0}};
  proact__data_desc_t dd = {"t.c", 30, 1, NULL, 0, 2, maps};
  proact__array_t arrs[2] = {arr_sx, arr_sy};
  proact__access_t w_fill = {.array = 0, .coef = 1};
  proact__access_t w_gather = {.array = 1, .coef = 1};
  proact__access_t r_gather = {.array = 0, .whole = 1};
  proact__loop_desc_t fill = {"t.c", 31, 1, 0, 1, SN, PROACT_MECH_MEMCPY, 0,
                              0, NULL, 0, 2, arrs, 1, &w_fill, 0, NULL, 1, 0, 0, 0, 0, 0, 0, 0};
  proact__loop_desc_t gather = {"t.c", 32, 1, 0, 1, SN, PROACT_MECH_MEMCPY,
                                0, 0, NULL, 0, 2, arrs, 1, &w_gather, 1,
                                &r_gather, 1, 0, 0, 0, 0, 0, 0, 0};
  int ndev;
  proact__data_t *data;
  uint64_t bytes, copies;

  setenv("PROACT_STATS", "1", 1);
  ndev = proact_num_devices();
  ASSERT_EQ(ndev, 4);
  data = proact__data_begin(&dd);
  for (int rep = 0; rep < 3; rep++) {
    /* create and copyout start on the host alone: the first store of each
     * part's range brings the host's values first (what a store skips
     * keeps them). */
    run(&fill, K_FILL, &bytes, &copies); /* bytes: between devices */
    ASSERT_EQ(bytes, 0);
    ASSERT_EQ(copies, (rep == 0 ? (uint64_t)ndev : 0));
    run(&gather, K_GATHER, &bytes, &copies);
    /* Each device lacks the other devices' blocks of x (and, the first
     * time, its own range of y, from the host). */
    ASSERT_EQ(bytes, (uint64_t)(ndev - 1) * SN * sizeof(double));
    ASSERT_EQ(copies, (uint64_t)(ndev * (ndev - 1) + (rep == 0 ? ndev : 0)));
  }
  ASSERT_EQ(proact__stats_read(proact__stats_node("t.c", 32, "memcpy", 0),
                               PROACT__STAT_WHOLE_READS),
            3);
  ASSERT_EQ(proact__stats_read(proact__stats_node("t.c", 31, "memcpy", 0),
                               PROACT__STAT_WHOLE_READS),
            0);
  proact__data_end(data);
  for (int i = 0; i < SN; i++)
    ASSERT_EQ((long long)sy[i], ((7 * i) % SN) * 2 + 1);
}

/* A loop on a subset of the region's devices, then one on all of them:
 * the others receive nothing during the first and pull exactly what they
 * read and lack during the second. */
TEST_IMPL(lazy_subset_then_all) {
  static const int two[2] = {1, 2};
  proact__map_t maps[2] = {{arr_sx, PROACT__MAP_COPY, 0},
                           {arr_sy, PROACT__MAP_COPY, 0}};
  proact__data_desc_t dd = {"t.c", 40, 1, NULL, 0, 2, maps};
  proact__array_t arrs[2] = {arr_sx, arr_sy};
  proact__access_t w_fill = {.array = 0, .coef = 1};
  proact__access_t w_sum = {.array = 1, .coef = 1};
  proact__access_t r_sum = {.array = 0, .coef = 1, .off_min = -1,
                            .off_max = 1};
  proact__loop_desc_t fill = {"t.c", 41, 1, 0, 1, SN, PROACT_MECH_MEMCPY, 0,
                              0, two, 2, 2, arrs, 1, &w_fill, 0, NULL, 1, 0, 0, 0, 0, 0, 0, 0};
  proact__loop_desc_t sum = {"t.c", 42, 1, 1, 1, SN - 2, PROACT_MECH_MEMCPY,
                             0, 0, NULL, 0, 2, arrs, 1, &w_sum, 1, &r_sum, 1, 0, 0, 0, 0, 0, 0, 0};
  proact__data_t *data;
  proact__loop_t *loop;
  proact__stats_node_t *node;
  uint64_t bytes, copies, expect = 0;
  proact__present_t *ex;

  setenv("PROACT_STATS", "1", 1);
  ASSERT_EQ(proact_num_devices(), 4);
  for (int i = 0; i < SN; i++)
    sx[i] = sy[i] = -1.0;
  data = proact__data_begin(&dd);
  run(&fill, K_FILL, &bytes, &copies);
  ASSERT_EQ(bytes, 0);
  /* x[0, SN/2) on device 1 only, the rest on device 2 only. */
  ex = entry_of(sx);
  ASSERT_EQ(proact__validity_mask_at(ex->valid, 0), 0x2);
  ASSERT_EQ(proact__validity_mask_at(ex->valid, SN * sizeof(double) - 1),
            0x4);

  node = proact__stats_node("t.c", 42, "memcpy", 0);
  loop = test_loop_begin(&sum);
  /* Expected: each x element of [lo, hi + 1] (i = 1 + k, reads i-1..i+1)
   * whose only owner is another device. */
  for (int p = 0; p < proact__loop_nparts(loop); p++) {
    int dev = proact__loop_part_device(loop, p);
    for (long long e = proact__loop_part_lo(loop, p);
         e <= proact__loop_part_hi(loop, p) + 1; e++)
      expect += (e < SN / 2 ? 1 : 2) != dev ? sizeof(double) : 0;
    kernel(K_SUM3, dev, proact__loop_part_lo(loop, p),
           proact__loop_part_hi(loop, p));
  }
  proact__loop_end(loop);
  /* Counted over the whole execution; memcpy's drain copies nothing
   * between devices here. */
  ASSERT_EQ(proact__stats_read(node, PROACT__STAT_PEER_BYTES), expect);
  proact__data_end(data);
  for (int i = 1; i < SN - 1; i++)
    ASSERT_EQ((long long)sy[i], 3 * (2 * i + 1));
  ASSERT_EQ((long long)sy[0], -1);
  for (int i = 0; i < SN; i++)
    ASSERT_EQ((long long)sx[i], 2 * i + 1);
}

/* Data exit gathers each byte from a device that holds it: here devices 3
 * and 1 own the first half, every device the (unwritten) second half, and
 * device 0's copy of the first half is stale. */
TEST_IMPL(lazy_exit_gathers_from_owners) {
  static const int two[2] = {3, 1};
  proact__map_t map = {arr_sx, PROACT__MAP_COPY, 0};
  proact__data_desc_t dd = {"t.c", 50, 1, NULL, 0, 1, &map};
  proact__access_t w_fill = {.array = 0, .coef = 1};
  proact__loop_desc_t fill = {"t.c", 51, 1, 0, 1, SN / 2,
                              PROACT_MECH_MEMCPY, 0, 0, two, 2, 1, &arr_sx,
                              1, &w_fill, 0, NULL, 1, 0, 0, 0, 0, 0, 0, 0};
  proact__data_t *data;
  uint64_t bytes, copies;
  proact__dev_counters_t c0, c1;

  setenv("PROACT_STATS", "1", 1);
  for (int i = 0; i < SN; i++)
    sx[i] = -(double)i;
  data = proact__data_begin(&dd);
  run(&fill, K_FILL, &bytes, &copies);
  ASSERT_EQ(bytes, 0);
  ASSERT_EQ(proact__validity_count(entry_of(sx)->valid), 3);
  proact__dev_get_counters(&c0);
  proact__data_end(data);
  proact__dev_get_counters(&c1);
  /* One copy per owner, the whole section once. */
  ASSERT_EQ(c1.copies - c0.copies, 3);
  ASSERT_EQ(c1.d2h_bytes - c0.d2h_bytes, SN * sizeof(double));
  for (int i = 0; i < SN; i++)
    ASSERT_EQ((long long)sx[i], i < SN / 2 ? 2 * i + 1 : -i);
}

/* reduction(op: h[lo:len]) copies: fewer teams first, then threads, so
 * that teams x threads copies fit the budget; memory for all of them. */
TEST_IMPL(array_reduction_geometry) {
  proact__access_t site = {0, 0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__loop_t *loop = test_loop_begin(&d);
  const size_t budget = PROACT__ARRAY_FOLD_BUDGET;
  int teams = 1000, threads = 8;
  char *p = proact__loop_part_array_reduction(loop, 0, budget / 256, &teams,
                                              &threads);
  ASSERT_TRUE(p != NULL);
  ASSERT_EQ(teams, 32);
  ASSERT_EQ(threads, 8);
  teams = 8;
  threads = 64;
  p = proact__loop_part_array_reduction(loop, 0, budget / 4, &teams,
                                        &threads);
  ASSERT_TRUE(p != NULL);
  ASSERT_EQ(teams, 1);
  ASSERT_EQ(threads, 4);
  teams = 3; /* fits: unchanged */
  threads = 5;
  p = proact__loop_part_array_reduction(loop, 0, 40, &teams, &threads);
  ASSERT_EQ(teams, 3);
  ASSERT_EQ(threads, 5);
  /* The host's partials, zeroed. */
  {
    char *h = proact__loop_array_partials(loop, 100);
    ASSERT_EQ(h[0] + h[99], 0);
  }
  proact__loop_end(loop);
}

TEST_IMPL(array_reduction_too_large_is_fatal) {
  proact__access_t site = {0, 0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__loop_t *loop = test_loop_begin(&d);
  int teams = 1, threads = 1;
  proact__loop_part_array_reduction(loop, 0, PROACT__ARRAY_FOLD_BUDGET + 1,
                                    &teams, &threads);
}

/* A reduced section held by a data region: fetch brings the devices'
 * value to the host; publish puts the host's new value into every
 * replica and marks it current on all of them. */
TEST_IMPL(array_reduction_fetch_publish) {
  static double h[LEN];
  proact__map_t map = {{"h", h, sizeof(double), 0, LEN}, PROACT__MAP_COPY, 0};
  proact__data_desc_t dd = {"t.c", 1, 1, NULL, 0, 1, &map};
  proact__access_t site = {0, 0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__data_t *r;
  proact__loop_t *loop;
  proact__present_t *entry = NULL;
  int ndev = proact_num_devices();

  for (int i = 0; i < LEN; i++)
    h[i] = (double)i;
  r = proact__data_begin(&dd);
  ASSERT_EQ(proact__present_find((char *)h, (char *)(h + LEN), &entry),
            PROACT__PRESENT_CONTAINS);
  for (int i = 0; i < LEN; i++)
    h[i] = -1.0; /* the host copy is stale: the devices hold the value */
  loop = test_loop_begin(&d);
  proact__loop_array_fetch(loop, "h", h, sizeof(double), 2, 4);
  ASSERT_EQ((long long)h[1], -1);
  ASSERT_EQ((long long)h[2], 2);
  ASSERT_EQ((long long)h[5], 5);
  ASSERT_EQ((long long)h[6], -1);
  for (int i = 2; i < 6; i++)
    h[i] = 100.0 + i;
  proact__loop_array_publish(loop, "h", h, sizeof(double), 2, 4);
  proact__loop_end(loop);
  for (int i = 0; i < ndev; i++) {
    double v[LEN];
    const void *src = proact__present_dev_addr(entry, entry->devs[i], h);
    ASSERT_EQ(omp_target_memcpy(v, src, sizeof(v), 0, 0,
                                omp_get_initial_device(), entry->devs[i]),
              0);
    ASSERT_EQ((long long)v[1], 1);
    ASSERT_EQ((long long)v[3], 103);
    ASSERT_EQ((long long)v[6], 6);
  }
  if (entry->valid != NULL) {
    proact__devmask_t all = 0;
    for (int i = 0; i < ndev; i++)
      all |= PROACT__DEVMASK(entry->devs[i]);
    ASSERT_EQ(proact__validity_mask_at(entry->valid, 3 * sizeof(double)), all);
  }
  proact__data_end(r);
  ASSERT_EQ((long long)h[4], 104);
  ASSERT_EQ((long long)h[7], 7);
}
