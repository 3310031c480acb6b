/* Log filtering and formatting. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "log.h"

int proact__log_enabled(proact__log_level_t level, unsigned subsys) {
  if (level == PROACT__LOG_WARN)
    return 1;
  if (proact__param_get(PROACT__PARAM_DEBUG)->i < level)
    return 0;
  return (proact__param_get(PROACT__PARAM_DEBUG_SUBSYS)->mask & subsys) != 0;
}

static const char *subsys_name(unsigned subsys) {
  static const char *const names[] = {"init",  "region", "part", "mech",
                                      "agent", "copy",   "env"};
  for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
    if (subsys == 1u << i)
      return names[i];
  return NULL;
}

void proact__log(const char *kind, unsigned subsys, const char *file,
                 int line, const char *fmt, ...) {
  char msg[1024];
  char head[256];
  const char *name = subsys_name(subsys);
  const char *base = NULL;
  size_t n;
  va_list ap;

  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);

  n = (size_t)snprintf(head, sizeof(head), "proact: %s: ", kind);
  if (name != NULL && n < sizeof(head))
    n += (size_t)snprintf(head + n, sizeof(head) - n, "%s: ", name);
  if (file != NULL && n < sizeof(head)) {
    base = strrchr(file, '/');
    snprintf(head + n, sizeof(head) - n, "%s:%d: ",
             base != NULL ? base + 1 : file, line);
  }
  /* One fprintf so lines from several threads do not interleave. */
  fprintf(stderr, "%s%s\n", head, msg);
  if (strcmp(kind, "error") == 0)
    proact__set_last_error("%s", msg);
}
