/* Fatal errors: a user mistake in a pragma or an environment variable, or a
 * device failure the program cannot continue after. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "error_report.h"

void (*proact__fatal_mirror)(const char *text);

/* The message of a fatal error: to stderr, the last error and the log. */
static void fatal_report(const char *file, int line, int col, const char *fmt,
                         va_list ap) {
  char loc[512] = "";
  char msg[1024];

  if (file != NULL && col > 0)
    snprintf(loc, sizeof(loc), "%s:%d:%d: ", file, line, col);
  else if (file != NULL)
    snprintf(loc, sizeof(loc), "%s:%d: ", file, line);
  vsnprintf(msg, sizeof(msg), fmt, ap);

  proact__set_last_error("%s%s", loc, msg);
  fprintf(stderr, "proact: error: %s%s\n", loc, msg);
  fflush(stderr);
  if (proact__fatal_mirror != NULL) {
    /* The log file, when there is one, should end with why the program
     * ended. */
    char text[1600];
    snprintf(text, sizeof(text), "%s%s", loc, msg);
    proact__fatal_mirror(text);
  }
}

void proact__fatal(const char *file, int line, int col, const char *fmt,
                   ...) {
  va_list ap;
  va_start(ap, fmt);
  fatal_report(file, line, col, fmt, ap);
  va_end(ap);
  exit(EXIT_FAILURE);
}

void proact__fatal_hung(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fatal_report(file, line, 0, fmt, ap);
  va_end(ap);
  _exit(EXIT_FAILURE);
}
