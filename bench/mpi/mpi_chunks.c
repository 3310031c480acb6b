/* What the multi-node model (docs/design/multinode-model.md) needs from the
 * network, measured with plain MPI between pairs of ranks (0-1, 2-3, ...;
 * place each pair's ranks on different nodes on a cluster):
 *
 *   pingpong  one-way time of one message of s bytes (half a round trip
 *             of blocking MPI_Send/MPI_Recv);
 *   oneway    one s-byte message from Isend to a pre-posted Irecv (how
 *             an agent sends), timed to the receiver's acknowledgement
 *             less one zero-byte latency; L and B are fitted to
 *             t = L + s / B over the one-row messages' fastest
 *             repetitions (min_us; on a shared host a median can be a
 *             preemption, on a cluster the two agree);
 *   stream    m messages of s bytes sent back to back (Isend, then one
 *             Waitall and an acknowledgement): the time per message in a
 *             stream, the gap g(s) that a sender pays for each chunk;
 *   split     one halo of S bytes sent as 1, 2, ... messages: the cost of
 *             many small sends against one bulk send;
 *   overlap   the sender's rank sweeps a grid (a 5-point stencil on one
 *             core) and marks each chunk of rows final as it finishes; an
 *             agent thread sends each final chunk as soon as it sees it
 *             (PROACT's proactive send from the host). Reported: the sweep
 *             alone, the sweep with the agent, and the delivery tail after
 *             the sweep's end (how much of the sending the sweep hid).
 *
 * Messages come from host memory: a GPU's chunk is staged to the host
 * before the send, which this program does not measure (the model adds
 * it: bench/mpi/params.json). Every time is the median of
 * `reps` repetitions after one warm-up.
 *
 * Usage: mpirun -np 2 mpi_chunks [--quick] [--polite] [--reps R]
 * --polite: in the overlap case the receiver yields the core between polls
 * (for a pair on one host with few cores; not on a cluster).
 * Output: one line per measurement, `<kind> key=value ...`, then `param`
 * lines: L and B fitted to the one-row oneway times, the zero-byte one-way
 * time, and msg_cost_us, the cost of one more message when the first split
 * halo is cut into 64 rather than 2 (what bench/mpi/model.py --mpi-results
 * takes as the host's cost per chunk sent). */
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../median.h"

#define TAG_DATA 1
#define TAG_ACK 2
#define MAX_REPS 64

static int g_rank, g_peer, g_sender, g_polite;

static void die(const char *what, int line) {
  fprintf(stderr, "mpi_chunks: %s (mpi_chunks.c:%d)\n", what, line);
  MPI_Abort(MPI_COMM_WORLD, 1);
  exit(1);
}

#define CHECK_MPI(call)                                                        \
  do {                                                                         \
    if ((call) != MPI_SUCCESS)                                                 \
      die(#call " failed", __LINE__);                                          \
  } while (0)

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (p == NULL)
    die("out of host memory", __LINE__);
  memset(p, 1, n);
  return p;
}

/* The fastest of n times (a median on a host that others share can be a
 * preemption; the fastest is the uncontended cost). */
static double fastest(const double *t, int n) {
  double m = t[0];
  for (int i = 1; i < n; i++)
    m = t[i] < m ? t[i] : m;
  return m;
}

static double g_min; /* the fastest repetition of the last measurement */

/* One-way time of one s-byte message: half the median round trip. */
static double pingpong(char *buf, int s, int reps) {
  double t[MAX_REPS];
  for (int r = -1; r < reps; r++) {
    double t0;
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    t0 = MPI_Wtime();
    for (int k = 0; k < 10; k++) {
      if (g_sender) {
        CHECK_MPI(MPI_Send(buf, s, MPI_BYTE, g_peer, TAG_DATA, MPI_COMM_WORLD));
        CHECK_MPI(MPI_Recv(buf, s, MPI_BYTE, g_peer, TAG_DATA, MPI_COMM_WORLD,
                           MPI_STATUS_IGNORE));
      } else {
        CHECK_MPI(MPI_Recv(buf, s, MPI_BYTE, g_peer, TAG_DATA, MPI_COMM_WORLD,
                           MPI_STATUS_IGNORE));
        CHECK_MPI(MPI_Send(buf, s, MPI_BYTE, g_peer, TAG_DATA, MPI_COMM_WORLD));
      }
    }
    if (r >= 0)
      t[r] = (MPI_Wtime() - t0) / 20.0;
  }
  g_min = fastest(t, reps);
  return bench_median(t, reps);
}

/* The sender's time to deliver m messages of s bytes each, from the first
 * Isend to the receiver's acknowledgement, less one zero-byte latency (the
 * acknowledgement's way back). */
static double deliver(char *buf, int s, int m, int reps, double lat0) {
  double t[MAX_REPS];
  MPI_Request *req = xmalloc((size_t)m * sizeof(*req));
  for (int r = -1; r < reps; r++) {
    double t0;
    char ack = 0;
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    t0 = MPI_Wtime();
    if (g_sender) {
      for (int k = 0; k < m; k++)
        CHECK_MPI(MPI_Isend(buf + (size_t)k * s, s, MPI_BYTE, g_peer, TAG_DATA,
                            MPI_COMM_WORLD, &req[k]));
      CHECK_MPI(MPI_Waitall(m, req, MPI_STATUSES_IGNORE));
      CHECK_MPI(MPI_Recv(&ack, 1, MPI_BYTE, g_peer, TAG_ACK, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE));
    } else {
      for (int k = 0; k < m; k++)
        CHECK_MPI(MPI_Irecv(buf + (size_t)k * s, s, MPI_BYTE, g_peer, TAG_DATA,
                            MPI_COMM_WORLD, &req[k]));
      CHECK_MPI(MPI_Waitall(m, req, MPI_STATUSES_IGNORE));
      CHECK_MPI(MPI_Send(&ack, 1, MPI_BYTE, g_peer, TAG_ACK, MPI_COMM_WORLD));
    }
    if (r >= 0)
      t[r] = MPI_Wtime() - t0 - lat0;
  }
  free(req);
  g_min = fastest(t, reps);
  return bench_median(t, reps);
}

/* The overlap case: a grid of `rows` rows of `n` floats, swept by the
 * main thread in chunks of `crows` rows; `ready` counts the chunks done. */
typedef struct sweep {
  float *u, *v;
  long n, rows, crows;
  atomic_long ready;
  int send; /* 0: no agent (the sweep alone) */
  double t_end_sweep, t_end_send;
} sweep_t;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The agent: sends every chunk the sweep marks ready, in order, as soon as
 * it sees it, then waits for all sends (as PROACT's dma agent drains). */
static void *agent(void *arg) {
  sweep_t *w = arg;
  long nchunks = (w->rows + w->crows - 1) / w->crows;
  MPI_Request *req = xmalloc((size_t)nchunks * sizeof(*req));
  long sent = 0;
  while (sent < nchunks) {
    long r = atomic_load_explicit(&w->ready, memory_order_acquire);
    for (; sent < r; sent++) {
      long lo = sent * w->crows;
      long nr = lo + w->crows <= w->rows ? w->crows : w->rows - lo;
      CHECK_MPI(MPI_Isend(w->v + lo * w->n, (int)(nr * w->n), MPI_FLOAT,
                          g_peer, TAG_DATA, MPI_COMM_WORLD, &req[sent]));
    }
    if (sent < nchunks) {
      int flag;
      /* Progress the sends already issued while waiting for the next, and
       * give the core back if the sweep shares it. */
      CHECK_MPI(MPI_Testall((int)sent, req, &flag, MPI_STATUSES_IGNORE));
      sched_yield();
    }
  }
  CHECK_MPI(MPI_Waitall((int)nchunks, req, MPI_STATUSES_IGNORE));
  free(req);
  return NULL;
}

static void sweep_rows(sweep_t *w) {
  long n = w->n;
  for (long c = 0; c * w->crows < w->rows; c++) {
    long hi = (c + 1) * w->crows < w->rows ? (c + 1) * w->crows : w->rows;
    for (long i = c * w->crows; i < hi; i++) {
      long up = i > 0 ? i - 1 : i, dn = i + 1 < w->rows ? i + 1 : i;
      for (long j = 1; j < n - 1; j++)
        w->v[i * n + j] = 0.25f * (w->u[up * n + j] + w->u[dn * n + j] +
                                   w->u[i * n + j - 1] + w->u[i * n + j + 1]);
    }
    atomic_store_explicit(&w->ready, c + 1, memory_order_release);
  }
}

/* One overlap measurement; on the sender: sweep time, and the time from
 * the sweep's end until the receiver acknowledged the last chunk, less one
 * latency. */
static void overlap_once(sweep_t *w, double lat0, double *sweep_s,
                         double *tail_s) {
  long nchunks = (w->rows + w->crows - 1) / w->crows;
  char ack = 0;
  CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
  if (g_sender) {
    pthread_t th;
    double t0, t1;
    atomic_store(&w->ready, 0);
    if (w->send && pthread_create(&th, NULL, agent, w) != 0)
      die("pthread_create failed", __LINE__);
    t0 = now();
    sweep_rows(w);
    t1 = now();
    if (w->send) {
      pthread_join(th, NULL);
      CHECK_MPI(MPI_Recv(&ack, 1, MPI_BYTE, g_peer, TAG_ACK, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE));
      *tail_s = now() - t1 - lat0;
    }
    *sweep_s = t1 - t0;
  } else if (w->send) {
    MPI_Request *req = xmalloc((size_t)nchunks * sizeof(*req));
    for (long c = 0; c < nchunks; c++) {
      long lo = c * w->crows;
      long nr = lo + w->crows <= w->rows ? w->crows : w->rows - lo;
      CHECK_MPI(MPI_Irecv(w->v + lo * w->n, (int)(nr * w->n), MPI_FLOAT,
                          g_peer, TAG_DATA, MPI_COMM_WORLD, &req[c]));
    }
    /* Poll, yielding between polls with --polite: a receiver on another
     * node would not compete for the sender's cores, which a spinning one
     * on the same host does. */
    for (int done = 0; !done;) {
      CHECK_MPI(MPI_Testall((int)nchunks, req, &done, MPI_STATUSES_IGNORE));
      if (!done && g_polite)
        sched_yield();
    }
    CHECK_MPI(MPI_Send(&ack, 1, MPI_BYTE, g_peer, TAG_ACK, MPI_COMM_WORLD));
    free(req);
  }
}

int main(int argc, char **argv) {
  static const long ns[] = {4096, 8192, 16384, 32768};
  static const int rows_per_chunk[] = {1, 4, 16};
  static const int splits[] = {1, 2, 4, 8, 16, 64};
  int reps = 9, quick = 0, provided, size;
  double msg_cost = 0, lat0, fit_sx = 0, fit_sy = 0, fit_sxx = 0, fit_sxy = 0;
  int fit_k = 0;
  size_t maxbytes = (size_t)32768 * 16 * sizeof(float);
  char *buf;

  for (int a = 1; a < argc; a++) {
    if (strcmp(argv[a], "--quick") == 0)
      quick = 1;
    else if (strcmp(argv[a], "--polite") == 0)
      g_polite = 1;
    else if (strcmp(argv[a], "--reps") == 0 && a + 1 < argc)
      reps = atoi(argv[++a]);
    else {
      fprintf(stderr, "usage: mpirun -np 2 mpi_chunks [--quick] [--polite] "
                      "[--reps R]\n");
      return 2;
    }
  }
  if (reps < 1 || reps > MAX_REPS) {
    fprintf(stderr, "mpi_chunks: --reps must be 1..%d\n", MAX_REPS);
    return 2;
  }
  CHECK_MPI(MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided));
  if (provided < MPI_THREAD_SERIALIZED)
    die("the MPI library does not provide MPI_THREAD_SERIALIZED, which the "
        "overlap case's agent thread needs",
        __LINE__);
  CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &g_rank));
  CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &size));
  if (size < 2 || size % 2 != 0) {
    if (g_rank == 0)
      fprintf(stderr, "mpi_chunks: needs an even number of ranks (pairs), "
                      "got %d\n", size);
    MPI_Finalize();
    return 2;
  }
  g_peer = g_rank ^ 1;
  g_sender = (g_rank % 2) == 0;
  if (quick)
    reps = reps < 3 ? reps : 3;
  buf = xmalloc(maxbytes);

  if (g_rank == 0) {
    char host[MPI_MAX_PROCESSOR_NAME], peer[MPI_MAX_PROCESSOR_NAME];
    int len;
    MPI_Get_processor_name(host, &len);
    MPI_Recv(peer, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 1, 0, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    printf("info ranks=%d pairs=%d rank0=%s rank1=%s reps=%d polite=%d\n",
           size, size / 2, host, peer, reps, g_polite);
  } else if (g_rank == 1) {
    char host[MPI_MAX_PROCESSOR_NAME];
    int len;
    MPI_Get_processor_name(host, &len);
    MPI_Send(host, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
  }

  /* Latency and chunk-sized messages: one row of n floats, and chunks of
   * 4 and 16 rows. */
  lat0 = pingpong(buf, 0, reps);
  if (g_rank == 0)
    printf("pingpong bytes=0 us=%.3f min_us=%.3f\n", 1e6 * lat0,
           1e6 * g_min);
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 3; b++) {
      int s = (int)(ns[a] * rows_per_chunk[b] * (long)sizeof(float));
      double t, t1;
      if (quick && b > 0)
        continue;
      double tmin, t1min;
      t = pingpong(buf, s, reps);
      tmin = g_min;
      t1 = deliver(buf, s, 1, reps, lat0);
      t1min = g_min;
      if (b == 0) { /* the fit: one halo row, what a Jacobi sends */
        fit_sx += s;
        fit_sy += t1min;
        fit_sxx += (double)s * s;
        fit_sxy += (double)s * t1min;
        fit_k++;
      }
      if (g_rank == 0)
        printf("pingpong n=%ld rows=%d bytes=%d us=%.3f min_us=%.3f "
               "GBps=%.3f\n",
               ns[a], rows_per_chunk[b], s, 1e6 * t, 1e6 * tmin,
               s / t * 1e-9);
      if (g_rank == 0)
        printf("oneway n=%ld rows=%d bytes=%d us=%.3f min_us=%.3f "
               "GBps=%.3f\n",
               ns[a], rows_per_chunk[b], s, 1e6 * t1, 1e6 * t1min,
               s / t1 * 1e-9);
    }

  /* Streams of chunk-sized messages: the gap per message. */
  for (int a = 0; a < 4; a++) {
    int s = (int)(ns[a] * sizeof(float)), m = 16;
    double t = deliver(buf, s, m, reps, lat0);
    if (g_rank == 0)
      printf("stream n=%ld rows=1 bytes=%d msgs=%d us_per_msg=%.3f GBps=%.3f\n",
             ns[a], s, m, 1e6 * t / m, (double)s * m / t * 1e-9);
  }

  /* One halo of 16 rows of n floats sent whole or cut into chunks. */
  for (int a = quick ? 2 : 0; a < 4; a++) {
    int total = (int)(ns[a] * 16 * sizeof(float));
    double t1 = 0, t2 = 0;
    for (int b = 0; b < 6; b++) {
      int m = splits[b];
      double t = deliver(buf, total / m, m, reps, lat0);
      if (b == 0)
        t1 = t;
      if (b == 1)
        t2 = t;
      /* From 2 messages on: the whole halo in one message can take the
       * eager/rendezvous switch, or a cold first copy, and a loaded host
       * can make a slope negative; no message costs less than nothing. */
      if (a == (quick ? 2 : 0) && b == 5)
        msg_cost = t > t2 ? (t - t2) / (m - 2) : 0.0;
      if (g_rank == 0)
        printf("split n=%ld bytes=%d msgs=%d msg_bytes=%d us=%.3f "
               "vs_bulk=%.3f\n",
               ns[a], total, m, total / m, 1e6 * t, t / t1);
    }
  }

  /* The proactive pattern on the host: a sweep of 8M points (1M with
   * --quick) whose chunks an agent thread sends as they finish, against
   * sending the whole grid in one message after the sweep. */
  for (int a = quick ? 1 : 0; a < (quick ? 2 : 4); a++) {
    sweep_t w;
    w.n = ns[a];
    w.rows = (quick ? 128 : 1024) * 8192 / ns[a];
    w.u = xmalloc((size_t)(w.rows * w.n) * sizeof(float));
    w.v = xmalloc((size_t)(w.rows * w.n) * sizeof(float));
    {
      long bytes = w.rows * w.n * (long)sizeof(float);
      double t = deliver((char *)w.v, (int)bytes, 1, reps, lat0);
      if (g_rank == 0)
        printf("overlap n=%ld rows=%ld bulk_after_sweep_us=%.1f GBps=%.3f\n",
               w.n, w.rows, 1e6 * t, bytes / t * 1e-9);
    }
    for (int b = 0; b < 3; b++) {
      double alone[MAX_REPS], with[MAX_REPS], tail[MAX_REPS], ta, tw, tt;
      long nchunks;
      w.crows = rows_per_chunk[b];
      nchunks = (w.rows + w.crows - 1) / w.crows;
      for (int r = -1; r < reps; r++) {
        double s0 = 0, s1 = 0, tl = 0;
        w.send = 0;
        overlap_once(&w, lat0, &s0, &tl);
        w.send = 1;
        overlap_once(&w, lat0, &s1, &tl);
        if (r >= 0) {
          alone[r] = s0;
          with[r] = s1;
          tail[r] = tl;
        }
      }
      ta = bench_median(alone, reps);
      tw = bench_median(with, reps);
      tt = bench_median(tail, reps);
      if (g_rank == 0)
        printf("overlap n=%ld rows=%ld chunk_rows=%ld chunks=%ld "
               "sweep_us=%.1f sweep_agent_us=%.1f stolen_us_per_chunk=%.3f "
               "tail_us=%.1f\n",
               w.n, w.rows, w.crows, nchunks, 1e6 * ta, 1e6 * tw,
               1e6 * (tw - ta) / (double)nchunks, 1e6 * tt);
    }
    free(w.u);
    free(w.v);
  }

  if (g_rank == 0 && fit_k >= 2) {
    double den = fit_k * fit_sxx - fit_sx * fit_sx;
    double slope = (fit_k * fit_sxy - fit_sx * fit_sy) / den;
    double icpt = (fit_sy - slope * fit_sx) / fit_k;
    printf("param latency_us %.3f\n", 1e6 * icpt);
    printf("param bandwidth_GBps %.3f\n", slope > 0 ? 1e-9 / slope : 0.0);
    printf("param zero_byte_us %.3f\n", 1e6 * lat0);
    printf("param msg_cost_us %.3f\n", 1e6 * msg_cost);
  }
  free(buf);
  CHECK_MPI(MPI_Finalize());
  return 0;
}
