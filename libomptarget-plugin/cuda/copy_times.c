/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Copy times of the cuda backend (copy_times.h). A copy's events are
 * converted with cuEventElapsedTime from a reference event whose host time
 * is known: recorded on an idle stream of the device and watched until
 * the device reached it, it lies between the host's clock before its
 * record and after the query that saw it. The reference is measured again
 * when older than a second, since the two clocks drift apart. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "clock.h"
#include "copy_times.h"
#include "dev.h"
#include "log.h"
#include "trace.h"

typedef struct timed_copy {
  CUevent e0, e1;
  int src, dst;
  long long bytes;
  const char *label;
} timed_copy_t;

typedef struct copy_times {
  timed_copy_t *pending[PROACT__COPY_QUEUES_MAX];
  int npending[PROACT__COPY_QUEUES_MAX];
  int cap[PROACT__COPY_QUEUES_MAX];
  CUstream idle;     /* the reference's stream */
  CUevent ref;
  uint64_t ref_host; /* host time of ref, 0: not measured */
} copy_times_t;

static copy_times_t times[PROACT__DEV_MAX];
static pthread_mutex_t times_lock = PTHREAD_MUTEX_INITIALIZER;

#define REF_VALID_NS 1000000000ull

int proact__cuda_copies_timed(void) {
  return (proact__trace_flags & PROACT__TRACE_RECORD) != 0;
}

static CUevent event_new(void) {
  CUevent e = NULL;
  if (proact__cu.cuEventCreate(&e, 0) != CUDA_SUCCESS)
    return NULL;
  return e;
}

void proact__cuda_time_begin(int dev, CUstream stream, CUevent *e0_p) {
  (void)dev;
  *e0_p = NULL;
  if (!proact__cuda_copies_timed())
    return;
  CUevent e = event_new();
  if (e != NULL && proact__cu.cuEventRecord(e, stream) != CUDA_SUCCESS) {
    proact__cu.cuEventDestroy(e);
    e = NULL;
  }
  *e0_p = e;
}

void proact__cuda_time_end(int dev, int s, CUstream stream, CUevent e0,
                           int src, int dst, size_t bytes) {
  copy_times_t *t = &times[dev];
  CUevent e1;
  if (e0 == NULL)
    return;
  e1 = event_new();
  if (e1 == NULL || proact__cu.cuEventRecord(e1, stream) != CUDA_SUCCESS) {
    if (e1 != NULL)
      proact__cu.cuEventDestroy(e1);
    proact__cu.cuEventDestroy(e0);
    return;
  }
  pthread_mutex_lock(&times_lock);
  if (t->npending[s] == t->cap[s]) {
    int cap = t->cap[s] > 0 ? 2 * t->cap[s] : 64;
    timed_copy_t *grown = realloc(t->pending[s], (size_t)cap * sizeof(*grown));
    if (grown == NULL) {
      pthread_mutex_unlock(&times_lock);
      proact__cu.cuEventDestroy(e0);
      proact__cu.cuEventDestroy(e1);
      return; /* the trace lacks this copy; the copy itself is made */
    }
    t->pending[s] = grown;
    t->cap[s] = cap;
  }
  t->pending[s][t->npending[s]++] =
      (timed_copy_t){e0, e1, src, dst, (long long)bytes,
                     proact__trace_copy_label()};
  pthread_mutex_unlock(&times_lock);
}

/* Measures dev's reference (its context current): the narrowest of a few
 * brackets. */
static int ref_measure(int dev, copy_times_t *t) {
  uint64_t best = UINT64_MAX;
  if (t->idle == NULL &&
      proact__cu.cuStreamCreate(&t->idle, CU_STREAM_NON_BLOCKING) !=
          CUDA_SUCCESS)
    return 0;
  if (t->ref == NULL && (t->ref = event_new()) == NULL)
    return 0;
  for (int round = 0; round < 3 && best > 20000; round++) {
    const uint64_t t1 = proact__now_ns();
    CUresult res;
    if (proact__cu.cuEventRecord(t->ref, t->idle) != CUDA_SUCCESS)
      return 0;
    while ((res = proact__cu.cuEventQuery(t->ref)) == CUDA_ERROR_NOT_READY)
      ;
    if (res != CUDA_SUCCESS)
      return 0;
    const uint64_t t2 = proact__now_ns();
    best = t2 - t1;
    t->ref_host = t1 + best / 2;
  }
  proact__trace(PROACT__SUBSYS_COPY,
                "device %d: copy times' reference +- %llu ns", dev,
                (unsigned long long)(best / 2));
  return 1;
}

/* ns from dev's reference to e (negative when e came first). */
static int64_t since_ref(const copy_times_t *t, CUevent e) {
  float ms = 0;
  if (proact__cu.cuEventElapsedTime(&ms, t->ref, e) != CUDA_SUCCESS)
    return INT64_MIN;
  return (int64_t)((double)ms * 1e6);
}

void proact__cuda_times_resolve(int dev, int s) {
  copy_times_t *t = &times[dev];
  int ok;
  pthread_mutex_lock(&times_lock);
  if (t->npending[s] == 0) {
    pthread_mutex_unlock(&times_lock);
    return;
  }
  ok = (t->ref_host != 0 && proact__now_ns() - t->ref_host < REF_VALID_NS) ||
       ref_measure(dev, t);
  for (int i = 0; i < t->npending[s]; i++) {
    const timed_copy_t *c = &t->pending[s][i];
    const int64_t d0 = ok ? since_ref(t, c->e0) : INT64_MIN;
    const int64_t d1 = ok ? since_ref(t, c->e1) : INT64_MIN;
    if (d0 != INT64_MIN && d1 != INT64_MIN) {
      proact__trace_ev_t ev = {
          .kind = PROACT__TEV_COPY,
          .name = c->label != NULL ? c->label : "copy",
          .timing = "run: the device's events around the copy on its "
                    "queue, on the host's clock",
          .t0 = (uint64_t)((int64_t)t->ref_host + d0),
          .t1 = (uint64_t)((int64_t)t->ref_host + d1),
          .bytes = c->bytes, .src = c->src, .dst = c->dst};
      if (ev.t1 <= ev.t0)
        ev.t1 = ev.t0 + 1; /* a span, never an instant */
      proact__trace_add(&ev);
    }
    proact__cu.cuEventDestroy(c->e0);
    proact__cu.cuEventDestroy(c->e1);
  }
  t->npending[s] = 0;
  pthread_mutex_unlock(&times_lock);
}
