/* The unit tests run a loop's parts themselves after proact__loop_begin,
 * as the generated code's part threads do: each part's pulls first
 * (pull.h), then whatever stands for its kernel. */
#ifndef PROACT_TEST_LOOP_PARTS_H
#define PROACT_TEST_LOOP_PARTS_H

#include "loop.h"
#include "pull.h"

static inline proact__loop_t *test_loop_begin(const proact__loop_desc_t *d) {
  proact__loop_t *loop = proact__loop_begin(d);
  for (int p = 0; p < proact__loop_nparts(loop); p++)
    proact__loop_pull_part(loop, p);
  return loop;
}

#endif
