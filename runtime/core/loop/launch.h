/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The kernels of a loop's parts recorded as they are launched and run at
 * once at the loop's end (launch.c; PROACT_LAUNCH, dev.h's kernel replay).
 * A part may wait when its kernel pushes nothing and nothing after the
 * kernel in its host thread reads what the kernel wrote: no readiness
 * state, reduction, read check, push to another rank or agent watchdog. */
#ifndef PROACT_LAUNCH_H
#define PROACT_LAUNCH_H

#include <stdint.h>

#include "dev.h"
#include "loop.h"

/* libomptarget's launch arguments, version 3 (LLVM 18 to 22), as the
 * generated code passes them to __tgt_target_kernel. */
typedef struct proact__tgt_kernel_args {
  uint32_t version, nargs;
  void **base_ptrs, **ptrs;
  int64_t *sizes, *types;
  void **names, **mappers;
  uint64_t tripcount, flags;
  uint32_t teams[3], threads[3], dyn_shared;
} proact__tgt_kernel_args_t;

/* Whether a launch passes its arguments by value alone, in one dimension,
 * without nowait: its argument bytes for the driver are then its values,
 * whatever the kernel. */
int proact__launch_by_value(const proact__tgt_kernel_args_t *args);
/* The launch of kernel func with args as libomptarget gives it to the
 * driver for a bare kernel: no launch environment, then the values. */
void proact__launch_record(const proact__tgt_kernel_args_t *args, void *func,
                           proact__dev_kernel_rec_t *rec);

/* PROACT_LAUNCH=auto: whether graphs are due, given what they would have
 * saved the whole program (total_ns) and this loop's pragma (site_ns). */
int proact__launch_auto_due(uint64_t total_ns, uint64_t site_ns);
/* At loop_begin's end: whether any part may wait (loop->deferred).
 * proact__loop_threads (codegen.h, defined here) then gives 1 where the
 * loop's last execution with this plan and mechanism recorded every
 * part's launch and no part pulls, else one thread per part. */
void proact__launch_prepare(proact__loop_t *loop);
/* In part's host thread, just before its kernel's launch, and after it. */
void proact__launch_arm(proact__loop_t *loop, int part);
void proact__launch_disarm(void);
/* At loop_end's start: runs the recorded kernels; waits for them unless
 * every part that ran here was recorded and nothing but the device layer
 * or OpenMP reads what they write (loop->unwaited then: the next call that
 * touches a device waits). */
void proact__launch_run(proact__loop_t *loop);
/* Whether loop's end may return while its graphs run: nothing but a call
 * of the device layer or of OpenMP (which wait for them) reads what they
 * write. Not under several ranks (MPI reads device memory itself), for
 * unified arrays (the host reads them in place), for loop-only copies
 * (copied back at once), under PROACT_CHECK_HOST, or once the program holds
 * device addresses (its own CUDA calls would not wait). */
int proact__launch_may_leave(const proact__loop_t *loop);
/* After the loop's accounting: notes its longest kernel, which decides
 * whether its next execution records its parts' launches. */
void proact__launch_done(proact__loop_t *loop);
void proact__launch_free(proact__loop_t *loop);

#endif
