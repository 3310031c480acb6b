/* One execution of an annotated loop, as the core and the mechanisms see
 * it. */
#ifndef PROACT_CORE_LOOP_H
#define PROACT_CORE_LOOP_H

#include <stdint.h>
#include "dev.h"
#include "param.h"
#include "stats.h"
#include "mechanism.h"
#include "balance.h"
#include "presence.h"
#include "proact.h"
#include "proact/detail/codegen.h"
#include "rank_choice.h"

/* A GPU's default geometry for the flat walk (loop.c): one team per
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

/* Bytes [lo, hi) of entry (offsets from host_lo) that part's device pushes
 * to device dst (push.h). */
typedef struct proact__push {
  proact__present_t *entry;
  int part;
  int dst;
  uint64_t lo;
  uint64_t hi;
} proact__push_t;

typedef struct proact__rank_xfer proact__rank_xfer_t;

/* A read of entry bytes [lo, hi) by device dev in this loop. */
typedef struct proact__read_rec {
  proact__present_t *entry;
  int dev;
  uint64_t lo;
  uint64_t hi;
} proact__read_rec_t;

struct proact__loop {
  const char *file; /* the pragma */
  int line;
  int col;
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
  proact__shares_t shares;    /* balance's, as this execution splits */
  int nxfers;
  proact__loop_xfer_t *xfers;
  int nimplicit; /* loop-only replicas, freed by loop_end */
  proact__present_t **implicit;
  int narrays; /* the descriptor's arrays, kept for part sections */
  proact__array_t *arrays;
  proact__present_t **entries; /* of each array; NULL: none */
  char *array_partials; /* the parts' folded reduction sections
                           (array_fold.c) */
  proact__stats_node_t *stats;
  const proact__loop_desc_t *desc; /* valid until loop_end */
  int npushes, cap_pushes;        /* push.h */
  proact__push_t *pushes;
  int nrpushes, cap_rpushes;      /* pushes to other ranks' devices, */
  proact__push_t *rpushes;        /* in plan order (rank_push.h) */
  struct proact__rank_xfer *rxfers; /* this rank's ends of them */
  int nreadrecs, cap_readrecs;
  proact__read_rec_t *readrecs;
  int teams[PROACT__DEV_MAX];     /* kernel geometry of each part */
  int team_threads[PROACT__DEV_MAX];
  long long block;                /* iterations per row block, every part */
  long long tiles;                /* column walk: blocks per row block
                                     (0: flat walk; proact/detail/device_ready.h) */
  long long tile;                 /* column walk: innermost iterations per
                                     block */
  long long nblocks[PROACT__DEV_MAX];
  proact__mech_state_t *mech_state; /* the mechanism's, from its setup to
                                       its cleanup (mechanism.h) */
  int pushes_delivered; /* the mechanism delivered every planned push */
  uint64_t t_begin;                   /* loop_begin's start, ns */
  int watch;                          /* its slot in watch.h, -1: none */
  proact__dev_counters_t copies0;     /* the device layer's copy counters
                                         then */
  unsigned long long rank_bytes0[PROACT__XPORT_COUNT_]; /* bytes moved
                                         between ranks then, by transport */
  uint64_t part_t0[PROACT__DEV_MAX];  /* each part's kernel start, ns */
  uint64_t part_ns[PROACT__DEV_MAX];  /* and duration */
  uint64_t t_launch;                  /* loop_begin's end, ns, when traced */
  const proact__read_site_t *checks;  /* the loads the kernels check
                                         (read_check.c) */
  int nchecks;
  proact__read_fault_t *faults[PROACT__DEV_MAX]; /* each part's slot (a
                                         device address), NULL: unchecked */
  proact__read_record_t *fault_host[PROACT__DEV_MAX]; /* where its kernel
                                         records, NULL: in the slot */
  proact__read_record_t fault[PROACT__DEV_MAX]; /* what it recorded */
};

/* Whether each part is one contiguous range of iterations. */
int proact__loop_contiguous(const proact__loop_t *loop);

/* Splits the iterations over the parts by loop->decomp (lo, hi, pieces,
 * iters and nblocks of every part). */
void proact__loop_split_all(proact__loop_t *loop);

/* Part's iterations as pieces of consecutive iterations: how many, and
 * piece j's [*lo_p, *hi_p) (one piece with BLOCK). */
long long proact__loop_part_npieces(const proact__loop_t *loop, int part);
void proact__loop_part_piece(const proact__loop_t *loop, int part,
                             long long j, long long *lo_p, long long *hi_p);

#endif
