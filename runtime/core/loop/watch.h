/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A watch on loop executions in flight (watch.c): one that runs far longer
 * than the loop's earlier executions gets a warning, and past
 * PROACT_TIMEOUT the program ends with an error naming the loop. */
#ifndef PROACT_CORE_WATCH_H
#define PROACT_CORE_WATCH_H

#include <stdint.h>

/* An execution of the loop `key` (its descriptor: one per loop site) at
 * file:line begins at t0 (ns). Returns its slot, -1 when not watched. */
int proact__watch_begin(const void *key, const char *file, int line,
                        uint64_t t0);

/* The execution in slot ended after ns; it joins the loop's history. */
void proact__watch_end(int slot, uint64_t ns);

#endif
