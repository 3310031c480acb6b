/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A kernel part's iterations and its blocks (docs/design/lowering.md),
 * shared by the runtime (host C), the generated kernels and the CUDA poll
 * agent (nvcc): plain C structs and static inline functions only. */
#ifndef PROACT_PART_ITERS_H
#define PROACT_PART_ITERS_H

/* The iterations k of a part: pieces of `piece` consecutive iterations,
 * the first starting at `lo`, each next one `stride` further, none at or
 * past `end` (BLOCK: one piece; BLOCK-CYCLIC and CYCLIC: one per round of
 * the parts). Each piece is cut into `bpp` row blocks of at most `block`
 * iterations; row block q is block q mod bpp of piece q / bpp.
 *
 * The flat walk (tiles == 0): the kernel's block b is row block b, all of
 * its iterations and the collapsed inner loops'. The column walk (tiles >
 * 0, docs/design/lowering.md): row block q is cut into `tiles` blocks,
 * each of `tile` iterations of the innermost loop (and one of the outer
 * collapsed loops'); the kernel's block b is tile b mod tiles of row block
 * b / tiles. Either way block b's rows are proact__part_block's. */
/* A local of these helpers whose address is passed on stays the GPU
 * thread's own. In OpenMP device code clang otherwise moves it to the
 * device runtime's shared stack (globalization), which a bare kernel
 * (ompx_bare) never sets up: the optimiser then takes the kernel's work for
 * unreachable and deletes it. A pointer parameter counts as such a local
 * when a member's address is taken (&w->j), so those go through an alias. */
#if defined(_OPENMP) && defined(__NVPTX__)
#include <omp.h>
#define PROACT__PRAGMA(x) _Pragma(#x)
#define PROACT__THREAD_VAR(v)                                                  \
  PROACT__PRAGMA(omp allocate(v) allocator(omp_thread_mem_alloc))
#else
#define PROACT__THREAD_VAR(v)
#endif

typedef struct proact__part_iters {
  long long lo;
  long long end;
  long long piece;
  long long stride;
  long long block;
  long long bpp;
  long long tiles; /* 0: flat walk */
  long long tile;  /* column walk: innermost iterations per tile */
} proact__part_iters_t;

/* Piece j's iterations [*lo, *hi) (the last one cut at the end). */
static inline void proact__part_piece(const proact__part_iters_t *it,
                                      long long j, long long *lo,
                                      long long *hi) {
  *lo = it->lo + j * it->stride;
  *hi = it->piece < it->end - *lo ? *lo + it->piece : it->end;
}

/* Block r of piece j: iterations [*blo, *bhi) (empty past the part's
 * end). */
static inline void proact__part_block_at(const proact__part_iters_t *it,
                                         long long j, long long r,
                                         long long *blo, long long *bhi) {
  long long p0, pend;
  PROACT__THREAD_VAR(p0)
  PROACT__THREAD_VAR(pend)
  proact__part_piece(it, j, &p0, &pend);
  *blo = p0 + r * it->block;
  *bhi = it->block < pend - *blo ? *blo + it->block : pend;
  if (*bhi < *blo)
    *bhi = *blo;
}

/* Block b's iterations [*blo, *bhi) of the annotated loop (empty past the
 * part's end; a column walk's tile has those rows). The runtime and the
 * readiness counters use it; kernels walk their blocks with
 * proact__block_walk_* or proact__tile_walk_*, which give the same
 * ranges. */
static inline void proact__part_block(const proact__part_iters_t *it,
                                      long long b, long long *blo,
                                      long long *bhi) {
  const long long q = it->tiles > 0 ? b / it->tiles : b;
  proact__part_block_at(it, q / it->bpp, q % it->bpp, blo, bhi);
}

#endif /* PROACT_PART_ITERS_H */
