/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The choice of a loop's transfer mechanism (mech_choice.h). */
#include "core_param.h"
#include "devices.h"
#include "error_report.h"
#include "iterations.h"
#include "log.h"
#include "mech_choice.h"
#include "note_once.h"
#include "param.h"
#include "plan.h"
#include "unified.h"

/* Notes and warnings about a loop's mechanism, once per loop. */
static proact__note_once_t mech_notes;

/* The mechanism the loop asks for: PROACT_MECH, else its clause. */
static int mech_asked(const proact__loop_desc_t *desc) {
  long long env = proact__param_get(PROACT__PARAM_MECH)->i;
  return env >= 0 ? (int)env : desc->mech;
}

void proact__mech_choose(proact__plan_t *plan,
                         const proact__loop_desc_t *desc) {
  const int env = proact__param_get(PROACT__PARAM_MECH)->i >= 0;
  const int mech = mech_asked(desc);
  const proact__mech_ops_t *ops, *base;
  const char *why = NULL;

  if (mech < 0 || mech >= PROACT_MECH_COUNT_)
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid mechanism %d", mech);
  base = proact__mech_baseline();
  if (mech == PROACT_MECH_AUTO) { /* the usual best (docs/design/
                                     mechanisms.md), among those built */
    ops = proact__mech_best(desc, 0, NULL);
    if (ops == NULL)
      ops = base;
  } else {
    ops = proact__mech_ops((proact_mech_t)mech);
  }
  if (proact__param_get(PROACT__PARAM_ELIDE)->i)
    ops = base; /* no transfers at all (pull.c) */
  if (proact__unified()) { /* the driver moves the data (unified.h) */
    if (ops != base && proact__note_once(&mech_notes, desc))
      proact__info(PROACT__SUBSYS_MECH, "%s:%d: mech(%s) -> %s: arrays "
                   "are in unified memory", desc->file, desc->line,
                   proact_mech_name(ops->id), proact_mech_name(base->id));
    ops = base;
  }
  if (proact__plan_whole_write(desc)) { /* the compiler warned already */
    if (ops != base && proact__note_once(&mech_notes, desc))
      proact__info(PROACT__SUBSYS_MECH, "%s:%d: mech(%s) -> %s: a store "
                   "index is not affine, so the loop runs on one device",
                   desc->file, desc->line, proact_mech_name(ops->id),
                   proact_mech_name(base->id));
    ops = base;
  }
  /* after the overrides above, which pick the baseline: always built */
  if (!proact__mech_built(desc, ops))
    proact__fatal(desc->file, desc->line, desc->col,
                  "%s%s%s asks for mechanism %s, whose kernel this loop was "
                  "compiled without (-fplugin-arg-proact-mechanisms); add %s "
                  "to that list or choose another mechanism",
                  env ? "PROACT_MECH=" : "mech(",
                  proact_mech_name(ops->id), env ? "" : ")",
                  proact_mech_name(ops->id), proact_mech_name(ops->id));
  if (ops->can_run != NULL && !ops->can_run(desc, &why) &&
      proact__devices_count() > 0) {
    const proact__mech_ops_t *to = proact__mech_best(desc, 1, ops);
    if (to == NULL)
      to = base;
    if (proact__note_once(&mech_notes, desc))
      proact__warn("%s:%d: mech(%s) falls back to %s: %s", desc->file,
                   desc->line, proact_mech_name(ops->id),
                   proact_mech_name(to->id), why);
    ops = to;
  }
  plan->mech = ops;
}

/* Whether two of the loop's arrays are sections of one region entry (two
 * pointers into one allocation a data region holds, `c = u + 4100` and
 * `d = u + 7`): their copies on a device are one buffer, which the pushes,
 * following each name apart, do not keep current. */
static int entries_shared(const proact__loop_desc_t *desc,
                          proact__present_t *const *entries) {
  if (entries == NULL)
    return 0;
  for (int a = 0; a < desc->narrays; a++)
    for (int b = a + 1; b < desc->narrays; b++)
      if (entries[a] != NULL && entries[a] == entries[b])
        return 1;
  return 0;
}

void proact__mech_check_plan(proact__plan_t *plan,
                             const proact__loop_desc_t *desc,
                             proact__present_t *const *entries) {
  const int env = proact__param_get(PROACT__PARAM_MECH)->i >= 0;
  const int asked = mech_asked(desc);
  const proact__mech_ops_t *to;
  const char *why = NULL, *note = NULL;

  if (plan->tiles == 0 && proact__plan_pushes_in_columns(plan, desc) &&
      proact__devices_count() > 0) {
    /* No mechanism that pushes has a kernel for the flat walk. */
    why = note = "its kernels push only in the column walk, which cannot "
                 "run here (its innermost loop would leave more than half "
                 "of a team's threads idle, or it or its tiles pass 2^31)";
    to = proact__mech_baseline();
    if (desc->inner_trip <= 0) { /* nothing to walk, nothing to say */
      plan->mech = to;
      return;
    }
  } else if ((plan->mech->caps & PROACT__MECH_CAP_PUSH) &&
             (proact__loop_arrays_share(desc) ||
              entries_shared(desc, entries))) {
    why = note = "two of its region arrays share memory, and the pushes "
                 "follow each name apart";
    to = proact__mech_baseline();
  } else if (plan->mech->plan_fits == NULL ||
             plan->mech->plan_fits(plan, desc, &why, &note)) {
    return;
  } else {
    to = proact__mech_best(desc, asked != PROACT_MECH_AUTO, plan->mech);
    if (to == NULL)
      to = proact__mech_baseline();
  }
  /* The loop's own clause asked: a warning. PROACT_MECH, which sets every
   * loop of a run (tests, proact-tune), or auto: a note. */
  if (proact__note_once(&mech_notes, desc)) {
    if (asked == (int)plan->mech->id && !env)
      proact__warn("%s:%d: mech(%s) falls back to %s: %s", desc->file,
                   desc->line, proact_mech_name(plan->mech->id),
                   proact_mech_name(to->id), why);
    else
      proact__info(PROACT__SUBSYS_MECH, "%s:%d: mech(%s) -> %s: %s",
                   desc->file, desc->line, proact_mech_name(asked),
                   proact_mech_name(to->id), note);
  }
  plan->mech = to;
}
