/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Pushes between ranks (docs/design/ranks.md): what a part writes and a
 * device of another rank read last time is sent during the loop (under
 * dma by the agent once its chunks are ready, else as the part's kernel
 * ends), and the reader's rank receives it while its own kernels run, so
 * that the next loop finds it current instead of pulling it.
 *
 * Every rank plans the same pushes (push.c puts those between ranks in
 * loop->rpushes, in plan order) and, before any kernel, reserves one tag
 * of the pair's sequence for each push it takes part in, in plan order:
 * the sender's part threads may then send in any order, and each message
 * still meets the receive posted for it, without a message saying what
 * comes. Under memcpy nothing is planned, so nothing is pushed. */
#ifndef PROACT_CORE_RANK_PUSH_H
#define PROACT_CORE_RANK_PUSH_H

#include "loop.h"

/* Whether this execution pushes between ranks: several ranks and
 * PROACT_RANK_PUSH=1. */
int proact__rank_push_on(void);

/* Before the kernels, after the mechanism's setup and before its agents
 * start: reserves the tags and posts the receives of the pushes whose
 * destination is this rank's. */
void proact__rank_push_post(proact__loop_t *loop);

/* On part's host thread once its kernel returned: stages and sends the
 * part's pushes to other ranks that its dma agent does not send. */
void proact__rank_push_send(proact__loop_t *loop, int part);

/* On the dma agent's thread of the push's source device: bytes at src (a
 * ready piece of push r of loop->rpushes, on that device) are final;
 * stages them, and sends the push once all its bytes are staged. */
proact_status_t proact__rank_push_piece(proact__loop_t *loop, int r,
                                        const void *src, size_t bytes);

/* After every part's kernel: waits for this rank's sends and receives
 * (PROACT_MPI_TIMEOUT), copies what arrived to its devices and counts the
 * bytes; the pushes are then delivered (push_commit). */
void proact__rank_push_finish(proact__loop_t *loop);

#endif
