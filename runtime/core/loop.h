/* One execution of an annotated loop, as the core and the mechanisms see
 * it. */
#ifndef PROACT_CORE_LOOP_H
#define PROACT_CORE_LOOP_H

#include <stdint.h>
#include "../base/param.h"
#include "../base/stats.h"
#include "../mech/mech.h"
#include "presence.h"
#include "proact.h"

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

struct proact__loop {
  const char *file; /* the pragma */
  int line;
  int col;
  const proact__mech_ops_t *mech;
  int nparts;
  int devs[PROACT__DEV_MAX]; /* OpenMP device of each part */
  long long lo[PROACT__DEV_MAX];
  long long hi[PROACT__DEV_MAX];
  int nxfers;
  proact__loop_xfer_t *xfers;
  int nimplicit; /* loop-only replicas, freed by loop_end */
  proact__present_t **implicit;
  int narrays; /* the descriptor's arrays, kept for part sections */
  proact__array_t *arrays;
  proact__present_t **entries; /* of each array; NULL: none */
  proact__stats_node_t *stats;
  uint64_t t_begin;                   /* loop_begin's start, ns */
  uint64_t part_t0[PROACT__DEV_MAX];  /* each part's kernel start, ns */
  uint64_t part_ns[PROACT__DEV_MAX];  /* and duration */
};

#endif
