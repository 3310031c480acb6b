/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The device's own times of a traced execution's chunks (PROACT_TRACE):
 * the readiness state's stamps (proact/detail/device_ready.h), written by
 * the teams and the GPU poll agent on the device clock, become events on
 * the host's clock. The agents that run on host threads (dma, the host
 * poll agent) trace their copies themselves; only the pushes the device
 * made (trigger, the GPU poll agent) are recorded here, with the readiness
 * kernel's span on the device's clock. */
#include <stdint.h>

#include "dev.h"
#include "loop.h"
#include "mechanism.h"
#include "ready.h"
#include "ready_cache.h"
#include "trace.h"

/* A device time on the host's clock; 0 stays "not stamped". */
static uint64_t host_time(unsigned long long t, int64_t offset) {
  return t == 0 ? 0 : (uint64_t)((int64_t)t - offset);
}

void proact__ready_trace(const proact__loop_t *loop, int part) {
  const proact__part_ready_t *pr = &loop->mech_state->part[part];
  const proact__ready_img_t *img = pr->img;
  const proact__ready_t *st;
  const int dev = loop->plan->devs[part];
  int64_t offset = 0;

  if (img == NULL || img->stamps_host == NULL ||
      !(proact__trace_flags & PROACT__TRACE_RECORD))
    return;
  if (proact__dev_clock_offset(dev, &offset) != PROACT_OK)
    return; /* no mapping to the host's clock: the agents' events stand */
  st = &img->host_view;
  {
    /* The kernel's own span (proact__ready_kernel_stamp), back to "not
     * stamped" for the next execution. */
    unsigned long long *k = &img->stamps_host[3 * st->ncounters];
    if (k[0] != 0 && k[1] != 0 && k[1] >= k[0]) {
      proact__trace_ev_t kernel = {.kind = PROACT__TEV_KERNEL, .on_dev = 1,
                                   .file = loop->file, .line = loop->line,
                                   .id = loop->desc->id,
                                   .t0 = host_time(k[0], offset),
                                   .t1 = host_time(k[1], offset),
                                   .dev = dev, .part = part};
      if (kernel.t1 <= kernel.t0)
        kernel.t1 = kernel.t0 + 1;
      proact__trace_add(&kernel);
    }
    k[0] = k[1] = 0;
  }
  for (long long c = 0; c < st->ncounters; c++) {
    const unsigned long long *s = &img->stamps_host[3 * c];
    const long long p0 = st->piece_first[c], p1 = st->piece_first[c + 1];
    if (p0 == p1 || s[0] == 0)
      continue;
    proact__trace_ev_t ready = {.kind = PROACT__TEV_READY, .on_dev = 1,
                                .file = loop->file, .line = loop->line,
                                .id = loop->desc->id,
                                .t0 = host_time(s[0], offset), .dev = dev,
                                .chunk = c};
    proact__trace_add(&ready);
    if (s[2] == 0)
      continue; /* pushed by a host thread, which traced its copies */
    /* One span per destination: the chunk's pieces are copied one after
     * the other by the same pusher, which stamps only the whole. */
    for (long long p = p0; p < p1; p++) {
      long long bytes = 0;
      if (!proact__ready_first_to_dst(st->pieces, p0, p))
        continue;
      for (long long q = p; q < p1; q++)
        if (st->pieces[q].dst_dev == st->pieces[p].dst_dev)
          bytes += st->pieces[q].bytes;
      proact__trace_ev_t push = {
          .kind = PROACT__TEV_COPY, .name = "push", .file = loop->file,
          .line = loop->line, .id = loop->desc->id,
          .timing = s[1] != 0
                        ? "device clock: the poll agent's copies of the "
                          "chunk, all its destinations"
                        : "device clock: from the chunk's readiness to the "
                          "end of its copies by the team that readied it, "
                          "all its destinations",
          .t0 = host_time(s[1] != 0 ? s[1] : s[0], offset),
          .t1 = host_time(s[2], offset), .bytes = bytes, .chunk = c,
          .src = dev, .dst = (int)st->pieces[p].dst_dev};
      if (push.t1 <= push.t0)
        push.t1 = push.t0 + 1; /* a span, never an instant */
      proact__trace_add(&push);
    }
  }
}
