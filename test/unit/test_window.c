/* Tests of distributed arrays (windows instead of replicas) on the 4
 * host-offload devices: exact window bounds, bytes moved per loop, growth
 * that keeps values, results bit-identical to the sequential loops. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "loop.h"
#include "loop_parts.h"
#include "presence.h"
#include "window.h"
#include "proact.h"
#include "proact/detail/codegen.h"
#include "runner.h"

enum { WN = 1000, WSWEEPS = 20, ES = sizeof(double) };
static double wx[WN], wy[WN], rx[WN], ry[WN];
static proact__array_t arr_x = {"x", wx, ES, 0, WN};
static proact__array_t arr_y = {"y", wy, ES, 0, WN};

/* Kernels, i = k over [0, WN); src and dst are x and y or y and x. Reads
 * outside the section are guarded in the body (and clamped by PROACT). */
enum {
  W_S3,    /* dst[i] = (src[i-1] + 2 src[i] + src[i+1]) / 4 */
  W_S5,    /* dst[i] = sum of src[i-2..i+2] / 5 */
  W_SCALE, /* dst[i] = src[i] / 2 + 1 */
  W_FILL,  /* dst[i] = 2 i + 1 */
  W_GATHER /* dst[i] = src[(7 i) % WN] (not affine: whole read) */
};

#pragma omp declare target
static double at(const double *v, long long i) {
  return i >= 0 && i < WN ? v[i] : 0.0;
}
static double point(int kind, const double *src, long long i) {
  switch (kind) {
  case W_S3:
    return (at(src, i - 1) + 2.0 * src[i] + at(src, i + 1)) * 0.25;
  case W_S5:
    return (at(src, i - 2) + at(src, i - 1) + src[i] + at(src, i + 1) +
            at(src, i + 2)) /
           5.0;
  case W_SCALE:
    return src[i] * 0.5 + 1.0;
  case W_FILL:
    return 2.0 * (double)i + 1.0;
  default:
    return src[(7 * i) % WN];
  }
}
#pragma omp end declare target

static void sequential(int kind, const double *src, double *dst) {
  for (long long i = 0; i < WN; i++)
    dst[i] = point(kind, src, i);
}

/* One loop dst = kind(src) with its write and read sites. */
typedef struct wloop {
  proact__access_t w, r;
  proact__loop_desc_t d;
} wloop_t;

static void wloop_init(wloop_t *l, int line, int src, int dst, int kind,
                       proact__array_t *arrs) {
  memset(l, 0, sizeof(*l));
  l->w = (proact__access_t){.array = dst, .coef = 1, .line = line};
  l->r = (proact__access_t){.array = src, .coef = 1, .line = line};
  if (kind == W_S3)
    l->r.off_min = -1, l->r.off_max = 1;
  if (kind == W_S5)
    l->r.off_min = -2, l->r.off_max = 2;
  /* the body guards its edge loads (at) */
  l->r.guarded = kind == W_S3 || kind == W_S5;
  if (kind == W_GATHER)
    l->r = (proact__access_t){.array = src, .whole = 1, .line = line};
  l->d = (proact__loop_desc_t){"w.c", line, 1, 0, 1, WN,
                               PROACT_MECH_MEMCPY, 0, 0, NULL, 0, 2, arrs,
                               1, &l->w, kind == W_FILL ? 0 : 1, &l->r,
                               .inner_trip = 1};
}

/* Runs the loop as the plugin would lower it, mapping each part's
 * sections; returns the bytes the devices copied meanwhile. The sections
 * of every part go to sec_p[part][array] ({lo, len}) when not NULL. */
static proact__dev_counters_t wrun(const wloop_t *l, int kind, double *src,
                                   double *dst, long long (*sec_p)[2][2]) {
  proact__dev_counters_t c0, c1, d;
  proact__loop_t *loop;
  int s = l->r.array, t = l->w.array;

  proact__dev_get_counters(&c0);
  loop = test_loop_begin(&l->d);
  for (int p = 0; p < proact__loop_nparts(loop); p++) {
    long long klo = proact__loop_part_lo(loop, p);
    long long khi = proact__loop_part_hi(loop, p);
    int dev = proact__loop_part_device(loop, p);
    long long sec[2][2];
    for (int a = 0; a < 2; a++)
      proact__loop_part_section(loop, p, a, &sec[a][0], &sec[a][1]);
    if (sec_p != NULL)
      memcpy(sec_p[p], sec, sizeof(sec));
#pragma omp target teams distribute parallel for device(dev)                  \
    map(alloc : src[sec[s][0] : sec[s][1]], dst[sec[t][0] : sec[t][1]])
    for (long long i = klo; i < khi; i++)
      dst[i] = point(kind, src, i);
  }
  proact__loop_end(loop);
  proact__dev_get_counters(&c1);
  d.h2d_bytes = c1.h2d_bytes - c0.h2d_bytes;
  d.d2h_bytes = c1.d2h_bytes - c0.d2h_bytes;
  d.peer_bytes = c1.peer_bytes - c0.peer_bytes;
  d.local_bytes = c1.local_bytes - c0.local_bytes;
  d.copies = c1.copies - c0.copies;
  return d;
}

static proact__present_t *wentry(double *v) {
  proact__present_t *e = NULL;
  ASSERT_EQ(proact__present_find((char *)v, (char *)(v + WN), &e),
            PROACT__PRESENT_CONTAINS);
  return e;
}

static void winit(void) {
  for (int i = 0; i < WN; i++) {
    wx[i] = rx[i] = (double)((i * 7919) % 1000) / 7.0;
    wy[i] = ry[i] = -1.0;
  }
}

static void assert_identical(const double *v, const double *r) {
  for (int i = 0; i < WN; i++)
    if (memcmp(&v[i], &r[i], sizeof(double)) != 0)
      ASSERT_FAIL_("element %d differs: %a vs %a", i, v[i], r[i]);
}

/* Block [lo, hi) of part p of ndev over WN iterations, plus one halo
 * element on each interior side. */
static void halo_block(int p, int ndev, long long *lo_p, long long *hi_p) {
  long long lo = (long long)WN * p / ndev, hi = (long long)WN * (p + 1) / ndev;
  *lo_p = lo - (p > 0);
  *hi_p = hi + (p < ndev - 1);
}

/* y = S3(x), x = S3(y), WSWEEPS times, x and y distributed. */
static void dist_stencil(const char *devices, int ndev) {
  proact__map_t maps[2] = {{arr_x, PROACT__MAP_COPY, 1},
                           {arr_y, PROACT__MAP_COPY, 1}};
  proact__data_desc_t dd = {"w.c", 10, 1, NULL, 0, 2, maps};
  proact__array_t arrs[2] = {arr_x, arr_y};
  uint64_t halo = 2 * (uint64_t)(ndev - 1) * ES;
  long long sec[PROACT__DEV_MAX][2][2];
  proact__dev_counters_t c0, c1, c;
  wloop_t xy, yx;
  proact__data_t *data;

  setenv("PROACT_DEVICES", devices, 1);
  ASSERT_EQ(proact_num_devices(), ndev);
  winit();
  for (int s = 0; s < WSWEEPS; s++) {
    sequential(W_S3, rx, ry);
    sequential(W_S3, ry, rx);
  }
  wloop_init(&xy, 11, 0, 1, W_S3, arrs);
  wloop_init(&yx, 12, 1, 0, W_S3, arrs);

  data = proact__data_begin(&dd);
  for (int d = 0; d < ndev; d++)
    ASSERT_EQ(proact__dev_allocated(d), 0);
  for (int s = 0; s < WSWEEPS; s++) {
    c = wrun(&xy, W_S3, wx, wy, sec);
    if (s == 0) {
      /* x: each window from the host; y: the written blocks too (copy:
       * a device must hold what it may leave unwritten). */
      ASSERT_EQ(c.h2d_bytes, (2 * WN + 2 * (ndev - 1)) * ES);
      ASSERT_EQ(c.peer_bytes, 0);
      for (int p = 0; p < ndev; p++) {
        long long lo, hi;
        halo_block(p, ndev, &lo, &hi);
        ASSERT_EQ(sec[p][0][0], lo);
        ASSERT_EQ(sec[p][0][1], hi - lo);
        ASSERT_EQ(sec[p][1][0], (long long)WN * p / ndev);
        ASSERT_EQ(sec[p][1][1], (long long)WN * (p + 1) / ndev -
                                    (long long)WN * p / ndev);
        ASSERT_EQ(proact__dev_allocated(p),
                  (hi - lo + sec[p][1][1]) * (long long)ES);
        if (ndev == 4 && p == 1)
          fprintf(stderr, "4 devices, part 1 after loop 1: x window "
                  "[%lld, %lld), y window [%lld, %lld)\n",
                  sec[p][0][0], sec[p][0][0] + sec[p][0][1], sec[p][1][0],
                  sec[p][1][0] + sec[p][1][1]);
      }
    } else {
      ASSERT_EQ(c.h2d_bytes, 0);
      ASSERT_EQ(c.peer_bytes, halo);
    }
    c = wrun(&yx, W_S3, wy, wx, sec);
    ASSERT_EQ(c.h2d_bytes, 0);
    ASSERT_EQ(c.peer_bytes, halo);
    /* The y windows grow once, by the halo; nothing valid to move then
     * but the blocks. */
    ASSERT_EQ(c.local_bytes, s == 0 ? WN * ES : 0);
    for (int p = 0; p < ndev; p++) {
      long long lo, hi;
      halo_block(p, ndev, &lo, &hi);
      ASSERT_EQ(sec[p][1][0], lo);
      ASSERT_EQ(sec[p][1][1], hi - lo);
    }
    if (s == 1)
      fprintf(stderr, "%d devices: %llu halo bytes per loop, 0 from the "
              "host\n",
              ndev, (unsigned long long)c.peer_bytes);
  }
  proact__dev_get_counters(&c0);
  proact__data_end(data);
  proact__dev_get_counters(&c1);
  ASSERT_EQ(c1.d2h_bytes - c0.d2h_bytes, 2 * WN * ES);
  for (int d = 0; d < ndev; d++)
    ASSERT_EQ(proact__dev_allocated(d), 0);
  assert_identical(wx, rx);
  assert_identical(wy, ry);
}

TEST_IMPL(dist_stencil_2dev) { dist_stencil("0,1", 2); }
TEST_IMPL(dist_stencil_4dev) { dist_stencil("0-3", 4); }

/* A whole read makes every window the whole section. */
TEST_IMPL(dist_whole_read) {
  proact__map_t maps[2] = {{arr_x, PROACT__MAP_CREATE, 1},
                           {arr_y, PROACT__MAP_COPYOUT, 1}};
  proact__data_desc_t dd = {"w.c", 20, 1, NULL, 0, 2, maps};
  proact__array_t arrs[2] = {arr_x, arr_y};
  long long sec[PROACT__DEV_MAX][2][2];
  proact__dev_counters_t c;
  wloop_t fill, gather;
  proact__data_t *data;
  int ndev = proact_num_devices();

  ASSERT_EQ(ndev, 4);
  winit();
  sequential(W_FILL, NULL, rx);
  sequential(W_GATHER, rx, ry);
  wloop_init(&fill, 21, 1, 0, W_FILL, arrs);
  wloop_init(&gather, 22, 0, 1, W_GATHER, arrs);
  data = proact__data_begin(&dd);
  wrun(&fill, W_FILL, wy, wx, NULL);
  c = wrun(&gather, W_GATHER, wx, wy, sec);
  /* Each device lacks the other devices' blocks of x. */
  ASSERT_EQ(c.peer_bytes, (uint64_t)(ndev - 1) * WN * ES);
  for (int p = 0; p < ndev; p++) {
    ASSERT_EQ(sec[p][0][0], 0);
    ASSERT_EQ(sec[p][0][1], WN);
  }
  proact__data_end(data);
  assert_identical(wy, ry);
}

/* x distributed, y replicated, in the same loops. */
/* x distributed and y replicated (dd), the sequential reference of three
 * ping-pong steps in rx, ry, and the two loops at lines line + 1 and
 * line + 2: the data region begun. */
static proact__data_t *mixed_begin(const proact__data_desc_t *dd,
                                   proact__array_t *arrs, int line,
                                   wloop_t *xy, wloop_t *yx) {
  proact__data_t *data;
  winit();
  for (int s = 0; s < 3; s++) {
    sequential(W_S3, rx, ry);
    sequential(W_S3, ry, rx);
  }
  wloop_init(xy, line + 1, 0, 1, W_S3, arrs);
  wloop_init(yx, line + 2, 1, 0, W_S3, arrs);
  data = proact__data_begin(dd);
  ASSERT_TRUE(wentry(wx)->distribute);
  ASSERT_TRUE(!wentry(wy)->distribute);
  return data;
}

TEST_IMPL(dist_mixed_with_replica) {
  proact__map_t maps[2] = {{arr_x, PROACT__MAP_COPY, 1},
                           {arr_y, PROACT__MAP_COPY, 0}};
  proact__data_desc_t dd = {"w.c", 30, 1, NULL, 0, 2, maps};
  proact__array_t arrs[2] = {arr_x, arr_y};
  long long sec[PROACT__DEV_MAX][2][2];
  wloop_t xy, yx;
  proact__data_t *data;
  int ndev = proact_num_devices();

  data = mixed_begin(&dd, arrs, 30, &xy, &yx);
  for (int s = 0; s < 3; s++) {
    wrun(&xy, W_S3, wx, wy, sec);
    for (int p = 0; p < ndev; p++) {
      long long lo, hi;
      halo_block(p, ndev, &lo, &hi);
      ASSERT_EQ(sec[p][0][0], lo);
      ASSERT_EQ(sec[p][0][1], hi - lo);
      ASSERT_EQ(sec[p][1][0], 0);
      ASSERT_EQ(sec[p][1][1], WN);
    }
    wrun(&yx, W_S3, wy, wx, NULL);
  }
  proact__data_end(data);
  assert_identical(wx, rx);
  assert_identical(wy, ry);
}

/* A later loop reads further (i-2..i+2): the x windows grow by one element
 * on each interior side, keeping the block each device holds valid. */
TEST_IMPL(dist_window_growth) {
  proact__map_t maps[2] = {{arr_x, PROACT__MAP_COPY, 1},
                           {arr_y, PROACT__MAP_COPY, 1}};
  proact__data_desc_t dd = {"w.c", 40, 1, NULL, 0, 2, maps};
  proact__array_t arrs[2] = {arr_x, arr_y};
  long long sec[PROACT__DEV_MAX][2][2];
  proact__dev_counters_t c;
  wloop_t s3, scale, s5;
  proact__data_t *data;
  int ndev = proact_num_devices();

  winit();
  sequential(W_S3, rx, ry);
  sequential(W_SCALE, ry, rx);
  sequential(W_S5, rx, ry);
  wloop_init(&s3, 41, 0, 1, W_S3, arrs);
  wloop_init(&scale, 42, 1, 0, W_SCALE, arrs);
  wloop_init(&s5, 43, 0, 1, W_S5, arrs);
  data = proact__data_begin(&dd);
  wrun(&s3, W_S3, wx, wy, NULL);
  /* x's halos go stale: the neighbours write them. */
  wrun(&scale, W_SCALE, wy, wx, NULL);
  c = wrun(&s5, W_S5, wx, wy, sec);
  /* The valid blocks move to the grown windows; two elements per interior
   * side come from the neighbours; nothing from the host. */
  ASSERT_EQ(c.local_bytes, WN * ES);
  ASSERT_EQ(c.peer_bytes, 4 * (uint64_t)(ndev - 1) * ES);
  ASSERT_EQ(c.h2d_bytes, 0);
  for (int p = 0; p < ndev; p++) {
    long long lo = (long long)WN * p / ndev;
    long long hi = (long long)WN * (p + 1) / ndev;
    lo -= p > 0 ? 2 : 0;
    hi += p < ndev - 1 ? 2 : 0;
    ASSERT_EQ(sec[p][0][0], lo);
    ASSERT_EQ(sec[p][0][1], hi - lo);
  }
  proact__data_end(data);
  assert_identical(wx, rx);
  assert_identical(wy, ry);
}

/* A window asked for at a finer grain than the entry's elements (a loop
 * over a float view of doubles) covers whole elements, so that each
 * element's device address is aligned as its host address is. */
TEST_IMPL(dist_window_whole_elements) {
  proact__map_t maps[1] = {{arr_x, PROACT__MAP_COPY, 1}};
  proact__data_desc_t dd = {"w.c", 50, 1, NULL, 0, 1, maps};
  proact__present_t *entry = NULL;
  proact__data_t *data;

  winit();
  data = proact__data_begin(&dd);
  ASSERT_EQ(proact__present_find((char *)wx, (char *)(wx + WN), &entry),
            PROACT__PRESENT_CONTAINS);
  proact__window_cover(entry, 0, 4, 12, "w.c", 51, 1);
  ASSERT_EQ(entry->wlo[0], 0);
  ASSERT_EQ(entry->whi[0], 16);
  ASSERT_EQ((uintptr_t)entry->ptrs[0] % ES, 0);
  proact__window_cover(entry, 0, 8 * WN - 6, 8 * WN - 2, "w.c", 52, 1);
  ASSERT_EQ(entry->wlo[0], 0);
  ASSERT_EQ(entry->whi[0], 8 * WN);
  proact__data_end(data);
  assert_identical(wx, rx);
}

/* PROACT_DISTRIBUTE=1 distributes every region array; the host is the only
 * holder at entry, so nothing is copied or allocated then. */
TEST_IMPL(dist_param_all_arrays) {
  proact__map_t map = {arr_x, PROACT__MAP_COPY, 0};
  proact__data_desc_t dd = {"w.c", 50, 1, NULL, 0, 1, &map};
  proact__dev_counters_t c0, c1;
  proact__data_t *data;
  proact__present_t *e;
  long long lo, len;

  setenv("PROACT_DISTRIBUTE", "1", 1);
  proact__dev_get_counters(&c0);
  data = proact__data_begin(&dd);
  proact__dev_get_counters(&c1);
  e = wentry(wx);
  ASSERT_TRUE(e->distribute);
  ASSERT_EQ(c1.copies - c0.copies, 0);
  ASSERT_EQ(proact__dev_allocated(0), 0);
  ASSERT_EQ(proact__validity_mask_at(e->valid, 0), PROACT__DEVMASK_HOST);
  proact__window_section(e, 0, &arr_x, &lo, &len);
  ASSERT_EQ(lo, 0);
  ASSERT_EQ(len, 0);
  proact__data_end(data);
}

/* Checks proact__loop_part_base for part p of loop and its two arrays
 * (their host bases in host): element k of the part's section lies at
 * base + k on the part's device, where OpenMP's association puts it too;
 * the bases go to base. */
static void check_part_bases(proact__loop_t *loop, int p,
                             double *const *host, void **base) {
  const int dev = proact__loop_part_device(loop, p);
  for (int a = 0; a < 2; a++) {
    long long lo, len;
    proact__loop_part_section(loop, p, a, &lo, &len);
    base[a] = proact__loop_part_base(loop, p, a);
    ASSERT_TRUE(base[a] != NULL);
    for (long long k = lo; k < lo + len; k++) {
      char *at = (char *)base[a] + k * (long long)ES;
      ASSERT_TRUE(at == proact__present_dev_addr(
                            loop->entries[a], loop->plan->devs[p], host[a] + k));
      ASSERT_TRUE(at == omp_get_mapped_ptr(host[a] + k, dev));
    }
  }
}

/* A loop as the plugin lowers it: each kernel indexes the parts' bases
 * (is_device_ptr), not the associated host names. */
static void brun(const wloop_t *l, int kind, double *src, double *dst) {
  double *host[2];
  proact__loop_t *loop = test_loop_begin(&l->d);
  host[l->r.array] = src;
  host[l->w.array] = dst;
  for (int p = 0; p < proact__loop_nparts(loop); p++) {
    long long ilo = l->d.first + proact__loop_part_lo(loop, p);
    long long ihi = l->d.first + proact__loop_part_hi(loop, p);
    int dev = proact__loop_part_device(loop, p);
    void *base[2];
    double *bs, *bd;
    check_part_bases(loop, p, host, base);
    bs = base[l->r.array];
    bd = base[l->w.array];
#pragma omp target teams distribute parallel for device(dev)                  \
    is_device_ptr(bs, bd)
    for (long long i = ilo; i < ihi; i++)
      bd[i] = point(kind, bs, i);
  }
  proact__loop_end(loop);
}

/* x distributed (windows that start past element 0 on every device but
 * the first), y replicated: the bases alone reach both. */
TEST_IMPL(loop_part_base_window_and_replica) {
  proact__map_t maps[2] = {{arr_x, PROACT__MAP_COPY, 1},
                           {arr_y, PROACT__MAP_COPY, 0}};
  proact__data_desc_t dd = {"w.c", 60, 1, NULL, 0, 2, maps};
  proact__array_t arrs[2] = {arr_x, arr_y};
  wloop_t xy, yx;
  proact__data_t *data;

  ASSERT_TRUE(proact_num_devices() >= 2);
  data = mixed_begin(&dd, arrs, 60, &xy, &yx);
  for (int s = 0; s < 3; s++) {
    brun(&xy, W_S3, wx, wy);
    ASSERT_TRUE(wentry(wx)->wlo[1] > 0);
    brun(&yx, W_S3, wy, wx);
  }
  proact__data_end(data);
  assert_identical(wx, rx);
  assert_identical(wy, ry);
}

/* A replica of y[100:800] (its copy starts at element 100) reached from
 * the loop's base y, and a loop-only replica of x; x = 2 i + 1 over the
 * replica's elements, then y = x / 2 + 1. */
TEST_IMPL(loop_part_base_replica_offset) {
  proact__array_t sec_y = {"y", wy, ES, 100, 800};
  proact__array_t sec_x = {"x", wx, ES, 100, 800};
  proact__map_t map = {sec_y, PROACT__MAP_COPY, 0};
  proact__data_desc_t dd = {"w.c", 70, 1, NULL, 0, 1, &map};
  proact__array_t arrs[2] = {sec_x, sec_y};
  wloop_t fill, scale;
  proact__data_t *data;
  proact__present_t *e = NULL;

  winit();
  for (int i = 100; i < 900; i++) {
    rx[i] = 2.0 * (double)i + 1.0;
    ry[i] = rx[i] * 0.5 + 1.0;
  }
  wloop_init(&fill, 71, 1, 0, W_FILL, arrs);
  wloop_init(&scale, 72, 0, 1, W_SCALE, arrs);
  fill.d.first = scale.d.first = 100;
  fill.d.trip = scale.d.trip = 800;
  data = proact__data_begin(&dd);
  ASSERT_EQ(proact__present_find((char *)(wy + 100), (char *)(wy + 900), &e),
            PROACT__PRESENT_CONTAINS);
  ASSERT_TRUE(e->host_lo == (char *)(wy + 100));
  brun(&fill, W_FILL, wy, wx);
  brun(&scale, W_SCALE, wx, wy);
  proact__data_end(data);
  assert_identical(wx, rx);
  assert_identical(wy, ry);
}

TEST_IMPL(loop_part_base_bad_array) {
  proact__array_t arrs[2] = {arr_x, arr_y};
  wloop_t fill;
  proact__loop_t *loop;

  wloop_init(&fill, 81, 1, 0, W_FILL, arrs);
  loop = test_loop_begin(&fill.d);
  proact__loop_part_base(loop, 0, 2);
}
