/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Write errors on the files PROACT writes for the user (the log, the
 * statistics, the trace): reported, and by default the program's exit
 * status (PROACT_OUTPUT_STRICT). */
#ifndef PROACT_SUPPORT_OUTPUT_STATUS_H
#define PROACT_SUPPORT_OUTPUT_STATUS_H

/* Writing `what` ("the log") to path failed with errno err: the first
 * failure of each `what` is an error on stderr; under PROACT_OUTPUT_STRICT=1
 * (the default) the program then exits with status 1, whatever it
 * returned. */
void proact__output_failed(const char *what, const char *path, int err);

#endif
