/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Consumer-aware pushes: which written bytes a loop's parts send to which
 * devices while (or right after) their kernels run.
 *
 * Each region entry keeps, besides its validity map, a readers map: the
 * devices that read each byte since it was last written (recorded from the
 * read spans the pulls compute). A part's write span is pushed to exactly
 * the other devices that read it last time: a halo row goes to the
 * neighbour that reads it, nothing goes to a device that does not. A byte
 * nobody read yet (the first execution) is not pushed; a later loop pulls
 * it lazily (pull.h), so a wrong guess costs bytes, never correctness. */
#ifndef PROACT_CORE_PUSH_H
#define PROACT_CORE_PUSH_H

#include <stdint.h>

#include "loop.h"

/* Fills loop->pushes from the readers maps and the parts' write spans
 * (loop->plan->xfers): tracked region entries only; a destination whose
 * copy (window) does not cover a byte does not get it. */
void proact__push_plan(proact__loop_t *loop);

/* Records a read of entry bytes [lo, hi) by device dev in this loop. */
void proact__push_note_read(proact__loop_t *loop, proact__present_t *entry,
                            int dev, uint64_t lo, uint64_t hi);

/* After the mechanism delivered loop->pushes (delivered != 0) or not, and
 * rank_push_finish delivered loop->rpushes:
 * pushed bytes become valid on their destinations too, the written spans'
 * readers are reset and this loop's reads recorded. */
void proact__push_commit(proact__loop_t *loop, int delivered);

#endif
