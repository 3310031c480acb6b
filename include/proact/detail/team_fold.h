/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The device side of reduction(op: s) (docs/design/lowering.md,
 * "Reductions"): what the generated kernels need to fold every thread's
 * copy of s into one value per part, in an order fixed by the kernel's
 * geometry alone, with no OpenMP reduction runtime in the image (its
 * presence keeps team state live in every kernel of the program, which
 * then takes more registers).
 *
 * A part's reduction kernel gets device scratch from
 * proact__loop_part_reduction, laid out as
 *   [0, PROACT__FOLD_HEAD)   the arrival counter, 0 between kernels
 *   teams ints               each team's "last to arrive" flag
 *   per reduction variable r, in clause order: teams team values, then
 *     teams x threads thread slots (team t's at teams + t * threads), each
 *     of sizeof(s_r) bytes; the variable's area is rounded up to 16 bytes
 *     per slot so that the next one stays aligned (proact__fold_slots).
 * On an NVIDIA GPU the thread slots are team-shared memory instead where
 * they fit (PROACT__FOLD_TEAM_SLOTS), and the scratch has none (threads
 * counts 0 in the layout: PROACT__FOLD_SCRATCH_THREADS).
 * Each thread stores its copy in its slot; the team folds its slots as a
 * pairwise tree (proact__fold_half), thread 0 stores the result as the
 * team value and arrives (proact__fold_arrive); the last team to arrive
 * folds the team values in team order, again as a tree, into the part's
 * result. */
#ifndef PROACT_TEAM_FOLD_H
#define PROACT_TEAM_FOLD_H

#include <stddef.h>

#include "device_team.h"

/* Team-shared thread slots: each round of a team's fold reads its slots
 * back, and from global memory every round waits for L2, which made a
 * team's fold cost as much as a tile's work. clang 16 puts a
 * static local with omp_pteam_mem_alloc in .shared on NVPTX; on a host
 * device such a static would be one object for every team, so host
 * devices (and the host fallback) keep the scratch's slots. So do teams
 * of more than PROACT__FOLD_SHARED_SLOTS threads and variables of more
 * than PROACT__FOLD_SHARED_BYTES slot bytes in all (a kernel has 48 KB of
 * static shared memory, and each KB a team takes is L1 its SM loses). */
#ifdef __NVPTX__
#define PROACT__FOLD_SHARED 1
#else
#define PROACT__FOLD_SHARED 0
#endif
#define PROACT__FOLD_SHARED_SLOTS 512
#define PROACT__FOLD_SHARED_BYTES 32

/* Whether a team of `threads` folds variables of `bytes` slot bytes in all
 * (the sum of PROACT__FOLD_SLOT(sizeof(s))) in team-shared memory, where
 * the device has it. The runtime sizes the scratch by the same rule. */
#define PROACT__FOLD_FITS_SHARED(bytes, threads)                               \
  ((bytes) <= PROACT__FOLD_SHARED_BYTES &&                                     \
   (threads) <= PROACT__FOLD_SHARED_SLOTS)

#define PROACT__FOLD_PRAGMA(x) _Pragma(#x)

/* Declares `T *const name`, the team's thread slots of one variable: a
 * team-shared array where the fold fits there, else `global` (the team's
 * slots in the scratch). */
#if PROACT__FOLD_SHARED
#define PROACT__FOLD_TEAM_SLOTS(T, name, global, bytes, threads)               \
  static T name##_team[(bytes) <= PROACT__FOLD_SHARED_BYTES                    \
                           ? PROACT__FOLD_SHARED_SLOTS                         \
                           : 1];                                               \
  PROACT__FOLD_PRAGMA(omp allocate(name##_team)                                \
                          allocator(omp_pteam_mem_alloc))                      \
  T *const name =                                                              \
      PROACT__FOLD_FITS_SHARED(bytes, threads) ? name##_team : (global)
#else
#define PROACT__FOLD_TEAM_SLOTS(T, name, global, bytes, threads)               \
  T *const name = (global)
#endif

/* Thread slots per team in the scratch's layout. */
#define PROACT__FOLD_SCRATCH_THREADS(bytes, threads)                           \
  (PROACT__FOLD_SHARED && PROACT__FOLD_FITS_SHARED(bytes, threads)            \
       ? 0                                                                     \
       : (threads))

/* The counter's bytes: a line of its own. */
#define PROACT__FOLD_HEAD 64

/* The offset of the first variable's slots: after the counter and the
 * teams' flags, 16-byte aligned. */
#define PROACT__FOLD_VARS(teams)                                               \
  (PROACT__FOLD_HEAD + (((size_t)(teams) * sizeof(int) + 15) & ~(size_t)15))

/* A variable's bytes per slot in the scratch: sizeof rounded up to 16. */
#define PROACT__FOLD_SLOT(bytes) (((size_t)(bytes) + 15) / 16 * 16)

#ifdef _OPENMP /* PROACT__FENCE_GPU */
#pragma omp begin declare target

/* The first distance of the pairwise fold of n slots: the largest power of
 * two below n (slot t takes slot t + h for t < h, h halving down to 1); 0
 * for a single slot. */
static inline int proact__fold_half(int n) {
  int h = 1;
  if (n < 2)
    return 0;
  while (h * 2 < n)
    h *= 2;
  return h;
}

static inline int *proact__fold_flags(char *scratch) {
  return (int *)(scratch + PROACT__FOLD_HEAD);
}

/* The slots of the variable after `before` bytes per slot of the earlier
 * ones: teams team values, then the thread slots. */
static inline char *proact__fold_slots(char *scratch, int teams, int threads,
                                       size_t before) {
  return scratch + PROACT__FOLD_VARS(teams) +
         (size_t)teams * ((size_t)threads + 1) * before;
}

/* Called by thread 0 of each of the kernel's `teams` teams once its team
 * values are stored: nonzero in the last team to arrive, which finds the
 * counter back at 0 for the next kernel. */
static inline int proact__fold_arrive(char *scratch, int teams) {
  int *count = (int *)scratch;
  int last;
  PROACT__FENCE_GPU(); /* release: this team's values */
  last = __atomic_fetch_add(count, 1, __ATOMIC_RELAXED) == teams - 1;
  if (last) {
    PROACT__FENCE_GPU(); /* acquire: every team's values */
    __atomic_store_n(count, 0, __ATOMIC_RELAXED);
  }
  return last;
}

/* Each thread of the last team before it reads the team values. */
static inline void proact__fold_acquire(void) { PROACT__FENCE_GPU(); }

#pragma omp end declare target
#endif /* _OPENMP */

#endif
