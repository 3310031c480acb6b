/* A stand-in for NCCL (libnccl.so.2) for CI machines without GPUs: the
 * functions PROACT's NCCL transport calls (transport/nccl/
 * nccl_api.h), over MPI on host memory, so that its bootstrap, groups,
 * non-blocking waits, errors and data path run with host-offload devices
 * (PROACT_NCCL_LIBRARY=<this library> PROACT_TRANSPORT=nccl). It is not
 * NCCL: real NCCL moves GPU memory and runs on GPUs only.
 *
 * Faults, for the tests: NCCL_STANDIN_STALL=N: from this process's N-th
 * send or receive on, operations are never issued (they stay in
 * progress); NCCL_STANDIN_FAIL=init: setting the communicators up fails
 * after the exchange with the other processes; NCCL_STANDIN_FAIL=id:
 * ncclGetUniqueId fails. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))
#define MAX_RANKS 64
#define MAX_PENDING 64

/* The types of nccl.h that the calls use. */
typedef enum {
  ncclSuccess = 0,
  ncclUnhandledCudaError = 1,
  ncclSystemError = 2,
  ncclInternalError = 3,
  ncclInvalidArgument = 4,
  ncclInvalidUsage = 5,
  ncclRemoteError = 6,
  ncclInProgress = 7
} ncclResult_t;
typedef struct {
  char internal[128];
} ncclUniqueId;
typedef struct {
  size_t size;
  unsigned magic;
  unsigned version;
  int blocking;
} config_t;

typedef struct ncclComm {
  int nranks, rank, blocking;
  int owner[MAX_RANKS]; /* the MPI rank of each NCCL rank */
  MPI_Request req[MAX_PENDING];
  int npending;
  int stalled;
  ncclResult_t error; /* sticky */
} *ncclComm_t;

EXPORT const char proact_nccl_stand_in[] =
    "NCCL stand-in over MPI on host memory (test/mpi, not NCCL)";

static MPI_Comm standin_comm = MPI_COMM_NULL;
static int group_depth;
static int ops_seen;

/* Communicators set up in the current group, and operations issued in it. */
typedef struct pending_init {
  ncclComm_t comm;
  ncclUniqueId id;
} pending_init_t;
static pending_init_t inits[MAX_RANKS];
static int ninits;
typedef struct pending_op {
  int send;
  void *buf;
  size_t bytes;
  int peer;
  ncclComm_t comm;
} pending_op_t;
static pending_op_t ops[MAX_PENDING];
static int nops;

static int stall_from(void) {
  const char *v = getenv("NCCL_STANDIN_STALL");
  return v != NULL ? atoi(v) : 0;
}

static int fail_is(const char *what) {
  const char *v = getenv("NCCL_STANDIN_FAIL");
  return v != NULL && strcmp(v, what) == 0;
}

EXPORT ncclResult_t ncclGetVersion(int *version) {
  *version = 0;
  return ncclSuccess;
}

EXPORT const char *ncclGetErrorString(ncclResult_t r) {
  static const char *const text[] = {
      "no error",          "unhandled cuda error",
      "unhandled system error (stand-in)", "internal error",
      "invalid argument",  "invalid usage",
      "remote process exited or there was a network error",
      "NCCL operation in progress"};
  return r >= 0 && r <= ncclInProgress ? text[r] : "unknown result";
}

EXPORT ncclResult_t ncclGetUniqueId(ncclUniqueId *id) {
  if (fail_is("id"))
    return ncclSystemError;
  memset(id, 0, sizeof(*id));
  snprintf(id->internal, sizeof(id->internal), "stand-in %ld %ld",
           (long)getpid(), (long)time(NULL));
  return ncclSuccess;
}

EXPORT ncclResult_t ncclGroupStart(void) {
  group_depth++;
  return ncclSuccess;
}

/* Every process's communicators of this group: which NCCL ranks each
 * holds, and the id each was given (one collective per process). */
static ncclResult_t finish_inits(void) {
  typedef struct proc {
    int n;
    int ranks[MAX_RANKS];
    ncclUniqueId id;
  } proc_t;
  proc_t mine, *all;
  int nprocs = 0, inited = 0;

  MPI_Initialized(&inited);
  if (!inited)
    return ncclInvalidUsage; /* PROACT initializes MPI first */
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  memset(&mine, 0, sizeof(mine));
  mine.n = ninits;
  for (int i = 0; i < ninits; i++)
    mine.ranks[i] = inits[i].comm->rank;
  if (ninits > 0)
    mine.id = inits[0].id;
  all = calloc((size_t)nprocs, sizeof(*all));
  if (all == NULL)
    return ncclSystemError;
  if (MPI_Allgather(&mine, sizeof(mine), MPI_BYTE, all, sizeof(mine),
                    MPI_BYTE, MPI_COMM_WORLD) != MPI_SUCCESS ||
      (standin_comm == MPI_COMM_NULL &&
       MPI_Comm_dup(MPI_COMM_WORLD, &standin_comm) != MPI_SUCCESS)) {
    free(all);
    return ncclSystemError;
  }
  for (int i = 0; i < ninits; i++) {
    ncclComm_t c = inits[i].comm;
    int found = 0;
    for (int r = 0; r < MAX_RANKS; r++)
      c->owner[r] = -1;
    for (int p = 0; p < nprocs; p++)
      for (int k = 0; k < all[p].n; k++) {
        if (memcmp(&all[p].id, &inits[i].id, sizeof(ncclUniqueId)) != 0 ||
            all[p].ranks[k] < 0 || all[p].ranks[k] >= c->nranks ||
            c->owner[all[p].ranks[k]] != -1)
          c->error = ncclInvalidUsage;
        else {
          c->owner[all[p].ranks[k]] = p;
          found++;
        }
      }
    if (found != c->nranks)
      c->error = ncclInvalidUsage;
    if (fail_is("init"))
      c->error = ncclSystemError;
  }
  free(all);
  ninits = 0;
  return ncclSuccess;
}

/* Tags keep the pairs of NCCL ranks apart on one pair of processes. */
static int tag_of(int from, int to) { return from * MAX_RANKS + to; }

static ncclResult_t issue(pending_op_t *op) {
  ncclComm_t c = op->comm;
  int rc;
  if (c->error != ncclSuccess)
    return c->error;
  if (op->peer < 0 || op->peer >= c->nranks || op->peer == c->rank ||
      op->bytes > (size_t)INT32_MAX || c->npending == MAX_PENDING)
    return ncclInvalidArgument;
  ops_seen++;
  if (c->stalled || (stall_from() > 0 && ops_seen >= stall_from())) {
    c->stalled = 1;
    return ncclSuccess;
  }
  if (op->send)
    rc = MPI_Isend(op->buf, (int)op->bytes, MPI_BYTE, c->owner[op->peer],
                   tag_of(c->rank, op->peer), standin_comm,
                   &c->req[c->npending]);
  else
    rc = MPI_Irecv(op->buf, (int)op->bytes, MPI_BYTE, c->owner[op->peer],
                   tag_of(op->peer, c->rank), standin_comm,
                   &c->req[c->npending]);
  if (rc != MPI_SUCCESS)
    return c->error = ncclSystemError;
  c->npending++;
  return ncclSuccess;
}

EXPORT ncclResult_t ncclGroupEnd(void) {
  ncclResult_t res = ncclSuccess;
  int blocking = 1;
  if (group_depth == 0)
    return ncclInvalidUsage;
  if (--group_depth > 0)
    return ncclSuccess;
  if (ninits > 0) {
    blocking = inits[0].comm->blocking;
    res = finish_inits();
  }
  for (int i = 0; i < nops && res == ncclSuccess; i++) {
    blocking = ops[i].comm->blocking;
    res = issue(&ops[i]);
  }
  nops = 0;
  if (res != ncclSuccess)
    return res;
  return blocking ? ncclSuccess : ncclInProgress;
}

EXPORT ncclResult_t ncclCommInitRankConfig(ncclComm_t *comm, int nranks,
                                           ncclUniqueId id, int rank,
                                           config_t *config) {
  ncclComm_t c;
  if (nranks < 1 || nranks > MAX_RANKS || rank < 0 || rank >= nranks ||
      ninits == MAX_RANKS)
    return ncclInvalidArgument;
  if (config != NULL && config->magic != 0xcafebeefu)
    return ncclInvalidArgument;
  c = calloc(1, sizeof(*c));
  if (c == NULL)
    return ncclSystemError;
  c->nranks = nranks;
  c->rank = rank;
  c->blocking = config == NULL || config->blocking != 0;
  inits[ninits].comm = c;
  inits[ninits].id = id;
  ninits++;
  *comm = c;
  if (group_depth > 0)
    return ncclSuccess;
  /* Alone, a call is a group of one. */
  group_depth = 1;
  return ncclGroupEnd();
}

static ncclResult_t p2p(int send, void *buf, size_t count, int type,
                        int peer, ncclComm_t comm) {
  if (comm == NULL || type != 0 || nops == MAX_PENDING)
    return ncclInvalidArgument;
  ops[nops++] = (pending_op_t){send, buf, count, peer, comm};
  if (group_depth > 0)
    return ncclSuccess;
  group_depth = 1;
  return ncclGroupEnd();
}

EXPORT ncclResult_t ncclSend(const void *buf, size_t count, int type,
                             int peer, ncclComm_t comm, void *stream) {
  (void)stream; /* host memory: there is no device queue to order on */
  return p2p(1, (void *)(uintptr_t)buf, count, type, peer, comm);
}

EXPORT ncclResult_t ncclRecv(void *buf, size_t count, int type, int peer,
                             ncclComm_t comm, void *stream) {
  (void)stream;
  return p2p(0, buf, count, type, peer, comm);
}

EXPORT ncclResult_t ncclCommGetAsyncError(ncclComm_t comm,
                                          ncclResult_t *error) {
  int done = 0;
  if (comm == NULL)
    return ncclInvalidArgument;
  if (comm->error != ncclSuccess || comm->stalled) {
    *error = comm->stalled ? ncclInProgress : comm->error;
    return ncclSuccess;
  }
  if (comm->npending > 0) {
    if (MPI_Testall(comm->npending, comm->req, &done,
                    MPI_STATUSES_IGNORE) != MPI_SUCCESS) {
      comm->error = ncclRemoteError;
      *error = comm->error;
      return ncclSuccess;
    }
    if (!done) {
      *error = ncclInProgress;
      return ncclSuccess;
    }
    comm->npending = 0;
  }
  *error = ncclSuccess;
  return ncclSuccess;
}

EXPORT ncclResult_t ncclCommAbort(ncclComm_t comm) {
  if (comm == NULL)
    return ncclSuccess;
  for (int i = 0; i < comm->npending; i++) {
    MPI_Cancel(&comm->req[i]);
    MPI_Request_free(&comm->req[i]);
  }
  free(comm);
  return ncclSuccess;
}
