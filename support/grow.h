/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Growing arrays: room for one more item. */
#ifndef PROACT_BASE_GROW_H
#define PROACT_BASE_GROW_H

#include <stddef.h>
#include <stdlib.h>

#include "proact/status.h"

/* Makes *items (n used of *cap, each elem_size bytes) hold at least n + 1,
 * doubling from 16; on failure *items is unchanged. */
static inline proact_status_t proact__grow(void **items, int *cap, int n,
                                           size_t elem_size) {
  int want;
  void *p;
  if (n < *cap)
    return PROACT_OK;
  want = *cap > 0 ? 2 * *cap : 16;
  p = realloc(*items, (size_t)want * elem_size);
  if (p == NULL)
    return PROACT_ERR_NO_MEMORY;
  *items = p;
  *cap = want;
  return PROACT_OK;
}

#endif
