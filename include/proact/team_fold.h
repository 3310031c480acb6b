/* The device side of reduction(op: s) (docs/lowering.md "Reductions"):
 * what the generated kernels need to fold every thread's copy of s into
 * one value per part, in an order fixed by the kernel's geometry alone, with
 * no OpenMP reduction runtime in the image (its presence kept team state
 * live in every kernel of the program: the plain copy kernel went from 30
 * to 59 registers, bench/results/2026-11-22-h200x2-session15.md).
 *
 * A part's reduction kernel gets device scratch from
 * proact__loop_part_reduction, laid out as
 *   [0, PROACT__FOLD_HEAD)   the arrival counter, 0 between kernels
 *   teams ints               each team's "last to arrive" flag
 *   per reduction variable r, in clause order: teams team values, then
 *     teams x threads thread slots (team t's at teams + t * threads), each
 *     of sizeof(s_r) bytes; the variable's area is rounded up to 16 bytes
 *     per slot so that the next one stays aligned (proact__fold_slots).
 * Each thread stores its copy in its slot; the team folds its slots as a
 * pairwise tree (proact__fold_half), thread 0 stores the result as the
 * team value and arrives (proact__fold_arrive); the last team to arrive
 * folds the team values in team order, again as a tree, into the part's
 * result. */
#ifndef PROACT_TEAM_FOLD_H
#define PROACT_TEAM_FOLD_H

#include <stddef.h>

#include "ready.h"

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
