/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The inline mechanism: the lowering's forwarding kernel writes every
 * store to the consumers' copies as it makes it (the readiness state's
 * forwards; its blocks report to no counter). Nothing runs beside the
 * kernels; when they have completed, every push is delivered. */
#include <stdlib.h>

#include "error_report.h"
#include "loop.h"
#include "mech.h"
#include "ready.h"
#include "runs.h"

/* Whether some store runs after a condition or leaves a gap between the
 * elements of two consecutive iterations, or the loop stores nothing at
 * all: the lowering builds no forwarding kernel for the first two
 * (clang-ext/lowering/store_runs.h), and inline_plan_fits then reports the loop as
 * it does a plan with gaps. */
static int stores_leave_gaps(const proact__loop_desc_t *desc) {
  if (desc->trip <= 0)
    return 1;
  for (int s = 0; s < desc->nwrites; s++) {
    proact__runs_t r;
    int exact = 0;
    if (desc->writes[s].guarded || desc->writes[s].empty)
      return 1;
    if (proact__runs_of_site(&desc->writes[s], desc->first, desc->step, 0, 2,
                             &r, &exact) &&
        (!exact || r.nlevels != 0))
      return 1;
  }
  return 0;
}

/* Only a loop whose stores are statements of their own, and could be
 * forwarded whole, has a forwarding kernel. */
static int inline_can_run(const proact__loop_desc_t *desc,
                          const char **why_p) {
  if (desc->inline_ok || stores_leave_gaps(desc))
    return 1;
  *why_p = "a store of the loop is not a statement of its own, so it "
           "cannot be forwarded";
  return 0;
}

/* Whether inline's forwards deliver every element of the parts' write
 * ranges, which its consumers are then taken to hold: each store runs at
 * every iteration and writes one run of consecutive elements per piece,
 * and the runs of an array's stores leave no gap between them. A gap (a
 * strided or column store, a row the inner loop skips) or a store after a
 * condition would leave a consumer marked current for an element nobody
 * forwarded, holding an older value. */
typedef struct run_span {
  int array;
  __int128 lo, hi;
} run_span_t;

static int run_span_cmp(const void *pa, const void *pb) {
  const run_span_t *a = pa, *b = pb;
  if (a->array != b->array)
    return a->array - b->array;
  return (a->lo > b->lo) - (a->lo < b->lo);
}

static int inline_covers(const proact__plan_t *plan,
                         const proact__loop_desc_t *desc) {
  run_span_t *sp;
  int ok = 1;
  for (int s = 0; s < desc->nwrites; s++)
    if (desc->writes[s].guarded || desc->writes[s].whole)
      return 0;
  sp = malloc(((size_t)desc->nwrites + 1) * sizeof(*sp));
  if (sp == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  for (int p = 0; p < plan->nparts && ok; p++)
    for (long long j = 0; j < plan->npieces[p] && ok; j++) {
      long long klo, khi;
      int n = 0;
      proact__plan_part_piece(plan, p, j, &klo, &khi);
      for (int s = 0; s < desc->nwrites && ok; s++) {
        proact__runs_t r;
        int exact = 0;
        if (desc->writes[s].empty ||
            !proact__runs_of_site(&desc->writes[s], desc->first, desc->step,
                                  klo, khi, &r, &exact))
          continue;
        ok = exact && r.nlevels == 0; /* one run of consecutive elements */
        sp[n++] = (run_span_t){desc->writes[s].array, r.start,
                               r.start + r.len - 1};
      }
      /* Per array, the runs sorted by start must leave no gap. */
      qsort(sp, (size_t)n, sizeof(*sp), run_span_cmp);
      for (int k = 1; k < n && ok; k++)
        if (sp[k].array == sp[k - 1].array) {
          ok = sp[k].lo <= sp[k - 1].hi + 1;
          if (sp[k].hi < sp[k - 1].hi)
            sp[k].hi = sp[k - 1].hi;
        }
    }
  free(sp);
  return ok;
}

static int inline_plan_fits(const proact__plan_t *plan,
                            const proact__loop_desc_t *desc,
                            const char **why_p, const char **note_p) {
  if (desc->inline_ok && inline_covers(plan, desc))
    return 1;
  *why_p = "its stores leave elements of their range unwritten (a gap, or "
           "a store after a condition), which forwarding would not deliver";
  *note_p = "the stores leave elements of their range unwritten, which "
            "forwarding would not deliver";
  return 0;
}

static proact_status_t inline_setup(proact__loop_t *loop) {
  return proact__mech_push_setup(loop, PROACT__READY_INLINE);
}

/* An instrumented part runs the forwarding kernel. */
static void inline_part_kernel(const proact__loop_t *loop, int part,
                               proact__ready_t **ready_p, int *forward_p) {
  *ready_p = loop->mech_state->part[part].dev_rd;
  *forward_p = *ready_p != NULL;
}

/* auto's first choice where the loop has a forwarding kernel and it
 * delivers the plan: no counters, no agent. */
const proact__mech_ops_t proact__mech_inline_ops = {
    .id = PROACT_MECH_INLINE,
    .caps = PROACT__MECH_CAP_PUSH,
    .auto_rank = 4,
    .can_run = inline_can_run,
    .plan_fits = inline_plan_fits,
    .setup = inline_setup,
    .part_kernel = inline_part_kernel,
    .drain = proact__mech_push_drain_in_kernel,
    .cleanup = proact__mech_push_cleanup,
};
