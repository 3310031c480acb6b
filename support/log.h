/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Logging to stderr, or to PROACT_DEBUG_FILE, every line prefixed
 * "proact: KIND: " (and, in the file or with PROACT_DEBUG_PREFIX=1,
 * "host:pid:tid [dev] " before that, NCCL style). Warnings and errors
 * always print; info prints when PROACT_DEBUG=info or trace and the
 * subsystem is in PROACT_DEBUG_SUBSYS; trace compiles to nothing unless
 * PROACT_ENABLE_TRACE is defined. Messages are lowercase and state the exact
 * cause. */
#ifndef PROACT_BASE_LOG_H
#define PROACT_BASE_LOG_H

#include "error_report.h"
#include "param.h"

int proact__log_enabled(proact__log_level_t level, unsigned subsys);

/* Sets the log up now (PROACT_DEBUG_FILE opened), as the first line logged
 * would: for errors found before the log's own constructor ran. */
void proact__log_open(void);

/* The device the calling thread works for, shown as "[dev]" in prefixed
 * lines; -1: none. Threads named "proact-ROLE-DEV" (the agent threads) need
 * not call it. */
void proact__log_set_device(int dev);

/* Writes "proact: error: TEXT" to PROACT_DEBUG_FILE when it names a file:
 * proact__fatal_mirror, so that fatal errors, which print to stderr
 * themselves, reach the file too. */
void proact__log_mirror_error(const char *text);

void proact__log(const char *kind, unsigned subsys, const char *file,
                 int line, const char *fmt, ...) PROACT__PRINTF(5, 6);

/* An error found here (e.g. a failed driver call): printed with the source
 * location and recorded as the last error. Log it once, where found. */
#define proact__error(fmt, ...)                                               \
  proact__log("error", 0, __FILE__, __LINE__, fmt, ##__VA_ARGS__)

#define proact__warn(fmt, ...)                                                \
  proact__log("warning", 0, NULL, 0, fmt, ##__VA_ARGS__)

#define proact__info(subsys, fmt, ...)                                        \
  do {                                                                        \
    if (proact__log_enabled(PROACT__LOG_INFO, (subsys)))                      \
      proact__log("info", (subsys), NULL, 0, fmt, ##__VA_ARGS__);             \
  } while (0)

/* Compiled in everywhere: PROACT_DEBUG=trace must show more than info,
 * and below that level each call costs one test of the level. */
#define proact__trace(subsys, fmt, ...)                                       \
  do {                                                                        \
    if (proact__log_enabled(PROACT__LOG_TRACE, (subsys)))                     \
      proact__log("trace", (subsys), __FILE__, __LINE__, fmt,                 \
                  ##__VA_ARGS__);                                             \
  } while (0)

#endif
