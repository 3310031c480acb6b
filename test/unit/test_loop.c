/* Tests of loops and data regions on real offload devices: this file is
 * built with -fopenmp-targets=x86_64-pc-linux-gnu, which gives 4 host
 * devices. */
#include <omp.h>
#include <stdlib.h>

#include "proact.h"
#include "runner.h"

enum { LEN = 16 };
static double a[LEN];
static proact__array_t arr_a = {"a", a, sizeof(double), 0, LEN};

/* A loop over i in [0, LEN) with one write site (coef, off). */
static proact__loop_desc_t loop_desc(proact__write_site_t *site) {
  proact__loop_desc_t d = {"t.c", 5, 1, 0, 1, LEN, PROACT_MECH_MEMCPY, 0, 0,
                           NULL, 0, 1, &arr_a, 1, site};
  return d;
}

TEST_IMPL(loop_parts_and_devices_clause) {
  static const int devs[2] = {2, 0};
  proact__write_site_t site = {0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__loop_t *loop;

  ASSERT_EQ(proact_num_devices(), omp_get_num_devices());
  ASSERT_TRUE(proact_num_devices() >= 2);
  ASSERT_EQ(proact_device_id(1), 1);
  ASSERT_EQ(proact_device_id(proact_num_devices()), -1);
  ASSERT_STR_EQ(proact_device_kind(), "host");

  d.devices = devs;
  d.ndevices = 2;
  loop = proact__loop_begin(&d);
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
  proact__write_site_t site = {0, 0, 0, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__loop_begin(&d);
}

TEST_IMPL(loop_outside_region_is_fatal) {
  /* a[i + 1] for i in [0, 16): writes a[16]. */
  proact__write_site_t site = {0, 0, 1, 1, 1, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__loop_begin(&d);
}

TEST_IMPL(loop_unimplemented_mech_is_fatal) {
  proact__write_site_t site = {0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  d.mech = PROACT_MECH_POLL;
  proact__loop_begin(&d);
}

TEST_IMPL(loop_non_participating_device_is_fatal) {
  static const int devs[2] = {0, 3};
  proact__write_site_t site = {0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  setenv("PROACT_DEVICES", "0-2", 1);
  d.devices = devs;
  d.ndevices = 2;
  proact__loop_begin(&d);
}

TEST_IMPL(data_partial_overlap_is_fatal) {
  proact__map_t m1 = {{"a", a, sizeof(double), 0, 8}, PROACT__MAP_COPY};
  proact__map_t m2 = {{"a", a, sizeof(double), 4, 8}, PROACT__MAP_COPY};
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
                             PROACT__MAP_COPYOUT};
  proact__map_t inner_map = {{"a", a, sizeof(double), 2, 4},
                             PROACT__MAP_COPY};
  proact__data_desc_t outer = {"t.c", 1, 1, NULL, 0, 1, &outer_map};
  proact__data_desc_t inner = {"t.c", 2, 1, NULL, 0, 1, &inner_map};
  proact__write_site_t site = {0, 0, 1, 0, 0, 7, 3};
  proact__loop_desc_t d = loop_desc(&site);
  proact__data_t *r1, *r2;
  proact__loop_t *loop;
  int ndev = proact_num_devices();

  for (int i = 0; i < LEN; i++)
    a[i] = -1.0;
  r1 = proact__data_begin(&outer);
  r2 = proact__data_begin(&inner);
  loop = proact__loop_begin(&d);
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
  for (int dev = 0; dev < ndev; dev++) {
    double sum = 0;
#pragma omp target device(dev) map(alloc : a[0 : LEN]) map(tofrom : sum)
    for (int i = 0; i < LEN; i++)
      sum += a[i];
    ASSERT_EQ((long long)sum, 10 * LEN * (LEN - 1) / 2);
  }
  proact__data_end(r1);
  for (int i = 0; i < LEN; i++)
    ASSERT_EQ((long long)a[i], 10 * i);
}
