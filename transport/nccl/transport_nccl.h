/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* NCCL between the devices of different ranks (docs/design/ranks.md,
 * "Transports"): libnccl.so.2 (or PROACT_NCCL_LIBRARY) loaded at run time,
 * one communicator per device of this rank whose NCCL rank is the
 * device's global number (dev.h), bootstrapped through the rank layer's
 * allgather. Every wait has the deadline of PROACT_MPI_TIMEOUT. Functions
 * return 0 on success, 1 when the deadline passed, -1 on another failure
 * with the cause in why. Internal to transport/. */
#ifndef PROACT_TRANSPORT_NCCL_H
#define PROACT_TRANSPORT_NCCL_H

#include <stddef.h>

#include "rank_xport.h"

#define PROACT__NCCL_ID_BYTES 128

/* Loads the library and tells whether it can move this rank's device
 * memory (mem, a proact__rank_mem_t): a proact__nccl_state_t, the reason
 * in why when it cannot. Local: no other rank takes part. */
int proact__nccl_load(int mem, char *why, size_t len);

/* The bootstrap id, on one rank (rank 0), to be sent to every rank. */
int proact__nccl_unique_id(void *id, char *why, size_t len);

/* Every rank at once: the communicators of this rank's nlocal devices
 * (NCCL ranks base .. base + nlocal - 1 of total), on their queues. */
int proact__nccl_init(const void *id, int total, int base, int nlocal,
                      const proact__xport_devs_t *devs, double timeout_s,
                      char *why, size_t len);

/* bytes from this rank's device local_dev to global device peer, or to
 * local_dev from peer, on local_dev's transfer queue; returns when they
 * arrived (or left: the buffer may be reused). */
int proact__nccl_send(int local_dev, const void *buf, size_t bytes, int peer,
                      double timeout_s, char *why, size_t len);
int proact__nccl_recv(int local_dev, void *buf, size_t bytes, int peer,
                      double timeout_s, char *why, size_t len);

/* Aborts every communicator (ncclCommAbort), waiting a few seconds at
 * most, before the rank layer ends the job. */
void proact__nccl_abort(void);

/* "NCCL 2.x.y" or the stand-in's description; "" before a load. */
const char *proact__nccl_library(void);

#endif
