/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Error reporting shared by every layer: the last-error string and the fatal
 * helper used where the lowering contract says "reported and ends the
 * program". */
#ifndef PROACT_BASE_ERROR_H
#define PROACT_BASE_ERROR_H

#include <stdarg.h>

#define PROACT__PRINTF(f, a) __attribute__((format(printf, f, a)))

void proact__set_last_error(const char *fmt, ...) PROACT__PRINTF(1, 2);
void proact__set_last_errorv(const char *fmt, va_list ap);
/* Counts the errors recorded: a caller that compares it before and after
 * a call knows whether the last error is that call's cause. */
unsigned proact__last_error_serial(void);

/* Prints `proact: error: FILE:LINE:COL: message` to stderr (the location
 * parts are left out when file is NULL, col when col <= 0), records the
 * message as the last error, then exits with EXIT_FAILURE. */
_Noreturn void proact__fatal(const char *file, int line, int col,
                             const char *fmt, ...) PROACT__PRINTF(4, 5);

/* The same, from a thread that watches a program whose devices may never
 * return: it ends the process with _exit, since exit's handlers could wait
 * for those devices forever. */
_Noreturn void proact__fatal_hung(const char *file, int line,
                                  const char *fmt, ...) PROACT__PRINTF(3, 4);
/* The same from a thread while another runs inside the OpenMP runtime:
 * exit's handlers would unload libomptarget under that thread. Flushes the
 * program's streams first. */
_Noreturn void proact__fatal_busy(const char *file, int line, int col,
                                  const char *fmt, ...) PROACT__PRINTF(4, 5);

/* Also given each fatal message, when set: the log (log.c) sets it while
 * it writes to PROACT_DEBUG_FILE. A hook, so that this file does not call
 * the log, which calls it. */
extern void (*proact__fatal_mirror)(const char *text);

/* Called after a fatal message, instead of exiting, when set: the rank
 * layer (transport/rank.h) sets it to end every rank of an MPI
 * job at once, since the others would wait for this one. Must not
 * return. */
extern void (*proact__fatal_abort)(void);

#endif
