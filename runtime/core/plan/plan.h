/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The plan of a loop: what is decided before anything moves and read only
 * afterwards. Its devices and decomposition, the split of its iterations
 * and its kernels' geometry, its write spans merged into the transfers its
 * mechanism records, and the mechanism itself (mech_choice.h), from the
 * loop's descriptor, its arrays' region entries and the devices; the
 * per-execution state (loop.h, the layer above) holds it as const. It
 * keeps no pointer into the descriptor; its transfers name the
 * execution's region entries. */
#ifndef PROACT_CORE_PLAN_H
#define PROACT_CORE_PLAN_H

#include <stdint.h>

#include "balance.h"
#include "dev.h"
#include "mechanism.h"
#include "presence.h"
#include "proact.h"
#include "proact/detail/codegen.h"

/* A GPU's default geometry for the flat walk (geometry.c): one team per
 * multiprocessor for loops that run a CSR row per iteration, else this many
 * per multiprocessor. */
#define PROACT__TEAMS_PER_SM 8

/* The multiprocessors assumed of a GPU whose backend cannot tell (the
 * generic omp backend): an H100's or H200's. */
#define PROACT__GPU_SMS_UNKNOWN 132

/* The multiprocessors of device dev for its default geometry. */
static inline int proact__gpu_sms(int dev) {
  const proact__device_t *d = proact__dev_get(dev);
  return d != NULL && d->multiprocessors > 0 ? d->multiprocessors
                                             : PROACT__GPU_SMS_UNKNOWN;
}

/* Host bytes [host_lo, host_hi) that one part may write in a replicated
 * array (its write spans); ranges of one (entry, part) are merged and
 * sorted. The mechanism's drain makes them valid on exactly that part's
 * device (region entries) or copies them to the host (implicit entries). */
typedef struct proact__loop_xfer {
  proact__present_t *entry;
  int part;
  char *host_lo;
  char *host_hi;
} proact__loop_xfer_t;

struct proact__plan {
  const char *file; /* the pragma */
  int line;
  int col;
  long long trip;   /* the loop's iterations */
  const proact__mech_ops_t *mech;
  int nparts;
  int devs[PROACT__DEV_MAX]; /* OpenMP device of each part */
  long long lo[PROACT__DEV_MAX]; /* each part's first iteration */
  long long hi[PROACT__DEV_MAX]; /* and one past its last (its hull) */
  proact__part_iters_t iters[PROACT__DEV_MAX]; /* its pieces and blocks */
  long long npieces[PROACT__DEV_MAX];
  int decomp;              /* PROACT__DECOMP_BLOCK or _BLOCK_CYCLIC */
  int decomp_auto;         /* chosen by amge.h */
  long long decomp_block;  /* BLOCK_CYCLIC's iterations per block */
  proact__balance_t *balance; /* BLOCK's shares per device; NULL: equal */
  proact__shares_t shares;    /* balance's, as this plan splits */
  int nxfers;
  proact__loop_xfer_t *xfers;
  int teams[PROACT__DEV_MAX];     /* kernel geometry of each part */
  int team_threads[PROACT__DEV_MAX];
  long long block;                /* iterations per row block, every part */
  long long tiles;                /* column walk: blocks per row block (0:
                                     flat walk; proact/detail/device_ready.h) */
  long long tile;                 /* column walk: innermost iterations per
                                     block */
  long long nblocks[PROACT__DEV_MAX];
  int by_placement; /* AMGE chose the split by where the data lies now */
  int serial;       /* one thread of one device runs the loop in order
                       (plan.c: names that share memory in a collapsed
                       nest) */
  struct proact__plan_slot *slot; /* where plan_cache.h keeps it; NULL:
                                     freed when its execution ends */
};

/* A plan for the loop of desc, its site and trip count set, nothing
 * decided yet; ends the program when out of memory. */
proact__plan_t *proact__plan_create(const proact__loop_desc_t *desc);

/* Frees plan. */
void proact__plan_destroy(const proact__plan_t *plan);

/* Whether each part is one contiguous range of iterations. */
int proact__plan_contiguous(const proact__plan_t *plan);

/* Splits the iterations over the parts by plan->decomp (lo, hi, pieces,
 * iters and nblocks of every part; loop_split.c). */
void proact__plan_split_all(proact__plan_t *plan);

/* Part's iterations as pieces of consecutive iterations: how many, and
 * piece j's [*lo_p, *hi_p) (one piece with BLOCK). */
long long proact__plan_part_npieces(const proact__plan_t *plan, int part);
void proact__plan_part_piece(const proact__plan_t *plan, int part,
                             long long j, long long *lo_p, long long *hi_p);

/* Whether a store of the loop has an index that is not affine (whole = 1):
 * then it runs on one device with the baseline mechanism (lowering.h). */
int proact__plan_whole_write(const proact__loop_desc_t *desc);

/* The loop's devices: its devices(...) clause (participating devices, no
 * repeats) or every participating device; one device, the host, in the
 * fallback. A loop with a non-affine store keeps only the first. Its
 * decomposition: PROACT_DECOMPOSE, else its decompose(...) clause; auto
 * starts as BLOCK and is chosen once the arrays are known (amge.h). */
void proact__plan_parts(proact__plan_t *plan,
                        const proact__loop_desc_t *desc);

/* Stops the program, naming the load, when an affine load lies outside its
 * array's section, a load outside its reads(...) clause, or two iterations
 * race (iterations.h). entries: each array's region entry, NULL: none. */
void proact__plan_check_accesses(const proact__loop_desc_t *desc,
                                 proact__present_t *const *entries);

/* Whether a loop with column kernels may push from its kernels (a
 * mechanism that pushes, to other parts or to replicas other devices
 * read): its readiness kernels walk columns only
 * (docs/design/lowering.md), so without the column walk (plan->tiles ==
 * 0) it runs memcpy. */
int proact__plan_pushes_in_columns(const proact__plan_t *plan,
                                   const proact__loop_desc_t *desc);

/* The column walk's tile width: the widest of widest, widest / 2, ...
 * down to narrowest whose tiles keep 3/4 of their lanes busy, else (half:
 * a nest that pushes) narrowest if it keeps half of them busy, with its
 * tiles per row block of the annotated loop (below 2^31) in *tiles; 0 (and
 * *tiles 0) where none does. */
long long proact__plan_column_width(const proact__loop_desc_t *desc,
                                    long long widest, long long narrowest,
                                    int half, long long *tiles);

/* Splits the iterations (loop_split.c) and sets each part's kernel
 * geometry: teams, threads, the block and, for the column walk, tiles. */
void proact__plan_geometry(proact__plan_t *plan,
                           const proact__loop_desc_t *desc);

/* The parts' write spans, checked (a store outside its section, two
 * devices' writes of one element are fatal; stores whose overlap cannot
 * be told run the loop on one device), merged into plan->xfers. */
void proact__plan_writes(proact__plan_t *plan,
                         const proact__loop_desc_t *desc,
                         proact__present_t *const *entries);

/* Everything above once the loop's parts, mechanism and arrays are known:
 * balance, geometry, AMGE's decomposition, write spans, the mechanism's
 * check of the plan (mech_choice.h). */
void proact__plan_build(proact__plan_t *plan, const proact__loop_desc_t *desc,
                        proact__present_t *const *entries);

/* Records in the entries the loop writes how it splits them (AMGE's next
 * candidates), at each execution, built or kept plan alike. */
void proact__plan_mark_entries(const proact__plan_t *plan);

#endif
