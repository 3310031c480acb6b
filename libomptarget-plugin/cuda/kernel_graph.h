/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The cuda backend's kernel replay (kernel_graph.c): the dev_ops entries
 * replay_mode, replay_open, can_replay, kernel_capture, kernel_graph_run,
 * kernel_graph_free and kernel_graph_wait. */
#ifndef PROACT_CUDA_KERNEL_GRAPH_H
#define PROACT_CUDA_KERNEL_GRAPH_H

#include "dev.h"

int proact__cuda_replay_mode(int dev);
int proact__cuda_replay_open(void);
int proact__cuda_can_replay(int dev);
int proact__cuda_kernel_capture(int dev, int (*launch)(void *), void *arg,
                                proact__dev_kernel_rec_t *rec);
proact_status_t proact__cuda_kernel_graph_run(
    void **graph_p, int n, const int *devs,
    const proact__dev_kernel_rec_t *recs, int wait,
    const proact__dev_graph_origin_t *origin, uint64_t *ns_p);
void proact__cuda_kernel_graph_free(void *graph);
proact_status_t proact__cuda_kernel_graph_wait(void);
/* CUPTI's set-up at the backend's open, under PROACT_LAUNCH=graph. */
void proact__cuda_replay_warm(void);

#endif
