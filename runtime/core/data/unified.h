/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Data regions in shared memory (PROACT_MEMORY=unified): the Unified Memory
 * baseline of the benchmarks (the PROACT paper's "UM with hints").
 *
 * Each array of a region is one allocation that every device of the region
 * uses at the same address (CUDA managed memory; plain memory on host
 * devices). Loops copy nothing: they run with memcpy, whose drain then
 * marks every device of the array as holding what any of them wrote
 * (proact__present_holders), so no pull is ever issued; the driver moves
 * or maps pages as kernels touch them. The runtime only gives hints, the
 * ones a careful CUDA programmer would write:
 *   - every device of the region may access the array where it lies
 *     (remote loads over NVLink, no fault);
 *   - the spans a loop writes prefer the writer's device and are
 *     prefetched there before the kernels;
 *   - an array no loop has written yet is read-mostly: each part's reads
 *     are prefetched as copies to its device (undone at the first write).
 * Hints are given again only when a loop's layout differs from the last one
 * given for the array, so iterations of one loop cost no driver calls. */
#ifndef PROACT_CORE_UNIFIED_H
#define PROACT_CORE_UNIFIED_H

#include <stdint.h>

#include "presence.h"

/* One span of an array (byte offsets in its entry) and the device a hint
 * sends it to. */
typedef struct proact__unified_span {
  uint64_t lo, hi;
  int dev;
} proact__unified_span_t;

/* Whether new region arrays go into shared memory: PROACT_MEMORY=unified
 * and the devices have it; otherwise (checked once, with a warning) every
 * array keeps its replicas. */
int proact__unified(void);

/* Gives entry (its host section set, devs[0..ndevs-1] its devices) one
 * shared allocation used by every device, copies the section in when
 * copy_in, and associates it with each device. Failures are fatal. */
void proact__unified_create(proact__present_t *entry, const int *devs,
                            int ndevs, int copy_in, const char *file,
                            int line, int col);

/* Disassociates entry's shared allocation from its devices and frees it
 * (its values already gathered to the host). */
void proact__unified_destroy(proact__present_t *entry);

/* Whether a loop wrote entry (in shared memory) on the devices. */
int proact__unified_written(const proact__present_t *entry);

/* Gives entry (in shared memory) the hints of the layout a loop asks of
 * it (see the top): spans[0..n-1], sorted by device and offset and merged,
 * are its write spans on their devices (writes) or the spans each device
 * reads; it takes spans over. Returns whether it prefetched; a failure is
 * fatal, naming the loop at file:line:col. */
int proact__unified_place_entry(proact__present_t *entry,
                                proact__unified_span_t *spans, int n,
                                int writes, const char *file, int line,
                                int col);

#endif
