/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Before a loop's kernels: grows distributed arrays' windows and pulls to
 * each part's device what the part reads or writes and lacks (the
 * consistency scheme is described at the top of loop.c). */
#ifndef PROACT_CORE_PULL_H
#define PROACT_CORE_PULL_H

#include "loop.h"
#include "presence.h"
#include "proact/detail/codegen.h"

/* One pull between two of this rank's devices (or from the host), issued
 * by its part's thread just before the part's kernel. */
typedef struct proact__pull_copy {
  int part;
  int src; /* device, or -1: the host */
  int dst;
  void *to;
  const void *from;
  size_t bytes;
} proact__pull_copy_t;

/* Makes every part's replicas (or windows) current where the part reads or
 * writes; entries[a] is array a's region entry (NULL: nothing to do).
 * Returns whether the loop has a read of unknown extent (whole). Pulls
 * between this rank's devices are left to each part
 * (proact__loop_pull_part), so that the parts issue and wait for theirs
 * at the same time; pulls between ranks are made, in the same order on
 * every rank, and waited for here. The validity maps say the pulled bytes
 * are current from here on: nothing reads them as a source before the
 * kernels. */
int proact__loop_pull(proact__loop_t *loop, const proact__loop_desc_t *desc,
                      proact__present_t *const *entries);

/* Issues part's pulls and waits for them, once per execution (later calls
 * return at once); a failure ends the program. Called from the part's
 * thread before its kernel (for every part at loop_begin's end where the
 * loop pushes: a pull must not land after another part's push), and for
 * every part before the drain. */
void proact__loop_pull_part(proact__loop_t *loop, int part);
/* Every part's pulls not made yet, in this thread. */
void proact__loop_pull_parts(proact__loop_t *loop);

#endif
