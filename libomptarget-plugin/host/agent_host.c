/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The poll agent of a host-offload device, run on its persistent agent
 * thread (agent_thread.h). It does what the GPU agent kernel does (cuda/poll_agent.cu):
 * waits for each chunk's counter to reach zero (acquire) and copies its
 * pieces, then sets the counter back to its initial value for the loop's
 * next execution, chunk after chunk, until all chunks with pieces are
 * delivered or the watchdog fires. Device memory is this process's memory,
 * so the state is read in place. */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agent_thread.h"
#include "check.h"
#include "clock.h"
#include "log.h"
#include "dev_ops.h"
#include "trace.h"

typedef struct host_agent {
  proact__agent_thread_t *thread; /* "proact-poll-<dev>" */
  int running;
  const proact__ready_t *rd;
  uint64_t timeout_ns;
  proact__agent_result_t result;
} host_agent_t;

static host_agent_t host_agents[PROACT__DEV_MAX];

/* One thread among the cores that run the kernels; the count is read once,
 * not once per loop (sysconf reads a file for it). */
static uint64_t host_agent_share_ppm(void) {
  static uint64_t share;
  uint64_t s = __atomic_load_n(&share, __ATOMIC_RELAXED);
  if (s == 0) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    s = 1000000u / (uint64_t)(cores > 0 ? cores : 1);
    __atomic_store_n(&share, s, __ATOMIC_RELAXED);
  }
  return s;
}

/* Chunk c's pieces copied as host_agent_run does, with the time the agent
 * saw the chunk ready (t0, just after its counter read 0) and each copy in
 * the trace. */
static void host_agent_trace_chunk(const host_agent_t *a,
                                   const proact__ready_t *rd, long long c,
                                   uint64_t t0) {
  const int dev = (int)(a - host_agents);
  proact__trace_ev_t ready = {.kind = PROACT__TEV_READY, .t0 = t0,
                              .dev = dev, .chunk = c};
  proact__trace_add(&ready);
  for (long long p = rd->piece_first[c]; p < rd->piece_first[c + 1]; p++) {
    proact__trace_ev_t ev = {.kind = PROACT__TEV_COPY, .name = "push",
                             .src = dev, .dst = (int)rd->pieces[p].dst_dev,
                             .bytes = rd->pieces[p].bytes,
                             .timing = "copy: the agent's memcpy"};
    ev.t0 = proact__trace_begin(ev.name, NULL, 0);
    memcpy(rd->pieces[p].dst, rd->pieces[p].src,
           (size_t)rd->pieces[p].bytes);
    proact__trace_end(&ev);
  }
}

static void host_agent_run(void *arg) {
  host_agent_t *a = arg;
  const proact__ready_t *rd = a->rd;
  const uint64_t start = proact__now_ns();
  uint64_t last = start;
  int ended = 0; /* the part's kernel returned */

  for (long long c = 0; c < rd->ncounters; c++) {
    int left;
    uint64_t t0;
    if (rd->piece_first[c] == rd->piece_first[c + 1])
      continue;
    while ((left = __atomic_load_n(&rd->counters[c], __ATOMIC_ACQUIRE)) !=
           0) {
      if (proact__agent_stalled(rd->kernel_done, &ended, &last,
                                a->timeout_ns)) {
        a->result.stalled = c + 1;
        a->result.remaining = left;
        a->result.run_ns = proact__now_ns() - start;
        return;
      }
      if (proact__agent_thread_quitting())
        return;
      sched_yield();
    }
    t0 = proact__now_ns();
    if (PROACT__TRACING())
      host_agent_trace_chunk(a, rd, c, t0);
    else
      for (long long p = rd->piece_first[c]; p < rd->piece_first[c + 1];
           p++)
        memcpy(rd->pieces[p].dst, rd->pieces[p].src,
               (size_t)rd->pieces[p].bytes);
    /* No team decrements c again in this execution (the agent is waited
     * for before the next one starts). */
    __atomic_store_n(&rd->counters[c], rd->counters_init[c], __ATOMIC_RELAXED);
    last = proact__now_ns();
    a->result.busy_ns += last - t0;
  }
  a->result.run_ns = proact__now_ns() - start;
}

proact_status_t proact__host_agent_start(int dev, const proact__ready_t *rd,
                                         const proact__ready_t *host_view,
                                         int threads, uint64_t timeout_ns) {
  host_agent_t *a = &host_agents[dev];
  (void)host_view; /* rd is readable here */
  (void)threads;   /* one thread: the host's cores run the kernels */
  if (a->running)
    return PROACT_ERR_INVALID_PARAM;
  memset(&a->result, 0, sizeof(a->result));
  a->result.share_ppm = host_agent_share_ppm();
  a->rd = rd;
  a->timeout_ns = timeout_ns;
  PROACT_CHECK(
      proact__agent_thread_post(&a->thread, "poll", dev, host_agent_run, a));
  a->running = 1;
  return PROACT_OK;
}

proact_status_t proact__host_agent_wait(int dev,
                                        proact__agent_result_t *result) {
  host_agent_t *a = &host_agents[dev];
  if (!a->running)
    return PROACT_ERR_INVALID_PARAM;
  proact__agent_thread_wait(a->thread);
  a->running = 0;
  *result = a->result;
  return PROACT_OK;
}
