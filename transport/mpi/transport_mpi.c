/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* libproact-mpi.so: the MPI transport of the rank layer
 * (rank_transport.h). Waits are MPI_Test loops with a deadline, so that a
 * rank that died or stalled ends the job with a message instead of a
 * hang. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#endif

#include "poll_wait.h"
#include "rank_transport.h"

/* MPI counts are ints: larger messages go as several. */
#define MPI_PIECE ((size_t)1 << 30)

static void say(char *err, size_t len, const char *what, int rc) {
  char text[MPI_MAX_ERROR_STRING];
  int n = 0;
  if (MPI_Error_string(rc, text, &n) != MPI_SUCCESS)
    snprintf(text, sizeof(text), "MPI error %d", rc);
  snprintf(err, len, "%s failed: %s", what, text);
}

/* The request wait_for awaits. */
typedef struct wait_req {
  MPI_Request *req;
  MPI_Status *status;
} wait_req_t;

static int test_req(void *arg, const char *what, char *err, size_t len) {
  wait_req_t *w = arg;
  int done = 0;
  int rc = MPI_Test(w->req, &done, w->status);
  if (rc != MPI_SUCCESS) {
    say(err, len, what, rc);
    return -1;
  }
  return done ? 0 : 1;
}

/* Waits for req until timeout_s, polling (support/poll_wait.h) so that a
 * waiting rank leaves the cores to the others. */
static int wait_for(MPI_Request *req, MPI_Status *status, double timeout_s,
                    const char *what, char *err, size_t len) {
  wait_req_t w = {req, status};
  return proact__poll_wait(test_req, &w, timeout_s, what, err, len);
}

/* PROACT's own copy of MPI_COMM_WORLD: its messages (tags from file and
 * line) never match the program's receives, nor the program's messages
 * PROACT's, and its error handler is not the program's. */
static MPI_Comm comm = MPI_COMM_NULL;

static int t_init(int *rank_p, int *size_p, int *owns_p, char *err,
                  size_t len) {
  int inited = 0, provided = 0, rc;
  MPI_Initialized(&inited);
  *owns_p = !inited;
  if (!inited) {
    rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided);
    if (rc != MPI_SUCCESS) {
      say(err, len, "MPI_Init_thread", rc);
      return -1;
    }
  }
  rc = MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  if (rc != MPI_SUCCESS) {
    say(err, len, "MPI_Comm_dup", rc);
    return -1;
  }
  /* Errors come back as codes, to be reported with the rank's context. */
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  MPI_Comm_rank(comm, rank_p);
  MPI_Comm_size(comm, size_p);
  return 0;
}

static int t_allgather(const void *mine, void *all, size_t bytes,
                       double timeout_s, char *err, size_t len) {
  MPI_Request req;
  int rc;
  if (bytes > (size_t)INT32_MAX) {
    snprintf(err, len, "allgather of %zu bytes", bytes);
    return -1;
  }
  rc = MPI_Iallgather(mine, (int)bytes, MPI_BYTE, all, (int)bytes, MPI_BYTE,
                      comm, &req);
  if (rc != MPI_SUCCESS) {
    say(err, len, "MPI_Iallgather", rc);
    return -1;
  }
  return wait_for(&req, MPI_STATUS_IGNORE, timeout_s,
                  "waiting for every rank (MPI_Iallgather)", err, len);
}

static int t_send(const void *buf, size_t bytes, int peer, int tag,
                  double timeout_s, char *err, size_t len) {
  const char *p = buf;
  do {
    size_t n = bytes < MPI_PIECE ? bytes : MPI_PIECE;
    MPI_Request req;
    int rc = MPI_Isend(p, (int)n, MPI_BYTE, peer, tag, comm, &req);
    if (rc != MPI_SUCCESS) {
      say(err, len, "MPI_Isend", rc);
      return -1;
    }
    rc = wait_for(&req, MPI_STATUS_IGNORE, timeout_s, "sending (MPI_Isend)",
                  err, len);
    if (rc != 0)
      return rc;
    p += n;
    bytes -= n;
  } while (bytes > 0);
  return 0;
}

static int t_recv(void *buf, size_t bytes, int peer, int tag,
                  double timeout_s, char *err, size_t len) {
  char *p = buf;
  do {
    size_t n = bytes < MPI_PIECE ? bytes : MPI_PIECE;
    MPI_Request req;
    int rc = MPI_Irecv(p, (int)n, MPI_BYTE, peer, tag, comm, &req);
    if (rc != MPI_SUCCESS) {
      say(err, len, "MPI_Irecv", rc);
      return -1;
    }
    MPI_Status status;
    int got = 0;
    rc = wait_for(&req, &status, timeout_s, "receiving (MPI_Irecv)", err,
                  len);
    if (rc != 0)
      return rc;
    /* The ranks disagree on what moves: their loops or data differ. */
    MPI_Get_count(&status, MPI_BYTE, &got);
    if ((size_t)got != n) {
      snprintf(err, len, "expected %zu bytes, the message has %d", n, got);
      return -1;
    }
    p += n;
    bytes -= n;
  } while (bytes > 0);
  return 0;
}

/* A non-blocking transfer: one MPI request per piece of MPI_PIECE bytes. */
typedef struct t_req {
  int recv;
  int n;
  size_t bytes; /* the last piece's, for the receive's check */
  MPI_Request r[];
} t_req_t;

static int t_post(void *buf, size_t bytes, int peer, int tag, int recv,
                  void **req_p, char *err, size_t len) {
  const int n = bytes == 0 ? 1 : (int)((bytes + MPI_PIECE - 1) / MPI_PIECE);
  t_req_t *q = malloc(sizeof(*q) + (size_t)n * sizeof(q->r[0]));
  char *p = buf;
  if (q == NULL) {
    snprintf(err, len, "out of host memory for %d MPI requests", n);
    return -1;
  }
  q->recv = recv;
  q->n = n;
  q->bytes = bytes - (size_t)(n - 1) * MPI_PIECE;
  for (int i = 0; i < n; i++, p += MPI_PIECE) {
    int c = (int)(i == n - 1 ? q->bytes : MPI_PIECE);
    int rc = recv ? MPI_Irecv(p, c, MPI_BYTE, peer, tag, comm,
                              &q->r[i])
                  : MPI_Isend(p, c, MPI_BYTE, peer, tag, comm,
                              &q->r[i]);
    if (rc != MPI_SUCCESS) {
      /* The pieces posted stay posted: the error ends the job. */
      say(err, len, recv ? "MPI_Irecv" : "MPI_Isend", rc);
      free(q);
      return -1;
    }
  }
  *req_p = q;
  return 0;
}

static int t_isend(const void *buf, size_t bytes, int peer, int tag,
                   void **req_p, char *err, size_t len) {
  return t_post((void *)(uintptr_t)buf, bytes, peer, tag, 0, req_p, err,
                len);
}

static int t_irecv(void *buf, size_t bytes, int peer, int tag, void **req_p,
                   char *err, size_t len) {
  return t_post(buf, bytes, peer, tag, 1, req_p, err, len);
}

static int t_test(void *req, int *done_p, char *err, size_t len) {
  t_req_t *q = req;
  MPI_Status last;
  int done = 0, rc;
  *done_p = 0;
  /* Piece by piece; the last one's status holds the size to check. */
  for (int i = 0; i < q->n; i++) {
    rc = MPI_Test(&q->r[i], &done, i == q->n - 1 ? &last : MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) {
      say(err, len, q->recv ? "MPI_Irecv" : "MPI_Isend", rc);
      return -1;
    }
    if (!done)
      return 0;
  }
  if (q->recv) {
    int got = 0;
    MPI_Get_count(&last, MPI_BYTE, &got);
    if ((size_t)got != q->bytes) {
      snprintf(err, len, "expected %zu bytes, the message has %d", q->bytes,
               got);
      free(q);
      return -1;
    }
  }
  free(q);
  *done_p = 1;
  return 0;
}

/* MPI_Abort does not return; if a library's did, the caller exits. */
static void t_abort(int code) { MPI_Abort(MPI_COMM_WORLD, code); }

static void t_finalize(void) {
  int fin = 0;
  MPI_Finalized(&fin);
  if (fin)
    return;
  if (comm != MPI_COMM_NULL)
    MPI_Comm_free(&comm);
  MPI_Finalize();
}

static const char *t_library(void) {
  static char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int n = 0;
  if (text[0] == '\0' && MPI_Get_library_version(text, &n) == MPI_SUCCESS) {
    char *nl = strchr(text, '\n'); /* the first line names it */
    if (nl != NULL)
      *nl = '\0';
    char *comma = strchr(text, ',');
    if (comma != NULL)
      *comma = '\0';
  }
  return text;
}

static int t_cuda_aware(void) {
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
  return MPIX_Query_cuda_support();
#else
  return 0;
#endif
}

static const proact__transport_t transport_mpi = {
    .abi = PROACT__TRANSPORT_ABI,
    .name = "mpi",
    .init = t_init,
    .allgather = t_allgather,
    .send = t_send,
    .recv = t_recv,
    .isend = t_isend,
    .irecv = t_irecv,
    .test = t_test,
    .abort = t_abort,
    .finalize = t_finalize,
    .library = t_library,
    .cuda_aware = t_cuda_aware,
};

__attribute__((visibility("default"))) const proact__transport_t *
proact_transport_mpi(void) {
  return &transport_mpi;
}
