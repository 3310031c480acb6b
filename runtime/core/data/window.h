/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Windows of distributed arrays. Each device of a distributed entry holds
 * byte offsets [wlo, whi) of the section (presence.h), associated with the
 * matching host bytes so that a target region mapping any part of it uses
 * that storage. A window starts empty at data-region entry and only grows,
 * to the hull of itself and what a loop's part needs, so a device's bits in
 * the validity map always lie inside its window. */
#ifndef PROACT_CORE_WINDOW_H
#define PROACT_CORE_WINDOW_H

#include <stdint.h>

#include "presence.h"
#include "proact/detail/codegen.h"

/* Makes the window of entry->devs[i] cover byte offsets [lo, hi) (lo < hi),
 * growing it to the hull of both: new storage, the bytes the device holds
 * valid copied over, the association moved. Failures are fatal errors at
 * file:line:col. */
void proact__window_cover(proact__present_t *entry, int i, uint64_t lo,
                          uint64_t hi, const char *file, int line, int col);

/* Elements [*lo_p, *lo_p + *len_p) of array (indices from array->base) that
 * device dev's copy in entry covers; *len_p is 0 (and *lo_p array->lo) when
 * dev has none. */
void proact__window_section(const proact__present_t *entry, int dev,
                            const proact__array_t *array, long long *lo_p,
                            long long *len_p);

#endif
