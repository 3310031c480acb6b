/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* One execution of an annotated loop, as the core and the mechanisms see
 * it: its plan (plan.h, read only once built), what the execution holds
 * (its arrays' entries, the pushes planned from the readers maps once the
 * pulls grew the windows, timings, read checks) and the mechanism's state
 * (mechanism.h, created by its setup). */
#ifndef PROACT_CORE_LOOP_H
#define PROACT_CORE_LOOP_H

#include <stdint.h>
#include "dev.h"
#include "param.h"
#include "stats.h"
#include "mechanism.h"
#include "plan.h"
#include "presence.h"
#include "proact.h"
#include "proact/detail/codegen.h"
#include "rank_choice.h"

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
  const proact__plan_t *plan; /* read only; the loop frees it */
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
  /* What runs this execution: plan->mech, or the baseline when a pushing
   * mechanism finds nothing to push (loop_setup). */
  const proact__mech_ops_t *mech;
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
  const proact__array_t *reduced;     /* the reductions' sections, for the
                                         checked updates (array_fold.c) */
  int nreduced;
  proact__read_fault_t *faults[PROACT__DEV_MAX]; /* each part's slot (a
                                         device address), NULL: unchecked */
  proact__read_record_t *fault_host[PROACT__DEV_MAX]; /* where its kernel
                                         records, NULL: in the slot */
  proact__read_record_t fault[PROACT__DEV_MAX]; /* what it recorded */
  struct proact__pull_copy *pull_copies; /* the parts' pulls (pull.h) */
  int npull_copies, cap_pull_copies;
  int pulled[PROACT__DEV_MAX]; /* part p issued and waited for its pulls */
  /* Each part's kernel launch, recorded to run at the loop's end (launch.h;
   * func NULL: it ran), and the parts that must not wait. */
  proact__dev_kernel_rec_t *deferred;
  unsigned char nodefer[PROACT__DEV_MAX];
  int replay;  /* its kernels may become a graph: timed for its site (launch.c) */
  int watched; /* a launch of this execution was watched (launch.c) */
  int unwaited; /* its graphs still ran when loop_end returned */
};

#endif
