/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The thread that drives PROACT. A process's devices, agents, copy queues,
 * region entries, validity maps and statistics are one state, which the
 * loops, data regions and updates of one thread at a time may use: a call
 * from a second thread while the first holds it stops the program with the
 * rule, instead of racing on that state (docs/user/limits.md). */
#ifndef PROACT_CORE_OWNER_H
#define PROACT_CORE_OWNER_H

/* A loop, data region or update (what) at file:line:col starts on this
 * thread: from now until the matching proact__owner_leave, and until every
 * data region it opened has ended, no other thread may start one. */
void proact__owner_enter(const char *file, int line, int col,
                         const char *what);

/* The matching end. */
void proact__owner_leave(void);

/* Whether another thread holds PROACT now. */
int proact__owner_elsewhere(void);

#endif
