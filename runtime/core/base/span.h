/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Which elements a loop part accesses: for an access index = coef*i + off
 * with off in [off_min, off_max] and i = first + k*step, the index range of
 * iterations k in [klo, khi). 128-bit so that no affine index overflows. */
#ifndef PROACT_CORE_SPAN_H
#define PROACT_CORE_SPAN_H

#include <stdint.h>

#include "proact/detail/codegen.h"

typedef struct proact__span {
  __int128 lo; /* first and last element index accessed, inclusive */
  __int128 hi;
} proact__span_t;

/* Returns 0 (and leaves *span_p alone) when the part accesses nothing
 * there: empty k range or empty site. Ignores site->whole (the caller
 * knows the section). */
int proact__span_of_site(const proact__access_t *site, long long first,
                         long long step, long long klo, long long khi,
                         proact__span_t *span_p);

/* site as iterations [klo, khi) see it (*out): terms whose inner loop
 * moves with i (site->dep) narrowed to those iterations' hull. Returns 0
 * when the site accesses nothing there. */
int proact__site_narrow(const proact__access_t *site, long long first,
                        long long step, long long klo, long long khi,
                        proact__access_t *out);

/* Elements [lo, hi] of array, clamped to its section, as byte offsets
 * [*lo_p, *hi_p) from host_lo (its region entry's start); 0 when the
 * clamp leaves nothing. */
int proact__span_bytes(const proact__array_t *array, const char *host_lo,
                       __int128 lo, __int128 hi, uint64_t *lo_p,
                       uint64_t *hi_p);

static inline int proact__span_intersect(const proact__span_t *a,
                                         const proact__span_t *b) {
  return a->lo <= b->hi && b->lo <= a->hi;
}

/* Number of iterations of `for (i = first; i CMP bound; i += step)`:
 * >= 0, or -1 when the loop would run forever (step 0 or of the wrong sign
 * for CMP, with a first iteration), -2 when the count exceeds LLONG_MAX. */
long long proact__trip_count_checked(long long first, long long bound,
                                     long long step, int cmp);

/* Formats a 128-bit index in decimal into buf (at least 48 bytes). */
const char *proact__span_format(__int128 value, char *buf);

#endif
