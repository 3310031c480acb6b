/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Block tables of readiness states (proact/detail/device_ready.h), cached
 * per loop site and part: building one walks every block of the part
 * through 64-bit divisions, and it is the same on every execution of a loop
 * whose iterations, stores, chunks and counted ranges have not changed. */
#ifndef PROACT_READY_TABLE_H
#define PROACT_READY_TABLE_H

#include <proact/detail/device_ready.h>

/* The block table of rd (its sites, arrays, iterations and chunk size set;
 * rd->nblocks blocks) restricted to the counters with counted[c] != 0
 * (NULL: all), and each counter's initial count (rd->ncounters counters),
 * from the cache when (file, line, part) last built the same one, else
 * built and cached: copied to first (nblocks + 1), ctr (one per entry) and
 * counts (ncounters) where they are not NULL. Returns the number of
 * entries, or -1 when out of host memory. */
long long proact__ready_table_get(const char *file, int line, int part,
                                  const proact__ready_t *rd,
                                  const unsigned char *counted,
                                  long long *first, int *ctr, int *counts);

/* Frees every cached table (at exit). */
void proact__ready_table_clear(void);

#endif
