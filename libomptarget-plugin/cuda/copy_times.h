/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* When the cuda backend's asynchronous copies ran, for PROACT_TRACE: an
 * event pair around each copy on its stream, read once the stream was
 * waited for and put on the host's clock (copy_times.c). */
#ifndef PROACT_CUDA_COPY_TIMES_H
#define PROACT_CUDA_COPY_TIMES_H

#include <stddef.h>

#include "cuda_drv.h"

/* PROACT_COPY_QUEUES' upper bound: the streams the backend creates per
 * device. */
enum { PROACT__COPY_QUEUES_MAX = 16 };

/* Whether copies are timed: PROACT_TRACE records. */
int proact__cuda_copies_timed(void);

/* Before a copy on stream (of dev's queue s, dev's context current):
 * records its start event into *e0_p, NULL when copies are not timed. */
void proact__cuda_time_begin(int dev, CUstream stream, CUevent *e0_p);

/* After it: records its end and keeps the pair (src, dst: devices, -1 the
 * host) until the stream is waited for. Nothing when e0 is NULL. */
void proact__cuda_time_end(int dev, int s, CUstream stream, CUevent e0,
                           int src, int dst, size_t bytes);

/* After a wait for dev's queue s (its context current): traces the copies
 * it had with their times. */
void proact__cuda_times_resolve(int dev, int s);

#endif
