/* How a loop's iterations are split over its parts (loop.h): BLOCK as
 * contiguous ranges (by the balancer's shares when it has them), BLOCK_CYCLIC
 * as blocks dealt in turn. Used by the loop, AMGE's scoring and the pulls. */
#include "balance.h"
#include "loop.h"
#include "partition.h"

int proact__loop_contiguous(const proact__loop_t *loop) {
  return loop->decomp == PROACT__DECOMP_BLOCK || loop->nparts == 1;
}

/* Part p's iterations: BLOCK, one contiguous range; BLOCK_CYCLIC(B),
 * blocks p, p + N, p + 2N, ... of B iterations (loop->lo/hi: the hull). */
static void loop_split(proact__loop_t *loop, long long trip, int p) {
  const long long B = loop->decomp_block, N = loop->nparts;
  __int128 first = (__int128)p * B;

  if (proact__loop_contiguous(loop)) {
    if (loop->balance != NULL)
      proact__balance_cut(&loop->shares, trip, p, &loop->lo[p],
                          &loop->hi[p]);
    else
      proact__partition_block(trip, loop->nparts, p, &loop->lo[p],
                              &loop->hi[p]);
    loop->npieces[p] = loop->hi[p] > loop->lo[p];
    return;
  }
  if (first >= trip) {
    loop->lo[p] = loop->hi[p] = 0;
    loop->npieces[p] = 0;
    return;
  }
  {
    long long j = (long long)((trip - 1 - first) / ((__int128)N * B));
    __int128 last = first + (__int128)j * N * B + B;
    loop->lo[p] = (long long)first;
    loop->hi[p] = last < trip ? (long long)last : trip;
    loop->npieces[p] = j + 1;
  }
}

void proact__loop_split_all(proact__loop_t *loop) {
  /* A block past the trip count deals every iteration to part 0, as a
   * block of the trip count does; the kernels walk a part's pieces by
   * the block's size, so it must not exceed the iterations. */
  if (loop->decomp_block > loop->desc->trip && loop->desc->trip > 0)
    loop->decomp_block = loop->desc->trip;
  for (int p = 0; p < loop->nparts; p++) {
    proact__part_iters_t *it = &loop->iters[p];
    long long len;
    loop_split(loop, loop->desc->trip, p);
    len = loop->hi[p] - loop->lo[p];
    it->lo = loop->lo[p];
    it->end = loop->hi[p];
    if (proact__loop_contiguous(loop)) {
      it->piece = len; /* the part is one piece */
      it->stride = len > 0 ? len : 1;
    } else {
      it->piece = loop->decomp_block;
      it->stride = loop->decomp_block * loop->nparts;
    }
    it->block = loop->block < it->piece || it->piece == 0 ? loop->block
                                                          : it->piece;
    if (it->block < 1)
      it->block = 1;
    it->bpp = it->piece > 0 ? (it->piece + it->block - 1) / it->block : 1;
    it->tiles = loop->tiles;
    it->tile = loop->tile;
    loop->nblocks[p] =
        loop->npieces[p] * it->bpp * (loop->tiles > 0 ? loop->tiles : 1);
  }
}

long long proact__loop_part_npieces(const proact__loop_t *loop, int part) {
  return loop->npieces[part];
}

void proact__loop_part_piece(const proact__loop_t *loop, int part,
                             long long j, long long *lo_p, long long *hi_p) {
  proact__part_piece(&loop->iters[part], j, lo_p, hi_p);
}
