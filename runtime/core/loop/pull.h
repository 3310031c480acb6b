/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Before a loop's kernels: grows distributed arrays' windows and pulls to
 * each part's device what the part reads or writes and lacks (the
 * consistency scheme is described at the top of loop.c). */
#ifndef PROACT_CORE_PULL_H
#define PROACT_CORE_PULL_H

#include "loop.h"
#include "presence.h"
#include "proact/detail/codegen.h"

/* Makes every part's replicas (or windows) current where the part reads or
 * writes; entries[a] is array a's region entry (NULL: nothing to do).
 * Returns whether the loop has a read of unknown extent (whole). The copies
 * are waited for before it returns. */
int proact__loop_pull(proact__loop_t *loop, const proact__loop_desc_t *desc,
                      proact__present_t *const *entries);

#endif
