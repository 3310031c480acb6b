/* Per-chunk readiness (docs/design/readiness.md), shared by three
 * compilers: the runtime (host C), the generated kernels (OpenMP device
 * code, through proact/detail/codegen.h) and the CUDA poll agent (nvcc).
 * Plain C structs and static inline functions only.
 *
 * A kernel part runs its iterations in blocks (proact__part_block; the
 * kernels walk them with proact__block_walk_*), block b taken by team b
 * mod teams, or by ticket in the instrumented kernel where most blocks
 * report (proact__ready_walk). A written array is cut into chunks of
 * chunk_bytes, numbered from the start of its region entry. Each
 * chunk of a part has a counter that starts at the number of (block, store
 * site) pairs whose write hull touches the chunk; the team that finishes a
 * block decrements, with release ordering, the counters of the chunks its
 * stores touched. A counter at zero: the chunk holds its final values and
 * may be pushed to the devices that read it (its pieces). */
#ifndef PROACT_READY_H
#define PROACT_READY_H

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
 * from thread number t and team size T (both below 2^31), the digits
 * *td = t % radix, *sd = T % radix, and t, T divided by radix. 32-bit
 * divisions only; a radix that does not fit 32 bits is above t and T. */
static inline void proact__thread_digit(long long *t, long long *T,
                                        long long radix, long long *td,
                                        long long *sd) {
  if (radix > 0 && radix <= 0x7fffffffLL) {
    const unsigned r = (unsigned)radix;
    *td = (unsigned)*t % r;
    *sd = (unsigned)*T % r;
    *t = (unsigned)*t / r;
    *T = (unsigned)*T / r;
  } else {
    *td = *t;
    *sd = *T;
    *t = 0;
    *T = 0;
  }
}

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
  unsigned long long *stamps;     /* PROACT_TRACE only, else NULL: per
                                     counter c, the device clock
                                     (proact__ready_clock) when c became
                                     ready [3c], and when its push began
                                     [3c + 1] (poll agent) and ended
                                     [3c + 2] (poll agent, trigger) */
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

#ifdef _OPENMP
#include <omp.h>

/* Fences by hand: clang 16's NVPTX backend cannot select `fence`, acquire
 * loads or acq_rel read-modify-writes (relaxed atomics work). */
#ifdef __NVPTX__
#define PROACT__FENCE_GPU() __asm__ volatile("fence.acq_rel.gpu;" ::: "memory")
#define PROACT__FENCE_SYS() __asm__ volatile("fence.sc.sys;" ::: "memory")
#else
#define PROACT__FENCE_GPU() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define PROACT__FENCE_SYS() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#endif

#pragma omp begin declare target

#ifndef __NVPTX__
/* libc's clock_gettime under a name of our own, so that this header needs
 * neither <time.h> nor the POSIX feature macros the user's code may not
 * define; the layout is Linux's struct timespec. */
struct proact__timespec {
  long tv_sec;
  long tv_nsec;
};
extern int proact__clock_gettime(int clock, struct proact__timespec *ts)
    __asm__("clock_gettime");
#endif

/* A bare kernel's identities (clang 18+ `ompx_bare`: no device runtime
 * team start, see docs/design/lowering.md). On a GPU the team is the CUDA
 * block and each thread runs the kernel; on a host device or in the host
 * fallback a bare region is teams of one thread each, so thread 0 of 1. */
#ifdef __NVPTX__
static inline int proact__kernel_thread(void) {
  return __nvvm_read_ptx_sreg_tid_x();
}
static inline int proact__kernel_threads(void) {
  return __nvvm_read_ptx_sreg_ntid_x();
}
static inline int proact__kernel_team(void) {
  return __nvvm_read_ptx_sreg_ctaid_x();
}
static inline int proact__kernel_teams(void) {
  return __nvvm_read_ptx_sreg_nctaid_x();
}
/* The team's barrier (__syncthreads): also orders the team's memory. */
static inline void proact__kernel_sync(void) {
  __asm__ volatile("bar.sync 0;" ::: "memory");
}
#else
static inline int proact__kernel_thread(void) { return 0; }
static inline int proact__kernel_threads(void) { return 1; }
static inline int proact__kernel_team(void) { return omp_get_team_num(); }
static inline int proact__kernel_teams(void) { return omp_get_num_teams(); }
static inline void proact__kernel_sync(void) {}
#endif

/* Inlined wherever called, so that a call's constant `bare` picks one
 * branch before the optimiser looks at the runtime's: a bare kernel that
 * kept a call of the runtime's barrier or team numbers, which it never
 * sets up, would lose the code after it as unreachable. */
#define PROACT__TEAM_INLINE __attribute__((always_inline))

/* The calling kernel's team, for the readiness code that bare and SPMD
 * kernels share: bare is a constant of the generated call (1 in an
 * `ompx_bare` kernel, 0 in a target teams + parallel one), so each kernel
 * keeps only its own branch. */
static inline PROACT__TEAM_INLINE int proact__team_thread(int bare) {
  return bare ? proact__kernel_thread() : omp_get_thread_num();
}
static inline PROACT__TEAM_INLINE int proact__team_threads(int bare) {
  return bare ? proact__kernel_threads() : omp_get_num_threads();
}
static inline PROACT__TEAM_INLINE int proact__team_num(int bare) {
  return bare ? proact__kernel_team() : omp_get_team_num();
}
static inline PROACT__TEAM_INLINE int proact__team_count(int bare) {
  return bare ? proact__kernel_teams() : omp_get_num_teams();
}
/* The runtime's barrier in a function of its own: clang fetches the
 * thread's OpenMP number at the start of a function with an OpenMP
 * directive, a call that a bare kernel must not reach. */
static inline void proact__team_omp_barrier(void) {
#pragma omp barrier
}
static inline PROACT__TEAM_INLINE void proact__team_sync(int bare) {
  if (bare)
    proact__kernel_sync();
  else
    proact__team_omp_barrier();
}

/* The device's clock for rd->stamps, in ns: on a GPU its global timer
 * (the runtime maps it to the host's clock); a host device's kernels run
 * in the program's process and read its CLOCK_MONOTONIC (1 on Linux). */
static inline unsigned long long proact__ready_clock(void) {
#ifdef __NVPTX__
  unsigned long long t;
  __asm__ volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
#else
  struct proact__timespec ts;
  proact__clock_gettime(1, &ts);
  return (unsigned long long)ts.tv_sec * 1000000000ull +
         (unsigned long long)ts.tv_nsec;
#endif
}

/* Copies bytes with the calling team's threads, 16 bytes at a time when
 * both ends have the same alignment modulo 16 (a few bytes first up to a
 * 16-byte boundary: a stencil's halo starts one element into a row, and a
 * byte-by-byte copy would be many times slower). The poll agent's
 * block_copy (poll_agent.cu) is its nvcc twin, with four loads in flight
 * per thread; here one, because more would cost the instrumented kernels,
 * which poll, trigger and dma run, many registers. The instrumented
 * kernels' register allocation is fragile: measure any change to this
 * function or its indices. */
static inline void proact__team_copy(char *dst, const char *src,
                                     long long bytes, int tid, int nth) {
  long long i = 0;
  /* A team of 16 threads or more copies the head in one step (a loop
   * there costs the instrumented kernels registers); a host device's team
   * of one thread copies bytes. */
  if (nth >= 16 &&
      (((unsigned long long)dst ^ (unsigned long long)src) & 15) == 0) {
    typedef unsigned int v4u __attribute__((ext_vector_type(4)));
    long long head = (long long)((16 - ((unsigned long long)dst & 15)) & 15);
    long long n;
    if (head > bytes)
      head = bytes;
    if (tid < head)
      dst[tid] = src[tid];
    n = (bytes - head) / 16;
    for (long long j = tid; j < n; j += nth)
      ((v4u *)(dst + head))[j] = ((const v4u *)(src + head))[j];
    i = head + n * 16;
  }
  for (long long j = i + tid; j < bytes; j += nth)
    dst[j] = src[j];
}

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

/* The instrumented kernel's k-th block of the calling team (k = 0, 1,
 * ...): by ticket, or block team + k * teams. ticketed is rd->ticketed,
 * read once before the walk, so that no block's work waits for that
 * load. One walk for both (digits from 32-bit divisions,
 * proact__block_walk_at): the fixed walk's digit increments beside the
 * tickets would cost registers. */
static inline PROACT__TEAM_INLINE void proact__ready_walk(const proact__ready_t *rd,
                                      int ticketed,
                                      const proact__part_iters_t *it,
                                      unsigned k, proact__block_walk_t *w,
                                      int bare) {
  const long long b = ticketed ? proact__ready_next_block(rd, k, bare)
                               : proact__team_num(bare) +
                                     (long long)k * proact__team_count(bare);
  proact__block_walk_at(it, b, w);
}

/* Called by every thread of the team after block b's iterations (the
 * generated kernel's instrumentation).
 *
 * The state is kept on the device from one execution of the loop to the
 * next (runtime/core/ready_cache.h), so everything a kernel changes in it
 * goes back to its starting value before the execution ends: a counter
 * reaches zero exactly once per execution (after its last decrement), and
 * whoever consumes that zero restores it -- the poll agent after pushing
 * the chunk, else the team that brought it to zero; trigger's owner entry
 * goes back to 0 once its team has pushed the chunk; dma's q_tail goes
 * back to 0 with the execution's last slot. The next execution's kernels
 * start only after this one's kernels and agents ended (push_drain). */
static inline PROACT__TEAM_INLINE void proact__ready_block_done(const proact__ready_t *rd,
                                            long long b, int bare) {
  const int tid = proact__team_thread(bare), nth = proact__team_threads(bare);
  int pushed = 0;
  if (rd->mode == PROACT__READY_INLINE)
    return; /* the stores were forwarded as they were made */
  if (!proact__ready_block_touches(rd, b))
    return; /* the same answer for the whole team: no barrier skew */
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

/* Inline: the store just made at addr (size bytes) of region array `array`
 * (an index into rd->arrays, or -1 when the array is not written by the
 * part's plan) also goes to every peer that reads that byte range. */
static inline void proact__ready_forward(const proact__ready_t *rd,
                                         int array, const void *addr,
                                         unsigned long size) {
  const proact__ready_array_t *arr;
  long long off;
  if (rd == 0 || array < 0 || array >= rd->narrays)
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
  for (end = arr->fwd0 + arr->nfwd; f < end && rd->fwds[f].lo <= off; f++) {
    const proact__ready_fwd_t *fw = rd->fwds + f;
    char *dst;
    if (off + (long long)size > fw->hi)
      continue;
    dst = fw->dst_base + off;
    if (size == 8)
      *(unsigned long long *)dst = *(const unsigned long long *)addr;
    else if (size == 4)
      *(unsigned int *)dst = *(const unsigned int *)addr;
    else
      for (unsigned long j = 0; j < size; j++)
        dst[j] = ((const char *)addr)[j];
  }
}

#pragma omp end declare target
#endif /* _OPENMP */

#endif /* PROACT_READY_H */
