/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The choice of transport between the devices of two ranks
 * (docs/design/ranks.md, "Transports"): a function of what every rank
 * says about itself, gathered at start-up, so that every rank makes the
 * same choice without another message. Pure logic, apart from the rank
 * layer, so that unit tests can feed it any cluster. */
#ifndef PROACT_RANK_CHOICE_H
#define PROACT_RANK_CHOICE_H

#include <stddef.h>

#include "proact/status.h"

/* PROACT_TRANSPORT: how device bytes move between ranks. */
typedef enum proact__transport_mode {
  PROACT__TRANSPORT_AUTO = 0,       /* per pair of ranks, by their devices */
  PROACT__TRANSPORT_MPI = 1,        /* MPI through host memory */
  PROACT__TRANSPORT_MPI_DIRECT = 2, /* device pointers to MPI */
  PROACT__TRANSPORT_NCCL = 3        /* NCCL between every pair */
} proact__transport_mode_t;

/* More ranks than participating devices cannot be (rank.c). */
#define PROACT__RANKS_MAX 64

/* How bytes move from a device of one rank to a device of another. */
typedef enum proact__xport {
  PROACT__XPORT_MPI = 0,        /* copy to the host, MPI, copy to the device */
  PROACT__XPORT_MPI_DIRECT = 1, /* device pointers to MPI */
  PROACT__XPORT_NCCL = 2,       /* ncclSend / ncclRecv on the devices */
  PROACT__XPORT_COUNT_
} proact__xport_t;

/* What a rank's device pointers point to. */
typedef enum proact__rank_mem {
  PROACT__RANK_MEM_OTHER = 0, /* unknown: the generic OpenMP backend */
  PROACT__RANK_MEM_HOST = 1,  /* host memory (host-offload devices) */
  PROACT__RANK_MEM_CUDA = 2   /* CUDA device memory */
} proact__rank_mem_t;

/* Whether NCCL can move a rank's device bytes. */
typedef enum proact__nccl_state {
  PROACT__NCCL_ABSENT = 0, /* the library did not load, or failed */
  PROACT__NCCL_USABLE = 1, /* loaded, and it moves this rank's memory */
  PROACT__NCCL_UNFIT = 2   /* loaded, but not for this rank's memory */
} proact__nccl_state_t;

/* What one rank says about itself; every field fixed-size, for the
 * allgather. */
typedef struct proact__rank_facts {
  int mode;       /* its PROACT_TRANSPORT, a proact__transport_mode_t */
  int mem;        /* a proact__rank_mem_t */
  int cuda_aware; /* its MPI library takes CUDA device pointers */
  int nccl;       /* a proact__nccl_state_t */
  char why[192];  /* why NCCL is absent or unfit here */
} proact__rank_facts_t;

/* The choice: one transport per pair of ranks (symmetric), whether NCCL
 * is to be set up, and a note for the user when NCCL was wanted but some
 * rank could not use it ("" when none). */
typedef struct proact__xport_plan {
  unsigned char pair[PROACT__RANKS_MAX][PROACT__RANKS_MAX];
  int nccl;
  int note_is_warning; /* a rank had NCCL and the job still does without */
  char note[512];
} proact__xport_plan_t;

/* Chooses from every rank's facts (facts[0 .. ranks - 1]). A forced
 * PROACT_TRANSPORT that some pair cannot use, or ranks that disagree on
 * it, is PROACT_ERR_INVALID_PARAM with the cause in err; plan_p is then
 * left as it was. */
proact_status_t proact__xport_choose(const proact__rank_facts_t *facts,
                                     int ranks, proact__xport_plan_t *plan_p,
                                     char *err, size_t len);

/* "mpi", "mpi-direct" or "nccl". */
const char *proact__xport_name(proact__xport_t xport);

#endif
