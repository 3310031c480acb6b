/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* How a loop's iterations are split over its parts (plan.h): BLOCK as
 * contiguous ranges (by the balancer's shares when it has them), BLOCK_CYCLIC
 * as blocks dealt in turn. Used by the loop, AMGE's scoring and the pulls. */
#include <limits.h>

#include "balance.h"
#include "plan.h"
#include "partition.h"

int proact__plan_contiguous(const proact__plan_t *plan) {
  return plan->decomp == PROACT__DECOMP_BLOCK || plan->nparts == 1;
}

/* Part p's iterations: BLOCK, one contiguous range; BLOCK_CYCLIC(B),
 * blocks p, p + N, p + 2N, ... of B iterations (plan->lo/hi: the hull). */
static void loop_split(proact__plan_t *plan, long long trip, int p) {
  const long long B = plan->decomp_block, N = plan->nparts;
  __int128 first = (__int128)p * B;

  if (proact__plan_contiguous(plan)) {
    if (plan->balance != NULL)
      proact__balance_cut(&plan->shares, trip, p, &plan->lo[p],
                          &plan->hi[p]);
    else
      proact__partition_block(trip, plan->nparts, p, &plan->lo[p],
                              &plan->hi[p]);
    plan->npieces[p] = plan->hi[p] > plan->lo[p];
    return;
  }
  if (first >= trip) {
    plan->lo[p] = plan->hi[p] = 0;
    plan->npieces[p] = 0;
    return;
  }
  {
    long long j = (long long)((trip - 1 - first) / ((__int128)N * B));
    __int128 last = first + (__int128)j * N * B + B;
    plan->lo[p] = (long long)first;
    plan->hi[p] = last < trip ? (long long)last : trip;
    plan->npieces[p] = j + 1;
  }
}

void proact__plan_split_all(proact__plan_t *plan) {
  /* A block past the trip count deals every iteration to part 0, as a
   * block of the trip count does; the kernels walk a part's pieces by
   * the block's size, so it must not exceed the iterations. */
  if (plan->decomp_block > plan->trip && plan->trip > 0)
    plan->decomp_block = plan->trip;
  for (int p = 0; p < plan->nparts; p++) {
    proact__part_iters_t *it = &plan->iters[p];
    long long len;
    loop_split(plan, plan->trip, p);
    len = plan->hi[p] - plan->lo[p];
    it->lo = plan->lo[p];
    it->end = plan->hi[p];
    if (proact__plan_contiguous(plan)) {
      it->piece = len; /* the part is one piece */
      it->stride = len > 0 ? len : 1;
    } else {
      it->piece = plan->decomp_block;
      it->stride = plan->decomp_block * plan->nparts;
    }
    it->block = plan->block < it->piece || it->piece == 0 ? plan->block
                                                          : it->piece;
    if (it->block < 1)
      it->block = 1;
    it->bpp = it->piece > 0 ? (it->piece + it->block - 1) / it->block : 1;
    it->tiles = plan->tiles;
    it->tile = plan->tile;
    {
      /* Saturated, not wrapped: the mechanisms' 32-bit limit must see a
       * count past it (ready.c). */
      __int128 nb = (__int128)plan->npieces[p] * it->bpp *
                    (plan->tiles > 0 ? plan->tiles : 1);
      plan->nblocks[p] = nb > LLONG_MAX ? LLONG_MAX : (long long)nb;
    }
  }
}

long long proact__plan_part_npieces(const proact__plan_t *plan, int part) {
  return plan->npieces[part];
}

void proact__plan_part_piece(const proact__plan_t *plan, int part,
                             long long j, long long *lo_p, long long *hi_p) {
  proact__part_piece(&plan->iters[part], j, lo_p, hi_p);
}
