/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Annotated loops: the entry points the generated code calls
 * (codegen.h) and the phases of one execution: the plan (plan.h), the
 * pulls, the mechanism's setup and arm, the parts' kernels, its drain and
 * the commit of the pushes.
 *
 * Consistency of region replicas (non-implicit entries) is lazy and
 * consumer-driven: each entry's validity map (validity.h) says which devices
 * hold the current value of each byte. Before the kernels each part pulls
 * (loop_begin finds the copies, the part's thread issues them before its
 * kernel: pull.h), device to device from the lowest-numbered valid device,
 * the bytes it needs and lacks: the spans of its reads (the whole section for a
 * non-affine read) and of its writes (it must hold current values for the
 * elements of a write span it does not write, since after the loop it is
 * the span's only owner). Distributed arrays first grow each part's window
 * to the hull of what the part needs (window.h), and pull from the host what
 * no device holds. After the kernels the mechanism records that each
 * part's write spans are valid only on its device (memcpy: in drain). Host
 * copies happen only at a region's end (gathered piece by piece from the
 * valid devices, replica.c). Loop-only (implicit) replicas are copied in
 * whole and their written spans copied back to the host. */
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#include "core_param.h"
#include "dev.h"
#include "clock.h"
#include "error_report.h"
#include "log.h"
#include "devices.h"
#include "balance.h"
#include "host_check.h"
#include "owner.h"
#include "launch.h"
#include "loop.h"
#include "mech_choice.h"
#include "plan.h"
#include "plan_cache.h"
#include "trace.h"
#include "watch.h"
#include "pull.h"
#include "rank_push.h"
#include "push.h"
#include "rank_xport.h"
#include "read_check.h"
#include "enter.h"
#include "replica.h"
#include "stay.h"
#include "unified_place.h"

/* Finds array's replicas on every loop device, or creates loop-only ones;
 * [lo, hi) are its host bytes (proact__array_bytes). Returns NULL when
 * there is nothing to replicate (host fallback, empty section). */
static proact__present_t *loop_array(proact__loop_t *loop,
                                     const proact__plan_t *plan,
                                     const proact__loop_desc_t *desc,
                                     const proact__array_t *array, char *lo,
                                     char *hi) {
  proact__present_t *entry = NULL;

  if (proact__devices_count() == 0 || lo == hi)
    return NULL;
  switch (proact__present_find(lo, hi, &entry)) {
  case PROACT__PRESENT_CONTAINS:
    if (desc->omp)
      proact__present_same_device(entry, array->name, array->lo, array->len,
                                  desc->file, desc->line, desc->col);
    for (int p = 0; p < plan->nparts; p++)
      if (proact__present_dev_index(entry, plan->devs[p]) < 0)
        proact__fatal(desc->file, desc->line, desc->col,
                      "%s[%lld:%lld] is in the region of %s:%d, which has no "
                      "replica on device %d where the loop runs",
                      array->name, array->lo, array->len, entry->file,
                      entry->line, plan->devs[p]);
    return entry;
  case PROACT__PRESENT_PARTIAL:
    proact__fatal(desc->file, desc->line, desc->col,
                  "%s[%lld:%lld] partially overlaps %s[%lld:%lld] of the "
                  "region of %s:%d: a loop's section lies inside one a data "
                  "region holds, or outside them all; widen the data "
                  "directive's section or narrow the loop's (another name "
                  "for that memory counts too; and a region array freed "
                  "and allocated again may land across it)",
                  array->name, array->lo, array->len, entry->name, entry->lo,
                  entry->len, entry->file, entry->line);
  case PROACT__PRESENT_NONE:
    break;
  }
  {
    /* A region array freed and allocated anew meets no entry: found here
     * when its old memory is gone, before the region's end writes there. */
    char when[256];
    snprintf(when, sizeof(when), "the loop at %s:%d", desc->file,
             desc->line);
    proact__replica_check_hosts(when);
  }
  /* Copied in now; only the written spans go back, in loop_end. */
  entry = proact__replica_create(array, plan->devs, plan->nparts,
                                 PROACT__MAP_COPYIN, 1, 0, desc->file,
                                 desc->line, desc->col);
  loop->implicit[loop->nimplicit++] = entry;
  return entry;
}

/* Every region array's entry (loop_array), a section that holds another
 * first: b = a + 1 named before a would otherwise get a loop-only entry
 * that a's section then only partly overlaps. */
static void loop_arrays(proact__loop_t *loop, const proact__plan_t *plan,
                        const proact__loop_desc_t *desc,
                        proact__present_t **entries) {
  typedef struct {
    int a;
    char *lo, *hi;
  } span_t;
  /* On the stack for the arrays of most loops: this runs at every
   * execution. */
  span_t local[16];
  const int n = desc->narrays;
  span_t *order = n <= 16 ? local : malloc((size_t)n * sizeof(*order));
  if (order == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  for (int a = 0; a < n; a++) {
    span_t s = {a, NULL, NULL};
    int k = a;
    proact__array_bytes(&desc->arrays[a], desc->file, desc->line, desc->col,
                        &s.lo, &s.hi);
    /* by first byte, the longer of two that start together first */
    while (k > 0 && (order[k - 1].lo > s.lo ||
                     (order[k - 1].lo == s.lo && order[k - 1].hi < s.hi))) {
      order[k] = order[k - 1];
      k--;
    }
    order[k] = s;
  }
  for (int k = 0; k < n; k++) {
    const int a = order[k].a;
    entries[a] = loop_array(loop, plan, desc, &desc->arrays[a], order[k].lo,
                            order[k].hi);
    loop->arrays[a] = desc->arrays[a];
  }
  if (order != local)
    free(order);
}

/* Bytes sent to and received from other ranks so far, by transport. */
static void loop_rank_bytes(unsigned long long bytes_p[PROACT__XPORT_COUNT_]) {
  proact__xport_get_bytes(bytes_p);
}

/* PROACT_CHECK_HOST: the parts' pieces, in order, checked against the
 * host's writes (host_check.h). */
static void loop_host_check(const proact__loop_t *loop,
                            const proact__loop_desc_t *desc,
                            proact__present_t *const *entries) {
  const proact__plan_t *plan = loop->plan;
  proact__host_check_piece_t *pieces;
  long long n = 0, cap = 0;
  if (!proact__host_check_on())
    return;
  for (int p = 0; p < plan->nparts; p++)
    cap += proact__plan_part_npieces(plan, p);
  if ((pieces = malloc((size_t)(cap + 1) * sizeof(*pieces))) == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  for (int p = 0; p < plan->nparts; p++) {
    if (plan->lo[p] >= plan->hi[p])
      continue;
    for (long long j = 0; j < proact__plan_part_npieces(plan, p); j++) {
      pieces[n].dev = plan->devs[p];
      proact__plan_part_piece(plan, p, j, &pieces[n].klo, &pieces[n].khi);
      n++;
    }
  }
  proact__host_check_loop(desc, entries, pieces, n);
  free(pieces);
}

/* The pull phase: each part's device gets what the part reads and writes
 * and lacks (pull.h), after the host check; the unified hints. */
static void loop_pull(proact__loop_t *loop, const proact__loop_desc_t *desc,
                      proact__present_t *const *entries) {
  uint64_t t0 = proact__now_ns();
  proact__trace_phase_t phase;
  proact__trace_phase_begin(&phase, "pull", "pull", desc->file, desc->line);
  loop_host_check(loop, desc, entries);
  if (proact__loop_pull(loop, desc, entries))
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_WHOLE_READS, 1);
  proact__unified_place(loop);
  proact__trace_phase_end(&phase);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_BEGIN_NSEC,
                    proact__now_ns() - t0);
}

/* The setup phase: the pushes' plan, the mechanism's setup, the receives
 * of pushes from other ranks, each part's arm; a failure ends the program.
 * An execution with nothing to push runs as the baseline does: readiness
 * state, counters and agents would only cost time. Every rank plans the
 * same pushes, so every rank makes the same choice. */
static void loop_setup(proact__loop_t *loop, const proact__loop_desc_t *desc) {
  const proact__plan_t *plan = loop->plan;
  uint64_t t0 = proact__now_ns();
  proact__trace_phase_t phase; /* its copies upload readiness states */
  proact_status_t st;
  unsigned serial;

  proact__trace_phase_begin(&phase, "setup", "readiness state", desc->file,
                            desc->line);
  serial = proact__last_error_serial();
  loop->mech = plan->mech;
  if (plan->mech->caps & PROACT__MECH_CAP_PUSH) {
    proact__push_plan(loop);
    if (loop->npushes == 0 && loop->nrpushes == 0) {
      loop->mech = proact__mech_baseline();
      proact__trace(PROACT__SUBSYS_MECH, "%s:%d: nothing to push, runs as "
                    "%s", desc->file, desc->line,
                    proact_mech_name(loop->mech->id));
    }
  }
  st = loop->mech->setup != NULL ? loop->mech->setup(loop) : PROACT_OK;
  if (st == PROACT_OK) /* before the agents take chunks */
    proact__rank_push_post(loop);
  for (int p = 0; p < plan->nparts && st == PROACT_OK && loop->mech->arm;
       p++)
    st = loop->mech->arm(loop, p);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_SETUP_NSEC,
                    proact__now_ns() - t0);
  proact__trace_phase_end(&phase);
  if (st == PROACT_ERR_UNSUPPORTED)
    proact__fatal(desc->file, desc->line, desc->col,
                  "mechanism '%s' is not implemented",
                  proact_mech_name(loop->mech->id));
  /* The cause recorded on the way (an agent thread's pthread_create
   * error) says more than the status. */
  if (st != PROACT_OK)
    proact__fatal(desc->file, desc->line, desc->col,
                  "mechanism '%s' failed to start: %s",
                  proact_mech_name(loop->mech->id),
                  proact__last_error_serial() != serial
                      ? proact_get_last_error()
                      : proact_status_string(st));
}

/* PROACT_DEBUG=info: each part's device, iterations and geometry. */
static void loop_report_parts(const proact__loop_t *loop,
                              const proact__loop_desc_t *desc) {
  const proact__plan_t *plan = loop->plan;
  for (int p = 0; p < plan->nparts; p++) {
    char shape[64] = "";
    if (plan->tiles > 0)
      snprintf(shape, sizeof(shape), " x %lld innermost", plan->tile);
    proact__info(PROACT__SUBSYS_PART, "%s:%d part %d: device %d, k in "
                 "[%lld, %lld), %s walk: %lld blocks of %lld rows%s, %d "
                 "teams of %d threads",
                 desc->file, desc->line, p, plan->devs[p], plan->lo[p],
                 plan->hi[p], plan->tiles > 0 ? "column" : "flat",
                 plan->nblocks[p], plan->block, shape, plan->teams[p],
                 plan->team_threads[p]);
  }
}

/* A new plan for desc: its mechanism and parts, before its arrays are
 * looked up. */
static proact__plan_t *loop_plan_start(const proact__loop_desc_t *desc) {
  proact__plan_t *plan = proact__plan_create(desc);
  proact__mech_choose(plan, desc);
  proact__plan_parts(plan, desc);
  return plan;
}

proact__loop_t *proact__loop_begin(const proact__loop_desc_t *desc) {
  proact__loop_t *loop = calloc(1, sizeof(*loop));
  proact__present_t **entries = NULL;
  const proact__plan_t *plan;
  proact__plan_t *fresh = NULL;

  proact__devices_require_serial(desc->file, desc->line, desc->col, "loop");
  proact__owner_enter(desc->file, desc->line, desc->col, "loop");
  proact__stay_pause(1); /* the loop's kernels are PROACT's */
  proact__devices_init();
  proact__enter_reap_freed();
  proact__host_check_enter();
  if (loop != NULL) {
    loop->t_begin = PROACT__TRACING()
                        ? proact__trace_begin("loop", desc->file, desc->line)
                        : proact__now_ns();
    loop->watch = proact__watch_begin(desc, desc->file, desc->line,
                                      loop->t_begin);
  }
  if (loop == NULL ||
      (entries = calloc((size_t)desc->narrays + 1, sizeof(*entries))) ==
          NULL ||
      (loop->implicit = calloc((size_t)desc->narrays + 1,
                               sizeof(*loop->implicit))) == NULL ||
      (loop->arrays = calloc((size_t)desc->narrays + 1,
                             sizeof(*loop->arrays))) == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  loop->file = desc->file;
  loop->line = desc->line;
  loop->col = desc->col;
  /* A step of 0 is fine where no iteration runs (C never adds it). */
  if (desc->trip < 0 || (desc->step == 0 && desc->trip > 0))
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid loop: trip %lld, step %lld", desc->trip,
                  desc->step);
  loop->desc = desc;
  /* PROACT_READ_CHECK=1 by default: only an explicit 1 asks for checks a
   * loop compiled without them cannot make */
  if (desc->read_check == PROACT__READ_CHECK_OFF &&
      proact__param_from_env(PROACT__PARAM_READ_CHECK) &&
      proact__param_get(PROACT__PARAM_READ_CHECK)->i)
    proact__fatal(desc->file, desc->line, desc->col,
                  "PROACT_READ_CHECK=1 asks for read checks, but this loop "
                  "was compiled without them "
                  "(-fplugin-arg-proact-read-check=off); rebuild with "
                  "read-check=runtime or on, or unset PROACT_READ_CHECK");
  /* A kept plan's devices are the ones a new plan would get: both come
   * from the descriptor alone. */
  if ((plan = proact__plan_cache_take(desc)) == NULL)
    plan = fresh = loop_plan_start(desc);
  loop_arrays(loop, plan, desc, entries);
  loop->narrays = desc->narrays;
  loop->entries = entries;
  if (fresh == NULL && !proact__plan_cache_holds(plan, desc, entries))
    plan = fresh = loop_plan_start(desc);
  if (fresh != NULL) {
    proact__plan_check_accesses(desc, entries);
    proact__plan_build(fresh, desc, entries);
    proact__plan_cache_keep(fresh, desc, entries);
  }
  proact__plan_mark_entries(plan);
  loop->plan = plan; /* read only from here on */

  if (loop->nimplicit > 0 && proact__dev_sync_all() != PROACT_OK)
    proact__fatal(desc->file, desc->line, desc->col,
                  "copying the loop's arrays to the devices failed");
  loop->stats = proact__stats_node(desc->file, desc->line,
                                   proact_mech_name(plan->mech->id), desc->id);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_EXECUTIONS, 1);
  /* Copies are counted from here to the end of loop_end: a dma agent's
   * pushes are issued while the kernels run, between the two. */
  proact__dev_get_counters(&loop->copies0);
  loop_rank_bytes(loop->rank_bytes0);
  loop_pull(loop, desc, entries);
  loop_setup(loop, desc);
  /* A part's kernel pushes into other devices' copies while it runs: a
   * pull into one of them issued later (each part pulls in its own thread)
   * could land over a pushed byte, which then counts as current there with
   * its old value. Where the loop pushes, every pull lands first. */
  if (loop->npushes > 0)
    proact__loop_pull_parts(loop);
  loop_report_parts(loop, desc);
  proact__launch_prepare(loop);
  if (PROACT__TRACING())
    loop->t_launch = proact__now_ns();
  return loop;
}

/* Each part's host thread writes only its own slots. */
void proact__loop_part_begin(proact__loop_t *loop, int part) {
  proact__loop_pull_part(loop, part);
  loop->part_t0[part] = PROACT__TRACING()
                            ? proact__trace_begin("kernel", loop->file,
                                                  loop->line)
                            : proact__now_ns();
  proact__launch_arm(loop, part);
}

void proact__loop_part_end(proact__loop_t *loop, int part) {
  proact__launch_disarm();
  loop->part_ns[part] = proact__now_ns() - loop->part_t0[part];
  proact__read_check_collect(loop, part);
  if (loop->mech->part_end != NULL) /* its agent's watchdog */
    loop->mech->part_end(loop, part);
  if (loop->nrpushes > 0)
    proact__rank_push_send(loop, part);
  if (PROACT__TRACING()) {
    proact__trace_ev_t ev = {.kind = PROACT__TEV_KERNEL,
                             .file = loop->file, .line = loop->line,
                             .id = loop->desc->id,
                             .t0 = loop->part_t0[part],
                             .t1 = loop->part_t0[part] + loop->part_ns[part],
                             .dev = loop->plan->devs[part], .part = part};
    proact__trace_end(&ev);
  }
}

/* After the drain, which started at t0 (ns), with the device layer's copy
 * counters then at *after: each part's kernel time, the balance's
 * observation, the watch, the statistics and the loop's trace event. */
static void loop_account(proact__loop_t *loop, uint64_t t0,
                         const proact__dev_counters_t *after) {
  const proact__plan_t *plan = loop->plan;
  uint64_t t1 = proact__now_ns(), kmax = 0, ksum = 0;
  for (int p = 0; p < plan->nparts; p++) {
    ksum += loop->part_ns[p];
    kmax = loop->part_ns[p] > kmax ? loop->part_ns[p] : kmax;
    proact__info(PROACT__SUBSYS_PART, "%s:%d part %d kernel on device %d: "
                 "%.1f us",
                 loop->file, loop->line, p, plan->devs[p],
                 (double)loop->part_ns[p] / 1e3);
  }
  if (plan->balance != NULL && proact__plan_contiguous(plan)) {
    long long iters[PROACT__DEV_MAX];
    for (int p = 0; p < plan->nparts; p++)
      iters[p] = plan->hi[p] - plan->lo[p];
    proact__balance_observe(plan->balance, iters, loop->part_ns);
  }
  proact__watch_end(loop->watch, t1 - loop->t_begin);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_END_NSEC, t1 - t0);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_LOOP_NSEC, t1 - loop->t_begin);
  if (loop->stats != NULL &&
      proact__stats_read(loop->stats, PROACT__STAT_EXECUTIONS) >
          PROACT__STATS_WARMUP)
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_WARM_LOOP_NSEC,
                      t1 - loop->t_begin);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_KERN_MAX_NSEC, kmax);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_KERN_SUM_NSEC, ksum);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_PEER_BYTES,
                    after->peer_bytes - loop->copies0.peer_bytes);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_COPIES,
                    after->copies - loop->copies0.copies);
  if (loop->stats != NULL) {
    unsigned long long rb[PROACT__XPORT_COUNT_], all = 0;
    loop_rank_bytes(rb);
    for (int x = 0; x < PROACT__XPORT_COUNT_; x++)
      all += rb[x] - loop->rank_bytes0[x];
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_RANK_BYTES, all);
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_RANK_DIRECT_BYTES,
                      rb[PROACT__XPORT_MPI_DIRECT] -
                          loop->rank_bytes0[PROACT__XPORT_MPI_DIRECT]);
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_RANK_NCCL_BYTES,
                      rb[PROACT__XPORT_NCCL] -
                          loop->rank_bytes0[PROACT__XPORT_NCCL]);
  }
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_HOST_BYTES,
                    (after->h2d_bytes - loop->copies0.h2d_bytes) +
                        (after->d2h_bytes - loop->copies0.d2h_bytes));
  if (PROACT__TRACING()) {
    proact__trace_ev_t ev = {.kind = PROACT__TEV_LOOP, .file = loop->file,
                             .line = loop->line, .id = loop->desc->id,
                             .mech = proact_mech_name(plan->mech->id),
                             .t0 = loop->t_begin, .t1 = t1,
                             .part = plan->nparts};
    proact__trace_end(&ev);
  }
}

void proact__loop_end(proact__loop_t *loop) {
  proact__dev_counters_t after;
  uint64_t t0 = proact__now_ns();
  proact_status_t st;
  proact__trace_phase_t phase;

  if (PROACT__TRACING()) {
    /* From the end of loop_begin to here the thread ran the parts'
     * kernels (or waited for them). */
    proact__trace_ev_t kernels = {.kind = PROACT__TEV_PHASE,
                                  .name = "kernels", .file = loop->file,
                                  .line = loop->line, .t0 = loop->t_launch,
                                  .t1 = t0};
    if (kernels.t0 != 0 && kernels.t1 > kernels.t0)
      proact__trace_add(&kernels);
  }
  proact__launch_run(loop);
  proact__trace_phase_begin(&phase, "drain", "drain", loop->file, loop->line);
  proact__loop_pull_parts(loop); /* those of parts that ran no kernel */
  st = loop->mech->drain(loop);
  if (st != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col,
                  "mechanism '%s' failed to deliver the loop's writes: %s",
                  proact_mech_name(loop->mech->id), proact_status_string(st));
  /* Once the agents are done, before the writes count as current: a
   * kernel that loaded outside what its device holds computed with
   * zeros there. */
  proact__read_check_report(loop);
  proact__rank_push_finish(loop);
  proact__push_commit(loop, loop->pushes_delivered);
  st = loop->mech->cleanup != NULL ? loop->mech->cleanup(loop) : PROACT_OK;
  if (st != PROACT_OK)
    proact__warn("mechanism '%s' cleanup failed: %s",
                 proact_mech_name(loop->mech->id), proact_status_string(st));
  for (int i = loop->nimplicit - 1; i >= 0; i--)
    proact__replica_destroy(loop->implicit[i]);
  proact__dev_get_counters(&after);
  proact__trace_phase_end(&phase);

  loop_account(loop, t0, &after);
  proact__launch_done(loop);
  proact__host_check_leave(loop->file, loop->line);
  proact__plan_release(loop->plan);
  free(loop->pull_copies);
  free(loop->pushes);
  free(loop->rpushes);
  free(loop->readrecs);
  free(loop->implicit);
  free(loop->entries);
  free(loop->arrays);
  free(loop->array_partials);
  proact__launch_free(loop);
  free(loop);
  proact__stay_pause(-1);
  proact__owner_leave();
}
