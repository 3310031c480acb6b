/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A loop's devices and decomposition (plan.h). */
#include <omp.h>

#include "core_param.h"
#include "devices.h"
#include "error_report.h"
#include "param.h"
#include "plan.h"

int proact__plan_whole_write(const proact__loop_desc_t *desc) {
  for (int s = 0; s < desc->nwrites; s++)
    if (desc->writes[s].whole && !desc->writes[s].empty)
      return 1;
  return 0;
}

/* The loop's decomposition: PROACT_DECOMPOSE, else its decompose(...)
 * clause; auto starts as BLOCK and is chosen once the arrays are known
 * (amge.h). */
static void loop_decomp(proact__plan_t *plan, const proact__loop_desc_t *desc) {
  long long env = proact__param_get(PROACT__PARAM_DECOMPOSE)->i;
  int kind = env >= 0 ? (int)(env & 0xff) : desc->decomp;
  long long b = env >= 0 ? env >> 8 : desc->decomp_block;

  plan->decomp_auto = kind == PROACT__DECOMP_AUTO;
  if (kind == PROACT__DECOMP_AUTO)
    kind = PROACT__DECOMP_BLOCK;
  if (kind == PROACT__DECOMP_BLOCK_CYCLIC && b < 1)
    proact__fatal(desc->file, desc->line, desc->col,
                  "decompose(block_cyclic, B): B is %lld; it must be at "
                  "least 1", b);
  if (kind != PROACT__DECOMP_BLOCK && kind != PROACT__DECOMP_BLOCK_CYCLIC)
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid decomposition %d", kind);
  plan->decomp = kind;
  plan->decomp_block = kind == PROACT__DECOMP_BLOCK ? 0 : b;
}

void proact__plan_parts(proact__plan_t *plan,
                        const proact__loop_desc_t *desc) {
  int n = proact__devices_count();

  if (n == 0) {
    plan->devs[0] = omp_get_initial_device();
    plan->nparts = 1;
  } else {
    plan->nparts = proact__devices_of_clause(desc->devices, desc->ndevices,
                                             desc->file, desc->line,
                                             desc->col, plan->devs);
    if (proact__plan_whole_write(desc))
      plan->nparts = 1;
  }
  loop_decomp(plan, desc);
}

