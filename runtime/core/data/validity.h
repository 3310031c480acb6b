/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Validity map of a replicated array: which devices' replicas hold the
 * current value of each byte. The covered range [lo, hi) is split into a
 * sorted list of disjoint intervals, each with a 64-bit mask of holders
 * (bit d: OpenMP device d; bit 63: the host copy, which only distributed
 * arrays track, so devices 0..62 can participate, devices.c). Neighbours with equal
 * masks are merged after every change, so that a steady pattern (parts
 * owning fixed blocks, halos shared) keeps the list a handful long. Every
 * operation costs O(intervals); a map with one interval costs O(1).
 *
 * Coordinates are plain 64-bit numbers (the runtime uses byte offsets from
 * the entry's host_lo). Ranges given to set/add/walk are clamped to the
 * map's range; an empty range (lo >= hi) does nothing. Not thread-safe: the
 * loop and region calls that use it run on the program's thread. */
#ifndef PROACT_CORE_VALIDITY_H
#define PROACT_CORE_VALIDITY_H

#include <stdint.h>

#include "proact/status.h"

typedef uint64_t proact__devmask_t;

#define PROACT__DEVMASK(dev) ((proact__devmask_t)1 << (dev))
#define PROACT__DEVMASK_HOST_BIT 63
#define PROACT__DEVMASK_HOST PROACT__DEVMASK(PROACT__DEVMASK_HOST_BIT)

typedef struct proact__validity proact__validity_t;

/* Called by the walks for each piece [lo, hi) with its mask; a status other
 * than PROACT_OK stops the walk and is returned by it. */
typedef proact_status_t (*proact__validity_func_t)(void *arg, uint64_t lo,
                                                   uint64_t hi,
                                                   proact__devmask_t mask);

/* A map of [lo, hi) with mask everywhere (lo == hi: an empty map). */
proact_status_t proact__validity_create(uint64_t lo, uint64_t hi,
                                        proact__devmask_t mask,
                                        proact__validity_t **map_p);
void proact__validity_destroy(proact__validity_t *map);

/* [lo, hi) is now valid on exactly the devices of mask (overwrite). */
proact_status_t proact__validity_set(proact__validity_t *map, uint64_t lo,
                                     uint64_t hi, proact__devmask_t mask);
/* The devices of mask now also hold [lo, hi) (union). */
proact_status_t proact__validity_add(proact__validity_t *map, uint64_t lo,
                                     uint64_t hi, proact__devmask_t mask);

/* The devices of mask no longer hold the pieces of [lo, hi) that another
 * holder has too (they keep those they alone hold). */
proact_status_t proact__validity_drop_shared(proact__validity_t *map,
                                             uint64_t lo, uint64_t hi,
                                             proact__devmask_t mask);

/* Many ranges at once, in one pass over the map (n set or add calls would
 * each move the map's tail: quadratic when a cyclic split fragments it).
 * or_mode: every byte of a range gains its mask (ranges may overlap);
 * otherwise every byte of a range gets its mask (overlapping ranges must
 * have equal masks). Sorts ranges in place. */
typedef struct proact__validity_range {
  uint64_t lo, hi;
  proact__devmask_t mask;
} proact__validity_range_t;
proact_status_t proact__validity_apply(proact__validity_t *map,
                                       proact__validity_range_t *ranges,
                                       int n, int or_mode);

/* A range of some map: proact__validity_apply_marks groups them by map
 * (sorting marks in place) and applies each group in one pass. */
typedef struct proact__validity_mark {
  proact__validity_t *map;
  proact__validity_range_t range;
} proact__validity_mark_t;
proact_status_t proact__validity_apply_marks(proact__validity_mark_t *marks,
                                             int n, int or_mode);

/* Every piece of [lo, hi), in increasing order, with its mask. */
proact_status_t proact__validity_walk(const proact__validity_t *map,
                                      uint64_t lo, uint64_t hi,
                                      proact__validity_func_t func,
                                      void *arg);
/* Only the pieces of [lo, hi) whose mask lacks device dev, in increasing
 * order, with their masks (neighbouring pieces have different masks). */
proact_status_t proact__validity_walk_lacking(const proact__validity_t *map,
                                              uint64_t lo, uint64_t hi,
                                              int dev,
                                              proact__validity_func_t func,
                                              void *arg);

/* Number of intervals (0 for an empty map). */
int proact__validity_count(const proact__validity_t *map);
/* Mask of the byte at pos (0 outside the range). */
proact__devmask_t proact__validity_mask_at(const proact__validity_t *map,
                                           uint64_t pos);

/* Lowest holder in mask (PROACT__DEVMASK_HOST_BIT for the host alone): a
 * device when one holds it, device to device copies being the fast path;
 * mask must not be 0. */
static inline int proact__devmask_first(proact__devmask_t mask) {
  return __builtin_ctzll(mask);
}

#endif
