/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Per-chunk readiness (docs/design/readiness.md), shared by three
 * compilers: the runtime (host C), the generated kernels (OpenMP device
 * code, through proact/detail/codegen.h) and the CUDA poll agent (nvcc).
 * Plain C structs and static inline functions only.
 *
 * A kernel part runs its iterations in blocks (proact__part_block; the
 * kernels walk them with proact__block_walk_*), the k-th place of the walk
 * taken by team k mod teams, or by ticket in the instrumented kernel where
 * most blocks report (proact__ready_walk); the readiness kernels run the
 * blocks that touch counted chunks at the first places (order). A
 * written array is cut into chunks of chunk_bytes, numbered from the start
 * of its region entry. Each chunk of a part has a counter that starts at
 * the number of (block, store site) pairs whose write hull touches the
 * chunk; the team that finishes a block decrements, with release
 * ordering, the counters of the chunks its stores touched. A counter at
 * zero: the chunk holds its final values and may be pushed to the devices
 * that read it (its pieces).
 *
 * This header holds what the three share: the state's types and the
 * functions the runtime builds it with. */
#ifndef PROACT_READY_TYPES_H
#define PROACT_READY_TYPES_H

#include "part_iters.h"

/* What happens when a chunk's counter reaches zero. */
enum {
  PROACT__READY_POLL = 0,    /* nothing: an agent polls the counters */
  PROACT__READY_TRIGGER = 1, /* the team that made it ready pushes it */
  PROACT__READY_DMA = 2,     /* the team appends it to the host's queue */
  PROACT__READY_INLINE = 3   /* no counters: stores are forwarded as made */
};

/* A store site: element index coef * i + off, off in [off_min, off_max]. */
typedef struct proact__ready_site {
  int array; /* index into proact__ready_t.arrays */
  long long coef;
  long long off_min;
  long long off_max;
} proact__ready_site_t;

/* A written array of the part. Byte offsets are from the region entry's
 * host start; base_off is the offset of the array's element 0. */
typedef struct proact__ready_array {
  long long base_off;
  long long elem_size;
  long long chunk_first; /* first chunk with a counter */
  long long nchunks;     /* counters of this array */
  long long counter0;    /* index of chunk_first's counter */
  char *local;           /* this device's address of byte offset 0 */
  int fwd0;              /* inline: forwards [fwd0, fwd0 + nfwd) */
  int nfwd;
} proact__ready_array_t;

/* Bytes [src, src + bytes) of this device copied to dst on a peer. */
typedef struct proact__ready_piece {
  char *dst;
  const char *src;
  long long bytes;
  long long dst_dev; /* OpenMP device of dst (the dma agent's copies) */
  long long push;    /* the push it belongs to: the dma agent merges only
                        pieces of one push, i.e. of one allocation */
} proact__ready_piece_t;

/* Inline: a store at byte offset o in [lo, hi) is also written to
 * dst_base + o (the peer's address of byte offset 0). */
typedef struct proact__ready_fwd {
  long long lo;
  long long hi;
  char *dst_base;
} proact__ready_fwd_t;

/* One part's readiness state, one device allocation (pointers are device
 * addresses into it, or into the dma queue). */
typedef struct proact__ready {
  int mode;  /* PROACT__READY_* */
  int nsites;
  int narrays;
  int nfwds;
  long long first; /* i = first + k * step */
  long long step;
  proact__part_iters_t it; /* the part's iterations and blocks */
  long long chunk_bytes;
  long long ncounters;
  proact__ready_site_t *sites;
  proact__ready_array_t *arrays;
  proact__ready_fwd_t *fwds;
  int *counters;           /* ncounters; back at counters_init after each
                              execution (proact__ready_block_done) */
  const int *counters_init; /* each counter's initial value */
  int *owner;              /* trigger: block + 1 that readied each chunk
                              while its team pushes it, else 0 */
  long long nblocks;        /* the part's kernel blocks */
  long long *blk_first;     /* nblocks + 1: entries of block b in blk_ctr */
  int *blk_ctr;             /* counters each block decrements, in order */
  long long *piece_first;  /* ncounters + 1: pieces of counter c */
  proact__ready_piece_t *pieces;
  unsigned long long *q_tail;     /* dma: next free slot (device memory),
                                     0 again after the execution's last */
  volatile long long *q_slots;    /* dma: counter + 1 per slot (host), 0
                                     again once the host thread took it */
  long long q_len;                /* dma: slots taken per execution (the
                                     chunks with pieces) */
  int ticketed;                   /* the instrumented flat kernel takes
                                     its blocks by ticket */
  unsigned *ticket;               /* its next block
                                     (proact__ready_next_block), 0 again
                                     after the execution's last */
  volatile unsigned *team_blocks; /* 2 per team: the block thread 0 took
                                     for its team, alternately */
  volatile int *kernel_done;      /* poll and dma: the part's host thread
                                     sets it to 1 when the part's kernel
                                     returned (host memory the agents
                                     read); an agent reports a chunk as
                                     stalled only once the kernel ended.
                                     NULL: the agent counts from its
                                     start */
  unsigned *kernel_teams;         /* PROACT_TRACE: the teams that ended
                                     this execution (device memory), 0
                                     again after the last
                                     (proact__ready_kernel_stamp) */
  unsigned long long *stamps;     /* PROACT_TRACE only, else NULL: per
                                     counter c, the device clock
                                     (proact__ready_clock) when c became
                                     ready [3c], and when its push began
                                     [3c + 1] (poll agent) and ended
                                     [3c + 2] (poll agent, trigger);
                                     then the kernel's start and end
                                     (proact__ready_kernel_stamp) */
  const int *order;               /* nblocks: the block the walk's k-th
                                     place runs (by ticket or team + k *
                                     teams), the blocks that touch a
                                     counted chunk first
                                     (proact__ready_block_order); NULL:
                                     block k */
} proact__ready_t;

/* Counters [*c0, *c1) that block b's store site s touches (empty when the
 * block is empty or outside the counters). The runtime initialises the
 * counters with the same function. */
static inline void proact__ready_block_chunks(const proact__ready_t *rd,
                                              long long b, int s,
                                              long long *c0, long long *c1) {
  const proact__ready_site_t *site = &rd->sites[s];
  const proact__ready_array_t *arr = &rd->arrays[site->array];
  long long klo, khi, i0, i1, a, z, lo, hi;
  proact__part_block(&rd->it, b, &klo, &khi);
  *c0 = *c1 = 0;
  if (klo >= khi)
    return;
  i0 = rd->first + klo * rd->step;
  i1 = rd->first + (khi - 1) * rd->step;
  a = site->coef * i0;
  z = site->coef * i1;
  lo = (a < z ? a : z) + site->off_min;
  hi = (a < z ? z : a) + site->off_max;
  lo = (arr->base_off + lo * arr->elem_size) / rd->chunk_bytes;
  hi = (arr->base_off + (hi + 1) * arr->elem_size - 1) / rd->chunk_bytes;
  lo -= arr->chunk_first;
  hi -= arr->chunk_first;
  if (lo < 0)
    lo = 0;
  if (hi >= arr->nchunks)
    hi = arr->nchunks - 1;
  if (lo > hi)
    return;
  *c0 = arr->counter0 + lo;
  *c1 = arr->counter0 + hi + 1;
}

/* The block table: for each block b < nblocks, the counters its store
 * sites touch (proact__ready_block_chunks), one entry per (site, chunk), in
 * ctr[first[b] .. first[b + 1]); with `counted` not NULL (one byte per
 * counter), only the counters c with counted[c] != 0. The runtime builds
 * it on the host, so that the kernel looks a block up instead of computing
 * (64-bit divisions, registers that every thread of the kernel would
 * reserve). With first and ctr NULL it only counts. Returns the number of
 * entries. */
static inline long long proact__ready_block_table(
    const proact__ready_t *rd, long long nblocks,
    const unsigned char *counted, long long *first, int *ctr) {
  long long n = 0;
  for (long long b = 0; b < nblocks; b++) {
    if (first != 0)
      first[b] = n;
    for (int s = 0; s < rd->nsites; s++) {
      long long c0, c1;
      proact__ready_block_chunks(rd, b, s, &c0, &c1);
      for (long long c = c0; c < c1; c++) {
        if (counted != 0 && counted[c] == 0)
          continue;
        if (ctr != 0)
          ctr[n] = (int)c;
        n++;
      }
    }
  }
  if (first != 0)
    first[nblocks] = n;
  return n;
}

/* Whether block b touches a counted chunk (one some device reads): the
 * other blocks need no fence, no decrement and, with inline, no
 * forwarding. Without sites (nothing counted) every block does. */
static inline int proact__ready_block_touches(const proact__ready_t *rd,
                                              long long b) {
  if (rd == 0 || b < 0 || b >= rd->nblocks)
    return 0;
  if (rd->nsites == 0)
    return 1;
  return rd->blk_first[b] < rd->blk_first[b + 1];
}

/* The order the readiness kernels take their blocks in: the blocks that
 * touch a counted chunk (one some device reads) first, then the others,
 * each in ascending order, so that what other devices read is final early
 * in the kernel, not when the walk reaches it (a part's last rows, the
 * halo its lower neighbour reads, at the very end). Only the order
 * changes, so each block still runs once and decrements what it did.
 *
 * order[p] is the block that place p of the walk runs; team t takes places
 * t, t + teams, ... . Where the teams run at once (a GPU; teams <= 1
 * here) that order is by place. Where they run one after another (a host
 * device's teams inside the parts' parallel region: teams > 1 here), team
 * 0's places come first, then team 1's, and so on. Fills order[0 ..
 * nblocks) (when not NULL) and returns 1, or returns 0 when every place
 * would run its own block: no block touches such a chunk, every one does
 * (no sites: nothing counted), or, teams at once, those that do lead
 * already. */
static inline int proact__ready_block_order(const proact__ready_t *rd,
                                            int teams, int *order) {
  const long long nb = rd->nblocks;
  long long touching = 0, lead = 0, t = 0, j = 0;
  for (long long b = 0; b < nb; b++)
    touching += proact__ready_block_touches(rd, b);
  while (lead < nb && proact__ready_block_touches(rd, lead))
    lead++;
  if (touching == 0 || touching == nb || (teams <= 1 && lead == touching))
    return 0;
  if (teams < 1)
    teams = 1;
  if (order != 0)
    for (int pass = 1; pass >= 0; pass--)
      for (long long b = 0; b < nb; b++) {
        if (proact__ready_block_touches(rd, b) != pass)
          continue;
        /* the next place in time: team t's j-th */
        order[t + j * teams] = (int)b;
        if (t + ++j * teams >= nb) {
          t++;
          j = 0;
        }
      }
  return 1;
}

#endif /* PROACT_READY_TYPES_H */
