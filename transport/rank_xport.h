/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Transports between the devices of different ranks: which one each pair
 * of ranks uses (rank_choice.h decides, at start-up, the same on every
 * rank), and the bytes each moved, for proact-info and the statistics
 * (docs/user/cluster.md, "Transports"). */
#ifndef PROACT_RANK_XPORT_H
#define PROACT_RANK_XPORT_H

#include <stddef.h>

#include "param.h"
#include "proact/status.h"
#include "rank_choice.h"

/* PROACT_TRANSPORT, a proact__transport_mode_t. */
extern const proact__param_t proact__param_transport;
#define PROACT__PARAM_TRANSPORT (&proact__param_transport)

/* What the transports need of this rank's devices, handed in by the
 * device layer above, which drives them. */
typedef struct proact__xport_devs {
  proact__rank_mem_t mem; /* what their pointers point to */
  /* The queue transfers between ranks run on for local device dev
   * (NCCL's stream), with dev's context made current on the calling
   * thread; and whether everything issued there has finished (PROACT_OK)
   * or not (PROACT_IN_PROGRESS). NULL: transfers are synchronous there. */
  void *(*queue)(int dev);
  proact_status_t (*query)(int dev);
} proact__xport_devs_t;

/* Gathers every rank's facts, chooses, and sets NCCL up where chosen:
 * every rank at once, once the devices of every rank are known (dev.c),
 * this rank's nlocal devices being global devices base .. of total
 * (shared_gpu: some of them are logical devices of one OpenMP device). A
 * forced PROACT_TRANSPORT that cannot be had ends every rank with an
 * error naming it. */
void proact__xport_init(const proact__xport_devs_t *devs, int base,
                        int nlocal, int total, int shared_gpu);

/* The transport between a device of rank a and one of rank b. */
proact__xport_t proact__xport_between(int a, int b);

/* What proact-info and the statistics show: the transport every pair
 * uses, with NCCL's version ("nccl (NCCL 2.28.3)"), or "mixed" when pairs
 * differ (then proact__xport_between tells each); "none" alone. */
const char *proact__xport_summary(void);

/* Bytes this rank sent to and received from other ranks' devices, by
 * transport: PROACT__XPORT_MPI counts every MPI message through host
 * memory (host copies and reductions too). */
void proact__xport_count(proact__xport_t xport, size_t bytes);
void proact__xport_get_bytes(unsigned long long bytes_p[PROACT__XPORT_COUNT_]);

#endif
