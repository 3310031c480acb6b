/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* How a kernel's team walks its blocks (docs/design/lowering.md): device
 * code of the generated kernels, the digits of proact__part_block's blocks
 * kept so that the kernel runs no 64-bit division. */
#ifndef PROACT_DEVICE_WALK_H
#define PROACT_DEVICE_WALK_H

#include "part_iters.h"

/* A team's walk over blocks b = team, team + teams, ...: b's piece j and
 * block r within it are kept as digits and advanced with one carry, so the
 * kernel runs no 64-bit division. (A division is a called routine, and a
 * kernel reserves the registers of all it calls.) Team numbers fit 32
 * bits; when bpp does not, team and teams are below it. */
typedef struct proact__block_walk {
  long long b; /* the block */
  long long j; /* b / bpp */
  long long r; /* b % bpp */
  long long dj; /* teams / bpp */
  long long dr; /* teams % bpp */
} proact__block_walk_t;

/* Row block q and a stride of dq row blocks as digits (piece j, row block r
 * in it) in radix bpp, 32-bit divisions only (q and dq are team numbers);
 * when bpp does not fit 32 bits, q and dq are below it. */
static inline void proact__row_digits(const proact__part_iters_t *it,
                                      unsigned q, unsigned dq, long long *j,
                                      long long *r, long long *dj,
                                      long long *dr) {
  if (it->bpp <= 0 || it->bpp > 0x7fffffffLL) {
    *j = 0; /* bpp <= 0: no blocks, the walk ends at once (b >= nb) */
    *r = q;
    *dj = 0;
    *dr = dq;
  } else {
    const unsigned bpp = (unsigned)it->bpp;
    *j = q / bpp;
    *r = q % bpp;
    *dj = dq / bpp;
    *dr = dq % bpp;
  }
}

static inline void proact__block_walk_start(const proact__part_iters_t *it,
                                            int team, int teams,
                                            proact__block_walk_t *walk) {
  proact__block_walk_t *const w = walk;
  PROACT__THREAD_VAR(w)
  w->b = team;
  proact__row_digits(it, (unsigned)team, (unsigned)teams, &w->j, &w->r,
                     &w->dj, &w->dr);
}

/* Advances the digits (*j, *r) by (dj, dr), dr <= bpp: one carry. */
static inline void proact__row_next(const proact__part_iters_t *it,
                                    long long *j, long long *r, long long dj,
                                    long long dr) {
  *j += dj;
  *r += dr;
  if (*r >= it->bpp) {
    *r -= it->bpp;
    (*j)++;
  }
}

/* The walk's digits of block b < 2^31 (the runtime counts at most that
 * many blocks in a part with readiness state): 32-bit divisions only. */
static inline void proact__block_walk_at(const proact__part_iters_t *it,
                                         long long b,
                                         proact__block_walk_t *walk) {
  proact__block_walk_t *const w = walk;
  PROACT__THREAD_VAR(w)
  w->b = b;
  proact__row_digits(it, (unsigned)b, 0u, &w->j, &w->r, &w->dj, &w->dr);
}

static inline void proact__block_walk_next(const proact__part_iters_t *it,
                                           int teams,
                                           proact__block_walk_t *walk) {
  proact__block_walk_t *const w = walk;
  PROACT__THREAD_VAR(w)
  w->b += teams;
  proact__row_next(it, &w->j, &w->r, w->dj, w->dr);
}

static inline void proact__block_walk_range(const proact__part_iters_t *it,
                                            const proact__block_walk_t *w,
                                            long long *blo, long long *bhi) {
  proact__part_block_at(it, w->j, w->r, blo, bhi);
}

/* The column walk's team walk over blocks b = team, team + teams, ...: b
 * is kept as digits (piece j, row block r in it, tile c) and advanced with
 * one carry per digit, as proact__block_walk. The runtime runs a column
 * walk only when tiles fits 32 bits (loop.c). */
typedef struct proact__tile_walk {
  long long b;  /* the block */
  long long j;  /* row block (b / tiles) / bpp */
  long long r;  /* row block (b / tiles) % bpp */
  long long c;  /* b % tiles */
  long long dj; /* teams as the same digits */
  long long dr;
  long long dc;
} proact__tile_walk_t;

static inline void proact__tile_walk_start(const proact__part_iters_t *it,
                                           int team, int teams,
                                           proact__tile_walk_t *walk) {
  const unsigned tiles = (unsigned)it->tiles;
  proact__tile_walk_t *const w = walk;
  PROACT__THREAD_VAR(w)
  w->b = team;
  w->c = (unsigned)team % tiles;
  w->dc = (unsigned)teams % tiles;
  proact__row_digits(it, (unsigned)team / tiles, (unsigned)teams / tiles,
                     &w->j, &w->r, &w->dj, &w->dr);
}

static inline void proact__tile_walk_next(const proact__part_iters_t *it,
                                          int teams,
                                          proact__tile_walk_t *walk) {
  proact__tile_walk_t *const w = walk;
  int carry;
  PROACT__THREAD_VAR(w)
  w->b += teams;
  w->c += w->dc;
  carry = w->c >= it->tiles;
  if (carry)
    w->c -= it->tiles;
  proact__row_next(it, &w->j, &w->r, w->dj, w->dr + carry);
}

static inline void proact__tile_walk_range(const proact__part_iters_t *it,
                                           const proact__tile_walk_t *w,
                                           long long *blo, long long *bhi) {
  proact__part_block_at(it, w->j, w->r, blo, bhi);
}

/* Block b of a column walk looked up afresh: piece j, row block r in it,
 * tile c of the row block, from 32-bit divisions (b < 2^31: the runtime
 * runs a column walk only when every part's blocks fit, loop.c). The
 * instrumented column kernel walks its tiles this way, carrying nothing
 * from one tile to the next across the reporting, which keeps its
 * registers down, and so does a bare plain kernel (clang 18+), whose
 * carried digits left ptxas too few registers to issue a row group's loads
 * together; the forwarding kernels and the host fallback keep
 * proact__tile_walk. */
typedef struct proact__tile {
  long long j;
  long long r;
  unsigned c;
} proact__tile_t;

static inline void proact__tile_at(const proact__part_iters_t *it,
                                   unsigned b, proact__tile_t *tile) {
  const unsigned tiles = (unsigned)it->tiles;
  proact__tile_t *const t = tile;
  long long dj, dr;
  PROACT__THREAD_VAR(t)
  PROACT__THREAD_VAR(dj)
  PROACT__THREAD_VAR(dr)
  t->c = b % tiles;
  proact__row_digits(it, b / tiles, 0, &t->j, &t->r, &dj, &dr);
}

static inline void proact__tile_range(const proact__part_iters_t *it,
                                      const proact__tile_t *t,
                                      long long *blo, long long *bhi) {
  proact__part_block_at(it, t->j, t->r, blo, bhi);
}

/* A thread's digit in the radix of a collapsed inner loop's trip count:
 * from thread number t and team size n (both below 2^31), the digits
 * *td = t % radix, *sd = n % radix, and t, n divided by radix. 32-bit
 * divisions only; a radix that does not fit 32 bits is above t and n. */
static inline void proact__thread_digit(long long *t, long long *n,
                                        long long radix, long long *td,
                                        long long *sd) {
  if (radix > 0 && radix <= 0x7fffffffLL) {
    const unsigned r = (unsigned)radix;
    *td = (unsigned)*t % r;
    *sd = (unsigned)*n % r;
    *t = (unsigned)*t / r;
    *n = (unsigned)*n / r;
  } else {
    *td = *t;
    *sd = *n;
    *t = 0;
    *n = 0;
  }
}

#endif /* PROACT_DEVICE_WALK_H */
