/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* proact-info: what PROACT finds on this machine, for users checking a
 * setup and for bug reports: the version, the devices with their properties
 * and peer access, and every PROACT_* setting with its source. The report
 * itself is libproact's (proact_print_info), so that programs can print the
 * same. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proact.h"

#define PROGRAM "proact-info"

static void usage(FILE *out) {
  fprintf(out,
          "Usage: " PROGRAM " [OPTION]...\n"
          "Print the PROACT version, the OpenMP offload devices PROACT uses\n"
          "(after PROACT_DEVICES) with their properties and peer access,\n"
          "and every PROACT_* setting with its value and source (default\n"
          "or env). The devices are those of this installation's default\n"
          "offload target, as a program built with its defaults sees them.\n"
          "PROACT_INFO=1 makes any PROACT program print the same to stderr\n"
          "at its first PROACT call.\n"
          "\n"
          "  -h, --help     display this help and exit\n"
          "  -V, --version  output version information and exit\n"
          "\n"
          "Exit status: 0 on success, 1 if PROACT stops with an error (an\n"
          "invalid PROACT_* value) or the report cannot be written, 2 for a\n"
          "wrong command line.\n"
          "Documentation: docs/user/environment.md of the PROACT sources.\n");
}

static int try_help(void) {
  fprintf(stderr, "Try '" PROGRAM " --help' for more information.\n");
  return 2;
}

/* Whether stdout took everything: a full disk or a closed pipe must not
 * pass for a report. */
static int close_stdout(void) {
  if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
    fprintf(stderr, PROGRAM ": write error: %s\n", strerror(errno));
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  static const struct option options[] = {
      {"help", no_argument, NULL, 'h'},
      {"version", no_argument, NULL, 'V'},
      {NULL, 0, NULL, 0}};
  int opt;

  while ((opt = getopt_long(argc, argv, "hV", options, NULL)) != -1) {
    switch (opt) {
    case 'h':
      usage(stdout);
      return close_stdout();
    case 'V':
      printf(PROGRAM " (PROACT) %s\n", proact_version());
      return close_stdout();
    default: /* getopt_long has named the option */
      return try_help();
    }
  }
  if (optind < argc) {
    fprintf(stderr, PROGRAM ": unexpected argument '%s'\n", argv[optind]);
    return try_help();
  }
  proact_print_info(stdout);
  return close_stdout();
}
