/* Fatal errors: a user mistake in a pragma or an environment variable, or a
 * device failure the program cannot continue after. */
#include <stdio.h>
#include <stdlib.h>

#include "error_report.h"

void (*proact__fatal_mirror)(const char *text);

void proact__fatal(const char *file, int line, int col, const char *fmt,
                   ...) {
  char loc[512] = "";
  char msg[1024];
  va_list ap;

  if (file != NULL && col > 0)
    snprintf(loc, sizeof(loc), "%s:%d:%d: ", file, line, col);
  else if (file != NULL)
    snprintf(loc, sizeof(loc), "%s:%d: ", file, line);
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);

  proact__set_last_error("%s%s", loc, msg);
  fprintf(stderr, "proact: error: %s%s\n", loc, msg);
  fflush(stderr);
  if (proact__fatal_mirror != NULL) {
    /* The log file, when there is one, should end with why the program
     * ended. */
    char line[1600];
    snprintf(line, sizeof(line), "%s%s", loc, msg);
    proact__fatal_mirror(line);
  }
  exit(EXIT_FAILURE);
}
