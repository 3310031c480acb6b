/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* PROACT_READY_CHECK=1: a kept readiness state must be back at its
 * initial values after every execution (ready.h), or the next execution
 * would push too early or wait forever. This reads the device copy back
 * and compares. */
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "error_report.h"
#include "ready.h"
#include "ready_cache.h"

static void check_fail(const proact__loop_t *loop, int part,
                       const char *what, long long idx, long long got,
                       long long want) {
  proact__fatal(loop->file, loop->line, loop->col,
                "readiness state of part %d (device %d) not restored after "
                "the execution: %s %lld is %lld, expected %lld",
                part, loop->plan->devs[part], what, idx, got, want);
}

void proact__ready_check(const proact__loop_t *loop, int part) {
  const proact__part_ready_t *pr = &loop->mech_state->part[part];
  const proact__ready_img_t *img = pr->img;
  const proact__ready_t *dev_view, *init;
  const int dev = loop->plan->devs[part];
  long long n;
  int *buf;
  unsigned long long tail = 0;
  unsigned ticket = 0, teams = 0;

  if (img == NULL)
    return;
  dev_view = (const proact__ready_t *)img->image; /* device addresses */
  init = &img->host_view;                         /* host addresses */
  n = init->ncounters;
  buf = calloc(2 * (size_t)n + 1, sizeof(int));
  if (buf == NULL)
    proact__fatal(loop->file, loop->line, loop->col, "out of host memory");
  if (proact__dev_copy_to_host(buf, dev, dev_view->counters,
                               (size_t)n * sizeof(int)) != PROACT_OK ||
      proact__dev_copy_to_host(buf + n, dev, dev_view->owner,
                               (size_t)n * sizeof(int)) != PROACT_OK ||
      proact__dev_copy_to_host(&tail, dev, dev_view->q_tail,
                               sizeof(tail)) != PROACT_OK ||
      proact__dev_copy_to_host(&ticket, dev, dev_view->ticket,
                               sizeof(ticket)) != PROACT_OK ||
      proact__dev_copy_to_host(&teams, dev, dev_view->kernel_teams,
                               sizeof(teams)) != PROACT_OK ||
      proact__dev_sync_dev(dev) != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col,
                  "cannot read the readiness state of device %d back", dev);
  for (long long c = 0; c < n; c++) {
    if (buf[c] != init->counters[c])
      check_fail(loop, part, "counter", c, buf[c], init->counters[c]);
    if (buf[n + c] != 0)
      check_fail(loop, part, "owner of chunk", c, buf[n + c], 0);
  }
  free(buf);
  if (tail != 0)
    check_fail(loop, part, "dma queue tail", 0, (long long)tail, 0);
  if (ticket != 0)
    check_fail(loop, part, "block ticket", 0, (long long)ticket, 0);
  if (teams != 0)
    check_fail(loop, part, "traced teams' count", 0, (long long)teams, 0);
  for (long long s = 0; pr->q_slots != NULL && s < pr->nready; s++)
    if (pr->q_slots[s] != 0)
      check_fail(loop, part, "dma queue slot", s, pr->q_slots[s], 0);
}
