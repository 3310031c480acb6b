/* Logging to stderr, every line prefixed "proact: ". Warnings and errors
 * always print; info prints when PROACT_DEBUG=info or trace and the
 * subsystem is in PROACT_DEBUG_SUBSYS; trace compiles to nothing unless
 * PROACT_ENABLE_TRACE is defined. Messages are lowercase and state the exact
 * cause. */
#ifndef PROACT_BASE_LOG_H
#define PROACT_BASE_LOG_H

#include "error_report.h"
#include "param.h"

int proact__log_enabled(proact__log_level_t level, unsigned subsys);
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

#ifdef PROACT_ENABLE_TRACE
#define proact__trace(subsys, fmt, ...)                                       \
  do {                                                                        \
    if (proact__log_enabled(PROACT__LOG_TRACE, (subsys)))                     \
      proact__log("trace", (subsys), __FILE__, __LINE__, fmt,                 \
                  ##__VA_ARGS__);                                             \
  } while (0)
#else
/* Still type-checks the arguments, generates no code. */
#define proact__trace(subsys, fmt, ...)                                       \
  do {                                                                        \
    if (0)                                                                    \
      proact__log("trace", (subsys), __FILE__, __LINE__, fmt,                 \
                  ##__VA_ARGS__);                                             \
  } while (0)
#endif

#endif
