/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Ranks: the same program started by an MPI launcher as several processes
 * (docs/user/cluster.md, docs/design/ranks.md). Every rank runs the same
 * host program and makes the same runtime decisions; the participating
 * devices are all ranks' devices in rank order, and the device layer
 * (dev.h) numbers them globally. This file finds the ranks, loads the
 * transport module (rank_transport.h) and moves host bytes between ranks.
 * A process not under a launcher, or alone, is rank 0 of 1 and never
 * loads the module. */
#ifndef PROACT_RANK_H
#define PROACT_RANK_H

#include <stddef.h>

#include "param.h"
#include "proact/status.h"

/* PROACT_MPI: whether the process is one rank of several. */
typedef enum proact__mpi_mode {
  PROACT__MPI_AUTO = 0, /* when a launcher says there are several ranks */
  PROACT__MPI_OFF = 1,  /* never: each process runs alone */
  PROACT__MPI_ON = 2    /* always through MPI, even with one rank */
} proact__mpi_mode_t;

/* PROACT_MPI (a proact__mpi_mode_t) and PROACT_MPI_TIMEOUT (seconds),
 * the transport layer's parameters every transport and the device layer
 * read. */
extern const proact__param_t proact__param_mpi, proact__param_mpi_timeout;
#define PROACT__PARAM_MPI (&proact__param_mpi)
#define PROACT__PARAM_MPI_TIMEOUT (&proact__param_mpi_timeout)

/* Finds the ranks (PROACT_MPI, the launcher's variables), loads the
 * module and joins the job; idempotent and thread-safe. Without the
 * module under a launcher of several ranks: a fatal error. */
void proact__rank_init(void);

int proact__rank_count(void); /* 1 when alone */
int proact__rank_self(void);  /* 0 when alone */

/* "none" (alone) or the module's ("mpi"). */
const char *proact__rank_transport(void);
/* The MPI library's name and version; "" when alone. */
const char *proact__rank_library(void);
/* Whether the library takes device pointers (CUDA-aware MPI); transfers
 * stage through the host either way today. */
int proact__rank_cuda_aware(void);

/* Each rank's `bytes` at mine, in rank order, into all (count * bytes).
 * Every rank must call it at the same point; what names the exchange for
 * the error that ends every rank when one does not come. */
void proact__rank_allgather(const void *mine, void *all, size_t bytes,
                            const char *what);

/* Host bytes to and from another rank. Every rank issues the same
 * sequence of transfers (replicated control), so that each send meets
 * the receive of the same position in the sequence of its pair of ranks;
 * the tag is that position, for the check. A wait longer than
 * PROACT_MPI_TIMEOUT, or a transport error, is a fatal error on this rank
 * that ends every rank. */
void proact__rank_send(int peer, const void *buf, size_t bytes);
void proact__rank_recv(int peer, void *buf, size_t bytes);

/* Non-blocking transfers: several in flight at once, each matched by a
 * tag reserved in advance (proact__rank_reserve), so that they may be
 * posted and completed in any order while every rank still reserves in
 * the same order. The buffer must stay until proact__rank_waitall
 * returned. */
typedef struct proact__rank_req proact__rank_req_t;

/* The next position in the sequence of messages to (sending != 0) or from
 * peer, as the tag of a transfer posted later. */
int proact__rank_reserve(int peer, int sending);
/* The directive (file:line) whose transfers follow: each tag also depends
 * on it, so that ranks that run different directives (one rank alone in
 * an update) never match each other's messages, but stop at
 * PROACT_MPI_TIMEOUT naming it. Set by the core at each directive. */
void proact__rank_context(const char *file, int line);
proact__rank_req_t *proact__rank_isend(int peer, int tag, const void *buf,
                                       size_t bytes);
proact__rank_req_t *proact__rank_irecv(int peer, int tag, void *buf,
                                       size_t bytes);
/* Waits until all n transfers completed (NULL entries are skipped), and
 * frees them: the same deadline and fatal errors as proact__rank_send. */
void proact__rank_waitall(proact__rank_req_t **reqs, int n);

/* Bytes sent to and received from other ranks so far, and the count of
 * messages, for the statistics. */
typedef struct proact__rank_counters {
  unsigned long long sent_bytes;
  unsigned long long recv_bytes;
  unsigned long long messages;
} proact__rank_counters_t;
void proact__rank_get_counters(proact__rank_counters_t *counters_p);

#endif
