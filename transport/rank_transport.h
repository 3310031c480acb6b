/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The contract between libproact and a transport module it loads at run
 * time (libproact-mpi.so): the module is built against an MPI library,
 * libproact is not, so that a program that never runs as several ranks
 * needs no MPI. The module exports one function, PROACT__TRANSPORT_SYMBOL,
 * returning this table. Every function returns 0 on success, 1 when the
 * wait passed timeout_s seconds (the other rank died, stalled or left),
 * -1 on another failure; on failure err holds the cause. */
#ifndef PROACT_RANK_TRANSPORT_H
#define PROACT_RANK_TRANSPORT_H

#include <stddef.h>

#define PROACT__TRANSPORT_ABI 2
#define PROACT__TRANSPORT_SYMBOL "proact_transport_mpi"

typedef struct proact__transport {
  int abi; /* PROACT__TRANSPORT_ABI */
  const char *name;
  /* Joins the job: MPI_Init_thread unless the program initialized MPI
   * itself (*owns_p = 0: then finalize leaves it alone). */
  int (*init)(int *rank_p, int *size_p, int *owns_p, char *err, size_t len);
  /* Each rank's `bytes` bytes at mine, in rank order, into all. */
  int (*allgather)(const void *mine, void *all, size_t bytes,
                   double timeout_s, char *err, size_t len);
  /* Point to point, host memory; a message of any size. */
  int (*send)(const void *buf, size_t bytes, int peer, int tag,
              double timeout_s, char *err, size_t len);
  int (*recv)(void *buf, size_t bytes, int peer, int tag, double timeout_s,
              char *err, size_t len);
  /* Non-blocking point to point, host memory, a message of any size: posts
   * the transfer and returns at once with a handle in *req_p, which test
   * polls. Several may be in flight; the caller keeps the deadline. */
  int (*isend)(const void *buf, size_t bytes, int peer, int tag,
               void **req_p, char *err, size_t len);
  int (*irecv)(void *buf, size_t bytes, int peer, int tag, void **req_p,
               char *err, size_t len);
  /* Whether req completed (*done_p = 1, and req is freed); never waits. A
   * receive whose message has another size than posted is a failure. */
  int (*test)(void *req, int *done_p, char *err, size_t len);
  /* Ends every rank of the job (MPI_Abort); does not return. */
  void (*abort)(int code);
  void (*finalize)(void);
  /* The library's name and version, for proact-info. */
  const char *(*library)(void);
  /* Whether the library takes device pointers (CUDA-aware MPI). */
  int (*cuda_aware)(void);
} proact__transport_t;

typedef const proact__transport_t *(*proact__transport_func_t)(void);

#endif
