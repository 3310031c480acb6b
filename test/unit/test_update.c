/* Tests of the update directive's runtime (proact__update) on the 4
 * host-offload devices: what each clause copies, what it records in the
 * validity map, and what the region's exit then does. */
#include <omp.h>
#include <stdint.h>
#include <string.h>

#include "dev.h"
#include "loop_parts.h"
#include "presence.h"
#include "validity.h"
#include "proact.h"
#include "proact/detail/codegen.h"
#include "runner.h"

enum { ULEN = 16 };
static double ua[ULEN], ub[ULEN];
static proact__array_t uarr_a = {"a", ua, sizeof(double), 0, ULEN};

/* proact__update of one section. */
static void update1(int kind, long long lo, long long len) {
  proact__update_item_t item = {{"a", ua, sizeof(double), lo, len}, kind, 9,
                                3};
  proact__update_desc_t d = {"u.c", 9, 1, 1, &item};
  proact__update(&d);
}

/* The holders of a[i]. */
static proact__devmask_t holders(long long i) {
  proact__present_t *e = NULL;
  ASSERT_EQ(proact__present_find((char *)&ua[i], (char *)&ua[i + 1], &e),
            PROACT__PRESENT_CONTAINS);
  return proact__validity_mask_at(e->valid,
                                  (uint64_t)((char *)&ua[i] - e->host_lo));
}

static uint64_t host_bytes(void) {
  proact__dev_counters_t c;
  proact__dev_get_counters(&c);
  return c.h2d_bytes + c.d2h_bytes;
}

/* One loop over [0, ULEN) on every device: a[k] = 10 k. */
static void write_a(void) {
  proact__access_t w = {.array = 0, .coef = 1};
  proact__loop_desc_t d = {.file = "u.c", .line = 5, .col = 1, .step = 1,
                           .trip = ULEN, .mech = PROACT_MECH_MEMCPY,
                           .narrays = 1, .arrays = &uarr_a, .nwrites = 1,
                           .writes = &w, .inner_trip = 1};
  proact__loop_t *loop = test_loop_begin(&d);
  for (int p = 0; p < proact__loop_nparts(loop); p++) {
    long long lo = proact__loop_part_lo(loop, p);
    long long hi = proact__loop_part_hi(loop, p);
    int dev = proact__loop_part_device(loop, p);
#pragma omp target teams distribute parallel for device(dev)                  \
    map(alloc : ua[0 : ULEN])
    for (long long k = lo; k < hi; k++)
      ua[k] = 10.0 * (double)k;
  }
  proact__loop_end(loop);
}

/* b[k] = a[3] + k on every device (b loop-only, copied back). */
static void read_a3(void) {
  proact__array_t arrs[2] = {uarr_a, {"b", ub, sizeof(double), 0, ULEN}};
  proact__access_t w = {.array = 1, .coef = 1};
  proact__access_t r = {.array = 0, .coef = 0, .off_min = 3, .off_max = 3};
  proact__loop_desc_t d = {.file = "u.c", .line = 7, .col = 1, .step = 1,
                           .trip = ULEN, .mech = PROACT_MECH_MEMCPY,
                           .narrays = 2, .arrays = arrs, .nwrites = 1,
                           .writes = &w, .nreads = 1, .reads = &r,
                           .inner_trip = 1};
  proact__loop_t *loop = test_loop_begin(&d);
  for (int p = 0; p < proact__loop_nparts(loop); p++) {
    long long lo = proact__loop_part_lo(loop, p);
    long long hi = proact__loop_part_hi(loop, p);
    int dev = proact__loop_part_device(loop, p);
#pragma omp target teams distribute parallel for device(dev)                  \
    map(alloc : ua[0 : ULEN], ub[0 : ULEN])
    for (long long k = lo; k < hi; k++)
      ub[k] = ua[3] + (double)k;
  }
  proact__loop_end(loop);
}

TEST_IMPL(update_host_then_device_lazy) {
  proact__map_t map = {uarr_a, PROACT__MAP_COPY, 0};
  proact__data_desc_t dd = {"u.c", 1, 1, NULL, 0, 1, &map};
  proact__data_t *r;
  uint64_t before;
  int ndev = proact_num_devices();

  ASSERT_TRUE(ndev >= 2);
  for (int i = 0; i < ULEN; i++)
    ua[i] = -1.0;
  r = proact__data_begin(&dd);
  write_a();
  ASSERT_EQ((long long)ua[3], -1); /* on the devices only */

  /* host: exactly the section comes back, and the host holds it now. */
  before = host_bytes();
  update1(PROACT__UPDATE_HOST, 2, 4);
  ASSERT_EQ((long long)(host_bytes() - before), 4 * (long long)sizeof(double));
  ASSERT_EQ((long long)ua[1], -1);
  ASSERT_EQ((long long)ua[2], 20);
  ASSERT_EQ((long long)ua[5], 50);
  ASSERT_EQ((long long)ua[6], -1);
  ASSERT_TRUE(holders(3) & PROACT__DEVMASK_HOST);
  ASSERT_TRUE(holders(3) & ~PROACT__DEVMASK_HOST);
  /* Current already: nothing moves. */
  before = host_bytes();
  update1(PROACT__UPDATE_HOST, 2, 4);
  ASSERT_EQ((long long)(host_bytes() - before), 0);

  /* device: the host alone holds it, and nothing moves yet. */
  ua[3] = 77.0;
  before = host_bytes();
  update1(PROACT__UPDATE_DEVICE, 3, 1);
  ASSERT_EQ((long long)(host_bytes() - before), 0);
  ASSERT_EQ((long long)holders(3), (long long)PROACT__DEVMASK_HOST);
  /* A loop reading a[3] on every device fetches it from the host. */
  read_a3();
  for (int k = 0; k < ULEN; k++)
    ASSERT_EQ((long long)ub[k], 77 + k);
  ASSERT_TRUE(holders(3) & PROACT__DEVMASK_HOST);

  /* The exit keeps the host's a[3] and brings the rest. */
  proact__data_end(r);
  for (int k = 0; k < ULEN; k++)
    ASSERT_EQ((long long)ua[k], k == 3 ? 77 : 10 * k);
}

TEST_IMPL(update_device_single_replica_eager) {
  static const int dev0[1] = {0};
  proact__map_t map = {uarr_a, PROACT__MAP_COPY, 0};
  proact__data_desc_t dd = {"u.c", 1, 1, dev0, 1, 1, &map};
  proact__data_t *r;
  double back = 0;
  void *rep;
  uint64_t before;

  for (int i = 0; i < ULEN; i++)
    ua[i] = (double)i;
  r = proact__data_begin(&dd);
  ua[4] = 44.0;
  before = host_bytes();
  update1(PROACT__UPDATE_DEVICE, 4, 1);
  /* The only replica gets it at once: loops do not keep its map. */
  ASSERT_EQ((long long)(host_bytes() - before), (long long)sizeof(double));
  {
    proact__present_t *e = NULL;
    ASSERT_EQ(proact__present_find((char *)&ua[4], (char *)&ua[5], &e),
              PROACT__PRESENT_CONTAINS);
    rep = proact__present_dev_addr(e, 0, &ua[4]);
    ASSERT_TRUE(rep != NULL);
  }
  ASSERT_EQ(omp_target_memcpy(&back, rep, sizeof(double), 0, 0,
                              omp_get_initial_device(), 0),
            0);
  ASSERT_EQ((long long)back, 44);
  ua[4] = -5.0;
  update1(PROACT__UPDATE_HOST, 0, ULEN);
  ASSERT_EQ((long long)ua[4], 44);
  proact__data_end(r);
}

TEST_IMPL(update_unheld_is_fatal) {
  update1(PROACT__UPDATE_HOST, 0, ULEN);
}
