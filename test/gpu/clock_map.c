/* The device clock's mapping to the host's (proact__dev_clock_offset), which
 * puts the chunk times a GPU stamps (proact/detail/device_ready.h) on the
 * trace's timeline: a target region reads the clock the kernels stamp
 * with, and mapped to the host's clock that reading must fall between the
 * host's clock before the region and after it, with the first mapping and
 * with the one measured again a second later; the two differ by no more
 * than the clocks' drift. Works on any device with a mapping (host devices read the
 * host's clock, offset 0); the GPU machine runs it (scripts/gpu-suite.sh). */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "clock.h"
#include "dev.h"
#include "proact/detail/device_ready.h"

/* The measures' own error bound is a few microseconds; clocks drift apart
 * by well under this many parts per million (plus that bound). */
#define SLACK_NS 20000
#define DRIFT_PPM 200

/* The checks on device dev (its OpenMP device omp_id); 0 when they pass. */
static int check_device(int dev, int omp_id) {
  int64_t off0 = 0, off1 = 0;
  uint64_t first = 0, between = 1;
  int fail = 0;

  first = proact__now_ns();
  if (proact__dev_clock_offset(dev, &off0) != PROACT_OK) {
    fprintf(stderr, "clock_map: device %d has no clock mapping\n", dev);
    return 1;
  }
  for (int round = 0; round < 20; round++) {
    /* After 10 rounds, past the mapping's life: the rest use a new one. */
    if (round == 10) {
      const struct timespec second = {1, 100000000};
      nanosleep(&second, NULL);
    }
    unsigned long long g = 0;
    uint64_t before, after, mapped;
    before = proact__now_ns();
#pragma omp target device(omp_id) map(from : g)
    { g = proact__ready_clock(); }
    after = proact__now_ns();
    if (proact__dev_clock_offset(dev, &off1) != PROACT_OK) {
      fprintf(stderr, "clock_map: the mapping failed in round %d\n", round);
      return 1;
    }
    between = proact__now_ns() - first;
    mapped = (uint64_t)((int64_t)g - off1);
    if (mapped + SLACK_NS < before || mapped > after + SLACK_NS) {
      fprintf(stderr,
              "clock_map: round %d: device read at %" PRIu64 " ns on the "
              "host's clock, outside [%" PRIu64 ", %" PRIu64 "]\n",
              round, mapped, before, after);
      fail = 1;
    } else if (round == 19) {
      printf("clock_map: device %d read %" PRIu64 " ns after the region "
             "began, %" PRIu64 " ns before it ended; offset %" PRId64
             " ns, drift since the first measure %" PRId64 " ns\n",
             dev, mapped - before, after - mapped, off1, off1 - off0);
    }
  }
  {
    /* The clocks drift apart (a GPU's global timer by tens of parts per
     * million): the second offset may differ from the first by that much
     * over the time between them, which is why the runtime measures it
     * again every second. */
    const double ppm = (double)(off1 - off0) * 1e6 / (double)between;
    printf("clock_map: device %d: the offset moved %" PRId64
           " ns in %.2f s (%.1f ppm)\n",
           dev, off1 - off0, (double)between / 1e9, ppm);
    const double allowed = SLACK_NS + DRIFT_PPM * (double)between / 1e6;
    if ((double)(off1 - off0) > allowed || (double)(off0 - off1) > allowed) {
      fprintf(stderr, "clock_map: offsets %" PRId64 " and %" PRId64
              " differ by more than %d ns and %d ppm\n", off0, off1,
              SLACK_NS, DRIFT_PPM);
      fail = 1;
    }
  }
  return fail;
}

/* Every device, logical ones included (PROACT_DEVICES=0*2: each its own
 * mapping, measured on its own agent's stream). */
int main(void) {
  int fail = 0;

  if (proact__dev_init() != PROACT_OK || proact__dev_count() < 1) {
    fprintf(stderr, "clock_map: no device\n");
    return 2;
  }
  for (int dev = 0; dev < proact__dev_count(); dev++)
    fail |= check_device(dev, proact__dev_omp_id(dev));
  printf("clock_map: %s on %d devices\n", fail ? "FAIL" : "PASS",
         proact__dev_count());
  return fail;
}
