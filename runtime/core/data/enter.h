/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Spread 'target enter data' / 'target exit data' mappings (enter.c; the
 * generated code's calls are in codegen.h). */
#ifndef PROACT_CORE_ENTER_H
#define PROACT_CORE_ENTER_H

/* Ends the mappings of entered arrays the program freed since the last
 * call (free_watch.c noted them), nothing copied back: every entry point
 * that looks up host addresses calls it first. */
void proact__enter_reap_freed(void);

#endif
