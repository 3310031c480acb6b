/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The profile proact-tune writes and the Clang plugin reads: one line per
 * loop, "loop FILE:LINE mech NAME chunk BYTES threads N id HEX", keyed by
 * the source file's path as the compiler saw it (the plugin also accepts
 * its base name, as earlier profiles have it) and the pragma's line; the
 * id (the plugin's hash of the loop) lets the plugin refuse an entry
 * measured on another version of the loop (docs/user/tuning.md). Lines
 * starting with '#' are comments. */
#ifndef PROACT_TUNE_PROFILE_H
#define PROACT_TUNE_PROFILE_H

#include <stdio.h>

#include "tune_run.h"

/* Writes the profile: a header of comments (what was run and measured),
 * then each loop i of `loops` with the configuration cfgs[i]. */
int tune_profile_write(const char *path, char *const *argv,
                       const char *header, const tune_loop_time_t *loops,
                       int nloops, const tune_config_t *const *cfgs);

/* "4 KiB", "16 MiB", or "-" for 0. */
const char *tune_bytes_text(long long bytes, char *buf, size_t size);

#endif
