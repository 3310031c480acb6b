/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The readiness protocol the generated kernels run (ready_types.h): a
 * team's blocks, the counters a finished block decrements and what a
 * counter at zero sets off (PROACT__READY_*). OpenMP device code only. */
#ifndef PROACT_DEVICE_PROTOCOL_H
#define PROACT_DEVICE_PROTOCOL_H

#include "device_team.h"
#include "device_walk.h"
#include "ready_types.h"

#ifdef _OPENMP
#pragma omp begin declare target


/* The instrumented flat kernel's blocks, where most of them report
 * (ticketed), are handed out by ticket, so that they run in order of time
 * whatever the kernel's waves: with block b fixed to team b mod teams, the
 * teams of a second or third wave (more teams than fit at once; a poll
 * agent's blocks taking room) start late and their blocks, spread over the
 * whole part, keep most chunks waiting until the kernel's end. A ticket
 * costs the team a barrier and thread 0's atomic round trip per block,
 * which the fixed walk does not pay for blocks that do not report: a
 * stencil, whose only reporting blocks are at the part's edges, keeps
 * it.
 *
 * The team's k-th block (k = 0, 1, ...; called by every thread of the
 * team): thread 0 takes a ticket, the team reads it after a barrier. Each
 * team takes one ticket past the part's blocks and stops, so an execution
 * takes nblocks + teams tickets; whoever takes the last sets the ticket
 * back to 0. Two slots per team, used alternately: thread 0 writes the
 * next one while the others may still read this one. Tickets fit 32 bits:
 * a part with readiness state has at most 2^31 - 1 blocks, and at most
 * 65536 teams. (Taking the next ticket when a block starts, to hide the
 * atomic's round trip, made kernels slower.) */
static inline PROACT__TEAM_INLINE long long proact__ready_next_block(const proact__ready_t *rd,
                                                 unsigned k, int bare) {
  volatile unsigned *slot =
      rd->team_blocks + (2 * (long long)proact__team_num(bare) + (k & 1u));
  if (proact__team_thread(bare) == 0) {
    const unsigned last =
        (unsigned)(rd->nblocks + proact__team_count(bare)) - 1u;
    const unsigned t = __atomic_fetch_add(rd->ticket, 1u, __ATOMIC_RELAXED);
    if (t == last)
      __atomic_store_n(rd->ticket, 0u, __ATOMIC_RELAXED);
    *slot = t;
  }
  proact__team_sync(bare);
  return (long long)*slot;
}

/* The block a readiness kernel runs at place p of its walk (a ticket, or
 * team + k * teams): order[p], the blocks whose chunks other devices read
 * first (rd->order, proact__ready_block_order), or p itself where order
 * is NULL or p is past the part's nb blocks (the walk's end). A table
 * rather than a closed form, because the blocks that touch pushed chunks
 * may be anywhere (each piece's edges, a 3-D stencil's boundary planes);
 * it costs a 4-byte load per block, the same address for the whole team,
 * and no division. */
static inline long long proact__ready_block_of(const int *order,
                                               long long nb, long long p) {
  return order != 0 && p < nb ? (long long)order[p] : p;
}

/* The block at place p < rd->nblocks, for the walks whose places stop
 * there. The order is read from the state at each block, like
 * proact__ready_walk's: a pointer kept live across the block's work cost
 * the kernels registers. */
static inline long long proact__ready_block_at(const proact__ready_t *rd,
                                               long long p) {
  return rd->order != 0 ? (long long)rd->order[p] : p;
}

/* The instrumented kernel's k-th block of the calling team (k = 0, 1,
 * ...): the block at place ticket, or team + k * teams, of the walk
 * (proact__ready_block_of). ticketed is rd->ticketed, read once before
 * the walk, so that no block's work waits for that load; the order is
 * read at each block (a pointer kept live across the block's work cost
 * the kernel registers). One walk for both (digits from 32-bit divisions,
 * proact__block_walk_at): the fixed walk's digit increments beside the
 * tickets would cost registers. */
static inline PROACT__TEAM_INLINE void proact__ready_walk(const proact__ready_t *rd,
                                      int ticketed,
                                      const proact__part_iters_t *it,
                                      unsigned k, proact__block_walk_t *w,
                                      int bare) {
  const long long p = ticketed ? proact__ready_next_block(rd, k, bare)
                               : proact__team_num(bare) +
                                     (long long)k * proact__team_count(bare);
  proact__block_walk_at(
      it, proact__ready_block_of(rd->order, rd->nblocks, p), w);
}

/* The k-th block of the calling team in a CPU device's one kernel per
 * loop, which runs the plain, instrumented and forwarding walks
 * (docs/design/lowering.md): a readiness mode's blocks as its kernel takes
 * them (proact__ready_walk; ticketed only for the instrumented mode), where
 * ordered (a loop without a reduction); the plain kernel's, block team + k
 * * teams, otherwise. */
static inline PROACT__TEAM_INLINE void proact__one_walk(const proact__ready_t *rd,
                                    int ticketed, int ordered,
                                    const proact__part_iters_t *it,
                                    unsigned k, proact__block_walk_t *w,
                                    int bare) {
  if (rd != 0 && ordered) {
    proact__ready_walk(rd, ticketed, it, k, w, bare);
    return;
  }
  proact__block_walk_at(it,
                        proact__team_num(bare) +
                            (long long)k * proact__team_count(bare),
                        w);
}

/* Block b's reporting, by every thread of the team, where the block
 * touches a chunk some device reads (proact__ready_block_done).
 *
 * The state is kept on the device from one execution of the loop to the
 * next (runtime/mech/ready/ready_cache.h), so everything a kernel changes in it
 * goes back to its starting value before the execution ends: a counter
 * reaches zero exactly once per execution (after its last decrement), and
 * whoever consumes that zero restores it -- the poll agent after pushing
 * the chunk, else the team that brought it to zero; trigger's owner entry
 * goes back to 0 once its team has pushed the chunk; dma's q_tail goes
 * back to 0 with the execution's last slot. The next execution's kernels
 * start only after this one's kernels and agents ended (push_drain). */
static inline PROACT__TEAM_INLINE void proact__ready_block_report(const proact__ready_t *rd,
                                              long long b, int bare) {
  const int tid = proact__team_thread(bare), nth = proact__team_threads(bare);
  int pushed = 0;
  /* The team's stores are visible device-wide before its decrement: the
   * barrier orders them before thread 0's fence, which is cumulative (the
   * PTX memory model; the pattern of CUDA's grid sync), so one fence per
   * team suffices, not one per thread. Device scope serves dma too: its
   * copy engines read this device's memory through the same L2 the fence
   * publishes to, and only the team that queues a chunk pays for a
   * system-wide fence, before the slot the host thread reads. */
  proact__team_sync(bare);
  if (tid == 0) {
    PROACT__FENCE_GPU();
    for (long long e = rd->blk_first[b]; e < rd->blk_first[b + 1]; e++) {
      const int c = rd->blk_ctr[e];
      int read;
      if (__atomic_fetch_add(rd->counters + c, -1, __ATOMIC_RELAXED) != 1)
        continue;
      PROACT__FENCE_GPU(); /* acquire: the other teams' stores */
      read = rd->piece_first[c] < rd->piece_first[c + 1];
      if (rd->stamps != 0)
        rd->stamps[3 * (long long)c] = proact__ready_clock();
      /* No decrement of c is left in this execution: restore it, unless
       * the poll agent has yet to see the zero. */
      if (rd->mode != PROACT__READY_POLL || !read)
        __atomic_store_n(rd->counters + c, rd->counters_init[c],
                         __ATOMIC_RELAXED);
      if (!read)
        continue; /* nobody reads it */
      if (rd->mode == PROACT__READY_TRIGGER) {
        rd->owner[c] = (int)b + 1;
      } else if (rd->mode == PROACT__READY_DMA) {
        unsigned long long slot =
            __atomic_fetch_add(rd->q_tail, 1ull, __ATOMIC_RELAXED);
        if ((long long)slot + 1 == rd->q_len) /* every other slot taken */
          __atomic_store_n(rd->q_tail, 0ull, __ATOMIC_RELAXED);
        PROACT__FENCE_SYS();
        rd->q_slots[slot] = c + 1;
      }
    }
  }
  if (rd->mode != PROACT__READY_TRIGGER)
    return;
  /* The chunks this block readied, pushed by this team. Thread 0's
   * acquire (after its decrement) reaches the team through the barrier;
   * each pushing thread fences too, once, before reading other teams'
   * stores. */
  proact__team_sync(bare);
  for (long long e = rd->blk_first[b]; e < rd->blk_first[b + 1]; e++) {
    const int c = rd->blk_ctr[e];
    if (rd->owner[c] != (int)b + 1)
      continue;
    if (!pushed)
      PROACT__FENCE_GPU();
    pushed = 1;
    for (long long p = rd->piece_first[c]; p < rd->piece_first[c + 1]; p++)
      proact__team_copy(rd->pieces[p].dst, rd->pieces[p].src,
                        rd->pieces[p].bytes, tid, nth);
  }
  /* Only this team writes b + 1, so every thread saw the same chunks: the
   * same answer for the whole team. owner[] goes back to 0 once they all
   * read it (a chunk two sites share is listed, and reset, twice). */
  if (!pushed)
    return;
  proact__team_sync(bare);
  if (tid == 0)
    for (long long e = rd->blk_first[b]; e < rd->blk_first[b + 1]; e++)
      if (rd->owner[rd->blk_ctr[e]] == (int)b + 1) {
        /* The barrier above ended the team's copies. */
        if (rd->stamps != 0)
          rd->stamps[3 * (long long)rd->blk_ctr[e] + 2] =
              proact__ready_clock();
        rd->owner[rd->blk_ctr[e]] = 0;
      }
}

/* The reporting above, one function per kind of kernel (bare is then a
 * constant of each); the forwarding's long path below. Inlined into each
 * kernel on a GPU, where an instrumented kernel that calls it out of line
 * runs far slower, and in the host pass, whose device walks are dead code
 * (there shared functions made OpenMPOpt slower). In a host device's pass
 * (the declare variants) one out-of-line function that every kernel of
 * the file calls, so that each kernel compiles the short path alone and a
 * file of many loops compiles the long ones once
 * (docs/design/lowering.md). */
static inline PROACT__TEAM_INLINE void
proact__ready_block_report_bare(const proact__ready_t *rd, long long b) {
  proact__ready_block_report(rd, b, 1);
}
static inline PROACT__TEAM_INLINE void
proact__ready_block_report_spmd(const proact__ready_t *rd, long long b) {
  proact__ready_block_report(rd, b, 0);
}
#ifndef __NVPTX__
#pragma omp begin declare variant match(device = {kind(nohost)})
static __attribute__((noinline)) void
proact__ready_block_report_bare(const proact__ready_t *rd, long long b) {
  proact__ready_block_report(rd, b, 1);
}
static __attribute__((noinline)) void
proact__ready_block_report_spmd(const proact__ready_t *rd, long long b) {
  proact__ready_block_report(rd, b, 0);
}
#pragma omp end declare variant
#endif

/* PROACT_TRACE: the readiness kernel's span on the device's clock, after
 * the counters' stamps: when team 0 (the first a GPU starts) began, and
 * when the last team to finish ended, counted in device memory
 * (rd->kernel_teams, 0 again after the last). Two plain stores to the
 * stamps' host memory per kernel: an atomic there from every team, across
 * the bus, made a short kernel many times slower. A host-timed span starts
 * with the launch's cost, which at a short kernel is most of it. Thread 0
 * of each team; out of line in a host device's pass, as the reporting
 * is. */
static inline PROACT__TEAM_INLINE void
proact__ready_kernel_stamp_at(const proact__ready_t *rd, int end, int bare) {
  unsigned long long *k = rd->stamps + 3 * rd->ncounters;
  if (proact__team_thread(bare) != 0)
    return;
  if (!end) {
    if (proact__team_num(bare) == 0)
      k[0] = proact__ready_clock();
    return;
  }
  if (__atomic_fetch_add(rd->kernel_teams, 1u, __ATOMIC_RELAXED) + 1u ==
      (unsigned)proact__team_count(bare)) {
    __atomic_store_n(rd->kernel_teams, 0u, __ATOMIC_RELAXED);
    k[1] = proact__ready_clock();
  }
}
static inline PROACT__TEAM_INLINE void
proact__ready_kernel_stamp_bare(const proact__ready_t *rd, int end) {
  proact__ready_kernel_stamp_at(rd, end, 1);
}
static inline PROACT__TEAM_INLINE void
proact__ready_kernel_stamp_spmd(const proact__ready_t *rd, int end) {
  proact__ready_kernel_stamp_at(rd, end, 0);
}
#ifndef __NVPTX__
#pragma omp begin declare variant match(device = {kind(nohost)})
static __attribute__((noinline)) void
proact__ready_kernel_stamp_bare(const proact__ready_t *rd, int end) {
  proact__ready_kernel_stamp_at(rd, end, 1);
}
static __attribute__((noinline)) void
proact__ready_kernel_stamp_spmd(const proact__ready_t *rd, int end) {
  proact__ready_kernel_stamp_at(rd, end, 0);
}
#pragma omp end declare variant
#endif

/* Called before a readiness kernel's walk (end 0) and after it (end 1) by
 * every thread of the team. */
static inline PROACT__TEAM_INLINE void
proact__ready_kernel_stamp(const proact__ready_t *rd, int end, int bare) {
  if (rd->stamps == 0)
    return;
  if (bare)
    proact__ready_kernel_stamp_bare(rd, end);
  else
    proact__ready_kernel_stamp_spmd(rd, end);
}

/* Called by every thread of the team after block b's iterations (the
 * instrumented kernel's instrumentation): the reporting, where the block
 * has any. */
static inline PROACT__TEAM_INLINE void proact__ready_block_done(const proact__ready_t *rd,
                                            long long b, int bare) {
  if (rd->mode == PROACT__READY_INLINE)
    return; /* the stores were forwarded as they were made */
  if (!proact__ready_block_touches(rd, b))
    return; /* the same answer for the whole team: no barrier skew */
  if (bare)
    proact__ready_block_report_bare(rd, b);
  else
    proact__ready_block_report_spmd(rd, b);
}

/* Inline: the store just made at addr (size bytes) of region array `array`
 * (an index into rd->arrays, or -1 when the array is not written by the
 * part's plan) also goes to every peer that reads that byte range
 * (proact__ready_forward checks rd). */
static inline PROACT__TEAM_INLINE void
proact__ready_forward_long(const proact__ready_t *rd, int array,
                           const void *addr, unsigned long size) {
  const proact__ready_array_t *arr;
  long long off;
  if (array < 0 || array >= rd->narrays)
    return;
  arr = rd->arrays + array;
  off = (const char *)addr - arr->local;
  /* An array's forwards come in address order (equal ranges for several
   * destinations, else disjoint and increasing: push.c plans them so), so
   * a column store's thousands of runs cost a binary search, not a scan. */
  int f = arr->fwd0, end = arr->fwd0 + arr->nfwd;
  while (f < end) {
    const int mid = f + (end - f) / 2;
    if (rd->fwds[mid].hi <= off)
      f = mid + 1;
    else
      end = mid;
  }
  /* A store that a range's edge cuts (the range planned from a loop that
   * wrote the memory at a finer grain, or a whole element forwarded for a
   * member's store) sends the bytes inside the range: the range is marked
   * current on the peer after the loop, so none of them may be skipped. */
  const long long stop = off + (long long)size;
  for (end = arr->fwd0 + arr->nfwd; f < end && rd->fwds[f].lo < stop; f++) {
    const proact__ready_fwd_t *fw = rd->fwds + f;
    char *dst;
    if (fw->lo <= off && stop <= fw->hi) {
      dst = fw->dst_base + off;
      if (size == 8)
        *(unsigned long long *)dst = *(const unsigned long long *)addr;
      else if (size == 4)
        *(unsigned int *)dst = *(const unsigned int *)addr;
      else
        for (unsigned long j = 0; j < size; j++)
          dst[j] = ((const char *)addr)[j];
    } else {
      const long long lo = fw->lo > off ? fw->lo : off;
      const long long hi = fw->hi < stop ? fw->hi : stop;
      for (long long j = lo; j < hi; j++)
        fw->dst_base[j] = ((const char *)addr)[j - off];
    }
  }
}

static inline PROACT__TEAM_INLINE void
proact__ready_forward_to(const proact__ready_t *rd, int array,
                         const void *addr, unsigned long size) {
  proact__ready_forward_long(rd, array, addr, size);
}

#ifndef __NVPTX__
#pragma omp begin declare variant match(device = {kind(nohost)})
static __attribute__((noinline)) void
proact__ready_forward_to(const proact__ready_t *rd, int array,
                         const void *addr, unsigned long size) {
  proact__ready_forward_long(rd, array, addr, size);
}
#pragma omp end declare variant
#endif

/* The forwarding kernel's call after each store: rd is NULL in the blocks
 * whose chunks nobody reads, which then pay one branch per store. */
static inline void proact__ready_forward(const proact__ready_t *rd,
                                         int array, const void *addr,
                                         unsigned long size) {
  if (rd != 0)
    proact__ready_forward_to(rd, array, addr, size);
}

#pragma omp end declare target
#endif /* _OPENMP */

#endif /* PROACT_DEVICE_PROTOCOL_H */
